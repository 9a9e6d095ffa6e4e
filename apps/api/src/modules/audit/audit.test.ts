import { beforeAll, describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { listAuditLogs } from './audit.service';

let token: string;
let reader: { id: number; name: string; email: string };
let artist: { id: number; email: string };

type Log = {
  id: number;
  action: string;
  actor_name: string | null;
  target_id: string | null;
  created_at: string;
};

const ctx = adminTestAppForFile(
  (signedIn) => {
    ({ admin: reader, token } = signedIn);
  },
  { permissions: ['view.main.logs.tab.list'] },
);
beforeAll(async () => {
  artist = await ctx.makeUser({ firstName: 'Zelda', lastName: 'Quill' });
  // Entries on known days (the log is append-only: written once, with their time).
  await ctx.deps.database.pool.query(
    `insert into audit_logs (actor_type, actor_id, action, target_type, target_id, created_at) values
       ('admin', $1, 'report.test_alpha', 'campaign', '7', '2026-03-01T10:00:00Z'),
       ('user', $2, 'report.test_beta', 'campaign', '8', '2026-03-02T23:30:00Z'),
       ('system', null, 'report.test_gamma', 'payout', '7', '2026-03-05T00:00:00Z')`,
    [reader.id, artist.id],
  );
});

const list = async (query: string, headers?: Record<string, string>) =>
  ctx.call('GET', `/api/admin/audit-logs?${query}`, { token, headers });
const actions = async (query: string) => ((await list(query)).json().data as Log[]).map((l) => l.action);

describe('/logs API', () => {
  it('needs view.main.logs.tab.list', async () => {
    const other = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.roles.tab.list'] })).email,
    );
    expect((await ctx.call('GET', '/api/admin/audit-logs', { token: other })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/admin/audit-logs/actions', { token: other })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/admin/audit-logs')).statusCode).toBe(401);
  });

  it('filters by action (exact or dotted prefix), newest first', async () => {
    expect(await actions('filter[action]=report.test_beta')).toEqual(['report.test_beta']);
    expect(await actions('filter[action]=report.')).toEqual([
      'report.test_gamma',
      'report.test_beta',
      'report.test_alpha',
    ]);
    expect(await actions('filter[action]=report')).toEqual([]);
  });

  it('filters by actor kind, actor id and actor name or email, naming the actor', async () => {
    expect(await actions('filter[action]=report.&filter[actor_type]=system')).toEqual(['report.test_gamma']);
    expect(
      await actions(`filter[action]=report.&filter[actor_type]=admin&filter[actor_id]=${reader.id}`),
    ).toEqual(['report.test_alpha']);
    const byName = (await list('filter[action]=report.&filter[actor]=zelda')).json().data as Log[];
    expect(byName.map((l) => [l.action, l.actor_name])).toEqual([['report.test_beta', 'Zelda Quill']]);
    expect(await actions(`filter[action]=report.&filter[actor]=${encodeURIComponent(reader.email)}`)).toEqual(
      ['report.test_alpha'],
    );
  });

  it('finds the same entries when the actor text matches more accounts than are resolved up front', async () => {
    for (const actor of ['zelda', 'quill', reader.email, 'nobody-matches-this']) {
      const filter = { action: 'report.', actor };
      const upFront = await listAuditLogs(ctx.deps.database, filter, 1, 10);
      const bySubquery = await listAuditLogs(ctx.deps.database, filter, 1, 10, 0);
      expect(bySubquery).toEqual(upFront);
    }
    const both = await listAuditLogs(ctx.deps.database, { action: 'report.', actor: 'e' }, 1, 10, 0);
    expect(both.rows.map((r) => r.action).sort()).toEqual(
      (await listAuditLogs(ctx.deps.database, { action: 'report.', actor: 'e' }, 1, 10)).rows
        .map((r) => r.action)
        .sort(),
    );
  });

  it('filters by target and by day range (UTC, both ends included)', async () => {
    expect(await actions('filter[action]=report.&filter[target_type]=campaign&filter[target_id]=7')).toEqual([
      'report.test_alpha',
    ]);
    expect(await actions('filter[action]=report.&filter[from]=2026-03-02&filter[to]=2026-03-02')).toEqual([
      'report.test_beta',
    ]);
    expect(await actions('filter[from]=2026-03-01&filter[to]=2026-03-04')).toEqual([
      'report.test_beta',
      'report.test_alpha',
    ]);
  });

  it('pages with a total', async () => {
    const first = (await list('filter[action]=report.&limit=10&page=1')).json();
    expect(first.pagination).toEqual({ total: 3, limit: 10, current_page: 1, total_pages: 1 });
    const page2 = (await list('filter[action]=report.&limit=10&page=2')).json();
    expect(page2.data).toEqual([]);
  });

  it('refuses bad filters with a translated error', async () => {
    const res = await list('filter[from]=2026-03-09&filter[to]=2026-03-01', { 'x-lang': 'tr' });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().errors)).toContain('Bitiş tarihi başlangıç tarihinden önce olamaz');
    expect((await list('filter[from]=yesterday')).statusCode).toBe(422);
    expect((await list('filter[actor_type]=robot')).statusCode).toBe(422);
  });

  it('lists the distinct actions for the filter', async () => {
    const res = await ctx.call('GET', '/api/admin/audit-logs/actions', { token });
    const all = res.json().data as string[];
    expect(all).toEqual(
      expect.arrayContaining(['report.test_alpha', 'report.test_beta', 'report.test_gamma', 'admin.login']),
    );
    expect(all).toEqual([...all].sort());
    expect(new Set(all).size).toBe(all.length);
  });
});
