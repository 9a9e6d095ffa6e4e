import { median, medianAbsoluteDeviation, sampleCorrelation } from 'simple-statistics';

/**
 * The fake-audience detectors, as pure functions over histories (no database, no clock):
 * the service feeds them snapshots and turns what they return into flags. Every threshold is here,
 * named, and written down in docs/decisions.md "Fake-audience detection (session 6)".
 */

/** One day of a playlist's followers (`day` is YYYY-MM-DD, UTC). */
export interface FollowerPoint {
  day: string;
  followers: number;
}

/** A day's growth: followers gained per day since the previous snapshot (gaps spread evenly). */
export interface DailyGrowth {
  day: string;
  from: number;
  to: number;
  growth: number;
}

/** Days of a playlist's own history a day's growth is compared with. */
export const JUMP_BASELINE_DAYS = 60;
/** Fewest earlier daily growths before a jump can be judged (a new playlist is not judged). */
export const JUMP_MIN_BASELINE = 14;
/** Recent days a run looks for jumps in (a missed run is caught up by the next). */
export const JUMP_WINDOW_DAYS = 30;
/** Robust z-score (growth − median) / (1.4826 × MAD) from which a day is a jump. */
export const JUMP_MIN_ROBUST_Z = 8;
/** A jump must also be material: at least this share of the day-before followers and this many. */
export const JUMP_MIN_SHARE = 0.05;
export const JUMP_MIN_FOLLOWERS = 50;
/** Scale of normal daily noise never taken below this share of followers (a flat history has MAD 0). */
const MIN_SCALE_SHARE = 0.001;
/** 1.4826 × MAD estimates the standard deviation of normally distributed growth. */
const MAD_TO_SD = 1.4826;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/**
 * Daily growths of a history sorted by day (unsorted input is sorted; duplicate days keep the last).
 * A gap of n days spreads its change over n days.
 */
export function dailyGrowths(points: readonly FollowerPoint[]): DailyGrowth[] {
  const sorted = [...new Map(points.map((p) => [p.day, p])).values()].sort((a, b) =>
    a.day.localeCompare(b.day),
  );
  const out: DailyGrowth[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    const gap = dayNumber(cur.day) - dayNumber(prev.day);
    if (gap <= 0) continue;
    out.push({
      day: cur.day,
      from: prev.followers,
      to: cur.followers,
      growth: (cur.followers - prev.followers) / gap,
    });
  }
  return out;
}

/** What the jump detector found: the strongest jump of the window, with its numbers. */
export interface FollowerJump {
  day: string;
  followersBefore: number;
  followersAfter: number;
  growth: number;
  medianDailyGrowth: number;
  madDailyGrowth: number;
  robustZ: number;
  baselineDays: number;
}

/**
 * Sudden jumps against the playlist's own history: each day of the last JUMP_WINDOW_DAYS
 * is compared with up to JUMP_BASELINE_DAYS earlier daily growths by a robust z-score (median and
 * median absolute deviation, so earlier jumps do not hide later ones). A day is a jump when its z is
 * at least JUMP_MIN_ROBUST_Z and it gained at least JUMP_MIN_SHARE of the followers and
 * JUMP_MIN_FOLLOWERS.
 * @param points the playlist's snapshots (any order)
 * @returns the strongest jump, or null (none, or fewer than JUMP_MIN_BASELINE earlier days)
 */
