import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { artistWithCoins, ledgerTotal } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { walletBalance } from '../wallet/ledger';
import { connectCuratorSpotify, createSpotifyTestApp, FEEDBACK, listenFully } from './express.fixture';
import { advance, sweep } from './express.machine';
import { DEMO_PLAYLISTS } from './express.seed';
import { SPOTIFY_TIMING } from './platforms/spotify.adapter';

let ctx: TestContext;
const DAY = 86_400_000;
const TRACK = '4uLU6hMCjMI75M1A2tKUQC';
const trackLink = `https://open.spotify.com/track/${TRACK}`;
let playlistIds: number[] = [];
let curatorToken: string;
let curatorId: number;
let spotifyPlaylistIds: string[] = [];

beforeAll(async () => {
  // The demo curator and two approved playlists (Starter 50 coins, Premium 300 coins).
  const world = await createSpotifyTestApp();
  ctx = world.ctx;
  curatorId = world.curator.id;
  playlistIds = world.playlistIds;
  spotifyPlaylistIds = world.spotifyPlaylistIds;
  curatorToken = await ctx.loginUser(world.curator.email);
});
afterAll(async () => {
  await ctx?.close();
});
// Tests move the clock by weeks; sessions (30 days) would expire, so each test starts at real time.
afterEach(async () => {
  ctx.clock.set(new Date());
  curatorToken = await ctx.loginUser('curator@demo.test');
});

const artistWith = (coins: number) => artistWithCoins(ctx, coins);
async function create(token: string, ids = playlistIds, link = trackLink) {
  return ctx.call('POST', '/api/express/artist/campaign/create', {
    token,
    body: { track_link: link, playlist_ids: ids, payment_method: 'coins' },
  });
}
const place = (playlist: string, track = TRACK) =>
  ctx.call('POST', `/api/sandbox/spotify/playlists/${playlist}/tracks`, { body: { track_id: track } });
const unplace = (playlist: string, track = TRACK) =>
  ctx.call('DELETE', `/api/sandbox/spotify/playlists/${playlist}/tracks/${track}`);
const status = async (id: number) =>
  (await ctx.deps.database.pool.query('select status_id from express_campaigns where id = $1', [id])).rows[0]
    .status_id as number;
/**
 * The curator approves campaign `id`, adds `track` to the second playlist and says so; once the verify
 * delay has passed the campaign is On Going.
 */
async function approveAndPlace(id: number, track: string) {
  await listenFully(ctx.deps, id, curatorId);
  await ctx.call('POST', '/api/express/curator/approve/campaign', {
    token: curatorToken,
    body: { campaign_id: id },
  });
  await place(spotifyPlaylistIds[1]!, track);
  await ctx.call('POST', '/api/express/track/exists', {
    token: curatorToken,
    body: { track_id: track, playlist_id: playlistIds[1] },
  });
  ctx.clock.advance((SPOTIFY_TIMING.verifyDelayMinutes + 1) * 60_000);
  await advance(ctx.deps, id);
  expect(await status(id)).toBe(S.ON_GOING);
}
async function moneyOf(id: number) {
  const r = await ctx.deps.database.pool.query(
    `select c.price, coalesce(sum(t.amount) filter (where t.idempotency_key like 'hold:%'), 0)::int as settled
       from express_campaigns c left join ledger_transfers t on t.hold_id = c.hold_id where c.id = $1 group by c.price`,
    [id],
  );
  return r.rows[0] as { price: number; settled: number };
}

