import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimExportSlot, MAX_CONCURRENT_EXPORTS } from '../../platform/csv-export';
import { testAppForFile } from '../../test/harness';

// Issue 36: the audit log's CSV export is the list's filter, streamed, audited, neutralised, and only
// for those who may read the log.

const ctx = testAppForFile();
let reader: string;
let outsider: string;
let readerId: number;

const sql = (text: string, values: unknown[] = []) => ctx.deps.database.pool.query(text, values);
const exportsAudited = async () =>
  (await sql(`select actor_id, meta from audit_logs where action = 'export.audit_logs' order by id`))
    .rows as { actor_id: number; meta: { list: string; filter: Record<string, unknown>; file: string } }[];

beforeAll(async () => {
  const admin = await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] });
  readerId = admin.id;
  reader = await ctx.loginAdmin(admin.email);
  outsider = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] })).email);
  await sql(
    `insert into audit_logs (actor_type, action, target_type, target_id, created_at)
     values ('system', 'test.export', 'user', '=HYPERLINK("http://evil")', '2026-03-02T10:00:00Z'),
            ('system', 'test.export', 'user', '-12', '2026-03-03T10:00:00Z'),
            ('system', 'test.other', 'user', 'x', '2026-03-03T11:00:00Z'),
            ('system', 'test.export', 'user', 'old', '2026-02-01T10:00:00Z')`,
  );
});

describe('GET /api/admin/audit-logs/export.csv', () => {
  it('exports exactly the rows the filter selects, newest first, in the reader’s language, formulas neutralised', async () => {
    const res = await ctx.call(
      'GET',
      '/api/admin/audit-logs/export.csv?filter[action]=test.export&filter[from]=2026-03-01&filter[to]=2026-03-31',
      { token: reader, headers: { 'x-lang': 'fr' } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header = [], ...rows] = parse(res.body.slice(1)) as string[][];
    expect(header[0]).toBe('N°');
    expect(header).toContain('Action');
    const target = header.indexOf('Identifiant de la cible');
    const created = header.indexOf('Date (UTC)');
    expect(rows.map((r) => [r[created], r[target]])).toEqual([
      ['2026-03-03T10:00:00Z', "'-12"],
      ['2026-03-02T10:00:00Z', `'=HYPERLINK("http://evil")`],
    ]);
    const audited = await exportsAudited();
    expect(audited.at(-1)).toMatchObject({
      actor_id: readerId,
      meta: { list: 'audit_logs', filter: { action: 'test.export', from: '2026-03-01', to: '2026-03-31' } },
    });
  });

  it('refuses a reader without the log’s permission, and a reversed date range, and records no export', async () => {
    const before = (await exportsAudited()).length;
    const forbidden = await ctx.call('GET', '/api/admin/audit-logs/export.csv', { token: outsider });
    expect(forbidden.statusCode).toBe(403);
    const reversed = await ctx.call(
      'GET',
      '/api/admin/audit-logs/export.csv?filter[from]=2026-03-31&filter[to]=2026-03-01',
      { token: reader, headers: { 'x-lang': 'de' } },
    );
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors['filter.to']).toBeDefined();
    expect((await exportsAudited()).length).toBe(before);
  });

  it('answers 429 when every export slot is taken, and frees the slot afterwards', async () => {
    const held = Array.from({ length: MAX_CONCURRENT_EXPORTS }, () => claimExportSlot());
    const busy = await ctx.call('GET', '/api/admin/audit-logs/export.csv', {
      token: reader,
      headers: { 'x-lang': 'tr' },
    });
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('30');
    for (const release of held) release();
    const again = await ctx.call('GET', '/api/admin/audit-logs/export.csv?filter[action]=test.other', {
      token: reader,
    });
    expect(again.statusCode).toBe(200);
  });

  describe('over a real socket', () => {
    let base: string;
    beforeAll(async () => {
      await sql(
        `insert into audit_logs (actor_type, action, target_id, created_at)
         select 'system', 'test.bulk', g::text, '2026-04-01T00:00:00Z'::timestamptz + make_interval(secs => g)
         from generate_series(1, 60000) g`,
      );
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => undefined);

    const get = (path: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(`${base}${path}`, { headers: { authorization: `Bearer ${reader}` } }, resolve)
          .on('error', reject);
      });
    const checkedOut = () => ctx.deps.database.pool.totalCount - ctx.deps.database.pool.idleCount;

    it('streams every row of a large export', async () => {
      const res = await get('/api/admin/audit-logs/export.csv?filter[action]=test.bulk');
      expect(res.statusCode).toBe(200);
      let lines = 0;
      let tail = '';
      for await (const chunk of res) {
        const text = tail + String(chunk);
        const parts = text.split('\n');
        tail = parts.pop() ?? '';
        lines += parts.length;
      }
      // The header and 60,000 entries.
      expect(lines + (tail ? 1 : 0)).toBe(60_001);
    });

    it('gives the connection and the slot back when the client leaves half-way', async () => {
      const res = await get('/api/admin/audit-logs/export.csv?filter[action]=test.bulk');
      expect(res.statusCode).toBe(200);
      await new Promise<void>((resolve) => res.once('data', () => resolve()));
      res.destroy();
      await expect.poll(checkedOut, { timeout: 10_000 }).toBe(0);
      // Every slot can be claimed again at once.
      const slots = Array.from({ length: MAX_CONCURRENT_EXPORTS }, () => claimExportSlot());
      for (const release of slots) release();
      const again = await ctx.call('GET', '/api/admin/audit-logs/export.csv?filter[action]=test.other', {
        token: reader,
      });
      expect(again.statusCode).toBe(200);
    });
  });
});
