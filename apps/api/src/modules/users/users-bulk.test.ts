import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';

// Issue 36 "Lists": bulk approve/decline of users pending approval, each item through the single
// decision (decideUser): the same refusals, one audit entry per user, the same permission.

let superToken: string;
const ctx = adminTestAppForFile((signedIn) => {
  superToken = signedIn.token;
});
const pool = () => ctx.deps.database.pool;
const statusOf = async (id: number) =>
  (await pool().query<{ status: string }>('select status from users where id = $1', [id])).rows[0]!.status;
const auditCount = async (action: string, id: number) =>
  Number(
    (
      await pool().query<{ n: string }>(
        'select count(*) n from audit_logs where action = $1 and target_id = $2',
        [action, String(id)],
      )
    ).rows[0]!.n,
  );
const bulk = (verb: 'approve' | 'decline', body: unknown, token = superToken, lang = 'en') =>
  ctx.call('POST', `/api/admin/users/bulk/${verb}`, { token, body, headers: { 'accept-language': lang } });

interface Item {
  id: number;
  ok: boolean;
  code: string | null;
  message: string | null;
}

describe('bulk approve', () => {
  it('approves the pending users and refuses, with the single action’s reason, the others', async () => {
    const a = await ctx.makeUser({ status: 'pending_approval' });
    const b = await ctx.makeUser({ status: 'pending_approval' });
    const done = await ctx.makeUser({ status: 'approved' });
    const res = await bulk('approve', { ids: [a.id, done.id, b.id, a.id, 999_999_999] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { results: Item[]; succeeded: number; refused: number };
    expect(data.results.map((r) => [r.id, r.ok, r.code])).toEqual([
      [a.id, true, null],
      [done.id, false, 'user.not_pending'],
      [b.id, true, null],
      [999_999_999, false, 'errors.not_found'],
    ]);
    expect(data.succeeded).toBe(2);
    expect(data.refused).toBe(2);
    expect(data.results[1]!.message).toBeTruthy();
    expect(await statusOf(a.id)).toBe('approved');
    expect(await statusOf(b.id)).toBe('approved');
    expect(await auditCount('users.approve', a.id)).toBe(1);
    expect(await auditCount('users.approve', b.id)).toBe(1);
    expect(await auditCount('users.approve', done.id)).toBe(0);
  });

  it('words the refusals in the reader’s language', async () => {
    const done = await ctx.makeUser({ status: 'declined' });
    const en = (await bulk('approve', { ids: [done.id] })).json().data.results[0] as Item;
    const fr = (await bulk('approve', { ids: [done.id] }, superToken, 'fr')).json().data.results[0] as Item;
    expect(fr.code).toBe('user.not_pending');
    expect(fr.message).toBeTruthy();
    expect(fr.message).not.toBe(en.message);
  });

  it('refuses no id and more than 100 ids, changing nothing', async () => {
    const a = await ctx.makeUser({ status: 'pending_approval' });
    const many = [a.id, ...Array.from({ length: 100 }, (_, i) => 1_000_000 + i)];
    const tooMany = await bulk('approve', { ids: many });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.body).toContain('100');
    expect((await bulk('approve', { ids: [] })).statusCode).toBe(422);
    expect(await statusOf(a.id)).toBe('pending_approval');
  });

  it('needs the permission of the single action', async () => {
    const viewer = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
    const token = await ctx.loginAdmin(viewer.email);
    const a = await ctx.makeUser({ status: 'pending_approval' });
    expect((await bulk('approve', { ids: [a.id] }, token)).statusCode).toBe(403);
    expect((await bulk('decline', { ids: [a.id] }, token)).statusCode).toBe(403);
    expect(await statusOf(a.id)).toBe('pending_approval');
  });

  it('applies exactly one decision per user when bulk approvals and declines race', async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, () => ctx.makeUser({ status: 'pending_approval' })),
    );
    const ids = users.map((u) => u.id);
    const answers = await Promise.all([
      bulk('approve', { ids }),
      bulk('decline', { ids: [...ids].reverse(), reason: 'Not a match' }),
      bulk('approve', { ids }),
    ]);
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const succeeded = answers.reduce((n, r) => n + (r.json().data.succeeded as number), 0);
    expect(succeeded).toBe(ids.length);
    for (const id of ids) {
      const status = await statusOf(id);
      expect(['approved', 'declined']).toContain(status);
      expect((await auditCount('users.approve', id)) + (await auditCount('users.decline', id))).toBe(1);
    }
  });
});

describe('bulk decline', () => {
  it('declines with one reason mailed to each user, and refuses a reason too long', async () => {
    const a = await ctx.makeUser({ status: 'pending_approval' });
    const b = await ctx.makeUser({ status: 'pending_approval' });
    const long = await bulk('decline', { ids: [a.id], reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(await statusOf(a.id)).toBe('pending_approval');
    const res = await bulk('decline', { ids: [a.id, b.id], reason: 'The Spotify link does not match' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.succeeded).toBe(2);
    for (const u of [a, b]) {
      expect(await statusOf(u.id)).toBe('declined');
      expect(await auditCount('users.decline', u.id)).toBe(1);
      expect((await ctx.lastMail(u.email))?.text).toContain('The Spotify link does not match');
    }
  });
});
