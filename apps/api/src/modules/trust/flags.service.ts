import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { and, asc, desc, eq, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { median } from 'simple-statistics';
import { withTransaction } from '../../db/client';
import { expressCampaigns, expressPlaylists, expressReviews, socialAccounts, users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { paginate } from '../../platform/http';
import type { InstagramProvider } from '../../providers/instagram/contract';
import type { TikTokProvider } from '../../providers/tiktok/contract';
import { audit } from '../audit';
import {
  type AccountStats,
  detectAccount,
  detectFollowerJump,
  detectGrowthWithoutEffect,
  detectLockstep,
  type FollowerPoint,
  JUMP_BASELINE_DAYS,
  JUMP_WINDOW_DAYS,
  NO_EFFECT_WINDOW_DAYS,
} from './flags.detect';
import { accessTokens, campaignRefund } from './flags.hooks';
import {
  type TrustFlagSignal,
  type TrustFlagStatus,
  trustAccountSnapshots,
  trustFlags,
  trustFollowerSnapshots,
} from './flags.schema';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

const DAY_MS = 86_400_000;
/** Open express campaign statuses (1..5: Pending for Approval to Auditing). */
const OPEN = [
  S.PENDING_APPROVAL,
  S.WAITING_SUBMISSION,
  S.VERIFYING,
  S.ON_GOING,
  S.AUDITING,
] as const satisfies readonly number[];
/** Recent videos an account's stats are taken over. */
export const ACCOUNT_RECENT_VIDEOS = 10;

/** The UTC day (YYYY-MM-DD) of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The daily follower snapshot: reads every approved express playlist through the Spotify
 * provider and stores today's count (the first snapshot of a day stands; running twice is harmless).
 * A playlist the provider cannot read is skipped and counted; the others go on.
 * @returns how many snapshots were taken, and how many playlists failed or were not found
 */
export async function snapshotPlaylists(deps: Deps): Promise<{ taken: number; failed: number }> {
  const day = utcDay(deps.clock.now());
  const rows = await deps.database.db
    .select({ id: expressPlaylists.id, spotifyId: expressPlaylists.spotifyPlaylistId })
    .from(expressPlaylists)
    .where(eq(expressPlaylists.statusId, 1))
    .orderBy(asc(expressPlaylists.id));
  let taken = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const playlist = await deps.providers.spotify.getPlaylist(row.spotifyId);
      if (!playlist) {
        failed += 1;
        continue;
      }
      await deps.database.db
        .insert(trustFollowerSnapshots)
        .values({ playlistId: row.id, day, followers: playlist.followers, takenAt: deps.clock.now() })
        .onConflictDoNothing();
      taken += 1;
    } catch {
      failed += 1;
    }
  }
  return { taken, failed };
}

/** Views, likes and comments of an account's latest videos, through its platform's provider. */
async function recentVideoStats(
  deps: Deps,
  platform: string,
  accountId: number,
): Promise<{ views: number[]; likes: number[] | null; comments: number[] | null }> {
  const token = await accessTokens()(deps, accountId);
  if (platform === 'tiktok') {
    const tiktok: TikTokProvider = deps.providers.tiktok;
    const page = await tiktok.listVideos(token, { maxCount: ACCOUNT_RECENT_VIDEOS });
    const videos = page.videos.slice(0, ACCOUNT_RECENT_VIDEOS).filter((v) => v.viewCount !== null);
    return {
      views: videos.map((v) => v.viewCount ?? 0),
      likes: videos.every((v) => v.likeCount === null) ? null : videos.map((v) => v.likeCount ?? 0),
      comments: videos.every((v) => v.commentCount === null) ? null : videos.map((v) => v.commentCount ?? 0),
    };
  }
  const instagram: InstagramProvider = deps.providers.instagram;
  const page = await instagram.listMedia(token, { limit: ACCOUNT_RECENT_VIDEOS });
  const views: number[] = [];
  for (const media of page.media.slice(0, ACCOUNT_RECENT_VIDEOS)) {
    const v = (await instagram.mediaInsights(token, media.id).catch(() => null))?.views ?? null;
    if (v !== null) views.push(v);
  }
  // Instagram's media list as this product reads it carries no like or comment counts.
  return { views, likes: null, comments: null };
}

