import { OFFER_DESCRIPTION_MAX, type OfferProfileEdit } from '@lm/contracts/offers';
import { and, eq } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { parsePlaylistLink } from '../../providers/spotify/links';
import { audit } from '../audit';
import { notifyStaffPendingPlaylist } from '../todos';
import { assertApprovedUser, auditActor, type StaffActor } from './express.creation';
import { tellUser } from './express.notify';
import { profilePatch } from './express.offers';
import {
  expressDurations,
  expressPlaylistGenres,
  expressPlaylists,
  expressTiers,
  spotifyConnections,
} from './express.schema';

/*
 * The Spotify playlists curators sell placements on: reading one from Spotify, listing it (by the
 * curator or by staff for them), the team's approval, the curator's edits and renewal switch.
 */

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/**
 * A playlist read from Spotify before listing it (`express/user/playlist/info`).
 * @throws ValidationError 422 on `spotify_url`: `express.invalid_playlist_link`, `express.playlist_not_found`
 */
export async function playlistPreview(deps: Deps, link: string) {
  const id = parsePlaylistLink(link);
  if (!id) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
  const info = await deps.providers.spotify.getPlaylist(id);
  if (!info) throw new ValidationError({ spotify_url: ['express.playlist_not_found'] });
  return {
    id: info.id,
    name: info.name,
    image: info.imageUrl,
    followers: info.followers,
    owner: info.ownerName,
    url: info.externalUrl,
  };
}

/**
 * Is the playlist behind this link listed already (`express/user/playlist/exists`)?
 * @throws ValidationError 422 `express.invalid_playlist_link` on `spotify_url`
 */
export async function playlistListed(deps: Deps, link: string): Promise<boolean> {
  const id = parsePlaylistLink(link);
  if (!id) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
  const [row] = await deps.database.db
    .select({ id: expressPlaylists.id })
    .from(expressPlaylists)
    .where(eq(expressPlaylists.spotifyPlaylistId, id));
  return Boolean(row);
}

/**
 * A curator lists a playlist (`express/curator/playlist/create`): link rule, not listed yet, found on
 * Spotify, owned by the curator's connected account; it waits for admin approval (status 2).
 * With `byStaff` (back-office /express/playlist/create) staff list it for the curator with the same
 * rules: the curator must be an approved curator (checked again under a share lock of their row), the
 * playlist records the staff member (`by_admin`), the audit entry names them, the curator is told.
 * @returns the new playlist row (status 2)
 * @throws ValidationError 422 (`spotify_url`: link, listed, not found, no connection, not owner;
 *   `tier_id`, `duration_id`; `curator_id` 'express.behalf.not_curator' with `byStaff`)
 */
export async function createPlaylist(
  deps: Deps,
  curatorId: number,
  input: {
    spotify_url: string;
    tier_id: number;
    duration_id: number;
    genre_ids: number[];
    renewable: boolean;
  },
  byStaff?: StaffActor,
) {
  if (byStaff) await assertApprovedUser(deps.database, curatorId, 'curator');
  const playlistId = parsePlaylistLink(input.spotify_url);
  if (!playlistId) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
  const [exists] = await deps.database.db
    .select({ id: expressPlaylists.id })
    .from(expressPlaylists)
    .where(eq(expressPlaylists.spotifyPlaylistId, playlistId));
  if (exists) throw new ValidationError({ spotify_url: ['express.playlist_exists'] });
  const connections = await deps.database.db
    .select()
    .from(spotifyConnections)
    .where(and(eq(spotifyConnections.userId, curatorId), eq(spotifyConnections.isActive, 1)));
  if (connections.length === 0) throw new ValidationError({ spotify_url: ['express.no_connection'] });
  const info = await deps.providers.spotify.getPlaylist(playlistId);
  if (!info) throw new ValidationError({ spotify_url: ['express.playlist_not_found'] });
  let owner: (typeof connections)[number] | undefined;
  for (const c of connections) {
    if (await deps.providers.spotify.ownsPlaylist(playlistId, c.spotifyUserId)) {
      owner = c;
      break;
    }
  }
  if (!owner) throw new ValidationError({ spotify_url: ['express.not_owner'] });
  const [tier] = await deps.database.db
    .select()
    .from(expressTiers)
    .where(and(eq(expressTiers.id, input.tier_id), eq(expressTiers.status, 1)));
  if (!tier) throw new ValidationError({ tier_id: ['validation.invalid'] });
  const [duration] = await deps.database.db
    .select()
    .from(expressDurations)
    .where(eq(expressDurations.id, input.duration_id));
  if (!duration) throw new ValidationError({ duration_id: ['validation.invalid'] });
  return withTransaction(deps.database, async (tx) => {
    if (byStaff) await assertApprovedUser(tx, curatorId, 'curator');
    const [row] = await tx.db
      .insert(expressPlaylists)
      .values({
        curatorId,
        byAdminId: byStaff?.adminId ?? null,
        connectionId: owner.id,
        spotifyPlaylistId: playlistId,
        spotifyUrl: info.externalUrl,
        name: info.name.slice(0, 300),
        imageUrl: info.imageUrl,
        // The playlist's description on Spotify is where the profile starts; the curator edits it.
        description: info.description?.slice(0, OFFER_DESCRIPTION_MAX) || null,
        followers: info.followers,
        tierId: tier.id,
        durationId: duration.id,
        statusId: 2,
        renewable: input.renewable,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ValidationError({ spotify_url: ['express.playlist_exists'] });
    if (input.genre_ids.length > 0) {
      await tx.db
        .insert(expressPlaylistGenres)
        .values(input.genre_ids.map((genreId) => ({ playlistId: row.id, genreId })))
        .onConflictDoNothing();
    }
    await audit(
      deps.database,
      auditActor(byStaff, curatorId),
      {
        action: 'express.playlist_created',
        targetType: 'express_playlist',
        targetId: row.id,
        meta: byStaff ? { on_behalf_of: curatorId } : undefined,
      },
      tx,
    );
    if (byStaff) {
      await tellUser(
        deps,
        tx,
        curatorId,
        'playlist_created_by_staff',
        { playlist: row.name },
        null,
        `/express/my/playlist/view/${row.id}`,
      );
    }
    await notifyStaffPendingPlaylist(tx, row);
    return row;
  });
}

/** Admin approves (1), declines (3, with a reason) or disables (3) a playlist; the curator is told. */
export async function setPlaylistStatus(
  deps: Deps,
  adminId: number,
  playlistId: number,
  status: 1 | 3,
  reason?: string,
) {
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(expressPlaylists)
      .set({
        statusId: status,
        declineReason: status === 3 ? (reason ?? null) : null,
        byAdminId: adminId,
        updatedAt: deps.clock.now(),
      })
      .where(eq(expressPlaylists.id, playlistId))
      .returning();
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      { type: 'admin', id: adminId },
      {
        action: status === 1 ? 'express.playlist_approved' : 'express.playlist_declined',
        targetType: 'express_playlist',
        targetId: row.id,
        meta: { reason },
      },
      tx,
    );
    await tellUser(
      deps,
      tx,
      row.curatorId,
      status === 1 ? 'playlist_approved' : 'playlist_declined',
      { playlist: row.name, reason: reason ?? '-' },
      null,
      `/express/my/playlist/view/${row.id}`,
    );
    return row;
  });
}

