import { ACTING_FOR_HEADER } from '@lm/contracts/organisations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedExpressDemo } from '../modules/express/express.seed';
import { notify } from '../modules/notifications/notifications.service';
import {
  addMember,
  addRosterArtist,
  makeOrganisation,
} from '../modules/organisations/organisations.money.test-helpers';
import { seedWalletDemo } from '../modules/wallet/wallet.demo';
import { creditCoins } from './coins';
import { createTestApp, type TestContext } from './harness';

/**
 * Object-level access: with the right permission, one user still cannot read or
 * change another user's records: campaigns, campaign messages, playlists, invoices, wallet transactions, sessions, API keys and
 * notifications. Each refusal is a 404 (the record's existence is not revealed) and changes nothing.
 */

let ctx: TestContext;
let artistA: { id: number; token: string };
let artistB: { id: number; token: string };
let curatorA: { id: number; token: string };
let curatorB: { id: number; token: string };
let campaignId: number;
let playlistId: number;

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, params)).rows as T[];

beforeAll(async () => {
  ctx = await createTestApp();
  // The demo curator (owner of the demo playlists) is curator A.
  const ca = await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  await seedExpressDemo(ctx.deps.database);
  await seedWalletDemo(ctx.deps.database);
  const cb = await ctx.makeUser({ userTypeId: 2 });
  const aa = await ctx.makeUser({ userTypeId: 1 });
  const ab = await ctx.makeUser({ userTypeId: 1 });
  curatorA = { id: ca.id, token: await ctx.loginUser(ca.email) };
  curatorB = { id: cb.id, token: await ctx.loginUser(cb.email) };
  artistA = { id: aa.id, token: await ctx.loginUser(aa.email) };
  artistB = { id: ab.id, token: await ctx.loginUser(ab.email) };
  await creditCoins(ctx, aa.id, 2000);
  playlistId = (await q<{ id: number }>('select id from express_playlists order by id limit 1'))[0]!.id;
  const created = await ctx.call('POST', '/api/express/artist/campaign/create', {
    token: artistA.token,
    body: {
      track_link: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      playlist_ids: [playlistId],
      payment_method: 'coins',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  campaignId = (await q<{ id: number }>('select id from express_campaigns where artist_id = $1', [aa.id]))[0]!
    .id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('one user cannot read or change another user’s records', () => {
  it('campaigns: another artist or curator gets 404 and cannot approve', async () => {
    expect(
      (await ctx.call('GET', `/api/express/artist/show/campaign/${campaignId}`, { token: artistA.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.call('GET', `/api/express/artist/show/campaign/${campaignId}`, { token: artistB.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.call('GET', `/api/express/curator/shows/campaigns/${campaignId}`, { token: curatorA.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.call('GET', `/api/express/curator/shows/campaigns/${campaignId}`, { token: curatorB.token }))
        .statusCode,
    ).toBe(404);
    const approve = await ctx.call('POST', '/api/express/curator/approve/campaign', {
      token: curatorB.token,
      body: { campaign_id: campaignId },
    });
    expect([404, 409]).toContain(approve.statusCode);
    expect((await q('select status_id from express_campaigns where id = $1', [campaignId]))[0]).toEqual({
      status_id: 1,
    });
    const renew = await ctx.call('POST', '/api/express/artist/campaign/renew/check', {
      token: artistB.token,
      body: { campaign_id: campaignId },
    });
    expect([404, 409]).toContain(renew.statusCode);
    const list = await ctx.call('GET', '/api/express/artist/campaigns', { token: artistB.token });
    expect((list.json().data as { id: number }[]).map((c) => c.id)).not.toContain(campaignId);
  });

  it('campaign messages: another artist or curator gets 404 on reading, writing and marking read', async () => {
    const path = `/api/express/campaigns/${campaignId}/messages`;
    const mine = await ctx.call('POST', path, {
      token: artistA.token,
      body: { body: 'For my curator only' },
    });
    expect(mine.statusCode).toBe(201);
    expect((await ctx.call('GET', path, { token: curatorA.token })).statusCode).toBe(200);
    for (const token of [artistB.token, curatorB.token]) {
      expect((await ctx.call('GET', path, { token })).statusCode).toBe(404);
      expect((await ctx.call('POST', path, { token, body: { body: 'Hi' } })).statusCode).toBe(404);
      expect(
        (await ctx.call('POST', `${path}/read`, { token, body: { up_to_id: mine.json().data.id } }))
          .statusCode,
      ).toBe(404);
    }
    expect(await q('select body from campaign_messages where campaign_id = $1', [campaignId])).toEqual([
      { body: 'For my curator only' },
    ]);
    expect(
      await q('select user_id from campaign_message_reads where campaign_id = $1', [campaignId]),
    ).toEqual([{ user_id: artistA.id }]);
  });

  it('playlists: another curator cannot read or edit them', async () => {
    const before = await q('select tier_id, renewable, status_id from express_playlists where id = $1', [
      playlistId,
    ]);
    expect(
      (await ctx.call('GET', `/api/express/curator/shows/playlist/${playlistId}`, { token: curatorA.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.call('GET', `/api/express/curator/shows/playlist/${playlistId}`, { token: curatorB.token }))
        .statusCode,
    ).toBe(404);
    const edit = await ctx.call('PUT', `/api/express/curator/playlist/edit/${playlistId}`, {
      token: curatorB.token,
      body: { renewable: false, disabled: true },
    });
    expect(edit.statusCode).toBe(404);
    expect(
      await q('select tier_id, renewable, status_id from express_playlists where id = $1', [playlistId]),
    ).toEqual(before);
    const mine = await ctx.call('GET', '/api/express/curator/playlists', { token: curatorB.token });
    expect((mine.json().data as { id: number }[]).map((p) => p.id)).not.toContain(playlistId);
  });

  it('invoices: another artist cannot read or render them', async () => {
    const pkg = (
      await q<{ id: number }>('select id from coin_packages where is_active order by id limit 1')
    )[0]!;
    const checkout = await ctx.call('POST', '/api/stripe/create/checkout', {
      token: artistA.token,
      body: { package_id: pkg.id },
    });
    expect(checkout.statusCode).toBe(200);
    const pay = await ctx.call('POST', `/api/sandbox/checkout/${checkout.json().data.session_id}/complete`, {
      body: {},
    });
    expect(pay.statusCode).toBe(302);
    const [invoice] = await q<{ id: number }>(
      'select i.id from invoices i join payments p on p.id = i.payment_id where p.user_id = $1',
      [artistA.id],
    );
    expect(invoice).toBeDefined();
    expect(
      (await ctx.call('GET', `/api/artist/invoices/${invoice!.id}`, { token: artistA.token })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.call('GET', `/api/artist/invoices/${invoice!.id}`, { token: artistB.token })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call('POST', `/api/artist/invoice/${invoice!.id}`, { token: artistB.token, body: {} }))
        .statusCode,
    ).toBe(404);
    const list = await ctx.call('GET', '/api/artist/invoices', { token: artistB.token });
    expect((list.json().data as { id: number }[]).map((i) => i.id)).not.toContain(invoice!.id);
  });

  it('wallet transactions: another user gets 404 and never sees them in a list', async () => {
    const own = await ctx.call('GET', '/api/wallet/user/transaction', { token: artistA.token });
    const entry = (own.json().data as { id: number }[])[0]!;
    expect(
      (await ctx.call('GET', `/api/wallet/user/transaction/${entry.id}`, { token: artistA.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.call('GET', `/api/wallet/user/transaction/${entry.id}`, { token: artistB.token }))
        .statusCode,
    ).toBe(404);
    const other = await ctx.call('GET', '/api/wallet/user/transaction', { token: artistB.token });
    expect((other.json().data as { id: number }[]).map((t) => t.id)).not.toContain(entry.id);
  });

  it('sessions: another user cannot sign one out', async () => {
    const [session] = await q<{ id: number }>(
      'select id from access_tokens where user_id = $1 and revoked_at is null order by id desc limit 1',
      [artistA.id],
    );
    const res = await ctx.call('DELETE', `/api/user/sessions/${session!.id}`, { token: artistB.token });
    expect(res.statusCode).toBe(404);
    expect((await q('select revoked_at from access_tokens where id = $1', [session!.id]))[0]).toEqual({
      revoked_at: null,
    });
    expect((await ctx.call('GET', '/api/user/info', { token: artistA.token })).statusCode).toBe(200);
    const list = await ctx.call('GET', '/api/user/sessions', { token: artistB.token });
    expect((list.json().data as { id: number }[]).map((s) => s.id)).not.toContain(session!.id);
  });

  it('API keys: another user cannot list or revoke one, and a key reads only its own user’s records', async () => {
    const made = await ctx.call('POST', '/api/user/api-keys', {
      token: artistA.token,
      body: { name: 'A', scopes: ['campaigns:read'], expires_in_days: 7 },
    });
    const key = made.json().data as { id: number; secret: string };
    const res = await ctx.call('DELETE', `/api/user/api-keys/${key.id}`, { token: artistB.token });
    expect(res.statusCode).toBe(404);
    expect((await q('select revoked_at from api_keys where id = $1', [key.id]))[0]).toEqual({
      revoked_at: null,
    });
    const list = await ctx.call('GET', '/api/user/api-keys', { token: artistB.token });
    expect((list.json().data as { id: number }[]).map((k) => k.id)).not.toContain(key.id);
    const bKey = (
      await ctx.call('POST', '/api/user/api-keys', {
        token: artistB.token,
        body: { name: 'B', scopes: ['campaigns:read'], expires_in_days: 7 },
      })
    ).json().data as { secret: string };
    const url = `/api/express/artist/show/campaign/${campaignId}`;
    expect((await ctx.call('GET', url, { token: key.secret })).statusCode).toBe(200);
    expect((await ctx.call('GET', url, { token: bKey.secret })).statusCode).toBe(404);
  });

  it('notifications: another user cannot mark one read or list it', async () => {
    const id = await notify(ctx.deps.database, {
      userId: artistA.id,
      type: 'test.private',
      message: 'user.notify.approved',
    });
    const res = await ctx.call('POST', `/api/notifications/${id}/read`, { token: artistB.token });
    expect(res.statusCode).toBe(404);
    expect((await q('select read_at from notifications where id = $1', [id]))[0]).toEqual({ read_at: null });
    const list = await ctx.call('GET', '/api/notifications', { token: artistB.token });
    expect((list.json().data as { id: number }[]).map((n) => n.id)).not.toContain(id);
    await ctx.call('POST', '/api/notifications/read-all', { token: artistB.token, body: {} });
    expect((await q('select read_at from notifications where id = $1', [id]))[0]).toEqual({ read_at: null });
    expect(
      (await ctx.call('POST', `/api/notifications/${id}/read`, { token: artistA.token })).statusCode,
    ).toBe(200);
  });

  it('account calls act on the caller only', async () => {
    expect(
      (await ctx.call('GET', `/api/user/get-info/${artistA.id}`, { token: artistB.token })).statusCode,
    ).toBe(404);
    const update = await ctx.call('POST', `/api/user/update-user/${artistA.id}`, {
      token: artistB.token,
      body: { first_name: 'Hijacked' },
    });
    expect(update.statusCode).toBe(404);
    expect((await q('select first_name from users where id = $1', [artistA.id]))[0]).not.toEqual({
      first_name: 'Hijacked',
    });
    expect(
      (await ctx.call('DELETE', `/api/user/delete/${artistA.id}`, { token: artistB.token })).statusCode,
    ).toBe(404);
    expect((await q('select deleted_at from users where id = $1', [artistA.id]))[0]).toEqual({
      deleted_at: null,
    });
  });

  it('Fan Finder subscriptions: another artist cannot switch, cancel or read one', async () => {
    const [plan] = await q<{ id: number }>(
      `insert into fan_finder_plans (plan_name, plan_days, price) values ('Object access plan', 30, 10) returning id`,
    );
    const sub = await ctx.call('POST', '/api/fan/finder/new/subscription', {
      token: artistA.token,
      body: { plan_id: plan!.id, auto_renew: true },
    });
    expect(sub.statusCode).toBe(201);
    const id = sub.json().data.id as number;
    const switched = await ctx.call('PUT', `/api/fan/finder/update/subscription/${id}`, {
      token: artistB.token,
      body: { auto_renew: false },
    });
    expect(switched.statusCode).toBe(404);
    expect(
      (await ctx.call('POST', `/api/fan/finder/cancel/subscription/${id}`, { token: artistB.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await q('select status, auto_renew from fan_finder_subscriptions where id = $1', [id]))[0],
    ).toEqual({
      status: 'active',
      auto_renew: true,
    });
    const theirs = await ctx.call('GET', '/api/fan/finder/get/subscription', { token: artistB.token });
    expect(theirs.json().data).toBeNull();
  });
  it('Fan Finder connections and fans: another artist cannot delete or read them', async () => {
    const [conn] = await q<{ id: number }>(
      `insert into fan_finder_connections (user_id, kind, slot, spotify_id, spotify_name, instagram_username)
       values ($1, 'related', 1, '1vCWHaC5f2uS3yhpwWbIA6', 'Object access artist', 'oa.related') returning id`,
      [artistA.id],
    );
    await q(
      `insert into fan_finder_fans (user_id, scope, instagram_username, rating_percentage, components,
         posts_commented, artists_commented, comments_count, last_comment_at, last_sync_at)
       values ($1, 'own', 'oa.fan', 90, '{"posts":40,"artists":20,"quality":15,"recency":15}', 6, 1, 6, now(), now())`,
      [artistA.id],
    );
    const del = await ctx.call('DELETE', `/api/fan-finder/delete/connection/${conn!.id}`, {
      token: artistB.token,
    });
    expect(del.statusCode).toBe(404);
    expect(await q('select id from fan_finder_connections where id = $1', [conn!.id])).toHaveLength(1);
    const theirs = await ctx.call('POST', '/api/fan/finder/get/fans', { token: artistB.token, body: {} });
    expect(theirs.json().data).toEqual([]);
    const related = await ctx.call('GET', '/api/fan/finder/get/related-artists', { token: artistB.token });
    expect(related.json().data).toEqual([]);
  });

  it("organisations: a member of A reaches nothing of B's, and an artist who left is out of reach", async () => {
    const a = await makeOrganisation(ctx);
    const b = await makeOrganisation(ctx);
    const member = await ctx.makeUser({ userTypeId: 1 });
    await addMember(ctx, a.org.id, member.id, 'admin');
    const token = await ctx.loginUser(member.email);
    const artistOfB = await addRosterArtist(ctx, b.org.id);
    const artistOfA = await addRosterArtist(ctx, a.org.id);
    // B's organisation routes answer 404 (its existence is not revealed), reads and changes alike.
    for (const [method, url] of [
      ['GET', `/api/organisations/${b.org.id}`],
      ['GET', `/api/organisations/${b.org.id}/members`],
      ['GET', `/api/organisations/${b.org.id}/artists`],
      ['GET', `/api/organisations/${b.org.id}/wallet`],
      ['GET', `/api/organisations/${b.org.id}/statement?month=2026-01`],
      ['DELETE', `/api/organisations/${b.org.id}/artists/${artistOfB.id}`],
    ] as const) {
      const res = await ctx.call(method, url, { token });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      await q('select status from organisation_artists where artist_user_id = $1', [artistOfB.id]),
    ).toEqual([{ status: 'active' }]);
    // Acting for B's artist, or for A's artist once they left: refused.
    const asArtist = (artistId: number) =>
      ctx.call('GET', '/api/wallet/user/current/balance', {
        token,
        headers: { [ACTING_FOR_HEADER]: String(artistId) },
      });
    expect((await asArtist(artistOfB.id)).statusCode).toBe(403);
    expect((await asArtist(artistOfA.id)).statusCode).toBe(200);
    const left = await ctx.call('POST', '/api/user/organisation/leave', {
      token: await ctx.loginUser(artistOfA.email),
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await asArtist(artistOfA.id)).statusCode).toBe(403);
  });
});
