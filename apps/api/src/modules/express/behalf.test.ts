import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { walletBalance } from '../wallet/ledger';
import { connectCuratorSpotify, createSpotifyTestApp } from './express.fixture';

/**
 * Staff acting for users: back-office /express/checkout orders Spotify express
 * campaigns for an artist on the artist's coins, /express/playlist/create lists a playlist for a
 * curator; both run the user's own service function (same rules), are audited as the staff member and
 * tell the user.
 */
let ctx: TestContext;
let playlistIds: number[] = [];
let staffToken: string;
let staffId: number;
const link = (track: string) => `https://open.spotify.com/track/${track}`;

beforeAll(async () => {
  ({ ctx, playlistIds } = await createSpotifyTestApp());
  const staff = await ctx.makeAdmin({ permissions: ['express.campaigns.show', 'express.playlist.show'] });
  staffId = staff.id;
  staffToken = await ctx.loginAdmin(staff.email);
});
afterAll(async () => {
  await ctx?.close();
});

const artistWith = (coins: number, overrides: Record<string, unknown> = {}) =>
  userWithCoins(ctx, coins, overrides);
const checkout = (body: Record<string, unknown>, token = staffToken) =>
  ctx.call('POST', '/api/admin/express/checkout', { token, body });
const notificationsOf = async (userId: number) =>
  (
    await ctx.deps.database.pool.query(
      'select message_key, params, link from notifications where user_id = $1 order by id',
      [userId],
    )
  ).rows as { message_key: string; params: Record<string, unknown>; link: string }[];