/**
 * The daily account snapshot: for every connected TikTok and Instagram account with a tier,
 * followers and the medians of views, likes and comments over its latest ACCOUNT_RECENT_VIDEOS videos.
 * An account whose platform refuses (expired tokens) is skipped and counted.
 * @returns how many snapshots were taken and how many accounts failed
 */
export async function snapshotAccounts(deps: Deps): Promise<{ taken: number; failed: number }> {
  const day = utcDay(deps.clock.now());
  const rows = await deps.database.db
    .select({ id: socialAccounts.id, platform: socialAccounts.platform, followers: socialAccounts.followers })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.status, 'connected'), isNotNull(socialAccounts.tierId)))
    .orderBy(asc(socialAccounts.id));
  let taken = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const stats = await recentVideoStats(deps, row.platform, row.id);
      await deps.database.db
        .insert(trustAccountSnapshots)
        .values({
          accountId: row.id,
          day,
          followers: row.followers ?? 0,
          videos: stats.views.length,
          medianViews: stats.views.length ? Math.round(median(stats.views)) : 0,
          medianLikes: stats.likes?.length ? Math.round(median(stats.likes)) : null,
          medianComments: stats.comments?.length ? Math.round(median(stats.comments)) : null,
          takenAt: deps.clock.now(),
        })
        .onConflictDoNothing();
      taken += 1;
    } catch {
      failed += 1;
    }
  }
  return { taken, failed };
}

/** A flag a detector wants raised. */
interface NewFlag {
  playlistId?: number;
  accountId?: number;
  signal: TrustFlagSignal;
  detectedOn: string;
  evidence: Record<string, number | string | number[] | string[]>;
}

/**
 * Run every detector over the stored snapshots and raise the flags they find: at most one
 * pending flag per subject and signal (a partial unique index), and a dismissed finding of a given day
 * is not raised again. Subjects already hidden (a confirmed flag) are not judged again. Each new flag
 * is audited (`trust.flag_raised`, system). Never visible to artists.
 * Then, unless `options.repair` is false, repairs what a confirmation left undone: open campaigns of
 * hidden subjects are refunded, one transaction each (the daily `trust.detect` job repairs; the demo
 * seeder at start-up does not, so a start never waits on a backlog of refunds).
 * @returns how many flags were raised and how many campaigns were refunded by the repair (0 without it)
 */
