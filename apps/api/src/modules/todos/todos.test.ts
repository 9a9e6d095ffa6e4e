import { describe, expect, it } from 'vitest';
import { withFailureNotice } from '../../jobs/definitions';
import { t } from '../../platform/i18n';
import { adminTestAppForFile } from '../../test/admin-app';
import { codeFrom } from '../../test/harness';
import { seedExpressDemo } from '../express/express.seed';

let superToken: string;
let superId: number;
const ctx = adminTestAppForFile((signedIn) => {
  ({
    admin: { id: superId },
    token: superToken,
  } = signedIn);
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, values)).rows as T[];
const todos = async (token: string) =>
  (await ctx.call('GET', '/api/admin/dashboard/todos', { token })).json().data as {
    kind: string;
    count: number;
    link: string;
  }[];
/** The staff notifications of one kind, written in English as the bell writes them (keys). */
const notes = async (adminId: number, type: string) =>
  (
    await q<{ message_key: string; params: Record<string, unknown>; link: string }>(
      'select message_key, params, link from notifications where admin_id = $1 and type = $2 order by id',
      [adminId, type],
    )
  ).map((r) => ({
    title: t('en', `${r.message_key}.title`, r.params),
    body: t('en', `${r.message_key}.body`, r.params),
    link: r.link,
  }));
const strong = 'Very-strong-2026';