describe('creating campaigns', () => {
  it("refuses a link that is not a Spotify track with 'Not A valid Track'", async () => {
    const { token } = await artistWith(1000);
    const res = await create(token, playlistIds, 'https://open.spotify.com/album/4uLU6hMCjMI75M1A2tKUQC');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.track_link).toEqual(['Not A valid Track']);
  });

  it('holds the price per playlist, and with too few coins answers 409 holding nothing', async () => {
    const poor = await artistWith(100);
    const res = await create(poor.token);
    expect(res.statusCode).toBe(409);
    expect(await walletBalance(ctx.deps.database, poor.user.id)).toBe(100);
    const n = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_campaigns where artist_id = $1',
      [poor.user.id],
    );
    expect(n.rows[0].n).toBe(0);

    const rich = await artistWith(1000);
    const ok = await create(rich.token);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toHaveLength(2);
    expect(await walletBalance(ctx.deps.database, rich.user.id)).toBe(1000 - 50 - 300);
    const dup = await create(rich.token, [playlistIds[0]!]);
    expect(dup.statusCode).toBe(409);
  });

  it('answers each new campaign exactly as its detail reads it back (the answer is made from what was written)', async () => {
    const { token } = await artistWith(1000);
    const language = (
      await ctx.deps.database.pool.query<{ id: number }>(`select id from languages where code = 'fr'`)
    ).rows[0]!.id;
    for (const [lang, body] of [
      ['en', { pitch: 'A pitch for you', made_with_ai: false, language_id: language }],
      ['fr', {}],
    ] as const) {
      const texts: string[] = [];
      const query = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
        if (text) texts.push(text);
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as never);
      const res = await ctx
        .call('POST', '/api/express/artist/campaign/create', {
          token,
          headers: { 'x-lang': lang },
          body: {
            track_link: `https://open.spotify.com/track/3AnswerTrack00000000${lang.toUpperCase()}`,
            playlist_ids: playlistIds,
            payment_method: 'coins',
            ...body,
          },
        })
        .finally(() => spy.mockRestore());
      expect(res.statusCode).toBe(201);
      // Nothing read back: no statement reads the campaigns after the commit.
      expect(texts.filter((text) => /from "express_campaigns"/.test(text))).toEqual([]);
      const answered = res.json().data as { id: number }[];
      expect(answered).toHaveLength(2);
      for (const item of answered) {
        const read = await ctx.call('GET', `/api/express/artist/show/campaign/${item.id}`, {
          token,
          headers: { 'x-lang': lang },
        });
        // The artist's page adds the placement's performance to the detail.
        const { performance: _, ...detail } = read.json().data;
        expect(item).toEqual(detail);
      }
    }
  });

  it('an order of two playlists when the track is already open on the second: 409 naming it, nothing held or written', async () => {
    const link = 'https://open.spotify.com/track/3RaceTrack0000000000EE';
    const first = await artistWith(1000);
    expect((await create(first.token, [playlistIds[1]!], link)).statusCode).toBe(201);
    const second = await artistWith(1000);
    const res = await create(second.token, playlistIds, link);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `This track already has an open campaign on the playlist ${DEMO_PLAYLISTS[1].name}`,
    );
    expect(await walletBalance(ctx.deps.database, second.user.id)).toBe(1000);
    const written = await ctx.deps.database.pool.query(
      `select (select count(*) from express_campaigns where artist_id = $1)::int as campaigns,
              (select count(*) from audit_logs where actor_type = 'user' and actor_id = $1
                 and action = 'express.created')::int as audits`,
      [second.user.id],
    );
    expect(written.rows[0]).toEqual({ campaigns: 0, audits: 0 });
  });

  it('refuses an order the wallet cannot cover without queueing behind purchases holding the wallet', async () => {
    const poor = await artistWith(100);
    // Another purchase of this artist holds the wallet's row lock and has not committed.
    const client = await ctx.deps.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        "select id from ledger_accounts where user_id = $1 and kind = 'user_wallet' for no key update",
        [poor.user.id],
      );
      // 350 coins for 100: answered at once, although the wallet's lock is still held.
      const res = await create(poor.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Not enough coins in your wallet');
    } finally {
      await client.query('rollback');
      client.release();
    }
    expect(await walletBalance(ctx.deps.database, poor.user.id)).toBe(100);
  });
});

describe('purchases racing on one wallet (holds sent with the COMMIT)', () => {
  it('of 30 orders at once on a wallet covering 10, exactly 10 are created with their holds; 20 get 409 and leave nothing', async () => {
    const buyer = await artistWith(500);
    const track = (i: number) =>
      `https://open.spotify.com/track/${`race${buyer.user.id}x${i}`.padEnd(22, 'Z')}`;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => create(buyer.token, [playlistIds[0]!], track(i))),
    );
    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.json().message).toBe('Not enough coins in your wallet');
    expect(await walletBalance(ctx.deps.database, buyer.user.id)).toBe(0);
    // Every campaign has its pending hold under the id it reserved; no refused order left a row.
    const rows = await ctx.deps.database.pool.query(
      `select c.id, h.status, h.amount::int from express_campaigns c
         left join ledger_holds h on h.id = c.hold_id where c.artist_id = $1`,
      [buyer.user.id],
    );
    expect(rows.rows).toHaveLength(10);
    expect(rows.rows.every((r) => r.status === 'pending' && r.amount === 50)).toBe(true);
    const notices = await ctx.deps.database.pool.query(
      `select count(*)::int n from audit_logs where action = 'express.created' and actor_type = 'user' and actor_id = $1`,
      [buyer.user.id],
    );
    expect(notices.rows[0].n).toBe(10);
  });
});