export async function detectFlags(
  deps: Deps,
  options: { repair?: boolean } = {},
): Promise<{ raised: number; refunded: number }> {
  const since = utcDay(
    new Date(deps.clock.now().getTime() - (JUMP_BASELINE_DAYS + JUMP_WINDOW_DAYS) * DAY_MS),
  );
  const found: NewFlag[] = [];

  const playlists = await deps.database.db
    .select({ id: expressPlaylists.id, curatorId: expressPlaylists.curatorId })
    .from(expressPlaylists)
    .where(
      and(
        eq(expressPlaylists.statusId, 1),
        sql`not exists (select 1 from ${trustFlags} where ${trustFlags.playlistId} = ${expressPlaylists.id} and ${trustFlags.status} = 'confirmed')`,
      ),
    );
  const ids = playlists.map((p) => p.id);
  const snaps = ids.length
    ? await deps.database.db
        .select()
        .from(trustFollowerSnapshots)
        .where(and(inArray(trustFollowerSnapshots.playlistId, ids), gte(trustFollowerSnapshots.day, since)))
        .orderBy(asc(trustFollowerSnapshots.day))
    : [];
  const history = new Map<number, FollowerPoint[]>();
  for (const s of snaps) {
    const list = history.get(s.playlistId) ?? [];
    list.push({ day: s.day, followers: s.followers });
    history.set(s.playlistId, list);
  }
  const windowStart = new Date(deps.clock.now().getTime() - NO_EFFECT_WINDOW_DAYS * DAY_MS);
  const ratingRows = ids.length
    ? await deps.database.db
        .select({ playlistId: expressCampaigns.playlistId, rating: expressReviews.rating })
        .from(expressReviews)
        .innerJoin(expressCampaigns, eq(expressCampaigns.id, expressReviews.campaignId))
        .where(and(inArray(expressCampaigns.playlistId, ids), gte(expressCampaigns.completedAt, windowStart)))
    : [];
  for (const p of playlists) {
    const points = history.get(p.id) ?? [];
    const jump = detectFollowerJump(points);
    if (jump)
      found.push({ playlistId: p.id, signal: 'follower_jump', detectedOn: jump.day, evidence: { ...jump } });
    const ratings = ratingRows.filter((r) => r.playlistId === p.id).map((r) => r.rating);
    const flat = detectGrowthWithoutEffect(points, ratings);
    if (flat)
      found.push({
        playlistId: p.id,
        signal: 'growth_without_effect',
        detectedOn: flat.day,
        evidence: { ...flat },
      });
  }
  const byCurator = new Map<number, number[]>();
  for (const p of playlists) byCurator.set(p.curatorId, [...(byCurator.get(p.curatorId) ?? []), p.id]);
  for (const own of byCurator.values()) {
    if (own.length < 2) continue;
    for (const f of detectLockstep(own.map((id) => ({ playlistId: id, points: history.get(id) ?? [] }))))
      found.push({
        playlistId: f.playlistId,
        signal: 'lockstep_growth',
        detectedOn: f.day,
        evidence: { partnerIds: f.partnerIds, correlation: f.correlation, days: f.days },
      });
  }

  // Accounts: the latest snapshot of the last two days, judged against the accounts of the same tier.
  const recent = utcDay(new Date(deps.clock.now().getTime() - DAY_MS));
  const accountRows = await deps.database.db
    .select({ s: trustAccountSnapshots, tierId: socialAccounts.tierId })
    .from(trustAccountSnapshots)
    .innerJoin(socialAccounts, eq(socialAccounts.id, trustAccountSnapshots.accountId))
    .where(
      and(
        gte(trustAccountSnapshots.day, recent),
        eq(socialAccounts.status, 'connected'),
        isNotNull(socialAccounts.tierId),
        sql`not exists (select 1 from ${trustFlags} where ${trustFlags.accountId} = ${socialAccounts.id} and ${trustFlags.status} = 'confirmed')`,
      ),
    )
    .orderBy(asc(trustAccountSnapshots.accountId), desc(trustAccountSnapshots.day));
  const latest = new Map<number, { stats: AccountStats; tierId: number; day: string }>();
  for (const { s, tierId } of accountRows)
    if (!latest.has(s.accountId) && tierId !== null)
      latest.set(s.accountId, {
        stats: {
          followers: s.followers,
          videos: s.videos,
          medianViews: s.medianViews,
          medianLikes: s.medianLikes,
          medianComments: s.medianComments,
        },
        tierId,
        day: s.day,
      });
  for (const [accountId, a] of latest) {
    const tier = [...latest.values()].filter((o) => o.tierId === a.tierId).map((o) => o.stats);
    const finding = detectAccount(a.stats, tier);
    if (finding) {
      const { signal, ...numbers } = finding;
      found.push({
        accountId,
        signal,
        detectedOn: a.day,
        evidence: Object.fromEntries(Object.entries(numbers).filter(([, v]) => v !== null)) as Record<
          string,
          number
        >,
      });
    }
  }

  let raised = 0;
  for (const f of found) {
    const [row] = await deps.database.db
      .insert(trustFlags)
      .values({
        playlistId: f.playlistId ?? null,
        accountId: f.accountId ?? null,
        signal: f.signal,
        detectedOn: f.detectedOn,
        evidence: f.evidence,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: trustFlags.id });
    if (!row) continue;
    raised += 1;
    await audit(
      deps.database,
      { type: 'system' },
      {
        action: 'trust.flag_raised',
        targetType: 'trust_flag',
        targetId: row.id,
        meta: { signal: f.signal, playlistId: f.playlistId, accountId: f.accountId, day: f.detectedOn },
      },
    );
  }
  return { raised, refunded: options.repair === false ? 0 : await refundHiddenSubjects(deps) };
}

