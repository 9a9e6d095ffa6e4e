import { listenersMinimumMet, stayMinimumMet } from '@lm/contracts/playlist-results';
import {
  LISTENERS_FULL_SHARE,
  NEUTRAL_SCORE,
  NEW_SELLER_MIN_CAMPAIGNS,
  RESULT_SCORE_PARTS,
  RESULT_SCORE_WEIGHTS,
  type ResultScorePart,
  SCORE_PARTS,
  SCORE_WEIGHTS,
  type ScorePart,
} from '@lm/contracts/score';

/**
 * What the platform observed of one offer's campaigns, as read by `score.service.ts`.
 * Counts are campaigns; `medianResponseMinutes` is minutes; `ratingAverage` is the recency-weighted
 * mean of the artists' ratings (1..5); `viewsRatio` is the mean of views achieved / target (each
 * capped at 1) over finished videos.
 */
export interface ScoreStats {
  /** Campaigns ended (completed, declined, failed to submit). */
  ended: number;
  /** Campaigns the seller answered (left Pending approval). */
  decided: number;
  /** Of those, accepted. */
  accepted: number;
  medianResponseMinutes: number | null;
  /** Accepted campaigns whose submission outcome is known, and of those the ones that reached On Going. */
  deliveryDue: number;
  delivered: number;
  /** Campaigns whose On Going period ended (Auditing or Completed), and of those the ones not removed early. */
  keepDue: number;
  kept: number;
  ratingsCount: number;
  ratingAverage: number | null;
  viewsRatio: number | null;
  /** What the placements delivered (playlists only; docs/decisions.md "Results: what a playlist delivers"). */
  results?: ResultStats;
}

/**
 * A playlist's results as the score reads them: the median rise in daily listeners per measured
 * campaign (listeners a day) with the campaigns and artists behind it, the playlist's followers, and
 * the completed placements' mean days stayed and mean share of their agreed days (0..1, each capped at 1).
 */
export interface ResultStats {
  listenersPerPlacement: number | null;
  resultsCampaigns: number;
  resultsArtists: number;
  followers: number | null;
  stayDays: number | null;
  stayShare: number | null;
  stayCampaigns: number;
  stayArtists: number;
}

/** At or under this median answer time the response part is 100. */
export const RESPONSE_BEST_MINUTES = 60;
/** At or over this median answer time (three days) the response part is 0; linear in between. */
export const RESPONSE_WORST_MINUTES = 72 * 60;
/** Half-life of a review's weight in the rating part, in days (a review a year old counts a quarter). */
export const RATING_HALF_LIFE_DAYS = 180;

/** The parts; the result parts only for playlists (`ScoreStats.results`). */
export type ScoreParts = Record<ScorePart, number | null> & Partial<Record<ResultScorePart, number | null>>;

export interface ComputedScore {
  score: number;
  isNew: boolean;
  parts: ScoreParts;
  /** The part whose improvement would raise the total most, or null when nothing can be gained. */
  improve: ScorePart | null;
}

const pct = (num: number, den: number) => (den > 0 ? Math.round((100 * num) / den) : null);
const bounded = (v: number) => Math.min(100, Math.max(0, Math.round(v)));

/**
 * The result parts 0..100, each null below its minimum: `listeners` is the rise per placement against
 * `LISTENERS_FULL_SHARE` of the followers (0 at no rise or a fall; null when the followers are unknown),
 * `stay` the mean share of the agreed days tracks stayed.
 */
export function resultParts(r: ResultStats): Record<ResultScorePart, number | null> {
  const measured =
    r.listenersPerPlacement !== null &&
    listenersMinimumMet(r.resultsCampaigns, r.resultsArtists) &&
    r.followers !== null &&
    r.followers > 0;
  return {
    listeners: measured
      ? bounded((100 * r.listenersPerPlacement!) / (r.followers! * LISTENERS_FULL_SHARE))
      : null,
    stay: r.stayShare !== null && stayMinimumMet(r.stayCampaigns) ? bounded(100 * r.stayShare) : null,
  };
}

/**
 * Each part 0..100 from the observed stats (null when there is nothing to judge it on). Views only for
 * videos (`withViews`); the result parts only when `s.results` is given (playlists).
 */
export function scoreParts(s: ScoreStats, withViews: boolean): ScoreParts {
  const response =
    s.medianResponseMinutes === null
      ? null
      : bounded(
          (100 * (RESPONSE_WORST_MINUTES - s.medianResponseMinutes)) /
            (RESPONSE_WORST_MINUTES - RESPONSE_BEST_MINUTES),
        );
  return {
    acceptance: pct(s.accepted, s.decided),
    response,
    delivery: pct(s.delivered, s.deliveryDue),
    keep: pct(s.kept, s.keepDue),
    rating:
      s.ratingAverage === null || s.ratingsCount === 0 ? null : bounded((100 * (s.ratingAverage - 1)) / 4),
    views: withViews && s.viewsRatio !== null ? bounded(100 * s.viewsRatio) : null,
    ...(s.results ? resultParts(s.results) : {}),
  };
}

const ALL_PARTS = [...SCORE_PARTS, ...RESULT_SCORE_PARTS];
const ALL_WEIGHTS: Record<ScorePart | ResultScorePart, number> = {
  ...SCORE_WEIGHTS,
  ...RESULT_SCORE_WEIGHTS,
};

/**
 * The weighted total of the parts present (weights `SCORE_WEIGHTS` and `RESULT_SCORE_WEIGHTS`; a
 * missing part's weight is spread over the present ones), or null when no part is present.
 */
export function weightedTotal(parts: ScoreParts): number | null {
  let sum = 0;
  let weight = 0;
  for (const p of ALL_PARTS) {
    const v = parts[p];
    if (v === null || v === undefined) continue;
    sum += ALL_WEIGHTS[p] * v;
    weight += ALL_WEIGHTS[p];
  }
  return weight === 0 ? null : Math.round(sum / weight);
}

/**
 * The score of one offer: parts, total, "new" label, the part to improve.
 * A seller with fewer than `NEW_SELLER_MIN_CAMPAIGNS` ended campaigns, or with no part observed, gets
 * the neutral `NEUTRAL_SCORE` labelled new; the parts are still shown.
 */
export function computeScore(s: ScoreStats, withViews: boolean): ComputedScore {
  const parts = scoreParts(s, withViews);
  const total = weightedTotal(parts);
  const isNew = s.ended < NEW_SELLER_MIN_CAMPAIGNS || total === null;
  return {
    score: isNew ? NEUTRAL_SCORE : (total ?? NEUTRAL_SCORE),
    isNew,
    parts,
    improve: improvePart(parts),
  };
}

/**
 * The part whose improvement to 100 would raise the total most (largest weight x shortfall), or null
 * when every observed part is already 100 or none is observed. The seller's own screen names it. The
 * result parts are left out: listeners are what the playlist's audience did, which no tip changes, and
 * what the curator can do about stay (keep tracks to the end) is the keep part's tip.
 */
export function improvePart(parts: ScoreParts): ScorePart | null {
  let improve: ScorePart | null = null;
  let best = 0;
  for (const p of SCORE_PARTS) {
    const v = parts[p];
    if (v === null) continue;
    const gain = SCORE_WEIGHTS[p] * (100 - v);
    if (gain > best) {
      best = gain;
      improve = p;
    }
  }
  return improve;
}