describe('staff to-dos', () => {
  it('counts what waits, only for the kinds the admin may open', async () => {
    await ctx.makeUser({ status: 'pending_approval' });
    await ctx.makeUser({ status: 'pending_approval' });
    await ctx.makeUser({ status: 'approved' });
    await ctx.makeUser({ status: 'pending_approval', deletedAt: new Date() });
    await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
    await seedExpressDemo(ctx.deps.database);
    await q('update express_playlists set status_id = 2 where id = (select min(id) from express_playlists)');
    await ctx.deps.jobs.boss.createQueue('test.todos', { retryLimit: 0 });
    const id = (await ctx.deps.jobs.send('test.todos', {}))!;
    await ctx.deps.jobs.boss.fetch('test.todos');
    await ctx.deps.jobs.boss.fail('test.todos', id, { message: 'broken' });

    const all = await todos(superToken);
    expect(all).toEqual([
      { kind: 'pending_users', count: 2, link: '/users/list?filter[status]=pending_approval' },
      { kind: 'pending_playlists', count: 1, link: '/express/playlists/list?filter[status_id]=2' },
      { kind: 'payout_requests', count: 0, link: '/requests/list' },
      { kind: 'failed_jobs', count: 1, link: '/horizon' },
      { kind: 'open_tickets', count: 0, link: '/tickets/list?filter[status_id]=1,2&order=due:asc' },
      { kind: 'breached_tickets', count: 0, link: '/tickets/list?filter[due]=overdue&order=due:asc' },
      { kind: 'pending_forms', count: 0, link: '/forms/list?filter[status_id]=1' },
      {
        kind: 'express_disputes',
        count: 0,
        link: '/express/instagram/campaigns/list?filter[disputed]=1',
      },
      { kind: 'pending_custom_campaigns', count: 0, link: '/custom/campaigns/list?filter[status]=2' },
      { kind: 'trust_flags', count: 0, link: '/trust/flags?filter[status]=pending' },
    ]);
    const usersOnly = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] })).email,
    );
    expect((await todos(usersOnly)).map((x) => x.kind)).toEqual(['pending_users']);
    const none = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: [] })).email);
    expect(await todos(none)).toEqual([]);
    expect((await ctx.call('GET', '/api/admin/dashboard/todos')).statusCode).toBe(401);
  });

  it('counts trust flags waiting for review and custom campaigns waiting for approval', async () => {
    const [playlist] = await q<{ id: number }>('select min(id) as id from express_playlists');
    await q(
      `insert into trust_flags (playlist_id, signal, detected_on, evidence) values ($1, 'follower_jump', '2026-11-01', '{}')`,
      [playlist!.id],
    );
    await q(
      `insert into trust_flags (playlist_id, signal, detected_on, evidence, status, reviewed_at)
       values ($1, 'lockstep_growth', '2026-11-01', '{}', 'dismissed', now())`,
      [playlist!.id],
    );
    const artist = await ctx.makeUser();
    const campaign = (status: number) =>
      q(
        `insert into custom_campaigns (artist_id, name, link, track_id, language_id, is_released, released_date,
           start_date, tier_id, price, pitch, status)
         values ($1, 'Song', 'https://open.spotify.com/track/x', 'x', (select min(id) from languages), true,
           '2026-01-01', '2026-12-01', (select min(id) from express_tiers), 30, 'Pitch', $2)`,
        [artist.id, status],
      );
    await campaign(2);
    await campaign(2);
    await campaign(3);
    const counts = Object.fromEntries((await todos(superToken)).map((x) => [x.kind, x.count]));
    expect(counts).toMatchObject({ trust_flags: 1, pending_custom_campaigns: 2 });
    const reviewer = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['trust.flags.show', 'trust.flags.review'] })).email,
    );
    expect((await todos(reviewer)).map((x) => x.kind)).toEqual(['trust_flags']);
  });

  it('notifies the admins holding the permission when a user starts waiting for approval', async () => {
    const watcher = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
    const other = await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] });
    const email = 'waiting@example.test';
    const res = await ctx.call('POST', '/api/user/store-user', {
      body: {
        first_name: 'Wanda',
        last_name: 'Waits',
        email,
        password: strong,
        password_confirmation: strong,
        gender: 'female',
        user_type_id: 1,
      },
    });
    expect(res.statusCode).toBe(201);
    // Registered but not verified: not yet a person to approve.
    expect(await notes(watcher.id, 'todos.pending_users')).toEqual([]);
    const code = codeFrom((await ctx.lastMail(email))?.text);
    expect((await ctx.call('POST', '/api/verify-user', { body: { email, code } })).statusCode).toBe(200);
    expect(await notes(watcher.id, 'todos.pending_users')).toEqual([
      {
        title: 'A user waits for approval',
        body: 'Wanda Waits (waiting@example.test) confirmed their address and waits for approval.',
        link: '/users/list?filter[status]=pending_approval',
      },
    ]);
    expect((await notes(superId, 'todos.pending_users')).length).toBe(1);
    expect(await notes(other.id, 'todos.pending_users')).toEqual([]);
  });

  it('notifies the queue monitor staff of a job failing its last attempt, once per queue while unread', async () => {
    const watcher = await ctx.makeAdmin({ permissions: ['view.main.queue.horizon.tab.list'] });
    const job = withFailureNotice(
      { name: 'test.broken', retryLimit: 2, handler: () => Promise.reject(new Error('down')) },
      ctx.deps.database,
    );
    // Attempts with retries left fail quietly; the last one tells the staff.
    await expect(
      job.handler({}, { id: '00000000-0000-0000-0000-000000000001', retryCount: 1 }),
    ).rejects.toThrow('down');
    expect(await notes(watcher.id, 'todos.failed_jobs')).toEqual([]);
    await expect(
      job.handler({}, { id: '00000000-0000-0000-0000-000000000001', retryCount: 2 }),
    ).rejects.toThrow('down');
    await expect(
      job.handler({}, { id: '00000000-0000-0000-0000-000000000002', retryCount: 2 }),
    ).rejects.toThrow('down');
    const first = await notes(watcher.id, 'todos.failed_jobs');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ title: 'A background job failed', link: '/horizon' });
    expect(first[0]!.body).toContain('test.broken');
    // Once read, the next failure of that queue is news again.
    await q(`update notifications set read_at = now() where admin_id = $1`, [watcher.id]);
    await expect(
      job.handler({}, { id: '00000000-0000-0000-0000-000000000003', retryCount: 2 }),
    ).rejects.toThrow('down');
    expect(await notes(watcher.id, 'todos.failed_jobs')).toHaveLength(2);
  });
});
