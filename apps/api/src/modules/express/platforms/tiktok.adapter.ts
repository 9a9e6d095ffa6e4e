import { NotFoundError } from '../../../platform/errors';
import type { TikTokVideo } from '../../../providers/tiktok/contract';
import { accessTokenOf } from '../../connections';
import { EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT } from '../express.schema';
import {
  type EngineDeps,
  type ExpressCampaignRow,
  type ExpressCheck,
  type ExpressPlatformAdapter,
  proRataShare,
  type VideoFigures,
  videoProof,
} from './adapter';
import {
  acceptedAt,
  accountRenewal,
  accountToken,
  loadAccountTargets,
  medianViews,
  performanceShare,
  RECENT_POSTS_FOR_TARGET,
  soundPlayer,
} from './social';

/**
 * TikTok video (campaign_type_id 2): how a TikTok express campaign proves itself and ends (spec
 * sections 4, 5 and 7).
 *
 * - Sound: a TikTok music link, `https://www.tiktok.com/music/<slug>-<music id>` ('Invalid Music URL'
 *   otherwise); the campaign's `track_id` is the music id.
 * - Target: an influencer's connected TikTok account with an active tier (`social_accounts`), priced
 *   by its tier; the influencer is the seller.
 * - At acceptance: the target views are the median views of the account's 10 newest public videos
 *   (none: no target, the full price is earned).
 * - Proof: the submitted video is one of the account's public videos (`/v2/video/query/`), posted at or
 *   after the acceptance, and its sound is the campaign's: the `/music/` id its embed shows (oEmbed, the
 *   provider's `soundOf`). The Display API has no sound field; when the sound cannot be read the video is taken as proven and the artist's
 *   confirmation is the fallback (a dispute goes to staff, who force-end with a refund). A video with
 *   another sound is refused: the objective reasons are "sound missing" and "not public", never taste.
 *   The video must disclose the paid promotion in its title or description (`#ad`, `#anzeige`...:
 *   the Display API exposes no branded-content flag), else the proof fails with a reason the creator
 *   reads (edit the caption or turn on TikTok's branded-content toggle and add the words).
 *   Still proven an hour later -> On Going for `on_going_days`.
 * - Still there: the video is re-read daily while On Going (views recorded); deleted or made private
 *   -> Completed early, the influencer paid pro rata of the whole days served, the rest refunded.
 * - Achievement: at the end of Auditing the views are read once more; the influencer earns
 *   price x views / target (whole coins, at most the price), the rest is refunded as desc 3
 *   `complete_refund`. A video gone during Auditing counts the views last read.
 */
