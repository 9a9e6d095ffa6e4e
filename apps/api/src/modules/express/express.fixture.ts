import { withTransaction } from '../../db/client';
import { type SocialPlatform, sandboxAccountId } from '../../providers/sandbox-social';
import { createTestApp, type TestContext } from '../../test/harness';
import { connectFinish, connectStart, seedSocialReference } from '../connections';
import { credit, DESC } from '../wallet';
import { seedExpressReference } from './express.seed';

/**
 * What the TikTok and Instagram express API tests share: the sandbox's music links, the platforms'
 * paths, an app with the express and social reference data, an artist with coins and an influencer with
 * a connected account on a tier. Each test file still writes its own cases.
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

/** An artist holding `coins` coins (none credited for 0), signed in. */
export async function artistWithCoins(ctx: TestContext, coins: number) {
  const user = await ctx.makeUser({ userTypeId: 1 });
  if (coins > 0)
    await withTransaction(ctx.deps.database, (tx) =>
      credit(tx, { userId: user.id, coins, descId: DESC.COIN_PURCHASE, idempotencyKey: `seed-${user.id}` }),
    );
  return { user, token: await ctx.loginUser(user.email) };
}

let seq = 0;

/**
 * An influencer, signed in, with a `platform` account connected through the sandbox (50,000 followers)
 * on the Micro tier; `prefix` keeps usernames of different test files apart.
 */
export async function connectedInfluencer(ctx: TestContext, platform: SocialPlatform, prefix: string) {
  const user = await ctx.makeUser({ userTypeId: 3 });
  seq += 1;
  const username = `${prefix}.${platform}.${seq}.${user.id}`;
  const platformUserId = sandboxAccountId(platform, username);
  const tier = (
    await ctx.deps.database.pool.query(
      `select id, price from social_tiers where platform = $1 and tier_name = 'Micro'`,
      [platform],
    )
  ).rows[0] as { id: number; price: number };
  const { state, binding } = connectStart(ctx.deps, user.id, platform);
  const provider = ctx.deps.providers[platform] as unknown as { issueCode(p: object): string };
  const code = provider.issueCode({
    platform,
    accountId: platformUserId,
    username,
    displayName: username,
    followers: 50_000,
    accountType: platform === 'instagram' ? 'MEDIA_CREATOR' : 'PERSONAL',
  });
  const account = await connectFinish(ctx.deps, { type: 'user', id: user.id }, platform, {
    code,
    state,
    binding,
    tier_id: tier.id,
  });
  return {
    user,
    token: await ctx.loginUser(user.email),
    account,
    platformUserId,
    username,
    price: tier.price,
  };
}
