import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { createTestApp, type TestContext } from '../../test/harness';
import { notify } from './notifications.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

type Item = {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
};

const send = (to: { userId: number } | { adminId: number }, n: number) =>
  notify(ctx.deps.database, {
    ...to,
    type: 'campaign.approved',
    title: `Title ${n}`,
    body: `Body ${n}`,
    link: `/campaigns/${n}`,
    data: { campaign_id: n },
  });

describe('notify', () => {
  it('stores a notification inside the caller transaction, and only when it commits', async () => {
    const user = await ctx.makeUser();
    await expect(
      withTransaction(ctx.deps.database, async (tx) => {
        await notify(tx, { userId: user.id, type: 't', title: 'Rolled back', body: 'b' });
        throw new Error('business step failed');
      }),
    ).rejects.toThrow('business step failed');
    const id = await withTransaction(ctx.deps.database, (tx) =>
      notify(tx, { userId: user.id, type: 't', title: 'Kept', body: 'b' }),
    );
    const rows = await ctx.deps.database.db.execute<{ id: number; title: string; link: string | null }>(
      sql`select id, title, link from notifications where user_id = ${user.id}`,
    );
    expect(rows.rows).toEqual([{ id, title: 'Kept', link: null }]);
  });

  it('needs exactly one recipient', async () => {
    await expect(notify(ctx.deps.database, { type: 't', title: 'x', body: 'y' } as never)).rejects.toThrow();
    await expect(
      notify(ctx.deps.database, { userId: 1, adminId: 1, type: 't', title: 'x', body: 'y' } as never),
    ).rejects.toThrow();
  });
});

describe('user notifications', () => {
  it('lists only the caller own notifications, newest first, and counts unread', async () => {
    const me = await ctx.makeUser();
    const other = await ctx.makeUser();
    for (const n of [1, 2, 3]) await send({ userId: me.id }, n);
    await send({ userId: other.id }, 9);
    const token = await ctx.loginUser(me.email);

    const list = await ctx.call('GET', '/api/notifications', { token });
    expect(list.statusCode).toBe(200);
    const items = list.json().data as Item[];
    expect(items.map((i) => i.title)).toEqual(['Title 3', 'Title 2', 'Title 1']);
    expect(Object.keys(items[0]!).sort()).toEqual([
      'body',
      'created_at',
      'id',
      'link',
      'read_at',
      'title',
      'type',
    ]);
    expect(items[0]).toMatchObject({
      type: 'campaign.approved',
      body: 'Body 3',
      link: '/campaigns/3',
      read_at: null,
    });
    expect(list.json().pagination).toEqual({ total: 3, limit: 10, current_page: 1, total_pages: 1 });
    const page2 = await ctx.call('GET', '/api/notifications?page=2&limit=10', { token });
    expect(page2.json().data).toEqual([]);

    const count = await ctx.call('GET', '/api/notifications/unread-count', { token });
    expect(count.json()).toEqual({ data: { count: 3 } });
  });

  it('marks one read (only its own, else 404) and then all', async () => {
    const me = await ctx.makeUser();
    const other = await ctx.makeUser();
    const mine = [await send({ userId: me.id }, 1), await send({ userId: me.id }, 2)];
    const theirs = await send({ userId: other.id }, 3);
    const token = await ctx.loginUser(me.email);
    const otherToken = await ctx.loginUser(other.email);

    const read = await ctx.call('POST', `/api/notifications/${mine[0]}/read`, { token });
    expect(read.statusCode).toBe(200);
    const readAt = read.json().data.read_at as string;
    expect(readAt).toBe(ctx.clock.now().toISOString());
    ctx.clock.advance(60_000);
    const again = await ctx.call('POST', `/api/notifications/${mine[0]}/read`, { token });
    expect(again.json().data.read_at).toBe(readAt);
    expect((await ctx.call('GET', '/api/notifications/unread-count', { token })).json().data.count).toBe(1);

    expect((await ctx.call('POST', `/api/notifications/${theirs}/read`, { token })).statusCode).toBe(404);
    expect((await ctx.call('POST', '/api/notifications/999999999/read', { token })).statusCode).toBe(404);
    expect(
      (await ctx.call('GET', '/api/notifications/unread-count', { token: otherToken })).json().data.count,
    ).toBe(1);

    const all = await ctx.call('POST', '/api/notifications/read-all', { token });
    expect(all.json()).toEqual({ data: { count: 1 } });
    expect((await ctx.call('GET', '/api/notifications/unread-count', { token })).json().data.count).toBe(0);
    expect(
      (await ctx.call('GET', '/api/notifications/unread-count', { token: otherToken })).json().data.count,
    ).toBe(1);
    const items = (await ctx.call('GET', '/api/notifications', { token })).json().data as Item[];
    expect(items.every((i) => i.read_at !== null)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/notifications/unread-count')).statusCode).toBe(401);
    expect((await ctx.call('POST', '/api/notifications/read-all')).statusCode).toBe(401);
  });
});

describe('admin notifications', () => {
  it('gives each admin their own, apart from users', async () => {
    const admin = await ctx.makeAdmin({ permissions: [] });
    const otherAdmin = await ctx.makeAdmin({ permissions: [] });
    const user = await ctx.makeUser();
    const adminNote = await send({ adminId: admin.id }, 1);
    await send({ adminId: otherAdmin.id }, 2);
    const userNote = await send({ userId: user.id }, 3);
    // The same id in the other table of principals must not leak across.
    await send({ userId: admin.id }, 4);
    const token = await ctx.loginAdmin(admin.email);
    const userToken = await ctx.loginUser(user.email);

    const list = await ctx.call('GET', '/api/admin/notifications', { token });
    expect(list.statusCode).toBe(200);
    expect((list.json().data as Item[]).map((i) => i.id)).toEqual([adminNote]);
    expect(
      (await ctx.call('GET', '/api/admin/notifications/unread-count', { token })).json().data.count,
    ).toBe(1);
    expect((await ctx.call('POST', `/api/admin/notifications/${userNote}/read`, { token })).statusCode).toBe(
      404,
    );
    expect((await ctx.call('POST', `/api/admin/notifications/${adminNote}/read`, { token })).statusCode).toBe(
      200,
    );
    expect((await ctx.call('POST', '/api/admin/notifications/read-all', { token })).json().data.count).toBe(
      0,
    );
    expect(
      (await ctx.call('GET', '/api/admin/notifications/unread-count', { token })).json().data.count,
    ).toBe(0);

    expect((await ctx.call('GET', '/api/admin/notifications', { token: userToken })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/notifications', { token })).statusCode).toBe(401);
  });
});
