import { describe, expect, it } from 'vitest';
import {
  SANDBOX_JUMP_PREFIX,
  SANDBOX_LOCKSTEP_PREFIX,
  sandboxPlaylistFollowers,
} from '../../providers/spotify/sandbox';
import {
  type AccountStats,
  detectAccount,
  detectFollowerJump,
  detectGrowthWithoutEffect,
  detectLockstep,
  type FollowerPoint,
} from './flags.detect';

const DAY_MS = 86_400_000;
const TODAY = Math.floor(Date.UTC(2026, 10, 24) / DAY_MS);
/** 22-character sandbox ids with a chosen prefix. */
const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(22 - prefix.length, 'x')}`;
/** The sandbox's deterministic history of a playlist: `days` daily snapshots up to TODAY. */
function sandboxHistory(playlistId: string, days = 60): FollowerPoint[] {
  return Array.from({ length: days }, (_, i) => {
    const day = TODAY - days + 1 + i;
    return {
      day: new Date(day * DAY_MS).toISOString().slice(0, 10),
      followers: sandboxPlaylistFollowers(playlistId, day),
    };
  });
}

describe("follower jumps against the playlist's own history", () => {
  it('finds the jump days of every jumping sandbox playlist, with the numbers behind it', () => {
    for (let n = 0; n < 20; n += 1) {
      const jump = detectFollowerJump(sandboxHistory(id(SANDBOX_JUMP_PREFIX, n)));
      expect(jump, `playlist ${n}`).not.toBeNull();
      expect(jump!.robustZ).toBeGreaterThanOrEqual(8);
      expect(jump!.followersAfter - jump!.followersBefore).toBe(jump!.growth);
      expect(jump!.growth / jump!.followersBefore).toBeGreaterThan(0.05);
      expect(jump!.baselineDays).toBeGreaterThanOrEqual(14);
    }
  });

  it('raises nothing on 200 normal sandbox playlists, nor on the lockstep ones', () => {
    for (let n = 0; n < 200; n += 1) expect(detectFollowerJump(sandboxHistory(id('Norm', n)))).toBeNull();
    for (let n = 0; n < 20; n += 1)
      expect(detectFollowerJump(sandboxHistory(id(`${SANDBOX_LOCKSTEP_PREFIX}Q`, n)))).toBeNull();
  });

  it('does not judge a playlist with fewer than 14 days of history, nor a flat one', () => {
    const short = sandboxHistory(id(SANDBOX_JUMP_PREFIX, 1), 10);
    expect(detectFollowerJump(short)).toBeNull();
    const flat = sandboxHistory(id('Flat', 1)).map((p) => ({ ...p, followers: 5000 }));
    expect(detectFollowerJump(flat)).toBeNull();
    // A flat history then a material jump: MAD 0 must not hide it nor divide by zero.
    flat[flat.length - 1] = { ...flat[flat.length - 1]!, followers: 8000 };
    expect(detectFollowerJump(flat)).toMatchObject({ growth: 3000, followersBefore: 5000 });
  });

  it('ignores a statistically odd but immaterial change (under 5 % and 50 followers)', () => {
    const flat = sandboxHistory(id('Flat', 2)).map((p) => ({ ...p, followers: 5000 }));
    flat[flat.length - 1] = { ...flat[flat.length - 1]!, followers: 5040 };
    expect(detectFollowerJump(flat)).toBeNull();
  });
});

describe('followers growing while placements show no effect', () => {
  const growing: FollowerPoint[] = [
    { day: '2026-10-27', followers: 10_000 },
    { day: '2026-11-10', followers: 11_500 },
    { day: '2026-11-24', followers: 13_000 },
  ];
  it('flags 30 % growth in 28 days when artists rated the placements 1.5 on average', () => {
    expect(detectGrowthWithoutEffect(growing, [1, 2])).toEqual({
      day: '2026-11-24',
      fromDay: '2026-10-27',
      followersFrom: 10_000,
      followersTo: 13_000,
      growthPercent: 30,
      reviews: 2,
      averageRating: 1.5,
    });
  });
  it('does not flag well-rated placements, a single review, or slow growth', () => {
    expect(detectGrowthWithoutEffect(growing, [4, 5, 2])).toBeNull();
    expect(detectGrowthWithoutEffect(growing, [1])).toBeNull();
    expect(detectGrowthWithoutEffect(sandboxHistory(id('Norm', 3)), [1, 1, 1])).toBeNull();
  });
});

describe("a curator's playlists moving in lockstep", () => {
  it('links the lockstep sandbox playlists of one group and leaves the others alone', () => {
    const found = detectLockstep([
      { playlistId: 1, points: sandboxHistory(id(`${SANDBOX_LOCKSTEP_PREFIX}A`, 1)) },
      { playlistId: 2, points: sandboxHistory(id(`${SANDBOX_LOCKSTEP_PREFIX}A`, 2)) },
      { playlistId: 3, points: sandboxHistory(id('Norm', 4)) },
      { playlistId: 4, points: sandboxHistory(id(`${SANDBOX_LOCKSTEP_PREFIX}B`, 1)) },
    ]);
    expect(found.map((f) => [f.playlistId, f.partnerIds])).toEqual([
      [1, [2]],
      [2, [1]],
    ]);
    expect(found[0]!.correlation).toBeGreaterThanOrEqual(0.9);
    expect(found[0]!.days).toBe(30);
  });

  it('finds no lockstep among 40 normal playlists of one curator', () => {
    const histories = Array.from({ length: 40 }, (_, n) => ({
      playlistId: n + 1,
      points: sandboxHistory(id('Norm', 100 + n)),
    }));
    expect(detectLockstep(histories)).toEqual([]);
  });

  it('compares only with 14 common days or more, and never flat series', () => {
    const a = sandboxHistory(id(`${SANDBOX_LOCKSTEP_PREFIX}C`, 1), 10);
    const b = sandboxHistory(id(`${SANDBOX_LOCKSTEP_PREFIX}C`, 2), 10);
    expect(
      detectLockstep([
        { playlistId: 1, points: a },
        { playlistId: 2, points: b },
      ]),
    ).toEqual([]);
    const flat = sandboxHistory(id('Flat', 3)).map((p) => ({ ...p, followers: 100 }));
    expect(
      detectLockstep([
        { playlistId: 1, points: flat },
        { playlistId: 2, points: flat },
      ]),
    ).toEqual([]);
  });
});

describe('accounts against their tier', () => {
  const normal = (followers: number, views: number): AccountStats => ({
    followers,
    videos: 10,
    medianViews: views,
    medianLikes: Math.round(views / 12),
    medianComments: Math.round(views / 200),
  });
  const tier = Array.from({ length: 12 }, (_, i) => normal(20_000 + i * 1500, 6000 + i * 700));

  it('flags bought views: views far above the tier with little engagement', () => {
    const bought: AccountStats = {
      followers: 21_000,
      videos: 10,
      medianViews: 400_000,
      medianLikes: 300,
      medianComments: 5,
    };
    expect(detectAccount(bought, [...tier, bought])).toMatchObject({ signal: 'bought_views', peers: 13 });
  });
  it('flags bought followers: views far below the tier', () => {
    const bought = normal(900_000, 6500);
    expect(detectAccount(bought, [...tier, bought])).toMatchObject({ signal: 'bought_followers' });
  });
  it("leaves the tier's normal accounts alone, and a popular one whose people engage", () => {
    for (const a of tier) expect(detectAccount(a, tier)).toBeNull();
    const viral = normal(21_000, 400_000);
    expect(detectAccount(viral, [...tier, viral])).toBeNull();
  });
  it('uses the fixed bands when a tier has fewer than 8 accounts', () => {
    const few = tier.slice(0, 3);
    expect(detectAccount(normal(100_000, 500), few)).toMatchObject({
      signal: 'bought_followers',
      robustZ: null,
    });
    expect(
      detectAccount(
        { followers: 1000, videos: 5, medianViews: 9000, medianLikes: 20, medianComments: 1 },
        few,
      ),
    ).toMatchObject({ signal: 'bought_views' });
    expect(detectAccount(normal(20_000, 6000), few)).toBeNull();
    expect(detectAccount({ ...normal(100_000, 500), videos: 2 }, few)).toBeNull();
  });
});