/** Open campaigns on a playlist or an account. */
async function openCampaignsOf(deps: Deps, subject: { playlistId: number | null; accountId: number | null }) {
  const target: SQL = subject.playlistId
    ? eq(expressCampaigns.playlistId, subject.playlistId)
    : eq(expressCampaigns.accountId, subject.accountId ?? 0);
  return deps.database.db
    .select({ id: expressCampaigns.id })
    .from(expressCampaigns)
    .where(and(inArray(expressCampaigns.statusId, [...OPEN]), target))
    .orderBy(asc(expressCampaigns.id));
}

/**
 * Refund open campaigns through the express engine's force-end (refunded): one guarded transaction each,
 * so a campaign that a curator approves, declines or that a deadline ends at the same moment is ended
 * exactly once, whichever comes first; a campaign already ended is skipped.
 */
async function refundCampaigns(deps: Deps, adminId: number, ids: readonly number[]): Promise<number> {
  let refunded = 0;
  for (const id of ids) {
    try {
      await campaignRefund()(deps, adminId, id);
      refunded += 1;
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
    }
  }
  return refunded;
}

/**
 * The repair: open campaigns of confirmed subjects, refunded in the name of the staff who confirmed
 * (the earliest confirmation when a subject has several). Each campaign is listed once.
 */
async function refundHiddenSubjects(deps: Deps): Promise<number> {
  const rows = await deps.database.db
    .selectDistinctOn([expressCampaigns.id], { id: expressCampaigns.id, adminId: trustFlags.reviewedBy })
    .from(expressCampaigns)
    .innerJoin(
      trustFlags,
      sql`${trustFlags.status} = 'confirmed' and (${trustFlags.playlistId} = ${expressCampaigns.playlistId} or ${trustFlags.accountId} = ${expressCampaigns.accountId})`,
    )
    .where(inArray(expressCampaigns.statusId, [...OPEN]))
    .orderBy(asc(expressCampaigns.id), asc(trustFlags.id));
  let refunded = 0;
  for (const r of rows) refunded += await refundCampaigns(deps, r.adminId ?? 0, [r.id]);
  return refunded;
}

/** Queue filter: the review state (pending by default). */
export interface FlagQuery {
  page: number;
  limit: number;
  status: TrustFlagStatus;
}

const subjectColumns = {
  flag: trustFlags,
  playlistName: expressPlaylists.name,
  playlistUrl: expressPlaylists.spotifyUrl,
  accountName: socialAccounts.username,
  accountPlatform: socialAccounts.platform,
  ownerId: sql<number>`coalesce(${expressPlaylists.curatorId}, ${socialAccounts.userId})`.mapWith(Number),
  ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  openCampaigns:
    sql<number>`(select count(*) from ${expressCampaigns} c where c.status_id in (1, 2, 3, 4, 5) and ((${trustFlags.playlistId} is not null and c.playlist_id = ${trustFlags.playlistId}) or (${trustFlags.accountId} is not null and c.account_id = ${trustFlags.accountId})))`.mapWith(
      Number,
    ),
};