export function detectFollowerJump(points: readonly FollowerPoint[]): FollowerJump | null {
  const growths = dailyGrowths(points);
  let best: FollowerJump | null = null;
  for (let i = Math.max(JUMP_MIN_BASELINE, growths.length - JUMP_WINDOW_DAYS); i < growths.length; i += 1) {
    const g = growths[i]!;
    const baseline = growths.slice(Math.max(0, i - JUMP_BASELINE_DAYS), i).map((b) => b.growth);
    if (baseline.length < JUMP_MIN_BASELINE) continue;
    const med = median(baseline);
    const mad = medianAbsoluteDeviation(baseline);
    const scale = Math.max(MAD_TO_SD * mad, MIN_SCALE_SHARE * g.from, 1);
    const z = (g.growth - med) / scale;
    const gained = g.to - g.from;
    if (z < JUMP_MIN_ROBUST_Z || gained < JUMP_MIN_FOLLOWERS || gained < JUMP_MIN_SHARE * g.from) continue;
    if (!best || z > best.robustZ)
      best = {
        day: g.day,
        followersBefore: g.from,
        followersAfter: g.to,
        growth: gained,
        medianDailyGrowth: round2(med),
        madDailyGrowth: round2(mad),
        robustZ: round2(z),
        baselineDays: baseline.length,
      };
  }
  return best;
}

/** Days over which "growing while placements show no effect" is judged. */
export const NO_EFFECT_WINDOW_DAYS = 28;
/** Follower growth over the window from which the playlist counts as growing. */
export const NO_EFFECT_MIN_GROWTH = 0.2;
/** Fewest artists' reviews of placements ended in the window before judging their effect. */
export const NO_EFFECT_MIN_REVIEWS = 2;
/** Average rating (1..5) at or below which the placements showed no effect to the artists. */
export const NO_EFFECT_MAX_RATING = 2;

/** What the growth-without-effect detector found. */
export interface GrowthWithoutEffect {
  day: string;
  fromDay: string;
  followersFrom: number;
  followersTo: number;
  growthPercent: number;
  reviews: number;
  averageRating: number;
}

/**
 * Followers growing while placements show no effect. Spotify tells nobody what a placement
 * streamed, so the effect is what the artists whose placements ended in the window said of them: their
 * ratings (1..5). Flags a playlist whose followers grew by NO_EFFECT_MIN_GROWTH or more over the last
 * NO_EFFECT_WINDOW_DAYS while at least NO_EFFECT_MIN_REVIEWS reviews of those placements average
 * NO_EFFECT_MAX_RATING or less.
 * @param points the playlist's snapshots; `ratings` the reviews of its placements ended in the window
 * @returns the finding, or null
 */
export function detectGrowthWithoutEffect(
  points: readonly FollowerPoint[],
  ratings: readonly number[],
): GrowthWithoutEffect | null {
  if (points.length < 2 || ratings.length < NO_EFFECT_MIN_REVIEWS) return null;
  const sorted = [...points].sort((a, b) => a.day.localeCompare(b.day));
  const last = sorted[sorted.length - 1]!;
  const start = dayNumber(last.day) - NO_EFFECT_WINDOW_DAYS;
  const first = sorted.find((p) => dayNumber(p.day) >= start) ?? sorted[0]!;
  if (first === last || first.followers <= 0) return null;
  const growth = (last.followers - first.followers) / first.followers;
  const average = ratings.reduce((s, r) => s + r, 0) / ratings.length;
  if (growth < NO_EFFECT_MIN_GROWTH || average > NO_EFFECT_MAX_RATING) return null;
  return {
    day: last.day,
    fromDay: first.day,
    followersFrom: first.followers,
    followersTo: last.followers,
    growthPercent: round2(growth * 100),
    reviews: ratings.length,
    averageRating: round2(average),
  };
}

/** Days of daily growth compared between a curator's playlists. */
export const LOCKSTEP_WINDOW_DAYS = 30;
/** Fewest common days before two playlists are compared. */
export const LOCKSTEP_MIN_DAYS = 14;
/** Pearson correlation of daily growth from which two playlists move in lockstep. */
export const LOCKSTEP_MIN_CORRELATION = 0.9;

/** One playlist of a curator with its snapshots. */
export interface CuratorPlaylistHistory {
  playlistId: number;
  points: readonly FollowerPoint[];
}

/** A playlist found moving in lockstep with others of the same curator. */
export interface LockstepFinding {
  playlistId: number;
  day: string;
  partnerIds: number[];
  correlation: number;
  days: number;
}

