import { FAN_FINDER_LIMITS, fanRating } from '@lm/contracts';
import { FAN_BANDS, type FanBand } from '@lm/contracts/fan-finder';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { safeCell } from '../../platform/csv';
import { ConflictError } from '../../platform/errors';
import type { SourceAuth, SourceComment, SourcePost } from '../../providers/fan-finder/contract';
import { InstagramApiError } from '../../providers/instagram/contract';
import { accessTokenOf } from '../connections';
import { requestAnalysis } from './connections.service';
import {
  type FanScope,
  fanFinderConnections,
  fanFinderFans,
  fanFinderSubscriptions,
} from './fan-finder.schema';
import { isNewFan, rateCommenter } from './rating';
import { currentSubscription, subscriptionFlags } from './subscriptions.service';

type Deps = Pick<AppDeps, 'config' | 'database' | 'providers' | 'clock' | 'jobs'>;
type ConnectionRow = typeof fanFinderConnections.$inferSelect;
type FanRow = typeof fanFinderFans.$inferSelect;

const DAY_MS = 86_400_000;

// The rating bands are part of the API's answers and filters, so the contracts hold them.
export { FAN_BANDS, type FanBand };

/** Lowest rating of each band (spec section 4: at least 85 Super, 70 Regular, 55 Mixed, below Low). */
const BAND_RANGE: Record<FanBand, [number, number]> = {
  Super: [85, 101],
  Regular: [70, 85],
  Mixed: [55, 70],
  Low: [0, 55],
};

/** What one artist's posts gave: the posts read and their comments. */
export interface ArtistHarvest {
  connectionId: number;
  scope: FanScope;
  posts: SourcePost[];
  comments: SourceComment[];
  profile: { followers: number | null; mediaCount: number | null } | null;
  status: 'done' | 'failed' | 'unavailable';
  error: string | null;
}

/** Outcome of one run, for the job log and the tests. */
export interface AnalysisResult {
  userId: number;
  skipped: null | 'not_subscribed' | 'no_instagram';
  own: number;
  related: number;
}

/** Read one artist's latest posts and their comments (spec section 9: 6 posts, 50 comments each). */
async function harvest(
  deps: Deps,
  c: ConnectionRow,
  scope: FanScope,
  auth: SourceAuth,
): Promise<ArtistHarvest> {
  const source = deps.providers.fanFinder;
  const base = { connectionId: c.id, scope, posts: [], comments: [], profile: null, error: null };
  const username = c.instagramUsername ?? '';
  try {
    const profile = scope === 'related' ? await source.profile(username, auth) : null;
    if (scope === 'related' && !source.relatedCommenters)
      return { ...base, profile, status: 'unavailable', error: 'no_licensed_provider' };
    const posts = await source.latestPosts(username, FAN_FINDER_LIMITS.latestPosts, auth);
    const comments: SourceComment[] = [];
    for (const post of posts)
      comments.push(...(await source.comments(post, FAN_FINDER_LIMITS.commentsPerPost, auth)));
    return { ...base, posts, comments, profile, status: 'done' };
  } catch (err) {
    if (err instanceof InstagramApiError) return { ...base, status: 'failed', error: err.failure };
    throw err;
  }
}

/** A rated commenter before it is stored. */
interface RatedFan {
  username: string;
  picture: string | null;
  score: number;
  components: { posts: number; artists: number; quality: number; recency: number };
  postsCommented: number;
  artistsCommented: number;
  comments: number;
  lastCommentAt: Date;
}

/**
 * Rate every commenter of one grid (`rating.ts`): posts commented on out of the
 * grid's posts, artists commented on out of every artist analysed (own + related), comment quality and
 * recency of the latest comment.
 */
