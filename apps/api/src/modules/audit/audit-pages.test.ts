import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_EXACT_UP_TO } from '../../platform/list-total';
import { testAppForFile } from '../../test/harness';
import { listAuditLogs, refreshAuditHours } from './audit.service';

// deep pages of the unfiltered log through the per-hour counts must be
// exactly the OFFSET pages, whatever was inserted since the counts were taken.

let token: string;

const ctx = testAppForFile();
beforeAll(async () => {
  const reader = await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] });
  token = await ctx.loginAdmin(reader.email);
  // 40 hours of entries, 0 to 4 an hour, two of them sharing a time, inserted out of time order (ids do
  // not follow created_at), plus the entries of today (sign-ins).
  await ctx.deps.database.pool.query(
    `insert into audit_logs (actor_type, action, target_id, created_at)
     select 'system', 'test.page', h || '-' || j,
       '2026-01-05T00:00:00Z'::timestamptz + make_interval(hours => h) + make_interval(secs => (j % 2) * 600)
     from generate_series(0, 39) h, generate_series(1, (h * 7) % 5) j
     order by (h * 13) % 40, j`,
  );
});

const sql = (text: string, values: unknown[] = []) => ctx.deps.database.pool.query(text, values);
/** The reference: the page as `order by created_at desc, id desc offset` gives it, and the count. */
async function offsetPage(page: number, limit: number) {
  const rows = await sql('select id from audit_logs order by created_at desc, id desc limit $1 offset $2', [
    limit,
    (page - 1) * limit,
  ]);
  const total = await sql('select count(*)::int as n from audit_logs');
  return { ids: rows.rows.map((r) => Number(r.id)), total: total.rows[0].n as number };
}
async function expectEveryPageExact(limit: number) {
  const { total } = await offsetPage(1, limit);
  for (let page = 1; page <= Math.ceil(total / limit) + 1; page++) {
    const got = await listAuditLogs(ctx.deps.database, {}, page, limit);
    const want = await offsetPage(page, limit);
    expect({ page, ids: got.rows.map((r) => r.id), total: got.total }).toEqual({
      page,
      ids: want.ids,
      total: want.total,
    });
    expect(got.estimated).toBe(false);
  }
}
const state = async () =>
  (await sql('select covered_to, covered_entries from audit_log_hours_state')).rows[0] as {
    covered_to: number | null;
    covered_entries: number;
  };
/** Refresh until the past hours are counted (the first refresh only reads the transaction-id clock). */
async function seal() {
  for (let i = 0; i < 3; i++) await refreshAuditHours(ctx.deps.database);
  const s = await state();
  expect(s.covered_to).not.toBeNull();
  // Each hour's running count is the sum of its and the older hours' counts; the newest is the total.
  const hours = await sql('select hour, entries, entries_up_to from audit_log_hours order by hour');
  let sum = 0;
  for (const h of hours.rows) {
    sum += Number(h.entries);
    expect({ hour: h.hour, upTo: Number(h.entries_up_to) }).toEqual({ hour: h.hour, upTo: sum });
  }
  expect(Number(s.covered_entries)).toBe(sum);
  return s;
}

