import { and, desc, eq } from 'drizzle-orm';
import { expressCampaigns } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { AppError, ConflictError, NotFoundError } from '../../platform/errors';
import { InstagramApiError } from '../../providers/instagram/contract';
import { TikTokApiError } from '../../providers/tiktok/contract';
import { type SocialPlatformName, socialAccounts } from './connections.schema';
import { soundCheck } from './sound-checks';

/**
 * The artist's own sounds on TikTok and Instagram (the wizards offer the
 * artist's own sounds instead of pasting links; `connected/platforms/artist/tiktok/music`,
 * `.../instagram/music`).
 *
 * Neither platform lets an app list "my sounds": TikTok's Display API has no sound field and no sound
 * list, Instagram's API exposes no audio at all. So the sounds are drawn from what the product can
 * honestly read, and each one passes the platform's music-link check (`check-tiktok-music`,
 * `check-instagram-music`, the adapters' `resolveSound`) before it is offered:
 * - `campaign`: the sounds of the artist's own earlier campaigns on the platform;
 * - `post`: the sounds of the newest posts of the artist's own connected account(s) on the platform,
 *   as the platform's adapter reads them (`accounts.postSounds`, handed over with the music-link check):
 *   TikTok, each video's sound as its public embed links it (provider `videoSound`; a video whose sound
 *   cannot be read is left out, never guessed); Instagram, each reel's own link (a `reel/<code>` link is
 *   a valid sound link: the influencer uses that reel's audio).
 */

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/** How many of an account's newest posts are read for their sounds. */
export const RECENT_POSTS_FOR_SOUNDS = 10;

/** A sound offered to the artist (the `tiktok/music` and `instagram/music` answer). */
export interface ArtistSound {
  /** The platform's id of the sound (TikTok music id; Instagram audio id or reel shortcode). */
  id: string;
  /** The link the wizard puts in its sound field (it passes the platform's music-link check). */
  url: string;
  /** The song name the artist gave in their campaign, the sound's title, or the post's caption. */
  name: string;
  artists: string;
  cover_url: string | null;
  source: 'campaign' | 'post';
  /** The connected account the post is on (`post` only). */
  account_id: number | null;
  user_name: string | null;
}

/**
 * The artist's own sounds on `platform`: their earlier campaigns' sounds first (newest first), then the
 * sounds of their connected accounts' newest posts, each sound once (by id).
 * @param accountId only that connected account's posts (and no campaign sounds)
 * @returns the sounds, and `empty`: the message key `connections.no_own_sounds_<platform>` that says how
 *   to get some when there is nothing to draw from (no connected account and no earlier campaign), else
 *   null. Nothing to offer is an answer, not a conflict: the wizard asks on every visit
 * @throws NotFoundError when `accountId` is not one of the user's connected accounts on the platform;
 *   409 `connections.account_expired` when the platform
 *   refuses the account's token; AppError 502 `connections.platform_unavailable` when the platform does
 *   not answer (502, not 503: a 503 puts the apps into their maintenance screen)
 */
export async function artistSounds(
  deps: Deps,
  userId: number,
  platform: SocialPlatformName,
  accountId?: number,
): Promise<{ sounds: ArtistSound[]; empty: string | null }> {
  const accounts = await deps.database.db
    .select({ id: socialAccounts.id, username: socialAccounts.username })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.userId, userId),
        eq(socialAccounts.platform, platform),
        eq(socialAccounts.status, 'connected'),
        accountId ? eq(socialAccounts.id, accountId) : undefined,
      ),
    )
    .orderBy(desc(socialAccounts.connectedAt));
  if (accountId && accounts.length === 0) throw new NotFoundError();

  const fromCampaigns = accountId ? [] : await campaignSounds(deps, userId, platform);
  // An account whose platform is switched off (production without its keys) has no posts to read.
  const readable = deps.providers[platform].name === 'off' ? [] : accounts;
  if (accounts.length === 0 && fromCampaigns.length === 0)
    return { sounds: [], empty: `connections.no_own_sounds_${platform}` };

  const out: ArtistSound[] = [];
  const seen = new Set<string>();
  const add = (s: ArtistSound) => {
    if (seen.has(s.id)) return;
    seen.add(s.id);
    out.push(s);
  };
  fromCampaigns.forEach(add);
  for (const account of readable) {
    const sounds = await postSounds(deps, platform, account).catch(platformFailure);
    sounds.forEach(add);
  }
  return { sounds: out, empty: null };
}

/** The sounds of the artist's campaigns on the platform, newest use first, still passing the link check. */
async function campaignSounds(
  deps: Deps,
  userId: number,
  platform: SocialPlatformName,
): Promise<ArtistSound[]> {
  const rows = await deps.database.db
    .selectDistinctOn([expressCampaigns.trackId], {
      trackUrl: expressCampaigns.trackUrl,
      trackName: expressCampaigns.trackName,
      trackArtist: expressCampaigns.trackArtist,
      coverUrl: expressCampaigns.coverUrl,
      lastUsed: expressCampaigns.createdAt,
    })
    .from(expressCampaigns)
    .where(
      and(
        eq(expressCampaigns.artistId, userId),
        eq(expressCampaigns.campaignTypeId, soundCheck(platform).typeId),
      ),
    )
    .orderBy(expressCampaigns.trackId, desc(expressCampaigns.createdAt));
  rows.sort((a, b) => b.lastUsed.getTime() - a.lastUsed.getTime());
  const out: ArtistSound[] = [];
  for (const r of rows) {
    const sound = await soundCheck(platform).resolveSound(deps, r.trackUrl);
    if (!sound) continue;
    out.push({
      id: sound.id,
      url: sound.url,
      name: r.trackName || sound.name,
      artists: r.trackArtist,
      cover_url: r.coverUrl,
      source: 'campaign',
      account_id: null,
      user_name: null,
    });
  }
  return out;
}

/** The sounds of one connected account's newest posts (see the module comment). */
async function postSounds(
  deps: Deps,
  platform: SocialPlatformName,
  account: { id: number; username: string },
): Promise<ArtistSound[]> {
  const check = soundCheck(platform);
  const found = check.accounts?.postSounds
    ? await check.accounts.postSounds(deps, account.id, RECENT_POSTS_FOR_SOUNDS)
    : [];
  const out: ArtistSound[] = [];
  for (const f of found) {
    const sound = await check.resolveSound(deps, f.link);
    if (!sound) continue;
    out.push({
      id: sound.id,
      url: sound.url,
      name: f.name || sound.name,
      artists: account.username,
      cover_url: f.cover,
      source: 'post',
      account_id: account.id,
      user_name: account.username,
    });
  }
  return out;
}

/** A platform's refusal or silence as the translated error the artist sees. */
function platformFailure(err: unknown): never {
  if (err instanceof TikTokApiError || err instanceof InstagramApiError) {
    if (err.failure === 'token_invalid' || err.failure === 'invalid_grant' || err.failure === 'scope_missing')
      throw new ConflictError('connections.account_expired');
    throw new AppError(502, 'connections.platform_unavailable');
  }
  throw err;
}
