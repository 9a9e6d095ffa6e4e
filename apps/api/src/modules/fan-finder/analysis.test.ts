import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FanFinderSource } from '../../providers/fan-finder/contract';
import { artistWithCoins } from '../../test/coins';
import { csvLines } from '../../test/csv';
import { testAppForFile } from '../../test/harness';
import { agreeOnSandboxConsent } from '../../test/sandbox-consent';
import { analyseArtist, queueWeeklyResync, rateGrid } from './analysis.service';
import { ANALYSE_QUEUE } from './connections.service';

let planId: number;
const DAY = 86_400_000;
// Spotify ids the sandbox knows (any well-formed id has a profile).
const OWN_ID = '0OdUWJ0sBjDrqHygGUXeCF';
const REL_A = '1vCWHaC5f2uS3yhpwWbIA6';
const REL_B = '4Z8W4fKeB5YxbusRsdQVPb';
const REL_C = '06HL4z0CvFAxyc27GXpf02';

const ctx = testAppForFile();
beforeAll(async () => {
  const admin = await ctx.makeAdmin();
  const adminToken = await ctx.loginAdmin(admin.email);
  const res = await ctx.call('POST', '/api/admin/fan-finder/plans', {
    token: adminToken,
    body: { plan_name: 'Analysis plan', plan_days: 30, price: 50, features: ['related_artists'] },
  });
  planId = res.json().data.id;
});
afterEach(() => {
  ctx.clock.set(new Date());
});

/** An artist with coins and a session; subscribed unless told otherwise. */
async function artist(subscribed = true) {
  const { user, token } = await artistWithCoins(ctx, 500);
  if (subscribed) {
    const res = await ctx.call('POST', '/api/fan/finder/new/subscription', {
      token,
      body: { plan_id: planId },
    });
    expect(res.statusCode).toBe(201);
  }
  return { user, token };
}

/** Connect the artist's Instagram through the sandbox consent page, as /fan-finder/connection would. */
async function connectInstagram(token: string, username: string) {
  const start = await ctx.call('GET', '/api/fan-finder/instagram/oauth/url', { token });
  expect(start.statusCode).toBe(200);
  const { url, state, binding } = start.json().data;
  const consent = new URL(url);
  expect(consent.searchParams.get('redirect_uri')).toMatch(/\/fan-finder\/connection$/);
  expect(consent.searchParams.get('state')).toBe(state);
  const back = await agreeOnSandboxConsent(ctx, url, {
    username,
    display_name: username,
    followers: '1000',
    account_type: 'MEDIA_CREATOR',
  });
  expect(back.pathname).toBe('/fan-finder/connection');
  return ctx.call('POST', '/api/fan-finder/instagram/access/token', {
    token,
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state'), binding },
  });
}

const addRelated = (token: string, spotify_id: string, instagram_username: string) =>
  ctx.call('POST', '/api/fan-finder/related-artists', { token, body: { spotify_id, instagram_username } });

const queuedFor = async (userId: number) =>
  Number(
    (
      await ctx.deps.database.pool.query(
        `select count(*) from pgboss.job where name = $1 and data->>'userId' = $2 and state = 'created'`,
        [ANALYSE_QUEUE, String(userId)],
      )
    ).rows[0].count,
  );

