import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { appWithRouteTable, isAccessRoute } from '../../test/route-table';

/** Staff notes on users (issue 36 "Lists"): staff only, with author and time, audited. */

let token: string;
let adminId: number;
const ctx = adminTestAppForFile((signedIn) => {
  token = signedIn.token;
  adminId = signedIn.admin.id;
});
const notesOf = (userId: number, as = token) =>
  ctx.call('GET', `/api/admin/users/${userId}/notes`, { token: as });
const add = (userId: number, body: unknown, as = token) =>
  ctx.call('POST', `/api/admin/users/${userId}/notes`, { token: as, body });
const staffWith = async (permissions: string[]) =>
  ctx.loginAdmin((await ctx.makeAdmin({ permissions })).email);

describe('staff notes on users', () => {
  it('adds a note with its author and time, newest first, and audits it', async () => {
    const user = await ctx.makeUser();
    const first = await add(user.id, { body: '  Called about a refund.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      data: { body: 'Called about a refund.', author: { id: adminId } },
      message: 'Note added',
    });
    ctx.clock.advance(60_000);
    const second = await add(user.id, { body: 'Refund sent.' });
    const list = (await notesOf(user.id)).json().data as { id: number; body: string; created_at: string }[];
    expect(list.map((n) => n.body)).toEqual(['Refund sent.', 'Called about a refund.']);
    expect(list[0]!.id).toBe(second.json().data.id);
    expect(Number.isNaN(Date.parse(list[1]!.created_at))).toBe(false);
    const logged = await ctx.deps.database.pool.query(
      `select actor_type, actor_id, meta from audit_logs where action = 'users.note_added' and target_id = $1 order by id`,
      [String(user.id)],
    );
    expect(logged.rows).toEqual([
      { actor_type: 'admin', actor_id: adminId, meta: { note_id: first.json().data.id, length: 22 } },
      { actor_type: 'admin', actor_id: adminId, meta: { note_id: second.json().data.id, length: 12 } },
    ]);
  });

  it('refuses an empty or too long note with a translated 422 and stores nothing', async () => {
    const user = await ctx.makeUser();
    expect((await add(user.id, { body: '   ' })).statusCode).toBe(422);
    const long = await add(user.id, { body: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.body).toEqual(['Value is too long']);
    expect((await add(user.id, {})).statusCode).toBe(422);
    expect((await add(999_999, { body: 'Nobody' })).statusCode).toBe(404);
    expect((await notesOf(user.id)).json().data).toEqual([]);
  });

  it('needs users.notes.show to read and users.notes.add to add', async () => {
    const user = await ctx.makeUser();
    await add(user.id, { body: 'Private remark' });
    const viewer = await staffWith(['view.main.users.tab.list']);
    expect((await notesOf(user.id, viewer)).statusCode).toBe(403);
    expect((await add(user.id, { body: 'x' }, viewer)).statusCode).toBe(403);
    const reader = await staffWith(['users.notes.show']);
    expect((await notesOf(user.id, reader)).json().data).toHaveLength(1);
    expect((await add(user.id, { body: 'x' }, reader)).statusCode).toBe(403);
    const writer = await staffWith(['users.notes.add']);
    expect((await add(user.id, { body: 'From the writer' }, writer)).statusCode).toBe(201);
    // The user themselves cannot reach the staff routes.
    const own = await ctx.loginUser(user.email);
    expect((await notesOf(user.id, own)).statusCode).toBe(401);
  });

  it('no user-facing route answers a note', async () => {
    const user = await ctx.makeUser();
    const secret = 'STAFF-ONLY-NOTE-7c1f';
    await add(user.id, { body: secret });
    const own = await ctx.loginUser(user.email);
    const { app, routes } = await appWithRouteTable(ctx);
    try {
      // Every GET a user's token may call (path parameters filled with the user's own id).
      const userGets = routes
        .filter(isAccessRoute)
        .filter((r) => r.method === 'GET' && r.access.kind !== 'admin' && r.access.kind !== 'public');
      expect(userGets.length).toBeGreaterThan(50);
      for (const r of userGets) {
        const url = r.url.replace(/:[A-Za-z_]+/g, String(user.id));
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${own}` } });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body, url).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});
