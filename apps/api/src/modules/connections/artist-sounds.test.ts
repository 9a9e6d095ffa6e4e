import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InstagramApiError } from '../../providers/instagram/contract';
import { type SocialPlatform, sandboxAccountId } from '../../providers/sandbox-social';
import { TikTokApiError } from '../../providers/tiktok/contract';
import { artistWithCoins } from '../../test/coins';
import { testAppForFile } from '../../test/harness';
import { seedExpressReference } from '../express/express.seed';
import { connectFinish, connectStart } from './connections.service';
import { seedSocialReference } from './tiers.service';

/**
 * The artist's own TikTok and Instagram sounds (`connected/platforms/artist/
 * tiktok/music`, `.../instagram/music`): their earlier campaigns' sounds and their connected accounts'
 * posts' sounds, each passing the platform's music-link check; only their own; a clear message when
 * there is nothing to draw from; a silent platform answers 502 (never the apps' maintenance 503).
 */

let seq = 0;
const ctx = testAppForFile();
beforeAll(async () => {
  await seedExpressReference(ctx.deps.database);
  await seedSocialReference(ctx.deps);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const base = '/api/connected/platforms/artist';
const music = (platform: SocialPlatform, token: string, query = '') =>
  ctx.call('GET', `${base}/${platform}/music${query}`, { token });

const artist = (coins = 0) => artistWithCoins(ctx, coins);

/** Connects a sandbox account of `platform` for `userId` (with a tier when `tierName` is given). */
async function connect(userId: number, platform: SocialPlatform, tierName?: string) {
  seq += 1;
  const username = `sounds.${platform}.${seq}.${userId}`;
  const tier = tierName
    ? ((
        await ctx.deps.database.pool.query(
          `select id from social_tiers where platform = $1 and tier_name = $2`,
          [platform, tierName],
        )
      ).rows[0] as { id: number })
    : null;
  const { state, binding } = connectStart(ctx.deps, userId, platform);
  const provider = ctx.deps.providers[platform] as unknown as { issueCode(p: object): string };
  const code = provider.issueCode({
    platform,
    accountId: sandboxAccountId(platform, username),
    username,
    displayName: username,
    followers: 50_000,
    accountType: platform === 'instagram' ? 'MEDIA_CREATOR' : 'PERSONAL',
  });
  const account = await connectFinish(ctx.deps, { type: 'user', id: userId }, platform, {
    code,
    state,
    binding,
    tier_id: tier?.id ?? null,
  });
  return { account, username, platformUserId: sandboxAccountId(platform, username) };
}

/** Posts a video/reel with `musicId` on a connected sandbox account (what the dev controls do). */
async function post(
  platform: SocialPlatform,
  a: { platformUserId: string; username: string },
  musicId: string | null,
  caption: string,
) {
  const provider = ctx.deps.providers[platform] as unknown as {
    posts: { post(input: object): Promise<{ id: string }> };
  };
  return provider.posts.post({
    platform,
    accountId: a.platformUserId,
    username: a.username,
    musicId,
    caption,
    postedAt: new Date(),
  });
}

describe('artist sounds (spec section 7 tiktok/music and instagram/music)', () => {
  it('answers an empty list that says what to do when the artist has neither a connected account nor an earlier campaign (not a 409)', async () => {
    const { token } = await artist();
    const tiktok = await music('tiktok', token);
    expect(tiktok.statusCode).toBe(200);
    expect(tiktok.json().data).toEqual([]);
    expect(tiktok.json().message).toBe(
      'No TikTok sounds of yours yet: they appear here after your first TikTok campaign. Paste the link of your sound meanwhile',
    );
    const instagram = await ctx.call('GET', `${base}/instagram/music`, {
      token,
      headers: { 'accept-language': 'fr' },
    });
    expect(instagram.statusCode).toBe(200);
    expect(instagram.json().data).toEqual([]);
    expect(instagram.json().message).toMatch(/^Aucun son Instagram à vous pour l'instant/);
  });

  it("offers the sounds of the artist's own earlier TikTok campaigns, with the song name, and to no one else", async () => {
    const a = await artist(1000);
    const influencer = await ctx.makeUser({ userTypeId: 3 });
    const inf = await connect(influencer.id, 'tiktok', 'Micro');
    const created = await ctx.call('POST', '/api/express-tiktok/artist/campaign/create', {
      token: a.token,
      body: {
        track_link: 'https://www.tiktok.com/music/my-song-7301234567890123456?lang=en',
        song_name: 'My Song',
        account_ids: [inf.account.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    const res = await music('tiktok', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: '7301234567890123456',
        url: 'https://www.tiktok.com/music/my-song-7301234567890123456',
        name: 'My Song',
        artists: '',
        cover_url: null,
        source: 'campaign',
        account_id: null,
        user_name: null,
      },
    ]);
    // The link offered passes the wizard's music-link check.
    const check = await ctx.call('POST', '/api/express-check-tiktok-music', {
      token: a.token,
      body: { sound_link: res.json().data[0].url },
    });
    expect(check.statusCode).toBe(200);

    // Another artist does not see them; Instagram campaigns are another list.
    expect((await music('tiktok', (await artist()).token)).json().data).toEqual([]);
    expect((await music('instagram', a.token)).json().data).toEqual([]);
  });

  it("offers the sounds of the artist's connected accounts' newest posts, each passing the link check", async () => {
    const a = await artist();
    const ig = await connect(a.user.id, 'instagram');
    const reel = await post('instagram', ig, '555444333222111', 'Golden hour teaser\nout friday');
    const tt = await connect(a.user.id, 'tiktok');
    await post('tiktok', tt, '7309999999999999999', 'dance take 2');

    const instagram = await music('instagram', a.token);
    expect(instagram.statusCode).toBe(200);
    const igSounds = instagram.json().data as { url: string; source: string }[];
    expect(igSounds[0]).toEqual({
      id: reel.id,
      url: `https://www.instagram.com/reel/${reel.id}/`,
      name: 'Golden hour teaser',
      artists: ig.username,
      cover_url: null,
      source: 'post',
      account_id: ig.account.id,
      user_name: ig.username,
    });
    // The sandbox history's reels are the account's own too (every reel's audio can be used).
    expect(igSounds.every((s) => s.source === 'post')).toBe(true);
    for (const s of igSounds.slice(0, 2)) {
      const check = await ctx.call('POST', '/api/check-instagram-music', {
        token: a.token,
        body: { sound_link: s.url },
      });
      expect(check.statusCode).toBe(200);
    }

    // TikTok: only videos whose embed names a sound (the history's videos show none: left out, not guessed).
    const tiktok = await music('tiktok', a.token);
    expect(tiktok.json().data).toEqual([
      {
        id: '7309999999999999999',
        url: 'https://www.tiktok.com/music/original-sound-7309999999999999999',
        name: `original sound - ${tt.username}`,
        artists: tt.username,
        cover_url: null,
        source: 'post',
        account_id: tt.account.id,
        user_name: tt.username,
      },
    ]);

    // One account by id; another user's account is not found.
    expect((await music('tiktok', a.token, `?account_id=${tt.account.id}`)).json().data).toHaveLength(1);
    const b = await artist();
    expect((await music('tiktok', b.token, `?account_id=${tt.account.id}`)).statusCode).toBe(404);
    expect((await music('tiktok', a.token, `?account_id=${ig.account.id}`)).statusCode).toBe(404);
  });

  it('answers 502 with the translated message when the platform is silent, 409 when it refuses the token', async () => {
    const a = await artist();
    await connect(a.user.id, 'instagram');
    vi.spyOn(ctx.deps.providers.instagram, 'listMedia').mockRejectedValueOnce(
      new InstagramApiError('unavailable', 'down'),
    );
    const silent = await music('instagram', a.token);
    expect(silent.statusCode).toBe(502);
    expect(silent.json().message).toBe('The platform did not answer. Please try again in a few minutes');

    vi.spyOn(ctx.deps.providers.instagram, 'listMedia').mockRejectedValueOnce(
      new InstagramApiError('token_invalid', 'expired'),
    );
    const refused = await music('instagram', a.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This account's connection has expired. Please connect it again");
  });

  it('a curator or an influencer has no artist sounds (403)', async () => {
    for (const userTypeId of [2, 3]) {
      const user = await ctx.makeUser({ userTypeId });
      const token = await ctx.loginUser(user.email);
      expect((await music('tiktok', token)).statusCode).toBe(403);
      expect((await music('instagram', token)).statusCode).toBe(403);
    }
  });

  it('connecting while the platform is silent answers 502, not the 503 that means maintenance to the apps', async () => {
    const user = await ctx.makeUser({ userTypeId: 3 });
    const token = await ctx.loginUser(user.email);
    const start = await ctx.call('GET', '/api/express-tiktok/oauth/url', { token });
    const { state, binding } = start.json().data as { state: string; binding: string };
    vi.spyOn(ctx.deps.providers.tiktok, 'exchangeCode').mockRejectedValueOnce(
      new TikTokApiError('unavailable', 'down'),
    );
    const res = await ctx.call('POST', '/api/express-tiktok/tiktok/access/token', {
      token,
      body: { code: 'any-code', state, binding },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The platform did not answer. Please try again in a few minutes');
  });
});
