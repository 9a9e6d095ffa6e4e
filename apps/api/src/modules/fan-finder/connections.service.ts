import { FAN_FINDER_LIMITS } from '@lm/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { socialAccounts } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { FAN_FINDER_INSTAGRAM_SCOPES } from '../../providers/fan-finder/contract';
import { SpotifyApiError } from '../../providers/spotify/contract';
import { type AuditActor, audit } from '../audit';
import { connectionsService as social } from '../connections';
import {
  FAN_FINDER_ONE_SPOTIFY,
  FAN_FINDER_RELATED_SAME,
  FAN_FINDER_RELATED_SLOT,
  type FanFinderConnectionKind,
  type FanFinderSyncStatus,
  fanFinderConnections,
} from './fan-finder.schema';
import { currentSubscription, subscriptionFlags } from './subscriptions.service';

type Deps = Pick<AppDeps, 'config' | 'database' | 'providers' | 'clock' | 'jobs'>;
type Row = typeof fanFinderConnections.$inferSelect;

/** Where Instagram's consent returns the artist (the connection screen finishes the connection). */
export const FAN_FINDER_CALLBACK_PATH = '/fan-finder/connection';
/** The pg-boss queue of one artist's analysis. */
export const ANALYSE_QUEUE = 'fan-finder.analyse';

