import { fanRating } from '@lm/contracts';

/**
 * The fan rating of the Fan Finder analysis: a score 0-100 from stored, explainable components, and
 * its band (spec section 4: at least 85 Super, 70 Regular, 55 Mixed, below Low). Pure functions: the
 * analysis job stores the components beside the score so staff and artists can see why a fan rates so.
 */

/** What one commenter did across the analysed posts. */
export interface CommenterActivity {
  /** Posts analysed (the latest 6 of each artist analysed, own and related). */
  postsAnalysed: number;
  /** Of those, the posts this commenter commented on. */
  postsCommented: number;
  /** Artists analysed (1 own + up to 2 related). */
  artistsAnalysed: number;
  /** Of those, the artists on whose posts this commenter commented. */
  artistsCommented: number;
  /** The commenter's comment texts, oldest first. */
  comments: readonly string[];
  /** Whole days since the commenter's latest comment (0 = today). */
  daysSinceLastComment: number;
}

/** The stored components, each 0..its weight, and their sum (the score). */
export interface RatingComponents {
  /** Share of the analysed posts commented on, out of 40. */
  posts: number;
  /** Share of the analysed artists followed in comments, out of 20. */
  artists: number;
  /** Share of comments that say something (not emoji-only, not copy-paste, not self-promotion), out of 25. */
  quality: number;
  /** Recency of the latest comment: full within 7 days, none after 90, out of 15. */
  recency: number;
  /** The rating percentage 0..100 (rounded sum). */
  score: number;
}

/** Weights of the components (they add up to 100). */
export const RATING_WEIGHTS = { posts: 40, artists: 20, quality: 25, recency: 15 } as const;
const RECENT_DAYS = 7;
const STALE_DAYS = 90;

// Emoji, symbols, punctuation and spaces only (no letter or digit in any script).
const EMOJI_ONLY = /^[^\p{L}\p{N}]*$/u;
// Asking for follows, promotion links, "check my page" and the like.
const SELF_PROMOTION =
  /(https?:\/\/|www\.|\bcheck (out )?my\b|\bfollow (me|back)\b|\bf4f\b|\bl4l\b|\bdm (me|for)\b|\bmy (page|profile|channel)\b|\bpromo\b|@\w+ for)/iu;

/** Whether a comment says something: letters or digits, and not self-promotion. */
export function isQualityComment(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length === 0 || EMOJI_ONLY.test(trimmed)) return false;
  return !SELF_PROMOTION.test(trimmed);
}

const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Share (0..1) of the comments that count for quality: each quality comment counts once; a text the
 * commenter repeats (copy-paste, compared case- and space-insensitively) counts only its first time.
 */
export function qualityShare(comments: readonly string[]): number {
  if (comments.length === 0) return 0;
  const seen = new Set<string>();
  let good = 0;
  for (const c of comments) {
    const key = normalise(c);
    const repeated = seen.has(key);
    seen.add(key);
    if (!repeated && isQualityComment(c)) good += 1;
  }
  return good / comments.length;
}

/** Recency factor (0..1): 1 within 7 days, falling linearly to 0 at 90 days. */
export function recencyFactor(days: number): number {
  if (days <= RECENT_DAYS) return 1;
  if (days >= STALE_DAYS) return 0;
  return (STALE_DAYS - days) / (STALE_DAYS - RECENT_DAYS);
}

const share = (part: number, whole: number) => (whole <= 0 ? 0 : Math.min(1, Math.max(0, part / whole)));
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The components and score of one commenter (deterministic). */
export function rateCommenter(a: CommenterActivity): RatingComponents {
  const posts = RATING_WEIGHTS.posts * share(a.postsCommented, a.postsAnalysed);
  const artists = RATING_WEIGHTS.artists * share(a.artistsCommented, a.artistsAnalysed);
  const quality = RATING_WEIGHTS.quality * qualityShare(a.comments);
  const recency = RATING_WEIGHTS.recency * recencyFactor(a.daysSinceLastComment);
  return {
    posts: round2(posts),
    artists: round2(artists),
    quality: round2(quality),
    recency: round2(recency),
    score: Math.round(posts + artists + quality + recency),
  };
}

/** The band of a rating percentage (spec section 4). */
export const ratingBand = fanRating;

/**
 * NEW badge (spec section 4): a fan is new when created on the (UTC) day of the last sync.
 * @param lastSync the artist's last completed analysis, or null before the first
 */
export function isNewFan(createdAt: Date, lastSync: Date | null): boolean {
  if (!lastSync) return false;
  return createdAt.toISOString().slice(0, 10) === lastSync.toISOString().slice(0, 10);
}