/**
 * A curator's playlists moving in lockstep: the daily growths of every pair over the last
 * LOCKSTEP_WINDOW_DAYS are correlated (Pearson); audiences that grow on their own are noisy and
 * independent, bot services feed a curator's playlists on the same days. A pair correlated at
 * LOCKSTEP_MIN_CORRELATION or more over at least LOCKSTEP_MIN_DAYS common days flags both; a flat
 * series (no variance) is never correlated.
 * @returns one finding per playlist in such a pair (its highest correlation and all its partners)
 */
export function detectLockstep(playlists: readonly CuratorPlaylistHistory[]): LockstepFinding[] {
  const series = playlists.map((p) => {
    const growths = dailyGrowths(p.points).slice(-LOCKSTEP_WINDOW_DAYS);
    return { id: p.playlistId, byDay: new Map(growths.map((g) => [g.day, g.growth])) };
  });
  const found = new Map<number, LockstepFinding>();
  for (let i = 0; i < series.length; i += 1) {
    for (let j = i + 1; j < series.length; j += 1) {
      const a = series[i]!;
      const b = series[j]!;
      const days = [...a.byDay.keys()].filter((d) => b.byDay.has(d)).sort();
      if (days.length < LOCKSTEP_MIN_DAYS) continue;
      const xa = days.map((d) => a.byDay.get(d)!);
      const xb = days.map((d) => b.byDay.get(d)!);
      if (!varies(xa) || !varies(xb)) continue;
      const r = sampleCorrelation(xa, xb);
      if (!(r >= LOCKSTEP_MIN_CORRELATION)) continue;
      for (const [self, other] of [
        [a.id, b.id],
        [b.id, a.id],
      ] as const) {
        const prev = found.get(self);
        found.set(self, {
          playlistId: self,
          day: days[days.length - 1]!,
          partnerIds: [...(prev?.partnerIds ?? []), other].sort((x, y) => x - y),
          correlation: Math.max(prev?.correlation ?? 0, round2(r)),
          days: Math.max(prev?.days ?? 0, days.length),
        });
      }
    }
  }
  return [...found.values()].sort((x, y) => x.playlistId - y.playlistId);
}

/** An account's recent videos (medians over its latest videos) and followers. */
export interface AccountStats {
  followers: number;
  videos: number;
  medianViews: number;
  /** Null where the platform gives no likes or comments (Instagram through this product). */
  medianLikes: number | null;
  medianComments: number | null;
}

/** Fewest recent videos before an account is judged. */
export const ACCOUNT_MIN_VIDEOS = 3;
/** Fewest accounts of a tier before the tier's own spread is the yardstick (else the fixed bands). */
export const ACCOUNT_MIN_TIER_PEERS = 8;
/** Robust z of log ratios (against the tier's accounts) from which a ratio is far outside the tier. */
export const ACCOUNT_MAX_ROBUST_Z = 3.5;
/** Fixed bands while a tier has too few accounts: views per follower and engagement per view. */
export const ACCOUNT_BANDS = {
  /** Median views above 5 × followers with engagement under 1 %: views bought. */
  boughtViewsMinViewsPerFollower: 5,
  boughtViewsMaxEngagement: 0.01,
  /** Median views under 1 % of followers: followers bought. */
  boughtFollowersMaxViewsPerFollower: 0.01,
} as const;

/** What the account detector found. */
export interface AccountFinding {
  signal: 'bought_views' | 'bought_followers';
  followers: number;
  medianViews: number;
  viewsPerFollower: number;
  /** (likes + comments) / views, null when the platform gives neither. */
  engagement: number | null;
  /** The tier's median of the same ratio (fixed band when the tier has too few accounts). */
  tierViewsPerFollower: number;
  tierEngagement: number | null;
  robustZ: number | null;
  peers: number;
}

const viewsPerFollower = (s: AccountStats) => s.medianViews / Math.max(1, s.followers);
const engagementOf = (s: AccountStats) =>
  s.medianLikes === null && s.medianComments === null
    ? null
    : ((s.medianLikes ?? 0) + (s.medianComments ?? 0)) / Math.max(1, s.medianViews);