describe('staff checkout for an artist (/api/admin/express/checkout)', () => {
  it("holds the artist's coins per playlist as the artist's own order does, audited as staff, the artist told", async () => {
    const artist = await artistWith(1000);
    const res = await checkout({
      artist_id: artist.id,
      track_link: link('4uLU6hMCjMI75M1A2tKUQC'),
      playlist_ids: playlistIds,
      pitch: 'Made for late drives',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data as { id: number; status: { id: number } }[];
    expect(created).toHaveLength(2);
    expect(created.every((c) => c.status.id === 1)).toBe(true);
    // Starter 50 + Premium 300, from the artist's wallet, one campaign purchase (desc 2) hold each.
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(650);
    const holds = await ctx.deps.database.pool.query(
      `select c.artist_id, c.pitch, h.amount from express_campaigns c join ledger_holds h on h.id = c.hold_id
        where c.id = any($1) order by c.id`,
      [created.map((c) => c.id)],
    );
    expect(holds.rows.map((r) => [r.artist_id, r.amount, r.pitch])).toEqual([
      [artist.id, 50, 'Made for late drives'],
      [artist.id, 300, 'Made for late drives'],
    ]);
    const audit = await ctx.deps.database.pool.query(
      `select actor_type, actor_id, meta from audit_logs where action = 'express.created' and target_id = $1`,
      [created.map((c) => c.id).join(',')],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_type: 'admin', actor_id: staffId });
    expect(audit.rows[0].meta.on_behalf_of).toBe(artist.id);
    const events = await ctx.deps.database.pool.query(
      'select actor_type, actor_id from express_campaign_events where campaign_id = any($1)',
      [created.map((c) => c.id)],
    );
    expect(events.rows.every((e) => e.actor_type === 'admin' && e.actor_id === staffId)).toBe(true);
    const told = await notificationsOf(artist.id);
    expect(told.map((n) => n.message_key)).toEqual(['express.notify.created_by_staff']);
    expect(told[0]!.params).toMatchObject({ coins: 350 });
    expect(told[0]!.link).toBe('/express/campaigns/list');
    // The artist sees them as their own campaigns; the curator got the usual request.
    const mine = await ctx.call('GET', '/api/express/artist/campaigns', {
      token: await ctx.loginUser(artist.email),
    });
    expect(
      mine
        .json()
        .data.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual(created.map((c) => c.id).sort());
  });

  it("applies the artist's own rules: bad link 'Not A valid Track', too few coins 409 holding nothing", async () => {
    const artist = await artistWith(100);
    const bad = await checkout({
      artist_id: artist.id,
      track_link: 'https://open.spotify.com/album/4uLU6hMCjMI75M1A2tKUQC',
      playlist_ids: playlistIds,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.track_link).toEqual(['Not A valid Track']);
    const poor = await checkout({
      artist_id: artist.id,
      track_link: link('5aLU6hMCjMI75M1A2tKUQC'),
      playlist_ids: playlistIds,
    });
    expect(poor.statusCode).toBe(409);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(100);
    const n = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_campaigns where artist_id = $1',
      [artist.id],
    );
    expect(n.rows[0].n).toBe(0);
    expect(await notificationsOf(artist.id)).toEqual([]);
  });

  it('orders only for an approved artist: a curator, a pending or a disabled artist get the field message', async () => {
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const pending = await artistWith(1000, { status: 'pending_approval' });
    const disabled = await artistWith(1000, { status: 'disabled' });
    for (const id of [curator.id, pending.id, disabled.id, 999_999]) {
      const res = await checkout({
        artist_id: id,
        track_link: link('6bLU6hMCjMI75M1A2tKUQC'),
        playlist_ids: playlistIds,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ artist_id: ['Choose an approved artist'] });
    }
    expect(await walletBalance(ctx.deps.database, pending.id)).toBe(1000);
  });

  it('of 20 concurrent staff orders of different tracks on one playlist, exactly those the coins cover are held', async () => {
    const artist = await artistWith(50 * 7);
    const tracks = Array.from({ length: 20 }, (_, i) => `7cLU6hMCjMI75M1A2tK${String(i).padStart(3, '0')}`);
    const results = await Promise.all(
      tracks.map((tr) =>
        checkout({ artist_id: artist.id, track_link: link(tr), playlist_ids: [playlistIds[0]!] }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(0);
    const held = await ctx.deps.database.pool.query(
      `select count(*)::int n, coalesce(sum(h.amount), 0)::int s from express_campaigns c
         join ledger_holds h on h.id = c.hold_id where c.artist_id = $1`,
      [artist.id],
    );
    expect(held.rows[0]).toEqual({ n: 7, s: 350 });
  });

  it('needs express.campaigns.show; the artist picker lists approved artists with their coins', async () => {
    const artist = await artistWith(420, { firstName: 'Picker', lastName: 'Artist' });
    const other = await ctx.makeAdmin({ permissions: ['express.playlist.show'] });
    const otherToken = await ctx.loginAdmin(other.email);
    const refused = await checkout(
      { artist_id: artist.id, track_link: link('8dLU6hMCjMI75M1A2tKUQC'), playlist_ids: playlistIds },
      otherToken,
    );
    expect(refused.statusCode).toBe(403);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(420);
    const found = await ctx.call('GET', '/api/admin/express/artists?q=Picker', { token: staffToken });
    expect(found.json().data).toEqual([
      { id: artist.id, name: 'Picker Artist', email: artist.email, balance: 420 },
    ]);
    const pending = await artistWith(0, {
      firstName: 'Picker',
      lastName: 'Pending',
      status: 'pending_approval',
    });
    const again = await ctx.call('GET', '/api/admin/express/artists?q=Picker', { token: staffToken });
    expect(again.json().data.map((u: { id: number }) => u.id)).not.toContain(pending.id);
  });
});

describe('staff playlist listing for a curator (/api/admin/express/playlists)', () => {
  const create = (body: Record<string, unknown>, token = staffToken) =>
    ctx.call('POST', '/api/admin/express/playlists', { token, body });

  it("runs the curator's own rules, records the staff member, audits and tells the curator", async () => {
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const url = 'https://open.spotify.com/playlist/2bCdEfGhIjKlMnOpQrStUv';
    // The curator's own rules: no connected Spotify account owning it yet.
    const noConnection = await create({
      curator_id: curator.id,
      spotify_url: url,
      tier_id: 1,
      duration_id: 1,
    });
    expect(noConnection.statusCode).toBe(422);
    expect(noConnection.json().errors.spotify_url).toBeDefined();
    const badLink = await create({
      curator_id: curator.id,
      spotify_url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      tier_id: 1,
      duration_id: 1,
    });
    expect(badLink.json().errors.spotify_url).toBeDefined();
    await connectCuratorSpotify(ctx, curator.id, 'sandbox-behalf', 'B');
    const noTier = await create({
      curator_id: curator.id,
      spotify_url: url,
      tier_id: 99_999,
      duration_id: 1,
    });
    expect(noTier.statusCode).toBe(422);
    expect(Object.keys(noTier.json().errors)).toEqual(['tier_id']);

    const ok = await create({
      curator_id: curator.id,
      spotify_url: url,
      tier_id: 1,
      duration_id: 1,
      genre_ids: [1],
    });
    expect(ok.statusCode).toBe(201);
    const { id, status_id } = ok.json().data;
    // Waits for approval as the curator's own listing does.
    expect(status_id).toBe(2);
    const row = await ctx.deps.database.pool.query(
      'select curator_id, by_admin_id from express_playlists where id = $1',
      [id],
    );
    expect(row.rows[0]).toEqual({ curator_id: curator.id, by_admin_id: staffId });
    const audit = await ctx.deps.database.pool.query(
      `select actor_type, actor_id, meta from audit_logs where action = 'express.playlist_created' and target_id = $1`,
      [String(id)],
    );
    expect(audit.rows).toEqual([
      { actor_type: 'admin', actor_id: staffId, meta: { on_behalf_of: curator.id } },
    ]);
    const told = await notificationsOf(curator.id);
    expect(told.map((n) => [n.message_key, n.link])).toEqual([
      ['express.notify.playlist_created_by_staff', `/express/my/playlist/view/${id}`],
    ]);
    const mail = await ctx.lastMail(curator.email);
    expect(mail?.subject).toBe('Playlist added for you');
    const dup = await create({ curator_id: curator.id, spotify_url: url, tier_id: 1, duration_id: 1 });
    expect(dup.statusCode).toBe(422);
  });

  it('lists only for an approved curator, and needs express.playlist.show', async () => {
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const pending = await ctx.makeUser({ userTypeId: 2, status: 'pending_approval' });
    for (const curatorId of [artist.id, pending.id]) {
      const res = await create({
        curator_id: curatorId,
        spotify_url: 'https://open.spotify.com/playlist/3cDeFgHiJkLmNoPqRsTuVw',
        tier_id: 1,
        duration_id: 1,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ curator_id: ['Choose an approved curator'] });
    }
    const other = await ctx.makeAdmin({ permissions: ['express.campaigns.show'] });
    const refused = await create(
      {
        curator_id: pending.id,
        spotify_url: 'https://open.spotify.com/playlist/3cDeFgHiJkLmNoPqRsTuVw',
        tier_id: 1,
        duration_id: 1,
      },
      await ctx.loginAdmin(other.email),
    );
    expect(refused.statusCode).toBe(403);
    const options = await ctx.call('GET', '/api/admin/express/playlist/options', { token: staffToken });
    expect(options.statusCode).toBe(200);
    expect(options.json().data.tiers.length).toBeGreaterThan(0);
    expect(options.json().data.durations.length).toBeGreaterThan(0);
  });
});
