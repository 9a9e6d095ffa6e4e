import type { ExpressListenEvent } from '@lm/contracts/express';
import { afterEach } from 'vitest';
import { type SocialPlatform, sandboxAccountId } from '../../providers/sandbox-social';
import { artistWithCoins } from '../../test/coins';
import { createTestApp, type TestContext, testAppForFile } from '../../test/harness';
import { connectFinish, connectStart, seedSocialReference } from '../connections';
import { getSettings } from '../settings';
import { recordCustomListen, recordListen } from './express.listen';
import { seedExpressDemo, seedExpressReference } from './express.seed';

/**
 * The world the express tests share, so each file writes only its own cases: an app with the Spotify
 * demo curator and playlists, or with the express and social reference data; users holding coins; an
 * influencer with a sandbox account connected on a tier; the sandbox's music links and the platforms'
 * paths.
 */

/** The TikTok music id and Instagram audio id the sandbox recognises in `LINK`. */
export const MUSIC = '7301234567890123456';
export const AUDIO = '987654321012345';
/** A valid music link per platform. */
export const LINK = {
  tiktok: `https://www.tiktok.com/music/my-song-${MUSIC}`,
  instagram: `https://www.instagram.com/reels/audio/${AUDIO}/`,
};
/** Where each platform's express calls start. */
export const BASE = { tiktok: '/api/express-tiktok', instagram: '/api/express-instagram' } as const;
/** The influencer's submission of a video, per platform. */
export const SUBMIT = {
  tiktok: '/api/check-tiktok-video',
  instagram: '/api/express-instagram/influencer/check/music',
};
/** One hour in milliseconds. */
export const HOUR = 3_600_000;

/** A test app with the Spotify express and the TikTok/Instagram tiers and durations seeded. */
export async function createSocialTestApp(): Promise<TestContext> {
  const ctx = await createTestApp();
  await seedExpressReference(ctx.deps.database);
  await seedSocialReference(ctx.deps);
  return ctx;
}

/**
 * A test app with the demo curator (curator@demo.test) and the two approved demo playlists (Starter 50
 * coins, Premium 300 coins), in id order.
 */
export async function createSpotifyTestApp() {
  const ctx = await createTestApp();
  const curator = await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  await seedExpressDemo(ctx.deps.database);
  const rows = (
    await ctx.deps.database.pool.query<{ id: number; spotify_playlist_id: string }>(
      'select id, spotify_playlist_id from express_playlists order by id',
    )
  ).rows;
  return {
    ctx,
    curator,
    playlistIds: rows.map((r) => r.id),
    spotifyPlaylistIds: rows.map((r) => r.spotify_playlist_id),
  };
}

/**
 * The world of a seller's answer (listen, say why, messages): the Spotify demo curator signed in, the
 * demo playlists, and the express and social reference data (TikTok and Instagram tiers too).
 */
export async function createExchangeTestApp() {
  const world = await createSpotifyTestApp();
  await seedExpressReference(world.ctx.deps.database);
  await seedSocialReference(world.ctx.deps);
  return { ...world, curatorToken: await world.ctx.loginUser(world.curator.email) };
}

let seq = 0;
let requestSeq = 0;

/**
 * A new artist (1,000 coins, `language`) and their pending Spotify request on `playlistId`, for a
 * track of its own (22 characters), paid with coins.
 * @returns the campaign's id and the artist's token and id
 */