/**
 * A curator edits a playlist (`express/curator/playlist/edit/{id}`), row locked: a new tier sends it
 * back to the team's approval (status 2, staff told); `disabled` retires it (3); genres replaced when
 * given; the profile's description, moods, languages and unreleased choice set when given (issue
 * "Choose with evidence").
 * @throws NotFoundError when not the curator's; ValidationError 422 on an unknown tier, duration or
 *   language
 */
export async function editPlaylist(
  deps: Deps,
  curatorId: number,
  playlistId: number,
  input: {
    tier_id?: number;
    duration_id?: number;
    genre_ids?: number[];
    renewable?: boolean;
    disabled?: boolean;
    refuses_ai?: boolean;
  } & OfferProfileEdit,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [p] = await tx.db
      .select()
      .from(expressPlaylists)
      .where(and(eq(expressPlaylists.id, playlistId), eq(expressPlaylists.curatorId, curatorId)))
      .for('update');
    if (!p) throw new NotFoundError();
    const patch: Partial<typeof expressPlaylists.$inferInsert> = { updatedAt: deps.clock.now() };
    if (input.tier_id !== undefined) {
      const [tier] = await tx.db
        .select()
        .from(expressTiers)
        .where(and(eq(expressTiers.id, input.tier_id), eq(expressTiers.status, 1)));
      if (!tier) throw new ValidationError({ tier_id: ['validation.invalid'] });
      // A new price needs the team's approval again.
      if (tier.id !== p.tierId) patch.statusId = 2;
      patch.tierId = tier.id;
    }
    if (input.duration_id !== undefined) {
      const [d] = await tx.db
        .select()
        .from(expressDurations)
        .where(eq(expressDurations.id, input.duration_id));
      if (!d) throw new ValidationError({ duration_id: ['validation.invalid'] });
      patch.durationId = d.id;
    }
    if (input.renewable !== undefined) patch.renewable = input.renewable;
    if (input.refuses_ai !== undefined) patch.refusesAi = input.refuses_ai;
    // What artists read on the profile (description, moods, languages, unreleased tracks).
    Object.assign(patch, await profilePatch(tx, input));
    if (input.disabled === true) patch.statusId = 3;
    await tx.db.update(expressPlaylists).set(patch).where(eq(expressPlaylists.id, p.id));
    if (patch.statusId === 2 && p.statusId !== 2) await notifyStaffPendingPlaylist(tx, p);
    if (input.genre_ids) {
      await tx.db.delete(expressPlaylistGenres).where(eq(expressPlaylistGenres.playlistId, p.id));
      if (input.genre_ids.length > 0)
        await tx.db
          .insert(expressPlaylistGenres)
          .values(input.genre_ids.map((genreId) => ({ playlistId: p.id, genreId })))
          .onConflictDoNothing();
    }
  });
}

/**
 * A curator switches renewals of a playlist on or off (`express/curator/playlist/renewable`).
 * @throws NotFoundError when not the curator's
 */
export async function setRenewable(
  deps: Deps,
  curatorId: number,
  playlistId: number,
  renewable: boolean,
): Promise<void> {
  const [row] = await deps.database.db
    .update(expressPlaylists)
    .set({ renewable, updatedAt: deps.clock.now() })
    .where(and(eq(expressPlaylists.id, playlistId), eq(expressPlaylists.curatorId, curatorId)))
    .returning({ id: expressPlaylists.id });
  if (!row) throw new NotFoundError();
}
