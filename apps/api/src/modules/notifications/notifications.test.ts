import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { TEST_PASSWORD, testAppForFile } from '../../test/harness';
import { type NotificationView, notify } from './notifications.service';

const ctx = testAppForFile();

type Item = NotificationView;

/** A notification whose title is "Campaign approved" and whose body names the track `Track <n>`. */
const send = (to: { userId: number } | { adminId: number }, n: number) =>
  notify(ctx.deps.database, {
    ...to,
    type: 'campaign.approved',
    message: 'express.notify.approved',
    params: { track: `Track ${n}`, date: '2026-03-05' },
    link: `/campaigns/${n}`,
    data: { campaign_id: n },
  });

describe('notify', () => {
  it('stores a notification inside the caller transaction, and only when it commits', async () => {
    const user = await ctx.makeUser();
    await expect(
      withTransaction(ctx.deps.database, async (tx) => {
        await notify(tx, { userId: user.id, type: 't', message: 'user.notify.declined' });
        throw new Error('business step failed');
      }),
    ).rejects.toThrow('business step failed');
    const id = await withTransaction(ctx.deps.database, (tx) =>
      notify(tx, { userId: user.id, type: 't', message: 'user.notify.approved' }),
    );
    const rows = await ctx.deps.database.db.execute<{ id: number; message_key: string; link: string | null }>(
      sql`select id, message_key, link from notifications where user_id = ${user.id}`,
    );
    expect(rows.rows).toEqual([{ id, message_key: 'user.notify.approved', link: null }]);
  });

  it('needs exactly one recipient', async () => {
    await expect(
      notify(ctx.deps.database, { type: 't', message: 'user.notify.approved' } as never),
    ).rejects.toThrow();
    await expect(
      notify(ctx.deps.database, {
        userId: 1,
        adminId: 1,
        type: 't',
        message: 'user.notify.approved',
      } as never),
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
    expect(items.map((i) => i.body.match(/Track \d/)?.[0])).toEqual(['Track 3', 'Track 2', 'Track 1']);
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
      title: 'Campaign approved',
      body: 'Your track "Track 3" was accepted. The curator has until March 5, 2026 to add it to the playlist.',
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

describe('their language, everywhere', () => {
  const list = async (token: string, lang: string, base = '/api/notifications') =>
    (await ctx.call('GET', base, { token, headers: { 'x-lang': lang } })).json().data as Item[];

  it('a notification sent while the reader used English is read in French and Arabic', async () => {
    const staff = await ctx.makeAdmin();
    const staffToken = await ctx.loginAdmin(staff.email);
    const user = await ctx.makeUser({ status: 'pending_approval', language: 'en' });
    const approve = await ctx.call('POST', `/api/admin/users/${user.id}/approve`, { token: staffToken });
    expect(approve.statusCode).toBe(200);
    const token = await ctx.loginUser(user.email);

    const [en] = await list(token, 'en');
    expect(en).toMatchObject({
      title: 'Account approved',
      body: 'Your account has been approved. Welcome aboard!',
    });
    const [fr] = await list(token, 'fr');
    expect(fr).toMatchObject({
      id: en!.id,
      title: 'Compte approuvé',
      body: 'Votre compte a été approuvé. Bienvenue !',
    });
    const [ar] = await list(token, 'ar');
    expect(ar).toMatchObject({ id: en!.id, title: 'تمت الموافقة على الحساب' });
    // Marking it read answers it in the request's language too.
    const read = await ctx.call('POST', `/api/notifications/${en!.id}/read`, {
      token,
      headers: { 'x-lang': 'fr' },
    });
    expect(read.json().data.title).toBe('Compte approuvé');
  });

  it('formats the counts, days and dates of a message in the reader language (Arabic plural forms)', async () => {
    const user = await ctx.makeUser();
    for (const coins of [1, 2, 7, 25]) {
      await notify(ctx.deps.database, {
        userId: user.id,
        type: 'express.paid',
        message: 'express.notify.paid',
        params: { track: 'Song', coins },
      });
    }
    await notify(ctx.deps.database, {
      userId: user.id,
      type: 'express.removed',
      message: 'express.notify.removed',
      params: { track: 'Song', days: 2, coins: 100000 },
    });
    const token = await ctx.loginUser(user.email);
    // The track's name is isolated (FSI … PDI) so that it cannot reorder the Arabic sentence around it.
    const song = '«\u2068Song\u2069»';
    expect((await list(token, 'ar')).map((n) => n.body)).toEqual([
      `أُزيل ${song} من قائمة التشغيل بعد يومين. أعدنا 100,000 عملة إلى محفظتك.`,
      `أضفنا 25 عملةً مقابل ${song} إلى محفظتك.`,
      `أضفنا 7 عملات مقابل ${song} إلى محفظتك.`,
      `أضفنا عملتين مقابل ${song} إلى محفظتك.`,
      `أضفنا عملة واحدة مقابل ${song} إلى محفظتك.`,
    ]);
    const [removedFr] = await list(token, 'fr');
    expect(removedFr!.body.replace(/\s/g, ' ')).toBe(
      '« Song » a quitté la playlist au bout de 2 jours. Nous avons remboursé 100 000 pièces sur votre portefeuille.',
    );
  });

  it('admins read theirs in the request language as well', async () => {
    const admin = await ctx.makeAdmin({ permissions: [] });
    await notify(ctx.deps.database, { adminId: admin.id, type: 't', message: 'user.notify.approved' });
    const token = await ctx.loginAdmin(admin.email);
    const [n] = await list(token, 'de', '/api/admin/notifications');
    expect(n!.title).toBe('Konto freigegeben');
  });

  it('keeps the written text of notifications stored before message keys', async () => {
    const user = await ctx.makeUser();
    await ctx.deps.database.db.execute(
      sql`insert into notifications (user_id, type, title, body) values (${user.id}, 'old', 'Old title', 'Old body')`,
    );
    const token = await ctx.loginUser(user.email);
    expect(await list(token, 'ar')).toMatchObject([{ title: 'Old title', body: 'Old body' }]);
    await expect(
      ctx.deps.database.db.execute(
        sql`insert into notifications (user_id, type) values (${user.id}, 'empty')`,
      ),
    ).rejects.toHaveProperty('cause.constraint', 'notifications_text_check');
  });

  it('mails a user in the language they use the app in (X-Lang), not the one they registered with', async () => {
    const staff = await ctx.makeAdmin();
    const staffToken = await ctx.loginAdmin(staff.email);
    const user = await ctx.makeUser({ language: 'en' });
    const token = await ctx.loginUser(user.email);
    // The user switches the app to Arabic: its next call says so.
    expect(
      (await ctx.call('GET', '/api/notifications', { token, headers: { 'x-lang': 'ar' } })).statusCode,
    ).toBe(200);
    // A call without X-Lang (Accept-Language only) does not change it back.
    await ctx.call('GET', '/api/notifications', { token, headers: { 'accept-language': 'de' } });
    expect(
      (await ctx.call('POST', `/api/admin/users/${user.id}/disable`, { token: staffToken })).statusCode,
    ).toBe(200);
    const mail = await ctx.lastMail(user.email);
    expect(mail?.subject).toBe('تم تعطيل حسابك');
    expect(mail?.text).toContain(`مرحبًا \u2068${user.firstName}\u2069`);
  });

  it('mails a decline with its reason in the recipient language and stores the key and reason', async () => {
    const staff = await ctx.makeAdmin();
    const staffToken = await ctx.loginAdmin(staff.email);
    const user = await ctx.makeUser({ status: 'pending_approval', language: 'ar' });
    await ctx.call('POST', `/api/admin/users/${user.id}/decline`, {
      token: staffToken,
      body: { reason: 'Profile incomplete' },
    });
    const mail = await ctx.lastMail(user.email);
    expect(mail?.subject).toBe('لم تتم الموافقة على حسابك');
    expect(mail?.text).toContain('السبب: \u2068Profile incomplete\u2069');
    const [row] = (
      await ctx.deps.database.db.execute<{ message_key: string; params: unknown; title: string | null }>(
        sql`select message_key, params, title from notifications where user_id = ${user.id}`,
      )
    ).rows;
    expect(row).toEqual({
      message_key: 'user.notify.declined_reason',
      params: { reason: 'Profile incomplete' },
      title: null,
    });
    const token = await ctx.loginUser(user.email);
    expect((await list(token, 'ar'))[0]!.body).toBe(
      'لم تتم الموافقة على حسابك: \u2068Profile incomplete\u2069',
    );
  });

  it('an admin who switches the back-office to French gets their mails in French', async () => {
    const admin = await ctx.makeAdmin();
    const token = await ctx.loginAdmin(admin.email);
    await ctx.call('GET', '/api/admin/notifications/unread-count', { token, headers: { 'x-lang': 'fr' } });
    const changed = await ctx.call('POST', '/api/admin/password', {
      token,
      headers: { 'x-lang': 'fr' },
      body: {
        current_password: TEST_PASSWORD,
        password: 'N3w-Passw0rd!',
        password_confirmation: 'N3w-Passw0rd!',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await ctx.lastMail(admin.email))?.subject).toBe('Votre mot de passe a été modifié');
  });
});
