import { NotFoundError } from '../../../platform/errors';
import {
  InstagramApiError,
  type InstagramInsights,
  type InstagramMedia,
} from '../../../providers/instagram/contract';
import { accessTokenOf } from '../../connections';
import { EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT } from '../express.schema';
import {
  type EngineDeps,
  type ExpressCampaignRow,
  type ExpressCheck,
  type ExpressPlatformAdapter,
  proRataShare,
  videoFigures,
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

/** The artist's window to dispute a reel from its embed (72 hours, silence = accepted). */
export const INSTAGRAM_CONFIRM_HOURS = 72;
/** How many of the account's newest media are searched for the submitted reel. */
const REEL_SEARCH_LIMIT = 50;

/**
 * Instagram reel (campaign_type_id 3): how an Instagram express campaign proves itself and ends
 * (spec sections 4, 5 and 7).
 *
 * - Sound: an Instagram link on a `reels/audio`, `reel`, `reels` or `p` path ('Link Is Wrong'
 *   otherwise); the campaign's `track_id` is the audio id or the reel's shortcode.
 * - Target: an influencer's connected professional account with an active tier, priced by its tier.
 * - At acceptance: the target views are the median views (`/{media-id}/insights`) of the
 *   account's 10 newest reels (none: no target, the full price is earned).
 * - Proof: the submitted media is a reel among the account's newest 50 media, posted at or after the
 *   acceptance. Instagram exposes no audio field, so the sound is the artist's to confirm from the
 *   embed: the reel stays Verifying for 72 hours (the artist's window; a dispute goes to staff, who
 *   force-end with a refund) and, still there after them, goes On Going: silence = accepted. The
 *   reel's caption must disclose the paid promotion (`#ad`, `#anzeige`...: IG Media exposes no
 *   paid-partnership field), else the proof fails with a reason the creator reads.
 * - Still there: views, likes, comments and shares are read daily while On Going (one insights
 *   call); the reel gone (insights answer "not found") ->
 *   Completed early, paid pro rata of the whole days served, the rest refunded.
 * - Achievement: at the end of Auditing the views are read once more; the influencer earns
 *   price x views / target (whole coins, at most the price), the rest is refunded as desc 3
 *   `complete_refund`. A reel gone during Auditing counts the views last read.
 */
export const instagramAdapter: ExpressPlatformAdapter = {
  typeId: 3,
  key: 'instagram',
  promise: 'video',
  accounts: {
    paths: {
      base: '/api/express-instagram',
      videos: '/api/express-instagram/influencer/instagram/reels',
      submit: '/api/express-instagram/influencer/check/music',
    },
    musicChecks: ['/api/check-instagram-music'],
    tag: 'express instagram',
    profileUrl: (username) => `https://www.instagram.com/${encodeURIComponent(username)}/`,
    unreleasedCover: false,
    // Instagram exposes no audio field: the artist confirms the sound from the embed.
    confirmWindowHours: INSTAGRAM_CONFIRM_HOURS,
    async submittableVideos(deps, accountId, since) {
      const token = await accessTokenOf(deps, accountId);
      const page = await deps.providers.instagram.listMedia(token, { limit: 25 });
      return page.media
        .filter((m) => isReel(m) && m.postedAt.getTime() >= since)
        .map((m) => ({
          id: m.id,
          url: m.permalink,
          caption: m.caption,
          posted_at: m.postedAt.toISOString(),
          views: null,
        }));
    },
    // Instagram exposes no audio: a reel's own link is a sound link (the influencer uses its audio).
    async postSounds(deps, accountId, limit) {
      const token = await accessTokenOf(deps, accountId);
      const page = await deps.providers.instagram.listMedia(token, { limit: limit * 2 });
      return page.media
        .filter((m) => m.productType === 'REELS')
        .slice(0, limit)
        .map((reel) => ({ link: reel.permalink, name: firstLine(reel.caption), cover: reel.thumbnailUrl }));
    },
  },
  timing: {
    verifyDelayMinutes: INSTAGRAM_CONFIRM_HOURS * 60,
    checkEveryWaitingMinutes: 60,
    checkEveryOnGoingMinutes: 24 * 60,
  },
  invalidSoundKey: 'express.instagram_link_wrong',
  oneOpenIndex: EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT,

  async resolveSound(_deps, link) {
    const sound = parseInstagramSoundLink(link);
    if (!sound) return null;
    return { id: sound.id, url: sound.url, name: sound.id, artist: '', coverUrl: null };
  },
  soundLink: (c) => c.trackUrl,
  player: (deps, c, seconds) => soundPlayer(deps.providers.instagram, c, seconds),

  loadTargets: (tx, ids, payerId) => loadAccountTargets(tx, 'instagram', ids, payerId),
  renewal: accountRenewal('instagram'),
  targetColumns: (t) => ({ accountId: t.id, socialTierId: t.tierId }),
  sellerLink: () => '/instagram/express/campaigns/list',
  campaignPath: (id) => `/instagram/express-campaigns/${id}`,

  async termsAtApproval(deps, c) {
    const token = await accessTokenOf(deps, accountOf(c));
    const page = await deps.providers.instagram.listMedia(token, { limit: RECENT_POSTS_FOR_TARGET * 2 });
    const reels = page.media.filter(isReel).slice(0, RECENT_POSTS_FOR_TARGET);
    const views = [];
    for (const reel of reels) views.push((await insightsOf(deps, token, reel.id))?.views);
    return { targetViews: medianViews(views) };
  },

  async proveSubmission(deps, c) {
    const token = c.submittedMediaId ? await accountToken(deps, c) : null;
    if (!token || !c.submittedMediaId) return notThere;
    const reel = await findReel(deps, token, c.submittedMediaId);
    const since = acceptedAt(c);
    if (!reel || !since || reel.postedAt.getTime() < since.getTime()) return notThere;
    const insights = await insightsOf(deps, token, reel.id);
    if (insights === undefined) return notThere;
    // IG Media has no paid-partnership field (docs/decisions.md "Honest promotion"): the caption.
    return videoProof({ ...insights, flag: null, caption: reel.caption });
  },
  async stillThere(deps, c) {
    const token = c.submittedMediaId ? await accountToken(deps, c) : null;
    if (!token || !c.submittedMediaId) return notThere;
    const insights = await insightsOf(deps, token, c.submittedMediaId);
    return insights === undefined ? notThere : { ok: true, position: null, ...videoFigures(insights) };
  },
  async achievement(deps, c) {
    const token = c.submittedMediaId ? await accountToken(deps, c) : null;
    const read = token && c.submittedMediaId ? await insightsOf(deps, token, c.submittedMediaId) : undefined;
    const views = read?.views ?? c.lastViews ?? 0;
    return {
      coins: performanceShare(c.price, views, c.targetViews),
      meta: { views, target_views: c.targetViews },
      // Only an account that could be read tells whether the reel is gone.
      ...(token ? { check: read ? { ok: true, position: null, ...videoFigures(read) } : notThere } : {}),
    };
  },
  earlyEndShare: proRataShare,
};

const notThere: ExpressCheck = { ok: false, position: null, views: null };

function accountOf(c: ExpressCampaignRow): number {
  if (c.accountId === null) throw new NotFoundError();
  return c.accountId;
}

/** A caption's first line, at most 120 characters. */
function firstLine(caption: string): string {
  return (caption.split('\n')[0] ?? '').trim().slice(0, 120);
}

const isReel = (m: InstagramMedia) => m.productType === 'REELS' || m.mediaType === 'VIDEO';

/** The reel among the account's newest media; null when not found (not the account's, or gone). */
async function findReel(deps: EngineDeps, token: string, mediaId: string): Promise<InstagramMedia | null> {
  let after: string | undefined;
  let seen = 0;
  while (seen < REEL_SEARCH_LIMIT) {
    const page = await deps.providers.instagram.listMedia(token, { after, limit: 25 });
    const found = page.media.find((m) => m.id === mediaId);
    if (found) return isReel(found) ? found : null;
    seen += page.media.length;
    if (!page.after || page.media.length === 0) return null;
    after = page.after;
  }
  return null;
}

/**
 * Views, likes, comments and shares of a media (each null when Instagram has no figure yet), or
 * undefined when the media is gone. Other failures (token, outage) throw: the engine's job retries.
 */
async function insightsOf(
  deps: EngineDeps,
  token: string,
  mediaId: string,
): Promise<InstagramInsights | undefined> {
  try {
    return await deps.providers.instagram.mediaInsights(token, mediaId);
  } catch (err) {
    if (err instanceof InstagramApiError && err.failure === 'not_found') return undefined;
    throw err;
  }
}

const SOUND_LINK =
  /^https?:\/\/(?:www\.)?instagram\.com\/(reels\/audio|reels?|p)\/([A-Za-z0-9_-]{3,60})\/?(?:[?#].*)?$/i;

/**
 * An Instagram sound link (spec section 5: a `reels/audio`, `reel` or `p` path), e.g.
 * `https://www.instagram.com/reels/audio/1234567890123456/`.
 * @returns the audio id or the post's shortcode and the normalised link, or null when not such a link
 */
export function parseInstagramSoundLink(link: string): { id: string; url: string } | null {
  const m = SOUND_LINK.exec(link.trim());
  if (!m) return null;
  const path = m[1]!.toLowerCase();
  if (path === 'reels/audio' && !/^\d+$/.test(m[2]!)) return null;
  return { id: m[2]!, url: `https://www.instagram.com/${path}/${m[2]}/` };
}