type FlagRow = {
  flag: typeof trustFlags.$inferSelect;
  playlistName: string | null;
  playlistUrl: string | null;
  accountName: string | null;
  accountPlatform: string | null;
  ownerId: number;
  ownerName: string;
  openCampaigns: number;
};

function flagItem(r: FlagRow) {
  return {
    id: r.flag.id,
    subject: r.flag.playlistId
      ? {
          type: 'playlist' as const,
          id: r.flag.playlistId,
          name: r.playlistName ?? '',
          platform: 'spotify',
          url: r.playlistUrl,
        }
      : {
          type: 'account' as const,
          id: r.flag.accountId!,
          name: `@${r.accountName ?? ''}`,
          platform: r.accountPlatform ?? 'tiktok',
          url: null,
        },
    owner: { id: r.ownerId, name: r.ownerName },
    signal: r.flag.signal as TrustFlagSignal,
    detected_on: r.flag.detectedOn,
    evidence: r.flag.evidence,
    status: r.flag.status as TrustFlagStatus,
    staff_note: r.flag.staffNote,
    reviewed_at: r.flag.reviewedAt?.toISOString() ?? null,
    open_campaigns: r.openCampaigns,
    created_at: r.flag.createdAt.toISOString(),
  };
}
export type FlagItem = ReturnType<typeof flagItem>;

function flagsQuery(deps: Deps) {
  return deps.database.db
    .select(subjectColumns)
    .from(trustFlags)
    .leftJoin(expressPlaylists, eq(expressPlaylists.id, trustFlags.playlistId))
    .leftJoin(socialAccounts, eq(socialAccounts.id, trustFlags.accountId))
    .innerJoin(users, sql`${users.id} = coalesce(${expressPlaylists.curatorId}, ${socialAccounts.userId})`);
}

/**
 * The staff review queue: flags in one review state, newest first, each with its subject,
 * owner, signal, day, numbers and how many open campaigns a confirmation would refund.
 */