describe('one open campaign per track per playlist', () => {
  const holdsOf = async (userId: number) =>
    (
      await ctx.deps.database.pool.query(
        `select count(*)::int n from ledger_holds h join ledger_accounts a on a.id = h.payer_account_id
          where a.user_id = $1`,
        [userId],
      )
    ).rows[0].n as number;

  it('of 40 concurrent requests for one track and playlist, one opens a campaign and holds; 39 get 409 holding nothing', async () => {
    const { user, token } = await artistWith(10_000);
    const link = 'https://open.spotify.com/track/0RaceTrack0000000000AA';
    const results = await Promise.all(
      Array.from({ length: 40 }, () => create(token, [playlistIds[0]!], link)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(39);
    const refused = results.find((r) => r.statusCode === 409)!.json();
    expect(refused.message).toBe(
      `This track already has an open campaign on the playlist ${DEMO_PLAYLISTS[0].name}`,
    );
    const rows = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_campaigns where artist_id = $1',
      [user.id],
    );
    expect(rows.rows[0].n).toBe(1);
    expect(await holdsOf(user.id)).toBe(1);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(10_000 - 50);
    expect(await ledgerTotal(ctx)).toBe(0);
  });

  it('artists asking for the same two playlists in opposite orders at once: one gets both, the rest 409, no deadlock', async () => {
    const link = 'https://open.spotify.com/track/4RaceTrack0000000000EE';
    const artists = await Promise.all(Array.from({ length: 12 }, () => artistWith(1000)));
    const results = await Promise.all(
      artists.map((a, i) => create(a.token, i % 2 ? [...playlistIds].reverse() : playlistIds, link)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(11).fill(409)]);
    const open = await ctx.deps.database.pool.query(
      `select count(*)::int n from express_campaigns where track_id = '4RaceTrack0000000000EE'`,
    );
    expect(open.rows[0].n).toBe(2);
    const balances = await Promise.all(artists.map((a) => walletBalance(ctx.deps.database, a.user.id)));
    expect(balances.sort((a, b) => a - b)).toEqual([1000 - 350, ...Array(11).fill(1000)]);
  });

  it('refuses the whole request naming the playlist when one of several has an open campaign, in any language', async () => {
    const first = await artistWith(1000);
    const link = 'https://open.spotify.com/track/1RaceTrack0000000000BB';
    expect((await create(first.token, [playlistIds[1]!], link)).statusCode).toBe(201);
    // Another artist (the track's label, say) asks for both playlists: refused, nothing held.
    const second = await artistWith(1000);
    const res = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token: second.token,
      body: { track_link: link, playlist_ids: playlistIds, payment_method: 'coins' },
      headers: { 'x-lang': 'fr' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Ce titre a déjà une campagne en cours sur la playlist ${DEMO_PLAYLISTS[1].name}`,
    );
    expect(await walletBalance(ctx.deps.database, second.user.id)).toBe(1000);
    expect(await holdsOf(second.user.id)).toBe(0);
  });

  it('a declined or completed campaign does not block a new one; renewing while one is open answers 409', async () => {
    const { user, token } = await artistWith(1000);
    const link = 'https://open.spotify.com/track/2RaceTrack0000000000CC';
    const reasons = (
      await ctx.call('GET', '/api/express/curator/campaign/reasons', { token: curatorToken })
    ).json().data;
    const first = (await create(token, [playlistIds[0]!], link)).json().data[0].id as number;
    await listenFully(ctx.deps, first, curatorId);
    await ctx.call('POST', '/api/express/curator/decline/campaign', {
      token: curatorToken,
      body: { campaign_id: first, reason_id: reasons[0].id, feedback: FEEDBACK },
    });
    expect(await status(first)).toBe(S.DECLINED);
    const second = await create(token, [playlistIds[0]!], link);
    expect(second.statusCode).toBe(201);
    const secondId = second.json().data[0].id as number;
    // The declined one cannot be renewed while the second is open (same track and playlist).
    const renew = await ctx.call('POST', '/api/express/artist/campaign/renew', {
      token,
      body: { campaign_id: first },
    });
    expect(renew.statusCode).toBe(409);
    // Placed and seen (Verifying), so staff may end it paying the curator in full.
    await listenFully(ctx.deps, secondId, curatorId);
    await ctx.call('POST', '/api/express/curator/approve/campaign', {
      token: curatorToken,
      body: { campaign_id: secondId },
    });
    await place(spotifyPlaylistIds[0]!, '2RaceTrack0000000000CC');
    await ctx.call('POST', '/api/express/track/exists', {
      token: curatorToken,
      body: { track_id: '2RaceTrack0000000000CC', playlist_id: playlistIds[0] },
    });
    expect(await status(secondId)).toBe(S.VERIFYING);
    const admin = await ctx.makeAdmin();
    const adminToken = await ctx.loginAdmin(admin.email);
    const ended = await ctx.call('POST', `/api/admin/express/campaigns/${secondId}/force-end`, {
      token: adminToken,
      body: { outcome: 'completed' },
    });
    expect(ended.statusCode).toBe(200);
    expect(await status(secondId)).toBe(S.COMPLETED);
    await unplace(spotifyPlaylistIds[0]!, '2RaceTrack0000000000CC');
    const renewed = await ctx.call('POST', '/api/express/artist/campaign/renew', {
      token,
      body: { campaign_id: secondId },
    });
    expect(renewed.statusCode).toBe(201);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000 - 50 - 50);
  });

  it('a card payment for a track already open on a chosen playlist keeps the coins in the wallet and creates nothing, every time it is confirmed', async () => {
    const link = 'https://open.spotify.com/track/3RaceTrack0000000000DD';
    const { user, token } = await artistWith(0);
    const start = await ctx.call('POST', '/api/stripe/campaign/checkout', {
      token,
      body: { track_link: link, playlist_ids: playlistIds },
    });
    const { session_id, coins } = start.json().data;
    expect(coins).toBe(350);
    // Meanwhile someone opens a campaign for the same track on the Premium playlist.
    const other = await artistWith(1000);
    expect((await create(other.token, [playlistIds[1]!], link)).statusCode).toBe(201);
    await ctx.call('POST', `/api/sandbox/checkout/${session_id}/complete`, { body: {} });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.call('POST', '/api/stripe/campaign/checkout/check/pay', { token, body: { session_id } }),
      ),
    );
    for (const r of results) {
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({ payment: { status: 'paid' }, campaigns: [], not_created: true });
      expect(r.json().message).toBe(
        `Your payment was received and 350 coins were added to your wallet, but no campaign was created: This track already has an open campaign on the playlist ${DEMO_PLAYLISTS[1].name}`,
      );
    }
    const n = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_campaigns where artist_id = $1',
      [user.id],
    );
    expect(n.rows[0].n).toBe(0);
    expect(await holdsOf(user.id)).toBe(0);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(350);
    expect(await ledgerTotal(ctx)).toBe(0);
  });
});

describe('the lifecycle (the state machine of statuses 1 to 8)', () => {
  it('declined: full refund; approved: placement, verification, on going, auditing, completed and paid less the fee', async () => {
    const { user, token } = await artistWith(1000);
    const track = '1301WleyT98MSxVHPZCA6M';
    const res = await create(token, playlistIds, `https://open.spotify.com/track/${track}`);
    const [cheap, premium] = res.json().data as { id: number; price: number }[];
    const reasons = (
      await ctx.call('GET', '/api/express/curator/campaign/reasons', { token: curatorToken })
    ).json().data;
    await listenFully(ctx.deps, cheap!.id, curatorId);
    const declined = await ctx.call('POST', '/api/express/curator/decline/campaign', {
      token: curatorToken,
      body: { campaign_id: cheap!.id, reason_id: reasons[0].id, feedback: FEEDBACK },
    });
    expect(declined.statusCode).toBe(200);
    expect(await status(cheap!.id)).toBe(S.DECLINED);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000 - 300);

    await listenFully(ctx.deps, premium!.id, curatorId);
    expect(
      (
        await ctx.call('POST', '/api/express/curator/approve/campaign', {
          token: curatorToken,
          body: { campaign_id: premium!.id },
        })
      ).statusCode,
    ).toBe(200);
    expect(await status(premium!.id)).toBe(S.WAITING_SUBMISSION);
    const notYet = await ctx.call('POST', '/api/express/track/exists', {
      token: curatorToken,
      body: { track_id: track, playlist_id: playlistIds[1] },
    });
    expect(notYet.json().data.found).toBe(false);
    await place(spotifyPlaylistIds[1]!, track);
    const found = await ctx.call('POST', '/api/express/track/exists', {
      token: curatorToken,
      body: { track_id: track, playlist_id: playlistIds[1] },
    });
    expect(found.json().data).toMatchObject({ found: true, status_id: S.VERIFYING });

    ctx.clock.advance((SPOTIFY_TIMING.verifyDelayMinutes + 1) * 60_000);
    await advance(ctx.deps, premium!.id);
    expect(await status(premium!.id)).toBe(S.ON_GOING);
    ctx.clock.advance(10 * DAY);
    await sweep(ctx.deps);
    expect(await status(premium!.id)).toBe(S.ON_GOING);
    ctx.clock.advance(19 * DAY);
    await sweep(ctx.deps);
    expect(await status(premium!.id)).toBe(S.AUDITING);
    ctx.clock.advance(3 * DAY + 60_000);
    await sweep(ctx.deps);
    await sweep(ctx.deps);
    expect(await status(premium!.id)).toBe(S.COMPLETED);
    expect(await walletBalance(ctx.deps.database, curatorId)).toBeGreaterThanOrEqual(Math.floor(300 * 0.8));
    const m = await moneyOf(premium!.id);
    expect(m.settled).toBe(m.price);

    ctx.clock.set(new Date());
    const fresh = await ctx.loginUser(user.email);
    const detail = await ctx.call('GET', `/api/express/artist/show/campaign/${premium!.id}`, {
      token: fresh,
    });
    const timeline = detail.json().data.timeline.map((e: { to_status: number }) => e.to_status);
    expect(timeline).toEqual([1, 2, 3, 4, 5, 6]);
    // Days live count the on-going period only: 28 of 28, not 31 (verifying and auditing included).
    expect(detail.json().data.performance).toMatchObject({ days_live: 28, on_going_days: 28 });
    // The money card: the full price posted, split into the platform fee and the curator's share.
    expect(detail.json().data).toMatchObject({
      paid_coins: 300,
      fee_percent: 20,
      fee_coins: 60,
      curator_coins: 240,
      payment_method: 'coins',
    });
    const review = await ctx.call('POST', '/api/express/add/review', {
      token,
      body: { campaign_id: premium!.id, rating: 5, comment: 'Great' },
    });
    expect(review.statusCode).toBe(201);
    expect(
      (
        await ctx.call('POST', '/api/express/add/review', {
          token,
          body: { campaign_id: premium!.id, rating: 4 },
        })
      ).statusCode,
    ).toBe(409);
    const mails = await ctx.deps.database.pool.query(
      'select count(*)::int n from mail_outbox where to_address = $1',
      [user.email],
    );
    expect(mails.rows[0].n).toBeGreaterThanOrEqual(4);
    expect(await ledgerTotal(ctx)).toBe(0);
    ctx.clock.set(new Date());
  });

  it('fails with a full refund when nothing is placed before the submission deadline', async () => {
    const { user, token } = await artistWith(1000);
    const res = await create(
      token,
      [playlistIds[0]!],
      'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b',
    );
    const id = res.json().data[0].id;
    await listenFully(ctx.deps, id, curatorId);
    await ctx.call('POST', '/api/express/curator/approve/campaign', {
      token: curatorToken,
      body: { campaign_id: id },
    });
    ctx.clock.advance(2 * DAY);
    await sweep(ctx.deps);
    expect(await status(id)).toBe(S.WAITING_SUBMISSION);
    ctx.clock.advance(DAY + 60_000);
    await sweep(ctx.deps);
    await advance(ctx.deps, id);
    expect(await status(id)).toBe(S.FAILED_TO_SUBMIT);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000);
    ctx.clock.set(new Date());
  });

  it('ends early with a partial refund when the track is removed while on going', async () => {
    const { user, token } = await artistWith(1000);
    const track = '7qiZfU4dY1lWllzX7mPBI3';
    const res = await create(token, [playlistIds[1]!], `https://open.spotify.com/track/${track}`);
    const id = res.json().data[0].id;
    const before = await walletBalance(ctx.deps.database, curatorId);
    await approveAndPlace(id, track);
    ctx.clock.advance(7 * DAY + 60_000);
    await unplace(spotifyPlaylistIds[1]!, track);
    await sweep(ctx.deps);
    expect(await status(id)).toBe(S.COMPLETED);
    // 7 of 28 days served: 75 coins earned (60 after the 20% fee), 225 refunded.
    const paid = Math.floor((300 * 7) / 28);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000 - paid);
    expect(await walletBalance(ctx.deps.database, curatorId)).toBe(
      before + paid - Math.floor((paid * 20) / 100),
    );
    const m = await moneyOf(id);
    expect(m.settled).toBe(m.price);
    ctx.clock.set(new Date());
    const tx = await ctx.call('GET', '/api/wallet/user/transaction?filter[desc_id]=3', {
      token: await ctx.loginUser(user.email),
    });
    expect(tx.json().data[0].transaction_details.refund_type).toBe('complete_refund');
    // The timeline tells why, in the reader's language.
    const artistToken = await ctx.loginUser(user.email);
    const notes = async (lang: string) =>
      (
        await ctx.call('GET', `/api/express/artist/show/campaign/${id}`, {
          token: artistToken,
          headers: { 'x-lang': lang },
        })
      )
        .json()
        .data.timeline.map((e: { note: string | null }) => e.note);
    expect(await notes('en')).toContain('The track was removed from the playlist after 7 of 28 days');
    expect(await notes('fr')).toContain('Le titre a été retiré de la playlist après 7 sur 28 jours');
    expect(await notes('de')).toContain('Platzierung auf der Playlist bestätigt');
    expect(await notes('fr')).toContain('Campagne créée et envoyée au curateur');
    ctx.clock.set(new Date());
  });

  it('lets exactly one of concurrent approve, decline and force-end win', async () => {
    const admin = await ctx.makeAdmin();
    const adminToken = await ctx.loginAdmin(admin.email);
    const reasons = (
      await ctx.call('GET', '/api/express/curator/campaign/reasons', { token: curatorToken })
    ).json().data;
    for (let round = 0; round < 5; round++) {
      const { user, token } = await artistWith(1000);
      const res = await create(
        token,
        [playlistIds[0]!],
        `https://open.spotify.com/track/${'A'.repeat(21)}${round}`,
      );
      const id = res.json().data[0].id;
      await listenFully(ctx.deps, id, curatorId);
      const results = await Promise.all([
        ctx.call('POST', '/api/express/curator/approve/campaign', {
          token: curatorToken,
          body: { campaign_id: id },
        }),
        ctx.call('POST', '/api/express/curator/decline/campaign', {
          token: curatorToken,
          body: { campaign_id: id, reason_id: reasons[0].id, feedback: FEEDBACK },
        }),
        ctx.call('POST', `/api/admin/express/campaigns/${id}/force-end`, {
          token: adminToken,
          body: { outcome: 'refunded' },
        }),
      ]);
      const codes = results.map((r) => r.statusCode);
      // A refund may also legitimately follow an approval (any open state), so at least one wins and
      // the money is settled at most once.
      expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
      expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
      const m = await moneyOf(id);
      expect(m.settled === 0 || m.settled === m.price).toBe(true);
      const final = await status(id);
      if (final === S.DECLINED) expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000);
      else expect(await walletBalance(ctx.deps.database, user.id)).toBe(950);
    }
    expect(await ledgerTotal(ctx)).toBe(0);
  });

  it('cancels its pending deadline and check jobs when it ends', async () => {
    const admin = await ctx.makeAdmin();
    const adminToken = await ctx.loginAdmin(admin.email);
    const { token } = await artistWith(1000);
    const res = await create(token, [playlistIds[0]!], `https://open.spotify.com/track/${'C'.repeat(22)}`);
    const id = res.json().data[0].id as number;
    await listenFully(ctx.deps, id, curatorId);
    await ctx.call('POST', '/api/express/curator/approve/campaign', {
      token: curatorToken,
      body: { campaign_id: id },
    });
    const jobs = async () =>
      (
        await ctx.deps.database.pool.query<{ state: string; n: number }>(
          `select state::text, count(*)::int n from pgboss.job
            where name = 'express.advance' and singleton_key like $1 group by 1 order by 1`,
          [`express-${id}-%`],
        )
      ).rows;
    // Waiting for the placement: the submission deadline (and the next check) are scheduled.
    expect((await jobs()).find((r) => r.state === 'created')?.n).toBeGreaterThanOrEqual(1);
    const ended = await ctx.call('POST', `/api/admin/express/campaigns/${id}/force-end`, {
      token: adminToken,
      body: { outcome: 'refunded' },
    });
    expect(ended.statusCode).toBe(200);
    const after = await jobs();
    expect(after.map((r) => r.state)).toEqual(['cancelled']);
  });

  it('keeps a campaign private to its artist and curator', async () => {
    const { token } = await artistWith(1000);
    const res = await create(
      token,
      [playlistIds[0]!],
      'https://open.spotify.com/track/5ghIJDpPoe3CfHMGu71E6T',
    );
    const id = res.json().data[0].id;
    const stranger = await artistWith(0);
    expect(
      (await ctx.call('GET', `/api/express/artist/show/campaign/${id}`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);
    const otherCurator = await ctx.makeUser({ userTypeId: 2 });
    const otherToken = await ctx.loginUser(otherCurator.email);
    expect(
      (
        await ctx.call('POST', '/api/express/curator/approve/campaign', {
          token: otherToken,
          body: { campaign_id: id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call('POST', '/api/express/curator/approve/campaign', { token, body: { campaign_id: id } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('playlists', () => {
  it('lists a curator playlist for admin approval after proving ownership, refusing duplicates and bad links', async () => {
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const token = await ctx.loginUser(curator.email);
    /** The curator lists the playlist at `spotifyUrl` on tier 1 for duration 1. */
    const listPlaylist = (spotifyUrl: string, more: Record<string, unknown> = {}) =>
      ctx.call('POST', '/api/express/curator/playlist/create', {
        token,
        body: { spotify_url: spotifyUrl, tier_id: 1, duration_id: 1, ...more },
      });
    const bad = await listPlaylist('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    expect(bad.statusCode).toBe(422);
    const noConnection = await listPlaylist('https://open.spotify.com/playlist/1aBcDeFgHiJkLmNoPqRsTu');
    expect(noConnection.json().errors.spotify_url).toBeDefined();
    await connectCuratorSpotify(ctx, curator.id, 'sandbox-x', 'X');
    const dup = await listPlaylist(
      `https://open.spotify.com/playlist/${DEMO_PLAYLISTS[0].spotifyPlaylistId}`,
    );
    expect(dup.statusCode).toBe(422);
    const ok = await listPlaylist('https://open.spotify.com/playlist/1aBcDeFgHiJkLmNoPqRsTu', {
      genre_ids: [1],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.status_id).toBe(2);
    const admin = await ctx.makeAdmin();
    const adminToken = await ctx.loginAdmin(admin.email);
    const approved = await ctx.call('POST', `/api/admin/express/playlists/${ok.json().data.id}/status`, {
      token: adminToken,
      body: { status: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    // The detail: the owner and the admin see it; another curator gets a 404.
    const id = ok.json().data.id;
    const mine = await ctx.call('GET', `/api/express/curator/shows/playlist/${id}`, { token });
    expect(mine.json().data).toMatchObject({ id, status_id: 1, genres: [{ id: 1 }] });
    const other = await ctx.makeUser({ userTypeId: 2 });
    const theirs = await ctx.call('GET', `/api/express/curator/shows/playlist/${id}`, {
      token: await ctx.loginUser(other.email),
    });
    expect(theirs.statusCode).toBe(404);
    const adminView = await ctx.call('GET', `/api/admin/express/playlists/${id}`, { token: adminToken });
    expect(adminView.statusCode).toBe(200);
    expect(JSON.stringify(adminView.json().data)).toContain('1aBcDeFgHiJkLmNoPqRsTu');
    const { token: artistToken } = await artistWith(0);
    const list = await ctx.call('GET', '/api/express/artist/playlists', { token: artistToken });
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(ok.json().data.id);
  });
});

describe('back-office tiers', () => {
  it('refuses a tier name already used with the field message, on create and on rename (not a 500)', async () => {
    const admin = await ctx.makeAdmin();
    const token = await ctx.loginAdmin(admin.email);
    const body = { tier_name: 'Gold', price: 700 };
    const first = await ctx.call('POST', '/api/admin/express/tiers', { token, body });
    expect(first.statusCode).toBe(201);
    const again = await ctx.call('POST', '/api/admin/express/tiers', { token, body });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ tier_name: ['An entry with this name already exists'] });
    const other = await ctx.call('POST', '/api/admin/express/tiers', {
      token,
      body: { tier_name: 'Silver', price: 400 },
    });
    const rename = await ctx.call('PUT', `/api/admin/express/tiers/${other.json().data.id}`, {
      token,
      body,
    });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ tier_name: ['An entry with this name already exists'] });
  });

  it('refuses changing a duration to a length the platform already has, with the field message (not a 500)', async () => {
    const admin = await ctx.makeAdmin();
    const token = await ctx.loginAdmin(admin.email);
    const a = await ctx.call('POST', '/api/admin/express/durations', { token, body: { duration: 41 } });
    const b = await ctx.call('POST', '/api/admin/express/durations', { token, body: { duration: 42 } });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const clash = await ctx.call('PUT', `/api/admin/express/durations/${b.json().data.id}`, {
      token,
      body: { duration: 41 },
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ duration: ['An entry with this name already exists'] });
    const rows = await ctx.deps.database.pool.query('select duration from express_durations where id = $1', [
      b.json().data.id,
    ]);
    expect(rows.rows[0].duration).toBe(42);
  });
});

describe('paying a campaign by card (sandbox)', () => {
  it('buys exactly the coins needed and creates the campaigns once, however often the return is confirmed', async () => {
    const { user, token } = await artistWith(0);
    const link = 'https://open.spotify.com/track/2takcwOaAZWiXQijPHIx7B';
    const start = await ctx.call('POST', '/api/stripe/campaign/checkout', {
      token,
      body: { track_link: link, playlist_ids: playlistIds },
    });
    expect(start.statusCode).toBe(200);
    const { session_id, coins } = start.json().data;
    expect(coins).toBe(350);
    const early = await ctx.call('POST', '/api/stripe/campaign/checkout/check/pay', {
      token,
      body: { session_id },
    });
    expect(early.json().data.campaigns).toEqual([]);
    await ctx.call('POST', `/api/sandbox/checkout/${session_id}/complete`, { body: {} });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.call('POST', '/api/stripe/campaign/checkout/check/pay', { token, body: { session_id } }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const n = await ctx.deps.database.pool.query(
      'select count(*)::int n, min(payment_method) m from express_campaigns where artist_id = $1',
      [user.id],
    );
    expect(n.rows[0]).toEqual({ n: 2, m: 'card' });
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
    const stranger = await artistWith(0);
    expect(
      (
        await ctx.call('POST', '/api/stripe/campaign/checkout/check/pay', {
          token: stranger.token,
          body: { session_id },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('paying a campaign by card: the webhook creates the campaigns', () => {
  it('an artist who pays and never returns gets the campaigns; the late return answers the same ones', async () => {
    const { user, token } = await artistWith(0);
    const link = 'https://open.spotify.com/track/3webhookOnlyTrackZZZZZ';
    const start = await ctx.call('POST', '/api/stripe/campaign/checkout', {
      token,
      body: { track_link: link, playlist_ids: [playlistIds[0]!] },
    });
    const { session_id } = start.json().data;
    // "Pay" on the hosted page: the provider's checkout.session.completed webhook is the only call.
    await ctx.call('POST', `/api/sandbox/checkout/${session_id}/complete`, { body: {} });
    const rows = await ctx.deps.database.pool.query(
      `select c.id, c.payment_method, h.status from express_campaigns c
         join ledger_holds h on h.id = c.hold_id where c.artist_id = $1`,
      [user.id],
    );
    expect(rows.rows).toEqual([{ id: expect.any(Number), payment_method: 'card', status: 'pending' }]);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
    const late = await ctx.call('POST', '/api/stripe/campaign/checkout/check/pay', {
      token,
      body: { session_id },
    });
    expect(late.statusCode).toBe(200);
    expect(late.json().data.campaigns.map((c: { id: number }) => c.id)).toEqual([rows.rows[0].id]);
    const n = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_campaigns where artist_id = $1',
      [user.id],
    );
    expect(n.rows[0].n).toBe(1);
  });
});

describe('dashboard stats', () => {
  it('splits the total into pending approval, awaiting placement, live, completed and declined or failed', async () => {
    const res = await ctx.call('GET', '/api/web/user/campaigns/dashboard', { token: curatorToken });
    expect(res.statusCode).toBe(200);
    const s = res.json().data.stats;
    expect(s.total_campaigns).toBeGreaterThan(0);
    expect(
      s.total_campaigns_pending_for_approval +
        s.total_campaigns_pending_for_publishing +
        s.total_campaigns_publishing +
        s.total_campaigns_completed +
        s.total_campaigns_declined,
    ).toBe(s.total_campaigns);
    // The spec's "approved" stays approved-and-beyond: awaiting placement, live and completed.
    expect(s.total_campaigns_approved).toBe(
      s.total_campaigns_pending_for_publishing + s.total_campaigns_publishing + s.total_campaigns_completed,
    );
  });
});

describe('force-end offers only the outcomes that fit the state', () => {
  async function staff() {
    const admin = await ctx.makeAdmin();
    await ctx.deps.database.pool.query("update admins set name = 'Jane Staff' where id = $1", [admin.id]);
    return ctx.loginAdmin(admin.email);
  }
  const forceEnd = (token: string, id: number, outcome: string) =>
    ctx.call('POST', `/api/admin/express/campaigns/${id}/force-end`, { token, body: { outcome } });

  it('Pending for Approval and Waiting for submission: paying the curator is refused (409), refunding works', async () => {
    const adminToken = await staff();
    const { user, token } = await artistWith(1000);
    const pending = (
      await create(token, [playlistIds[0]!], `https://open.spotify.com/track/${'P'.repeat(22)}`)
    ).json().data[0].id as number;
    const waiting = (
      await create(token, [playlistIds[1]!], `https://open.spotify.com/track/${'W'.repeat(22)}`)
    ).json().data[0].id as number;
    await listenFully(ctx.deps, waiting, curatorId);
    await ctx.call('POST', '/api/express/curator/approve/campaign', {
      token: curatorToken,
      body: { campaign_id: waiting },
    });
    expect(await status(waiting)).toBe(S.WAITING_SUBMISSION);
    const curatorBefore = await walletBalance(ctx.deps.database, curatorId);
    for (const [id, was] of [
      [pending, S.PENDING_APPROVAL],
      [waiting, S.WAITING_SUBMISSION],
    ] as const) {
      const paid = await forceEnd(adminToken, id, 'completed');
      expect(paid.statusCode).toBe(409);
      expect(paid.json().message).toBe(
        'Paying in full is possible only once the placement or video was seen: end this campaign with a refund',
      );
      expect(await status(id)).toBe(was);
    }
    expect(await walletBalance(ctx.deps.database, curatorId)).toBe(curatorBefore);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000 - 50 - 300);

    const refunded = await forceEnd(adminToken, pending, 'refunded');
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().message).toBe('Campaign ended: 50 coins went back to the artist');
    expect(await status(pending)).toBe(S.DECLINED);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000 - 300);
    // Ended: no outcome fits any more.
    expect((await forceEnd(adminToken, pending, 'refunded')).statusCode).toBe(409);

    // Staff read who ended it by name; the artist reads "admin" without the name.
    const staffView = (
      await ctx.call('GET', `/api/admin/express/campaigns/${pending}`, { token: adminToken })
    ).json().data;
    const last = staffView.timeline.at(-1);
    expect(last).toMatchObject({ to_status: S.DECLINED, actor_type: 'admin', actor_name: 'Jane Staff' });
    expect(staffView.timeline[0].actor_name).toBeNull();
    const artistView = (
      await ctx.call('GET', `/api/express/artist/show/campaign/${pending}`, { token })
    ).json().data;
    expect(artistView.timeline.at(-1)).toMatchObject({ actor_type: 'admin', actor_name: null });
  });

  it('On Going: paying the curator in full is allowed and pays the price less the fee', async () => {
    const adminToken = await staff();
    const { user, token } = await artistWith(1000);
    const track = `${'G'.repeat(21)}1`;
    const id = (await create(token, [playlistIds[1]!], `https://open.spotify.com/track/${track}`)).json()
      .data[0].id as number;
    await approveAndPlace(id, track);
    const curatorBefore = await walletBalance(ctx.deps.database, curatorId);
    const ended = await forceEnd(adminToken, id, 'completed');
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toBe('Campaign ended: 300 coins paid in full, less the platform fee');
    expect(await status(id)).toBe(S.COMPLETED);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000 - 300);
    expect(await walletBalance(ctx.deps.database, curatorId)).toBe(curatorBefore + 300 - 60);
    await unplace(spotifyPlaylistIds[1]!, track);
  });
});