export function rateGrid(grid: ArtistHarvest[], everyone: ArtistHarvest[], now: Date): RatedFan[] {
  const postsAnalysed = grid.reduce((n, h) => n + h.posts.length, 0);
  const artistsAnalysed = everyone.filter((h) => h.status === 'done').length;
  // Which artists each username commented on, across everything read.
  const artistsOf = new Map<string, Set<number>>();
  for (const h of everyone)
    for (const c of h.comments) {
      const set = artistsOf.get(c.username) ?? new Set<number>();
      set.add(h.connectionId);
      artistsOf.set(c.username, set);
    }
  const byUser = new Map<string, SourceComment[]>();
  for (const h of grid)
    for (const c of h.comments) byUser.set(c.username, [...(byUser.get(c.username) ?? []), c]);
  const out: RatedFan[] = [];
  for (const [username, list] of byUser) {
    const sorted = [...list].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const last = sorted[sorted.length - 1]!.createdAt;
    const postsCommented = new Set(sorted.map((c) => c.postId)).size;
    const artistsCommented = artistsOf.get(username)?.size ?? 0;
    const r = rateCommenter({
      postsAnalysed,
      postsCommented,
      artistsAnalysed,
      artistsCommented,
      comments: sorted.map((c) => c.text),
      daysSinceLastComment: Math.max(0, Math.floor((now.getTime() - last.getTime()) / DAY_MS)),
    });
    out.push({
      username: username.slice(0, 64),
      picture: sorted.find((c) => c.profilePictureUrl)?.profilePictureUrl?.slice(0, 1000) ?? null,
      score: r.score,
      components: { posts: r.posts, artists: r.artists, quality: r.quality, recency: r.recency },
      postsCommented,
      artistsCommented,
      comments: sorted.length,
      lastCommentAt: last,
    });
  }
  return out;
}

/**
 * The analysis of one artist (pg-boss `fan-finder.analyse`): reads the latest 6
 * posts of the own Instagram account and of each related artist, up to 50 comments each, through the
 * provider contract (outside any transaction), then in ONE transaction stores every commenter with its
 * rating and components (a fan found before keeps its `created_at`, so NEW means first found on the last
 * sync day), removes the fans no longer among the commenters and records each connection's sync state.
 * Skipped (nothing changed) without a subscription giving access; without an Instagram connection the
 * grids are emptied and the related artists marked failed (`no_instagram`) until one is connected.
 * A related account whose commenters cannot be read (real Instagram: no official API) is `unavailable`.
 * @throws provider errors other than Instagram's typed ones (the job retries)
 */