export async function listFlags(deps: Deps, query: FlagQuery) {
  const where = eq(trustFlags.status, query.status);
  const [rows, [count]] = await Promise.all([
    flagsQuery(deps)
      .where(where)
      .orderBy(desc(trustFlags.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(trustFlags)
      .where(where),
  ]);
  return { data: rows.map(flagItem), pagination: paginate(count?.n ?? 0, query.page, query.limit) };
}

/**
 * One flag with the subject's follower history (playlists: the snapshots of the last
 * JUMP_BASELINE_DAYS days) for the review screen.
 * @throws NotFoundError when there is no such flag
 */
export async function flagDetail(deps: Deps, id: number) {
  const [row] = await flagsQuery(deps).where(eq(trustFlags.id, id));
  if (!row) throw new NotFoundError();
  const since = utcDay(new Date(deps.clock.now().getTime() - JUMP_BASELINE_DAYS * DAY_MS));
  const history = row.flag.playlistId
    ? await deps.database.db
        .select({ day: trustFollowerSnapshots.day, followers: trustFollowerSnapshots.followers })
        .from(trustFollowerSnapshots)
        .where(
          and(
            eq(trustFollowerSnapshots.playlistId, row.flag.playlistId),
            gte(trustFollowerSnapshots.day, since),
          ),
        )
        .orderBy(asc(trustFollowerSnapshots.day))
    : await deps.database.db
        .select({ day: trustAccountSnapshots.day, followers: trustAccountSnapshots.followers })
        .from(trustAccountSnapshots)
        .where(
          and(
            eq(trustAccountSnapshots.accountId, row.flag.accountId!),
            gte(trustAccountSnapshots.day, since),
          ),
        )
        .orderBy(asc(trustAccountSnapshots.day));
  return { ...flagItem(row), history };
}

/**
 * Staff confirm a flag: in one transaction with the flag row locked, pending → confirmed
 * with the note and the reviewer, audited (`trust.flag_confirmed`); from its commit the subject is
 * hidden from artists (flags.hidden.ts) and cannot be bought. Then every open campaign on it is
 * refunded through the engine's force-end (see {@link refundCampaigns}); whatever a crash leaves open
 * is refunded by the next detection run. The subject's other pending flags are confirmed with it.
 * @returns the confirmed flag, how many campaigns were refunded, and the flags confirmed with it
 * @throws NotFoundError; ConflictError 409 'trust.flag_not_pending' when already reviewed
 */
export async function confirmFlag(deps: Deps, adminId: number, id: number, note: string | null) {
  const { flag, alsoConfirmed } = await review(deps, adminId, id, 'confirmed', note);
  const open = await openCampaignsOf(deps, flag);
  const refunded = await refundCampaigns(
    deps,
    adminId,
    open.map((c) => c.id),
  );
  return { flag, refunded, alsoConfirmed };
}

/**
 * Staff dismiss a flag: pending → dismissed with the staff note (required), audited
 * (`trust.flag_dismissed`); the subject stays listed.
 * @throws NotFoundError; ConflictError 409 'trust.flag_not_pending' when already reviewed
 */
export async function dismissFlag(deps: Deps, adminId: number, id: number, note: string) {
  return (await review(deps, adminId, id, 'dismissed', note)).flag;
}

/**
 * Review a pending flag in one transaction, audited. Confirming decides about the subject (the
 * playlist or account is hidden and refunded), so its other pending flags are confirmed with it, by
 * the same reviewer, each audited with `with_flag`; dismissing concerns the one signal only. The
 * subject's pending flags are locked in id order first, so two staff confirming two of them at once
 * serialise (one wins, the other gets 409) and never deadlock.
 * @returns the reviewed flag and the ids of the flags confirmed with it
 */
async function review(
  deps: Deps,
  adminId: number,
  id: number,
  to: 'confirmed' | 'dismissed',
  note: string | null,
) {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const [peek] = await tx.db
      .select({ playlistId: trustFlags.playlistId, accountId: trustFlags.accountId })
      .from(trustFlags)
      .where(eq(trustFlags.id, id));
    if (!peek) throw new NotFoundError();
    const subject =
      peek.playlistId !== null
        ? eq(trustFlags.playlistId, peek.playlistId)
        : eq(trustFlags.accountId, peek.accountId!);
    const locked = await tx.db
      .select()
      .from(trustFlags)
      .where(
        to === 'confirmed'
          ? and(subject, eq(trustFlags.status, 'pending'))
          : and(eq(trustFlags.id, id), eq(trustFlags.status, 'pending')),
      )
      .orderBy(asc(trustFlags.id))
      .for('update');
    const flag = locked.find((f) => f.id === id);
    if (!flag) throw new ConflictError('trust.flag_not_pending');
    const others = locked.filter((f) => f.id !== id);
    const [updated] = await tx.db
      .update(trustFlags)
      .set({ status: to, staffNote: note, reviewedBy: adminId, reviewedAt: now })
      .where(eq(trustFlags.id, id))
      .returning();
    if (others.length > 0) {
      await tx.db
        .update(trustFlags)
        .set({ status: 'confirmed', reviewedBy: adminId, reviewedAt: now })
        .where(
          inArray(
            trustFlags.id,
            others.map((f) => f.id),
          ),
        );
    }
    for (const f of [flag, ...others]) {
      await audit(
        deps.database,
        { type: 'admin', id: adminId },
        {
          action: to === 'confirmed' ? 'trust.flag_confirmed' : 'trust.flag_dismissed',
          targetType: 'trust_flag',
          targetId: f.id,
          meta: {
            signal: f.signal,
            playlistId: f.playlistId,
            accountId: f.accountId,
            ...(f.id === id ? { note } : { with_flag: id }),
          },
        },
        tx,
      );
    }
    return { flag: updated!, alsoConfirmed: others.map((f) => f.id) };
  });
}