/** A Fan Finder connection as the artist and staff read it. */
export function connectionView(row: Row) {
  return {
    id: row.id,
    kind: row.kind as FanFinderConnectionKind,
    slot: row.slot,
    spotify_id: row.spotifyId,
    spotify_name: row.spotifyName,
    spotify_image: row.spotifyImage,
    spotify_url: row.spotifyUrl,
    instagram_username: row.instagramUsername,
    followers: row.followers,
    media_count: row.mediaCount,
    sync_status: row.syncStatus as FanFinderSyncStatus,
    last_sync: row.lastSyncAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
export type FanFinderConnectionView = ReturnType<typeof connectionView>;

/** The artist's Fan Finder connections: own Spotify profile, own Instagram account, related artists (slot order). */
export async function connectionsOf(deps: Pick<Deps, 'database'>, userId: number) {
  const rows = await deps.database.db
    .select()
    .from(fanFinderConnections)
    .where(eq(fanFinderConnections.userId, userId))
    .orderBy(asc(fanFinderConnections.slot), asc(fanFinderConnections.id));
  const views = rows.map(connectionView);
  return {
    spotify: views.find((v) => v.kind === 'spotify') ?? null,
    instagram: views.find((v) => v.kind === 'instagram') ?? null,
    related: views.filter((v) => v.kind === 'related'),
  };
}
export type FanFinderConnections = Awaited<ReturnType<typeof connectionsOf>>;

/**
 * Connecting is for subscribers (the analysis is what the subscription buys).
 * @throws ConflictError `fan_finder.not_subscribed`
 */
async function assertSubscribed(deps: Deps, userId: number) {
  const flags = subscriptionFlags(await currentSubscription(deps, userId), deps.clock.now());
  if (!flags.is_subscribed) throw new ConflictError('fan_finder.not_subscribed');
}

/**
 * Queue the artist's analysis (pg-boss `fan-finder.analyse`, one waiting job per artist) and mark the
 * Instagram and related connections pending until it has run.
 */
export async function requestAnalysis(deps: Pick<Deps, 'database' | 'jobs'>, userId: number, tx?: Tx) {
  const db = tx?.db ?? deps.database.db;
  await db
    .update(fanFinderConnections)
    .set({ syncStatus: 'pending' })
    .where(
      and(
        eq(fanFinderConnections.userId, userId),
        inArray(fanFinderConnections.kind, ['instagram', 'related']),
      ),
    );
  await deps.jobs.send(ANALYSE_QUEUE, { userId }, { singletonKey: `fan-finder:${userId}` }, tx);
}

/**
 * Instagram, step 1: the consent URL of the shared connections module, returning to
 * /fan-finder/connection and asking also `instagram_business_manage_comments`.
 * @throws ConflictError `fan_finder.not_subscribed`; AppError 503 when Instagram is off
 */
export async function instagramStart(deps: Deps, userId: number) {
  await assertSubscribed(deps, userId);
  return social.connectStart(deps, userId, 'instagram', {
    callbackPath: FAN_FINDER_CALLBACK_PATH,
    extraScopes: FAN_FINDER_INSTAGRAM_SCOPES,
  });
}

/**
 * Instagram, step 2: finish through the shared connections module (state, binding, professional
 * account, sealed tokens, one owner per account), then make the account the artist's Fan Finder
 * Instagram (replacing an earlier one) and queue the analysis.
 * @throws what `connectFinish` throws; ConflictError `fan_finder.not_subscribed`
 */
export async function instagramFinish(
  deps: Deps,
  actor: AuditActor & { id: number },
  input: { code: string; state: string; binding: string },
) {
  await assertSubscribed(deps, actor.id);
  const account = await social.connectFinish(deps, actor, 'instagram', input, FAN_FINDER_CALLBACK_PATH);
  await withTransaction(deps.database, async (tx) => {
    const values = {
      socialAccountId: account.id,
      instagramUsername: account.user_name.toLowerCase().slice(0, 30),
      followers: account.follower_count,
      syncStatus: 'pending',
      lastError: null,
    };
    await tx.db
      .insert(fanFinderConnections)
      .values({ userId: actor.id, kind: 'instagram', ...values })
      .onConflictDoUpdate({
        target: fanFinderConnections.userId,
        targetWhere: sql`kind = 'instagram'`,
        set: values,
      });
    await requestAnalysis(deps, actor.id, tx);
  });
  return connectionsOf(deps, actor.id);
}

/** The Spotify artist profile `spotifyId`, read from Spotify (never trusted from the client). */
async function spotifyArtist(deps: Deps, spotifyId: string) {
  try {
    const [artist] = await deps.providers.spotify.getArtists([spotifyId]);
    if (artist) return artist;
  } catch (err) {
    if (!(err instanceof SpotifyApiError)) throw err;
  }
  throw new ValidationError({ spotify_id: ['fan_finder.artist_not_found'] });
}

/**
 * The artist's own Spotify artist profile (spec: spotify_name, spotify_id), chosen through
 * `spotify/search-artists`: Spotify's Web API offers no proof that a user owns an artist profile, so the
 * artist names it (a later choice replaces it).
 * @throws ValidationError on `spotify_id` (`fan_finder.artist_not_found`, `fan_finder.related_is_own`);
 *   ConflictError `fan_finder.not_subscribed`
 */
export async function setSpotifyProfile(deps: Deps, userId: number, spotifyId: string) {
  await assertSubscribed(deps, userId);
  const artist = await spotifyArtist(deps, spotifyId);
  const values = {
    spotifyId: artist.id,
    spotifyName: artist.name.slice(0, 200),
    spotifyImage: artist.imageUrl?.slice(0, 500) ?? null,
    spotifyUrl: artist.externalUrl.slice(0, 500),
  };
  await withTransaction(deps.database, async (tx) => {
    await tx.client.query('select id from users where id = $1 for update', [userId]);
    const [related] = await tx.db
      .select({ id: fanFinderConnections.id })
      .from(fanFinderConnections)
      .where(
        and(
          eq(fanFinderConnections.userId, userId),
          eq(fanFinderConnections.kind, 'related'),
          eq(fanFinderConnections.spotifyId, artist.id),
        ),
      );
    if (related) throw new ValidationError({ spotify_id: ['fan_finder.related_is_own'] });
    await tx.db
      .insert(fanFinderConnections)
      .values({ userId, kind: 'spotify', syncStatus: 'done', ...values })
      .onConflictDoUpdate({
        target: fanFinderConnections.userId,
        targetWhere: sql`kind = 'spotify'`,
        set: values,
      })
      .catch((err) => {
        if (isUniqueViolation(err, FAN_FINDER_ONE_SPOTIFY)) throw new ConflictError('errors.conflict');
        throw err;
      });
  });
  return connectionsOf(deps, userId);
}

/**
 * Add a related artist (up to 2, picked through `spotify/search-artists`, with their Instagram
 * username). The limit is the unique (user, slot 1..2) index under the artist's row lock; the same
 * artist twice is the unique (user, spotify id) index. Queues the analysis.
 * @throws ValidationError on `spotify_id` (`fan_finder.artist_not_found`, `fan_finder.related_is_own`);
 *   ConflictError `fan_finder.related_limit` (2 already), `fan_finder.related_duplicate`,
 *   `fan_finder.not_subscribed`
 */
export async function addRelatedArtist(
  deps: Deps,
  actor: AuditActor & { id: number },
  input: { spotify_id: string; instagram_username: string },
) {
  const userId = actor.id;
  await assertSubscribed(deps, userId);
  const artist = await spotifyArtist(deps, input.spotify_id);
  try {
    await withTransaction(deps.database, async (tx) => {
      await tx.client.query('select id from users where id = $1 for update', [userId]);
      const rows = await tx.db
        .select({
          kind: fanFinderConnections.kind,
          slot: fanFinderConnections.slot,
          spotifyId: fanFinderConnections.spotifyId,
        })
        .from(fanFinderConnections)
        .where(eq(fanFinderConnections.userId, userId));
      if (rows.some((r) => r.kind === 'spotify' && r.spotifyId === artist.id))
        throw new ValidationError({ spotify_id: ['fan_finder.related_is_own'] });
      const taken = new Set(rows.filter((r) => r.kind === 'related').map((r) => r.slot));
      const slot = [1, 2].find((s) => !taken.has(s)) ?? 1;
      const [row] = await tx.db
        .insert(fanFinderConnections)
        .values({
          userId,
          kind: 'related',
          slot,
          spotifyId: artist.id,
          spotifyName: artist.name.slice(0, 200),
          spotifyImage: artist.imageUrl?.slice(0, 500) ?? null,
          spotifyUrl: artist.externalUrl.slice(0, 500),
          instagramUsername: input.instagram_username.toLowerCase(),
        })
        .returning();
      await audit(
        deps.database,
        actor,
        {
          action: 'fan_finder.related_added',
          targetType: 'fan_finder_connection',
          targetId: row!.id,
          meta: { spotify_id: artist.id, instagram_username: row!.instagramUsername },
        },
        tx,
      );
      await requestAnalysis(deps, userId, tx);
    });
  } catch (err) {
    if (isUniqueViolation(err, FAN_FINDER_RELATED_SLOT))
      throw new ConflictError('fan_finder.related_limit', { n: FAN_FINDER_LIMITS.relatedArtists });
    if (isUniqueViolation(err, FAN_FINDER_RELATED_SAME))
      throw new ConflictError('fan_finder.related_duplicate');
    throw err;
  }
  return connectionsOf(deps, userId);
}

/**
 * `fan-finder/delete/connection/{id}` (spec section 7): remove one of the artist's own connections. The
 * Instagram one also disconnects the account in the shared connections module (tokens dropped). The
 * analysis is queued again, so the grids follow what is left.
 * @throws NotFoundError when the connection is not the caller's (existence not revealed)
 */
export async function deleteConnection(deps: Deps, actor: AuditActor & { id: number }, id: number) {
  const [row] = await deps.database.db
    .delete(fanFinderConnections)
    .where(and(eq(fanFinderConnections.id, id), eq(fanFinderConnections.userId, actor.id)))
    .returning();
  if (!row) throw new NotFoundError();
  if (row.kind === 'instagram' && row.socialAccountId) {
    const [account] = await deps.database.db
      .select({ status: socialAccounts.status })
      .from(socialAccounts)
      .where(eq(socialAccounts.id, row.socialAccountId));
    if (account && account.status !== 'revoked')
      await social.revokeAccount(deps, actor, 'instagram', row.socialAccountId).catch((err) => {
        if (!(err instanceof NotFoundError)) throw err;
      });
  }
  await audit(deps.database, actor, {
    action: 'fan_finder.connection_deleted',
    targetType: 'fan_finder_connection',
    targetId: row.id,
    meta: { kind: row.kind, spotify_id: row.spotifyId, instagram_username: row.instagramUsername },
  });
  await requestAnalysis(deps, actor.id);
  return connectionsOf(deps, actor.id);
}

/**
 * The spec's subscription fields that come from the connections (section 3: spotify_name, spotify_id,
 * instagram_username, related_artists[{spotify_name, spotify_image, spotify_url, instagram_username}]).
 */
export async function subscriptionConnectionFields(deps: Pick<Deps, 'database'>, userId: number) {
  const c = await connectionsOf(deps, userId);
  return {
    spotify_name: c.spotify?.spotify_name ?? null,
    spotify_id: c.spotify?.spotify_id ?? null,
    instagram_username: c.instagram?.instagram_username ?? null,
    related_artists: c.related.map((r) => ({
      spotify_name: r.spotify_name ?? '',
      spotify_image: r.spotify_image,
      spotify_url: r.spotify_url,
      instagram_username: r.instagram_username,
    })),
  };
}