describe('unfiltered audit pages through hour counts', () => {
  it('pages exactly as OFFSET before and after the hours are counted, across hour boundaries', async () => {
    await expectEveryPageExact(3);
    const s = await seal();
    // Every past hour holding entries has its count (32 hours, 80 entries generated above); the
    // current hour is not covered.
    expect(Number(s.covered_to)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 3_600_000) - 1);
    const counted = await sql('select hour, entries from audit_log_hours order by hour');
    const live = await sql(
      `select floor(extract(epoch from created_at) / 3600)::bigint as hour, count(*)::bigint as entries
       from audit_logs where created_at < to_timestamp($1::bigint * 3600) group by 1 order by 1`,
      [s.covered_to],
    );
    expect(counted.rows).toEqual(live.rows);
    expect(counted.rows.length).toBeGreaterThanOrEqual(32);
    expect(Number(s.covered_entries)).toBe(live.rows.reduce((n, r) => n + Number(r.entries), 0));
    for (const limit of [1, 3, 7, 10]) await expectEveryPageExact(limit);
    // Through the API: same contract (page/limit, exact total).
    const res = await ctx.call('GET', '/api/admin/audit-logs?page=5&limit=10', { token });
    expect(res.statusCode).toBe(200);
    const want = await offsetPage(5, 10);
    expect(res.json().data.map((l: { id: number }) => l.id)).toEqual(want.ids);
    expect(res.json().pagination).toEqual({
      total: want.total,
      limit: 10,
      current_page: 5,
      total_pages: Math.ceil(want.total / 10),
    });
  });

  it('stays exact when entries land in hours already counted (backfilled, same time as others, empty hours)', async () => {
    await seal();
    const before = await state();
    await sql(
      `insert into audit_logs (actor_type, action, target_id, created_at) values
         ('system', 'test.late', 'same-time', '2026-01-05T03:10:00Z'),
         ('system', 'test.late', 'hour-start', '2026-01-05T07:00:00Z'),
         ('system', 'test.late', 'empty-hour', '2026-01-05T05:30:00Z'),
         ('system', 'test.late', 'oldest', '2025-12-31T23:59:59Z'),
         ('system', 'test.late', 'newest-counted', now() - interval '2 hours')`,
    );
    // Marked late in the inserting transaction; the counts are left as they were until a refresh.
    const late = await sql('select distinct hour from audit_log_late_hours order by hour');
    expect(late.rows.length).toBe(5);
    expect(await state()).toEqual(before);
    for (const limit of [2, 3, 7]) await expectEveryPageExact(limit);
    // The next page view refreshes: late hours recounted, marks gone, still exact.
    await listAuditLogs(ctx.deps.database, {}, 1, 10);
    expect((await sql('select count(*)::int as n from audit_log_late_hours')).rows[0].n).toBe(0);
    expect(Number((await state()).covered_entries)).toBe(Number(before.covered_entries) + 5);
    for (const limit of [2, 3, 7]) await expectEveryPageExact(limit);
  });

  it('does not trust a count taken while a late entry was not yet committed', async () => {
    await seal();
    const writer = await ctx.deps.database.pool.connect();
    try {
      await writer.query('begin');
      await writer.query(
        `insert into audit_logs (actor_type, action, created_at) values ('system', 'test.uncommitted', '2026-01-05T10:20:00Z')`,
      );
      // Refreshes while the entry is invisible count its hour without it...
      await seal();
      await expectEveryPageExact(3);
      await writer.query('commit');
    } finally {
      writer.release();
    }
    // ...and its mark, committed with it, makes that count untrusted the moment the entry shows.
    await expectEveryPageExact(3);
    await seal();
    await expectEveryPageExact(3);
  });

  it('never gives a wrong page while entries are inserted during the reads', async () => {
    await seal();
    const limit = 4;
    // Times in microseconds (as PostgreSQL orders them; a Date keeps milliseconds only).
    const micros = '(extract(epoch from created_at) * 1000000)::bigint as at';
    const base = (await sql(`select id, ${micros} from audit_logs`)).rows.map((r) => ({
      id: Number(r.id),
      at: Number(r.at),
      k: 0,
    }));
    const inserted: { id: number; at: number; k: number }[] = [];
    const reads: { page: number; ids: number[]; total: number; seq: number }[] = [];
    let writing = true;
    let started = 0;
    /** Until a read that started after `mark` reads had started has finished. */
    const readAfter = async (mark: number) => {
      while (!reads.some((r) => r.seq > mark)) await new Promise((done) => setTimeout(done, 2));
    };
    const writer = (async () => {
      // Reads run before, among and after the inserts whatever the machine's load: one before the
      // first insert, one started after the 20th.
      await readAfter(0);
      // One insert at a time, in a known order: a read's snapshot sees a prefix of them.
      for (let k = 1; k <= 40; k++) {
        if (k === 21) await readAfter(started);
        const at =
          k % 3 === 0
            ? 'now()'
            : `'2026-01-05T00:00:00Z'::timestamptz + make_interval(hours => ${(k * 7) % 40}, secs => ${k % 2 ? 600 : 0})`;
        const r = await sql(
          `insert into audit_logs (actor_type, action, created_at) values ('system', 'test.race', ${at})
           returning id, ${micros}`,
        );
        inserted.push({ id: Number(r.rows[0].id), at: Number(r.rows[0].at), k });
      }
      writing = false;
    })();
    const reader = async (pages: number[]) => {
      for (let round = 0; writing || round < 4; round++)
        for (const page of pages) {
          const seq = ++started;
          const got = await listAuditLogs(ctx.deps.database, {}, page, limit);
          reads.push({ page, ids: got.rows.map((r) => r.id), total: got.total, seq });
        }
    };
    await Promise.all([writer, reader([2, 9, 15]), reader([5, 12, 20]), reader([1, 18, 24])]);
    expect(reads.length).toBeGreaterThanOrEqual(36);
    // Reads saw the table before and during the inserts.
    expect(new Set(reads.map((r) => r.total)).size).toBeGreaterThan(1);
    const all = [...base, ...inserted];
    const order = (a: { id: number; at: number }, b: { id: number; at: number }) =>
      b.at - a.at || b.id - a.id;
    for (const read of reads) {
      const k = read.total - base.length;
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThanOrEqual(40);
      const visible = all.filter((r) => r.k <= k).sort(order);
      const want = visible.slice((read.page - 1) * limit, read.page * limit).map((r) => r.id);
      expect({ page: read.page, k, ids: read.ids }).toEqual({ page: read.page, k, ids: want });
    }
    await expectEveryPageExact(limit);
  });

  it('does not seal an hour while a transaction that wrote in it without a mark is still running', async () => {
    await seal();
    const writer = await ctx.deps.database.pool.connect();
    try {
      await writer.query('begin');
      // An ordinary entry of the current hour: no late mark.
      await writer.query(
        `insert into audit_logs (actor_type, action) values ('system', 'test.long_running')`,
      );
      // The clock reads two hours later (as if the writer had run across the hour): its reading was
      // taken after the writer got its transaction id.
      await sql(
        `insert into audit_log_xid_clock (at, next_xid)
         values (now() + interval '2 hours', pg_current_xact_id()::text::bigint)`,
      );
      const coveredTo = Number((await state()).covered_to);
      await refreshAuditHours(ctx.deps.database);
      // The writer is still running: the current hour stays open (counted live).
      expect(Number((await state()).covered_to)).toBe(coveredTo);
      await expectEveryPageExact(5);
      await writer.query('commit');
    } finally {
      writer.release();
    }
    await refreshAuditHours(ctx.deps.database);
    // Now sealed up to that reading's hour, with the writer's entry counted.
    expect(Number((await state()).covered_to)).toBeGreaterThan(Math.floor(Date.now() / 3_600_000));
    await expectEveryPageExact(5);
  });
  it(`answers an exact total beyond ${COUNT_EXACT_UP_TO.toLocaleString('en-US')} entries and exact deep pages`, async () => {
    await sql(
      `insert into audit_logs (actor_type, action, created_at)
       select 'system', 'test.bulk', '2025-06-01T00:00:00Z'::timestamptz + make_interval(secs => g * 97)
       from generate_series(1, ${COUNT_EXACT_UP_TO + 500}) g`,
    );
    await seal();
    const { total } = await offsetPage(1, 10);
    const first = await listAuditLogs(ctx.deps.database, {}, 1, 10);
    expect(first).toMatchObject({ total, estimated: false });
    for (const page of [1, 2, 13, 14, 500, 1_001, Math.ceil(total / 10), Math.ceil(total / 10) + 1]) {
      const got = await listAuditLogs(ctx.deps.database, {}, page, 10);
      expect({ page, ids: got.rows.map((r) => r.id) }).toEqual({
        page,
        ids: (await offsetPage(page, 10)).ids,
      });
    }
  });
});