export async function analyseArtist(deps: Deps, userId: number): Promise<AnalysisResult> {
  const now = deps.clock.now();
  const result: AnalysisResult = { userId, skipped: null, own: 0, related: 0 };
  const flags = subscriptionFlags(await currentSubscription(deps, userId), now);
  if (!flags.is_subscribed) return { ...result, skipped: 'not_subscribed' };
  const rows = await deps.database.db
    .select()
    .from(fanFinderConnections)
    .where(eq(fanFinderConnections.userId, userId))
    .orderBy(asc(fanFinderConnections.slot));
  const own = rows.find((r) => r.kind === 'instagram');
  const related = rows.filter((r) => r.kind === 'related');
  if (!own?.socialAccountId) {
    // Nothing can be read without the artist's own account (its token reads every source): the grids
    // empty and the related artists wait for a new connection.
    await withTransaction(deps.database, async (tx) => {
      await tx.db.delete(fanFinderFans).where(eq(fanFinderFans.userId, userId));
      await tx.db
        .update(fanFinderConnections)
        .set({ syncStatus: 'failed', lastError: 'no_instagram' })
        .where(and(eq(fanFinderConnections.userId, userId), eq(fanFinderConnections.kind, 'related')));
    });
    return { ...result, skipped: 'no_instagram' };
  }

  let auth: SourceAuth;
  try {
    auth = { accessToken: await accessTokenOf(deps, own.socialAccountId) };
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    await deps.database.db
      .update(fanFinderConnections)
      .set({ syncStatus: 'failed', lastError: 'account_expired' })
      .where(and(eq(fanFinderConnections.userId, userId), ne(fanFinderConnections.kind, 'spotify')));
    return result;
  }
  const ownHarvest = await harvest(deps, own, 'own', auth);
  const relatedHarvests: ArtistHarvest[] = [];
  for (const r of related) relatedHarvests.push(await harvest(deps, r, 'related', auth));
  const everyone = [ownHarvest, ...relatedHarvests];
  const grids: Record<FanScope, { fans: RatedFan[]; read: boolean }> = {
    own: { fans: rateGrid([ownHarvest], everyone, now), read: ownHarvest.status === 'done' },
    related: {
      fans: rateGrid(
        relatedHarvests.filter((h) => h.status === 'done'),
        everyone,
        now,
      ),
      // Keep the last good grid when a read failed; empty it when nothing related is left or readable.
      read: relatedHarvests.every((h) => h.status !== 'failed'),
    },
  };

  await withTransaction(deps.database, async (tx) => {
    for (const scope of ['own', 'related'] as const) {
      const { fans, read } = grids[scope];
      if (!read) continue;
      for (let i = 0; i < fans.length; i += 500) {
        const chunk = fans.slice(i, i + 500);
        await tx.db
          .insert(fanFinderFans)
          .values(
            chunk.map((f) => ({
              userId,
              scope,
              instagramUsername: f.username,
              profilePictureUrl: f.picture,
              ratingPercentage: f.score,
              components: f.components,
              postsCommented: f.postsCommented,
              artistsCommented: f.artistsCommented,
              commentsCount: f.comments,
              lastCommentAt: f.lastCommentAt,
              createdAt: now,
              lastSyncAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [fanFinderFans.userId, fanFinderFans.scope, fanFinderFans.instagramUsername],
            set: {
              profilePictureUrl: sql`excluded.profile_picture_url`,
              ratingPercentage: sql`excluded.rating_percentage`,
              components: sql`excluded.components`,
              postsCommented: sql`excluded.posts_commented`,
              artistsCommented: sql`excluded.artists_commented`,
              commentsCount: sql`excluded.comments_count`,
              lastCommentAt: sql`excluded.last_comment_at`,
              lastSyncAt: sql`excluded.last_sync_at`,
            },
          });
      }
      // Fans not among this run's commenters are gone from the grid.
      await tx.db
        .delete(fanFinderFans)
        .where(
          and(
            eq(fanFinderFans.userId, userId),
            eq(fanFinderFans.scope, scope),
            lt(fanFinderFans.lastSyncAt, now),
          ),
        );
      result[scope] = fans.length;
    }
    for (const h of everyone)
      await tx.db
        .update(fanFinderConnections)
        .set({
          syncStatus: h.status,
          lastError: h.error,
          ...(h.status === 'done' ? { lastSyncAt: now } : {}),
          ...(h.profile ? { followers: h.profile.followers, mediaCount: h.profile.mediaCount } : {}),
        })
        .where(eq(fanFinderConnections.id, h.connectionId));
  });
  return result;
}

/**
 * Weekly re-sync (pg-boss schedule `fan-finder.resync`, spec section 9 "weekly updates"):
 * queues the analysis of every artist with an Instagram connection and a subscription giving access.
 * @returns how many analyses were queued
 */
export async function queueWeeklyResync(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.database.db
    .selectDistinct({ userId: fanFinderConnections.userId })
    .from(fanFinderConnections)
    .innerJoin(
      fanFinderSubscriptions,
      and(
        eq(fanFinderSubscriptions.userId, fanFinderConnections.userId),
        ne(fanFinderSubscriptions.status, 'expired'),
      ),
    )
    .where(eq(fanFinderConnections.kind, 'instagram'));
  let queued = 0;
  for (const { userId } of rows) {
    if (!subscriptionFlags(await currentSubscription(deps, userId), now).is_subscribed) continue;
    await requestAnalysis(deps, userId);
    queued += 1;
  }
  return queued;
}

/** A fan as the grids read it (spec section 3 "Fan"). */
export function fanView(row: FanRow, lastSync: Date | null, pending: boolean) {
  return {
    id: row.id,
    instagram_username: row.instagramUsername,
    instagram_profile_s3_url: row.profilePictureUrl,
    rating_percentage: row.ratingPercentage,
    rating: fanRating(row.ratingPercentage),
    components: row.components,
    posts_commented: row.postsCommented,
    artists_commented: row.artistsCommented,
    comments_count: row.commentsCount,
    created_at: row.createdAt.toISOString(),
    last_sync: row.lastSyncAt.toISOString(),
    is_new: isNewFan(row.createdAt, lastSync),
    status: pending ? ('pending' as const) : ('analysed' as const),
  };
}
export type FanView = ReturnType<typeof fanView>;

/** The grid's state: its last sync (the latest done analysis of its connections) and whether one is pending. */
async function gridState(deps: Pick<Deps, 'database'>, userId: number, scope: FanScope) {
  const kind = scope === 'own' ? 'instagram' : 'related';
  const rows = await deps.database.db
    .select({ status: fanFinderConnections.syncStatus, last: fanFinderConnections.lastSyncAt })
    .from(fanFinderConnections)
    .where(and(eq(fanFinderConnections.userId, userId), eq(fanFinderConnections.kind, kind)));
  const last = rows.reduce<Date | null>((m, r) => (r.last && (!m || r.last > m) ? r.last : m), null);
  return {
    lastSync: last,
    pending: rows.some((r) => r.status === 'pending'),
    unavailable: rows.length > 0 && rows.every((r) => r.status === 'unavailable'),
  };
}

function bandCondition(band: FanBand | undefined): SQL | undefined {
  if (!band) return undefined;
  const [lo, hi] = BAND_RANGE[band];
  return and(gte(fanFinderFans.ratingPercentage, lo), lt(fanFinderFans.ratingPercentage, hi));
}

/**
 * A page of one grid (`fan/finder/get/fans`, `get/related-fans`; spec section 9: 12 a page), best rated
 * first, optionally one band; with the grid's last sync and pending/unavailable state.
 */
export async function listFans(
  deps: Pick<Deps, 'database'>,
  userId: number,
  scope: FanScope,
  query: { page: number; band?: FanBand },
) {
  const limit = FAN_FINDER_LIMITS.fansPerPage;
  const where = and(
    eq(fanFinderFans.userId, userId),
    eq(fanFinderFans.scope, scope),
    bandCondition(query.band),
  );
  const [state, [total], rows] = await Promise.all([
    gridState(deps, userId, scope),
    deps.database.db.select({ n: count() }).from(fanFinderFans).where(where),
    deps.database.db
      .select()
      .from(fanFinderFans)
      .where(where)
      .orderBy(desc(fanFinderFans.ratingPercentage), asc(fanFinderFans.instagramUsername))
      .limit(limit)
      .offset((query.page - 1) * limit),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map((r) => fanView(r, state.lastSync, state.pending)),
    pagination: {
      total: n,
      limit,
      current_page: query.page,
      total_pages: Math.max(1, Math.ceil(n / limit)),
    },
    last_sync: state.lastSync?.toISOString() ?? null,
    pending: state.pending,
    unavailable: state.unavailable,
  };
}

/**
 * One grid as CSV (csv-stringify, UTF-8 with BOM, formula cells neutralised):
 * username, rating, band, NEW, each component, comments, first found, last sync. Best rated first.
 */
export async function fansCsv(
  deps: Pick<Deps, 'database'>,
  userId: number,
  scope: FanScope,
  band?: FanBand,
): Promise<string> {
  const state = await gridState(deps, userId, scope);
  const rows = await deps.database.db
    .select()
    .from(fanFinderFans)
    .where(and(eq(fanFinderFans.userId, userId), eq(fanFinderFans.scope, scope), bandCondition(band)))
    .orderBy(desc(fanFinderFans.ratingPercentage), asc(fanFinderFans.instagramUsername));
  const header = [
    'instagram_username',
    'rating_percentage',
    'band',
    'new',
    'posts',
    'artists',
    'quality',
    'recency',
    'comments',
    'created_at',
    'last_sync',
  ];
  const body = rows.map((r) => [
    safeCell(r.instagramUsername),
    r.ratingPercentage,
    fanRating(r.ratingPercentage),
    isNewFan(r.createdAt, state.lastSync) ? 'yes' : 'no',
    r.components.posts,
    r.components.artists,
    r.components.quality,
    r.components.recency,
    r.commentsCount,
    r.createdAt.toISOString(),
    r.lastSyncAt.toISOString(),
  ]);
  return `\uFEFF${stringify([header, ...body])}`;
}