export async function pendingSpotifyRequest(
  ctx: TestContext,
  playlistId: number,
  { language = 'en', pitch }: { language?: string; pitch?: string } = {},
) {
  const { token, user } = await artistWithCoins(ctx, 1000, { language });
  requestSeq += 1;
  const res = await ctx.call('POST', '/api/express/artist/campaign/create', {
    token,
    body: {
      track_link: `https://open.spotify.com/track/5xRequest${String(requestSeq).padStart(13, '0')}`,
      playlist_ids: [playlistId],
      payment_method: 'coins',
      ...(pitch ? { pitch } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`pendingSpotifyRequest: ${res.statusCode} ${res.body}`);
  return { id: res.json().data[0].id as number, artistToken: token, artistId: user.id };
}

/**
 * An influencer with a `platform` account connected through the sandbox, not signed in: `followers`
 * (default 50,000) on the tier named `tierName` (default Micro); `prefix` keeps usernames of different
 * test files apart.
 */
export async function connectedAccount(
  ctx: TestContext,
  platform: SocialPlatform,
  prefix: string,
  options: { tierName?: string; followers?: number } = {},
) {
  const user = await ctx.makeUser({ userTypeId: 3 });
  seq += 1;
  const username = `${prefix}.${platform}.${seq}.${user.id}`;
  const platformUserId = sandboxAccountId(platform, username);
  const tier = (
    await ctx.deps.database.pool.query(
      'select id, price from social_tiers where platform = $1 and tier_name = $2',
      [platform, options.tierName ?? 'Micro'],
    )
  ).rows[0] as { id: number; price: number };
  const { state, binding } = connectStart(ctx.deps, user.id, platform);
  const provider = ctx.deps.providers[platform] as unknown as { issueCode(p: object): string };
  const code = provider.issueCode({
    platform,
    accountId: platformUserId,
    username,
    displayName: username,
    followers: options.followers ?? 50_000,
    accountType: platform === 'instagram' ? 'MEDIA_CREATOR' : 'PERSONAL',
  });
  const account = await connectFinish(ctx.deps, { type: 'user', id: user.id }, platform, {
    code,
    state,
    binding,
    tier_id: tier.id,
  });
  return { user, account, platformUserId, username, price: tier.price };
}

/** {@link connectedAccount} on the Micro tier with 50,000 followers, the influencer signed in. */
export async function connectedInfluencer(ctx: TestContext, platform: SocialPlatform, prefix: string) {
  const connected = await connectedAccount(ctx, platform, prefix);
  return { ...connected, token: await ctx.loginUser(connected.user.email) };
}

/**
 * A test file's social app (`createSocialTestApp`, built once for the file, its clock set back to now
 * after each test) with its two kinds of users: a signed-in artist holding `coins`, and a signed-in
 * influencer with an account connected on `platform` (`prefix` keeps the files' handles apart).
 */
export function socialTestFile(prefix: string) {
  const ctx = testAppForFile(createSocialTestApp);
  afterEach(() => ctx.clock.set(new Date()));
  return {
    ctx,
    artist: (coins: number) => artistWithCoins(ctx, coins),
    influencer: (platform: SocialPlatform) => connectedInfluencer(ctx, platform, prefix),
  };
}

/** Campaign `id` as its `express_campaigns` row (snake_case columns). */
export async function campaignRow(ctx: TestContext, id: number) {
  return (await ctx.deps.database.pool.query('select * from express_campaigns where id = $1', [id])).rows[0];
}

/**
 * What left campaign `id`'s hold, in coins: `paid` to the seller and the fee, `refunded` to the artist
 * (refund or void), `total` of both, next to the campaign's `price`.
 */
export async function settledOf(ctx: TestContext, id: number) {
  const r = await ctx.deps.database.pool.query(
    `select c.price,
            coalesce(sum(t.amount) filter (where t.idempotency_key like 'hold:%:refund' or t.idempotency_key like 'hold:%:void'), 0)::int as refunded,
            coalesce(sum(t.amount) filter (where t.idempotency_key like 'hold:%:post' or t.idempotency_key like 'hold:%:fee'), 0)::int as paid,
            coalesce(sum(t.amount) filter (where t.idempotency_key like 'hold:%'), 0)::int as total
       from express_campaigns c left join ledger_transfers t on t.hold_id = c.hold_id
      where c.id = $1 group by c.price`,
    [id],
  );
  return r.rows[0] as { price: number; refunded: number; paid: number; total: number };
}

/**
 * Give curator `userId` an active Spotify connection to account `spotifyUserId` (shown as `name`), as a
 * completed Spotify consent would leave it.
 */
export async function connectCuratorSpotify(
  ctx: TestContext,
  userId: number,
  spotifyUserId: string,
  name: string,
) {
  await ctx.deps.database.pool.query(
    'insert into spotify_connections (user_id, spotify_user_id, name, is_active) values ($1, $2, $3, 1)',
    [userId, spotifyUserId, name],
  );
}

/**
 * The seller of campaign `campaignId` plays its track for the whole `min_listen_seconds`,
 * as the request page's player reports it: `play` at 0, the test clock moved on by
 * that long, `progress` at that position, `pause`. Every test that approves or declines listens first
 * through this (the rule stays on).
 * @returns the listening the server counted
 */
export async function listenFully(deps: TestContext['deps'], campaignId: number, sellerId: number) {
  return playWhole(deps, (event) => recordListen(deps, sellerId, campaignId, event));
}

/** {@link listenFully} for a curator on a published custom campaign, before opting in. */
export async function listenFullyToCustom(
  deps: TestContext['deps'],
  customCampaignId: number,
  curatorId: number,
) {
  return playWhole(deps, (event) => recordCustomListen(deps, curatorId, customCampaignId, event));
}

async function playWhole(
  deps: TestContext['deps'],
  send: (event: ExpressListenEvent) => ReturnType<typeof recordListen>,
) {
  const clock = deps.clock as { advance?(ms: number): void };
  if (!clock.advance) throw new Error('listenFully moves a test clock (manualClock)');
  const { min_listen_seconds: seconds } = await getSettings(deps.database);
  await send({ event: 'play', position: 0 });
  clock.advance(seconds * 1000);
  await send({ event: 'progress', position: seconds });
  return send({ event: 'pause', position: seconds });
}

/**
 * Written feedback a decline carries: 21 words, over the default `min_feedback_words` (15). Every test
 * that declines says why with this (the rule stays on).
 */
export const FEEDBACK =
  'The chorus arrives late and the vocal sits behind the drums; tighten the intro and bring the hook forward next time.';

/**
 * The first active decline reason of a platform (`campaign_type_id`), the default lists inserted when
 * missing: a decline takes a reason of its campaign's platform.
 */
export async function reasonOf(deps: TestContext['deps'], campaignTypeId: number): Promise<number> {
  await seedExpressReference(deps.database);
  const { rows } = await deps.database.pool.query<{ id: number }>(
    'select id from express_reasons where status = 1 and $1::smallint = any(campaign_type_ids) order by id limit 1',
    [campaignTypeId],
  );
  if (!rows[0]) throw new Error(`no decline reason for campaign type ${campaignTypeId}`);
  return rows[0].id;
}

/** A decline's input for the engine: the platform's first reason and {@link FEEDBACK}. */
export async function declineSaying(deps: TestContext['deps'], campaignTypeId: number) {
  return { reasonId: await reasonOf(deps, campaignTypeId), feedback: FEEDBACK };
}