export const tiktokAdapter: ExpressPlatformAdapter = {
  typeId: 2,
  key: 'tiktok',
  promise: 'video',
  accounts: {
    paths: {
      base: '/api/express-tiktok',
      videos: '/api/express-tiktok/tiktok/list/videos',
      submit: '/api/check-tiktok-video',
    },
    musicChecks: ['/api/check-tiktok-music', '/api/express-check-tiktok-music'],
    tag: 'express tiktok',
    profileUrl: (username) => `https://www.tiktok.com/@${encodeURIComponent(username)}`,
    unreleasedCover: true,
    // The sound is read from the video's embed: nothing for the artist to confirm.
    confirmWindowHours: null,
    async submittableVideos(deps, accountId, since) {
      const token = await accessTokenOf(deps, accountId);
      const page = await deps.providers.tiktok.listVideos(token, { maxCount: 20 });
      return page.videos
        .filter((v) => v.createdAt.getTime() >= since)
        .map((v) => ({
          id: v.id,
          url: v.shareUrl,
          caption: v.title || v.description,
          posted_at: v.createdAt.toISOString(),
          views: v.viewCount,
        }));
    },
    // The Display API has no sound field: each video's sound is the one its public embed links.
    async postSounds(deps, accountId, limit) {
      const token = await accessTokenOf(deps, accountId);
      const page = await deps.providers.tiktok.listVideos(token, { maxCount: limit });
      const sounds = await Promise.all(page.videos.map((v) => deps.providers.tiktok.videoSound(v)));
      return page.videos.flatMap((video, i) => {
        const sound = sounds[i];
        return sound
          ? [{ link: sound.url, name: sound.title ?? video.title, cover: video.coverImageUrl }]
          : [];
      });
    },
  },
  timing: { verifyDelayMinutes: 60, checkEveryWaitingMinutes: 60, checkEveryOnGoingMinutes: 24 * 60 },
  invalidSoundKey: 'express.invalid_music_url',
  oneOpenIndex: EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT,

  async resolveSound(_deps, link) {
    const sound = parseTikTokMusicLink(link);
    if (!sound) return null;
    return {
      id: sound.id,
      url: `https://www.tiktok.com/music/${sound.slug ? `${sound.slug}-` : ''}${sound.id}`,
      name: (sound.slug ? sound.slug.replace(/-/g, ' ') : sound.id).slice(0, 300),
      artist: '',
      coverUrl: null,
    };
  },
  soundLink: (c) => c.trackUrl,
  player: (deps, c, seconds) => soundPlayer(deps.providers.tiktok, c, seconds),

  loadTargets: (tx, ids, payerId) => loadAccountTargets(tx, 'tiktok', ids, payerId),
  renewal: accountRenewal('tiktok'),
  targetColumns: (t) => ({ accountId: t.id, socialTierId: t.tierId }),
  sellerLink: () => '/tiktok/express/campaigns/list',
  campaignPath: (id) => `/tiktok/express-campaigns/${id}`,

  async termsAtApproval(deps, c) {
    const token = await accessTokenOf(deps, accountOf(c));
    const page = await deps.providers.tiktok.listVideos(token, { maxCount: RECENT_POSTS_FOR_TARGET });
    return { targetViews: medianViews(page.videos.map((v) => v.viewCount)) };
  },

  async proveSubmission(deps, c) {
    const video = await submittedVideo(deps, c);
    const since = acceptedAt(c);
    if (!video || !since || video.createdAt.getTime() < since.getTime()) return notThere;
    const sound = await deps.providers.tiktok.soundOf(video);
    if (sound !== null && sound !== c.trackId) return notThere;
    // The Display API's video object has no branded-content field (docs/decisions.md "Honest
    // promotion"): the disclosure is read from the title and description the creator wrote.
    return videoProof({ ...figuresOf(video), flag: null, caption: `${video.title}\n${video.description}` });
  },
  async stillThere(deps, c) {
    const video = await submittedVideo(deps, c);
    return video ? { ok: true, position: null, ...figuresOf(video) } : notThere;
  },
  async achievement(deps, c) {
    const token = c.submittedMediaId ? await accountToken(deps, c) : null;
    const video = token ? await videoWithToken(deps, token, c) : null;
    const views = video?.viewCount ?? c.lastViews ?? 0;
    return {
      coins: performanceShare(c.price, views, c.targetViews),
      meta: { views, target_views: c.targetViews },
      // Only an account that could be read tells whether the video is gone.
      ...(token ? { check: video ? { ok: true, position: null, ...figuresOf(video) } : notThere } : {}),
    };
  },
  earlyEndShare: proRataShare,
};

const notThere: ExpressCheck = { ok: false, position: null, views: null };

/** The counts TikTok's Video Object carries (null when the scope or TikTok gives none). */
function figuresOf(video: TikTokVideo): VideoFigures {
  return {
    views: video.viewCount,
    likes: video.likeCount,
    comments: video.commentCount,
    shares: video.shareCount,
  };
}

function accountOf(c: ExpressCampaignRow): number {
  if (c.accountId === null) throw new NotFoundError();
  return c.accountId;
}

/** The submitted video as the account's public videos show it now; null when deleted or private. */
async function submittedVideo(deps: EngineDeps, c: ExpressCampaignRow): Promise<TikTokVideo | null> {
  if (!c.submittedMediaId) return null;
  const token = await accountToken(deps, c);
  return token ? videoWithToken(deps, token, c) : null;
}

/** The submitted video read with the account's token; null when deleted, private or none submitted. */
async function videoWithToken(
  deps: EngineDeps,
  token: string,
  c: ExpressCampaignRow,
): Promise<TikTokVideo | null> {
  if (!c.submittedMediaId) return null;
  const [video] = await deps.providers.tiktok.queryVideos(token, [c.submittedMediaId]);
  return video ?? null;
}

const MUSIC_LINK = /^https?:\/\/(?:www\.|m\.)?tiktok\.com\/music\/(?:([^/?#]*)-)?(\d{5,30})\/?(?:[?#].*)?$/i;

/**
 * A TikTok music link (spec section 5: `{host}/music/`), e.g.
 * `https://www.tiktok.com/music/original-sound-7301234567890123456?lang=en`.
 * @returns the music id and the slug before it (may be empty), or null when not such a link
 */
export function parseTikTokMusicLink(link: string): { id: string; slug: string } | null {
  const m = MUSIC_LINK.exec(link.trim());
  if (!m) return null;
  let slug = m[1] ?? '';
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // A malformed escape stays as written: the slug is only the sound's display name.
  }
  return { id: m[2]!, slug: slug.slice(0, 200) };
}