describe('connections (/fan-finder/connection)', () => {
  it('connects Instagram through the shared connections module, sets the Spotify profile, adds 2 related artists, refuses a third', async () => {
    const { user, token } = await artist();
    const ig = await connectInstagram(token, 'own.artist');
    expect(ig.statusCode).toBe(200);
    expect(ig.json().data.instagram).toMatchObject({
      instagram_username: 'own.artist',
      sync_status: 'pending',
    });
    // The account is a connected social account of the shared module, and the analysis is queued once.
    const acc = await ctx.deps.database.pool.query(
      `select status from social_accounts where user_id = $1 and platform = 'instagram'`,
      [user.id],
    );
    expect(acc.rows).toEqual([{ status: 'connected' }]);
    expect(await queuedFor(user.id)).toBe(1);

    const sp = await ctx.call('POST', '/api/fan-finder/spotify/profile', {
      token,
      body: { spotify_id: OWN_ID },
    });
    expect(sp.statusCode).toBe(200);
    expect(sp.json().data.spotify).toMatchObject({ spotify_id: OWN_ID });
    expect((await addRelated(token, OWN_ID, 'me')).statusCode).toBe(422);

    expect((await addRelated(token, REL_A, '@Rel.A')).statusCode).toBe(201);
    const second = await addRelated(token, REL_B, 'rel_b');
    expect(second.statusCode).toBe(201);
    expect(
      second
        .json()
        .data.related.map((r: { slot: number; instagram_username: string }) => [
          r.slot,
          r.instagram_username,
        ]),
    ).toEqual([
      [1, 'rel.a'],
      [2, 'rel_b'],
    ]);
    expect((await addRelated(token, REL_A, 'again')).statusCode).toBe(409);
    const third = await addRelated(token, REL_C, 'rel_c');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toContain('2');
    // Still one waiting job for the artist (stately queue, singleton key).
    expect(await queuedFor(user.id)).toBe(1);

    const sub = await ctx.call('GET', '/api/fan/finder/get/subscription', { token });
    expect(sub.json().data).toMatchObject({ spotify_id: OWN_ID, instagram_username: 'own.artist' });
    expect(sub.json().data.related_artists).toHaveLength(2);
  });

  it('two related artists added at once: never more than 2 (unique slot under the row lock)', async () => {
    const { user, token } = await artist();
    const ids = [REL_A, REL_B, REL_C, OWN_ID];
    const answers = await Promise.all(ids.map((id, i) => addRelated(token, id, `rel${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const rows = await ctx.deps.database.pool.query(
      `select slot from fan_finder_connections where user_id = $1 and kind = 'related' order by slot`,
      [user.id],
    );
    expect(rows.rows).toEqual([{ slot: 1 }, { slot: 2 }]);
  });

  it('refuses without a subscription, junk usernames, and another artist’s connection (404)', async () => {
    const outsider = await artist(false);
    expect((await addRelated(outsider.token, REL_A, 'x')).statusCode).toBe(409);
    expect(
      (await ctx.call('GET', '/api/fan-finder/instagram/oauth/url', { token: outsider.token })).statusCode,
    ).toBe(409);
    const owner = await artist();
    expect((await addRelated(owner.token, REL_A, 'bad name!')).statusCode).toBe(422);
    expect((await addRelated(owner.token, 'not-an-id!', 'ok')).statusCode).toBe(422);
    const added = await addRelated(owner.token, REL_A, 'rel.a');
    const id = added.json().data.related[0].id;
    const other = await artist();
    const del = await ctx.call('DELETE', `/api/fan-finder/delete/connection/${id}`, { token: other.token });
    expect(del.statusCode).toBe(404);
    const mine = await ctx.call('DELETE', `/api/fan-finder/delete/connection/${id}`, { token: owner.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.related).toEqual([]);
  });

  it('deleting the Instagram connection disconnects the account in the shared module', async () => {
    const { user, token } = await artist();
    const ig = await connectInstagram(token, 'to.delete');
    const id = ig.json().data.instagram.id;
    expect((await ctx.call('DELETE', `/api/fan-finder/delete/connection/${id}`, { token })).statusCode).toBe(
      200,
    );
    const acc = await ctx.deps.database.pool.query(
      `select status, access_token from social_accounts where user_id = $1`,
      [user.id],
    );
    expect(acc.rows).toEqual([{ status: 'revoked', access_token: null }]);
  });
});

describe('the analysis job (fan-finder.analyse)', () => {
  it('rates the commenters of the own and related posts, stores components, fills both grids', async () => {
    const { user, token } = await artist();
    await connectInstagram(token, 'grid.artist');
    await addRelated(token, REL_A, 'grid.rel.a');
    await addRelated(token, REL_B, 'grid.rel.b');
    const pendingPage = await ctx.call('POST', '/api/fan/finder/get/fans', { token, body: {} });
    expect(pendingPage.json()).toMatchObject({ pending: true, data: [] });

    const result = await analyseArtist(ctx.deps, user.id);
    expect(result.skipped).toBeNull();
    expect(result.own).toBeGreaterThan(0);
    expect(result.related).toBeGreaterThan(0);

    const own = await ctx.call('POST', '/api/fan/finder/get/fans', { token, body: { page: 1 } });
    expect(own.statusCode).toBe(200);
    const body = own.json();
    expect(body.pending).toBe(false);
    expect(body.data.length).toBe(Math.min(12, result.own));
    expect(body.pagination).toMatchObject({ total: result.own, limit: 12, current_page: 1 });
    const ratings = body.data.map((f: { rating_percentage: number }) => f.rating_percentage);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    for (const f of body.data) {
      const c = f.components;
      expect(Math.round(c.posts + c.artists + c.quality + c.recency)).toBe(f.rating_percentage);
      expect(f.is_new).toBe(true); // first found on the day of this (last) sync
      expect(f.status).toBe('analysed');
    }
    const related = await ctx.call('POST', '/api/fan/finder/get/related-fans', { token, body: {} });
    expect(related.json().pagination.total).toBe(result.related);
    // The sandbox shares one pool of commenters: some fans comment on more than one artist.
    const all = await ctx.deps.database.pool.query(
      'select max(artists_commented) as m from fan_finder_fans where user_id = $1',
      [user.id],
    );
    expect(all.rows[0].m).toBeGreaterThan(1);

    // Filter by band: every fan answered is in the band.
    const low = await ctx.call('POST', '/api/fan/finder/get/fans', { token, body: { band: 'Low' } });
    for (const f of low.json().data) expect(f.rating_percentage).toBeLessThan(55);
    expect(
      (await ctx.call('POST', '/api/fan/finder/get/fans', { token, body: { band: 'Huge' } })).statusCode,
    ).toBe(422);
    expect(
      (await ctx.call('POST', '/api/fan/finder/get/fans', { token, body: { page: 0 } })).statusCode,
    ).toBe(422);

    // CSV export of the own grid.
    const csv = await ctx.call('GET', '/api/fan/finder/export/fans?scope=own', { token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe(
      'instagram_username,rating_percentage,band,new,posts,artists,quality,recency,comments,created_at,last_sync',
    );
    expect(lines).toHaveLength(result.own + 1);
  });

  it('a re-sync days later keeps created_at (no longer NEW) and the rating follows the data', async () => {
    const { user, token } = await artist();
    await connectInstagram(token, 'resync.artist');
    await analyseArtist(ctx.deps, user.id);
    const first = await ctx.deps.database.pool.query(
      `select instagram_username, created_at from fan_finder_fans where user_id = $1 and scope = 'own'`,
      [user.id],
    );
    ctx.clock.set(new Date(Date.now() + 8 * DAY));
    await analyseArtist(ctx.deps, user.id);
    const page = await ctx.call('POST', '/api/fan/finder/get/fans', { token, body: {} });
    const byName = new Map(first.rows.map((r) => [r.instagram_username, r.created_at.toISOString()]));
    for (const f of page.json().data) {
      if (byName.has(f.instagram_username)) {
        expect(f.created_at).toBe(byName.get(f.instagram_username));
        expect(f.is_new).toBe(false);
      }
    }
  });

  it('removing the Instagram connection empties both grids at the next analysis', async () => {
    const { user, token } = await artist();
    const ig = await connectInstagram(token, 'gone.artist');
    await addRelated(token, REL_A, 'gone.rel');
    await analyseArtist(ctx.deps, user.id);
    const count = async () =>
      Number(
        (
          await ctx.deps.database.pool.query('select count(*) from fan_finder_fans where user_id = $1', [
            user.id,
          ])
        ).rows[0].count,
      );
    expect(await count()).toBeGreaterThan(0);
    await ctx.call('DELETE', `/api/fan-finder/delete/connection/${ig.json().data.instagram.id}`, { token });
    expect((await analyseArtist(ctx.deps, user.id)).skipped).toBe('no_instagram');
    expect(await count()).toBe(0);
    const related = await ctx.call('GET', '/api/fan/finder/get/related-artists', { token });
    expect(related.json().data[0]).toMatchObject({ sync_status: 'failed' });
  });

  it('skips an artist without a subscription or without Instagram; the weekly re-sync queues only subscribers', async () => {
    const none = await artist();
    expect((await analyseArtist(ctx.deps, none.user.id)).skipped).toBe('no_instagram');
    const sub = await artist();
    await connectInstagram(sub.token, 'weekly.artist');
    await ctx.deps.database.pool.query(`delete from pgboss.job where name = $1`, [ANALYSE_QUEUE]);
    const queued = await queueWeeklyResync(ctx.deps);
    expect(queued).toBeGreaterThanOrEqual(1);
    expect(await queuedFor(sub.user.id)).toBe(1);
    expect(await queuedFor(none.user.id)).toBe(0);
    // The subscription ends (cancelled, past its end): the job changes nothing.
    await ctx.deps.database.pool.query(
      `update fan_finder_subscriptions set status = 'cancelled', auto_renew = false where user_id = $1`,
      [sub.user.id],
    );
    ctx.clock.set(new Date(Date.now() + 40 * DAY));
    expect((await analyseArtist(ctx.deps, sub.user.id)).skipped).toBe('not_subscribed');
  });

  it('marks related artists unavailable when the source cannot read other accounts’ commenters (real Instagram)', async () => {
    const { user, token } = await artist();
    await connectInstagram(token, 'real.like');
    await addRelated(token, REL_A, 'rel.unreadable');
    const sandbox = ctx.deps.providers.fanFinder;
    const realLike: FanFinderSource = { ...sandbox, relatedCommenters: false };
    const res = await analyseArtist(
      { ...ctx.deps, providers: { ...ctx.deps.providers, fanFinder: realLike } },
      user.id,
    );
    expect(res.own).toBeGreaterThan(0);
    expect(res.related).toBe(0);
    const related = await ctx.call('POST', '/api/fan/finder/get/related-fans', { token, body: {} });
    expect(related.json()).toMatchObject({ unavailable: true, pending: false, data: [] });
  });
});

describe('band filter at every band edge', () => {
  it('answers each fan in the band its rating has (85/84, 70/69, 55/54)', async () => {
    const { user, token } = await artist();
    const ratings = [100, 85, 84, 70, 69, 55, 54, 0];
    for (const r of ratings)
      await ctx.deps.database.pool.query(
        `insert into fan_finder_fans (user_id, scope, instagram_username, rating_percentage, components,
           posts_commented, artists_commented, comments_count, last_comment_at, last_sync_at)
         values ($1, 'own', $2, $3, '{"posts":0,"artists":0,"quality":0,"recency":0}', 1, 1, 1, now(), now())`,
        [user.id, `edge_${r}`, r],
      );
    const bandOf = async (band: string) =>
      (await ctx.call('POST', '/api/fan/finder/get/fans', { token, body: { band } }))
        .json()
        .data.map((f: { rating_percentage: number; rating: string }) => [f.rating_percentage, f.rating]);
    expect(await bandOf('Super')).toEqual([
      [100, 'Super'],
      [85, 'Super'],
    ]);
    expect(await bandOf('Regular')).toEqual([
      [84, 'Regular'],
      [70, 'Regular'],
    ]);
    expect(await bandOf('Mixed')).toEqual([
      [69, 'Mixed'],
      [55, 'Mixed'],
    ]);
    expect(await bandOf('Low')).toEqual([
      [54, 'Low'],
      [0, 'Low'],
    ]);
  });
});

describe('rateGrid (components)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const post = (id: string) => ({ id, username: 'a', caption: '', permalink: null, postedAt: now });
  const comment = (postId: string, username: string, text: string, daysAgo = 0) => ({
    id: `${postId}-${username}-${text}`,
    postId,
    username,
    profilePictureUrl: null,
    text,
    createdAt: new Date(now.getTime() - daysAgo * DAY),
  });
  it('counts posts commented on in the grid and artists across everything read', () => {
    const own = {
      connectionId: 1,
      scope: 'own' as const,
      posts: [post('p1'), post('p2')],
      comments: [
        comment('p1', 'super', 'love the chorus'),
        comment('p2', 'super', 'when is the tour?'),
        comment('p1', 'emoji', '🔥'),
      ],
      profile: null,
      status: 'done' as const,
      error: null,
    };
    const rel = {
      ...own,
      connectionId: 2,
      scope: 'related' as const,
      posts: [post('r1')],
      comments: [comment('r1', 'super', 'also here')],
    };
    const rated = rateGrid([own], [own, rel], now);
    const superFan = rated.find((f) => f.username === 'super')!;
    expect(superFan).toMatchObject({ postsCommented: 2, artistsCommented: 2, comments: 2 });
    expect(superFan.components).toEqual({ posts: 40, artists: 20, quality: 25, recency: 15 });
    expect(superFan.score).toBe(100);
    const emoji = rated.find((f) => f.username === 'emoji')!;
    expect(emoji.components).toEqual({ posts: 20, artists: 10, quality: 0, recency: 15 });
    expect(emoji.score).toBe(45);
  });
});

describe('staff (/fan/finder/search, /fan/finder/details/{searchArtist})', () => {
  it('finds an artist by an analysed Instagram username and reads their connections and both grids', async () => {
    const admin = await ctx.makeAdmin();
    const staff = await ctx.loginAdmin(admin.email);
    const { user, token } = await artist();
    await connectInstagram(token, 'staff.view.artist');
    await addRelated(token, REL_A, 'staff.view.rel');
    await analyseArtist(ctx.deps, user.id);

    const search = await ctx.call('GET', '/api/admin/fan-finder/artists?q=staff.view.rel', { token: staff });
    expect(search.statusCode).toBe(200);
    expect(search.json().data.map((r: { id: number }) => r.id)).toEqual([user.id]);
    expect(search.json().data[0]).toMatchObject({ instagram_username: 'staff.view.artist' });
    expect(search.json().data[0].fans).toBeGreaterThan(0);

    const detail = await ctx.call('GET', `/api/admin/fan-finder/artists/${user.id}`, { token: staff });
    expect(detail.json().data.connections.related).toHaveLength(1);
    expect(detail.json().data.subscription.instagram_username).toBe('staff.view.artist');
    const fans = await ctx.call('GET', `/api/admin/fan-finder/artists/${user.id}/fans?scope=related&page=1`, {
      token: staff,
    });
    expect(fans.statusCode).toBe(200);
    expect(fans.json().data.length).toBeGreaterThan(0);
    expect((await ctx.call('GET', '/api/admin/fan-finder/artists/999999', { token: staff })).statusCode).toBe(
      404,
    );
    // An artist's own token cannot read the staff routes.
    expect(
      (await ctx.call('GET', '/api/admin/fan-finder/artists', { token })).statusCode,
    ).toBeGreaterThanOrEqual(401);
  });
});