/**
 * Views, likes and comments of an account's recent videos against its followers, compared with its
 * tier: `bought_views` when views per follower are far above the tier's while engagement
 * per view is far below it (views without people behind them); `bought_followers` when views per
 * follower are far below the tier's (followers who never watch). "Far" is a robust z of the log ratio
 * of at least ACCOUNT_MAX_ROBUST_Z against the tier's accounts when it has ACCOUNT_MIN_TIER_PEERS or
 * more, otherwise the fixed ACCOUNT_BANDS.
 * @param account the account's stats; `tier` the stats of every judged account of its tier (it included)
 * @returns the finding, or null (normal, or fewer than ACCOUNT_MIN_VIDEOS videos)
 */
export function detectAccount(account: AccountStats, tier: readonly AccountStats[]): AccountFinding | null {
  if (account.videos < ACCOUNT_MIN_VIDEOS || account.followers <= 0) return null;
  const vpf = viewsPerFollower(account);
  const eng = engagementOf(account);
  const peers = tier.filter((s) => s.videos >= ACCOUNT_MIN_VIDEOS && s.followers > 0);
  const base = {
    followers: account.followers,
    medianViews: account.medianViews,
    viewsPerFollower: round4(vpf),
    engagement: eng === null ? null : round4(eng),
    peers: peers.length,
  };
  if (peers.length >= ACCOUNT_MIN_TIER_PEERS) {
    const logs = peers.map((s) => Math.log(viewsPerFollower(s) + 1e-6));
    const med = median(logs);
    const scale = Math.max(MAD_TO_SD * medianAbsoluteDeviation(logs), 0.1);
    const z = (Math.log(vpf + 1e-6) - med) / scale;
    const engs = peers.map(engagementOf).filter((e): e is number => e !== null);
    const tierEng = engs.length > 0 ? median(engs) : null;
    const tierVpf = Math.exp(med);
    const common = {
      ...base,
      tierViewsPerFollower: round4(tierVpf),
      tierEngagement: tierEng === null ? null : round4(tierEng),
      robustZ: round2(z),
    };
    if (z <= -ACCOUNT_MAX_ROBUST_Z) return { signal: 'bought_followers', ...common };
    if (z >= ACCOUNT_MAX_ROBUST_Z) {
      const engLogs = peers
        .map(engagementOf)
        .filter((e): e is number => e !== null)
        .map((e) => Math.log(e + 1e-6));
      const engLow =
        eng !== null &&
        engLogs.length >= ACCOUNT_MIN_TIER_PEERS &&
        (Math.log(eng + 1e-6) - median(engLogs)) /
          Math.max(MAD_TO_SD * medianAbsoluteDeviation(engLogs), 0.1) <=
          -ACCOUNT_MAX_ROBUST_Z;
      if (engLow || eng === null || eng < ACCOUNT_BANDS.boughtViewsMaxEngagement)
        return { signal: 'bought_views', ...common };
    }
    return null;
  }
  const fixed = {
    ...base,
    robustZ: null,
  };
  if (vpf < ACCOUNT_BANDS.boughtFollowersMaxViewsPerFollower)
    return {
      signal: 'bought_followers',
      ...fixed,
      tierViewsPerFollower: ACCOUNT_BANDS.boughtFollowersMaxViewsPerFollower,
      tierEngagement: null,
    };
  if (
    vpf > ACCOUNT_BANDS.boughtViewsMinViewsPerFollower &&
    eng !== null &&
    eng < ACCOUNT_BANDS.boughtViewsMaxEngagement
  )
    return {
      signal: 'bought_views',
      ...fixed,
      tierViewsPerFollower: ACCOUNT_BANDS.boughtViewsMinViewsPerFollower,
      tierEngagement: ACCOUNT_BANDS.boughtViewsMaxEngagement,
    };
  return null;
}

/** Whether a series has any variance (a flat one correlates with nothing). */
function varies(xs: readonly number[]): boolean {
  return xs.some((x) => x !== xs[0]);
}
function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
