import { and, desc, eq, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import type { SpotifyTrack } from '../../providers/spotify/contract';
import { type AuditActor, audit } from '../audit';
import { ARTIST_PROFILE_ONE_OWNER, artistSpotifyProfiles } from './artist-connections.schema';
import { ACCOUNTS_LIMIT, listAccounts } from './connections.service';
import { listConnections } from './spotify-connections';

/**
 * Artists' connected platforms (spec section 7 `connected/platforms/...`): an
 * artist connects their Spotify artist profile by its link (Spotify offers no sign-in that proves an
 * artist profile, so the profile is read, not authorised) and sees its tracks, so the wizards offer them
 * instead of a pasted link (their TikTok and Instagram sounds: `artist-sounds.service.ts`).
 */

type Deps = Pick<AppDeps, 'database' | 'providers' | 'clock'>;
type ProfileRow = typeof artistSpotifyProfiles.$inferSelect;

const ARTIST_LINK =
  /^(?:https:\/\/open\.spotify\.com\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?artist\/([0-9A-Za-z]{22})\/?(?:[?#]\S*)?|spotify:artist:([0-9A-Za-z]{22}))$/;

/** The artist id of a Spotify artist link (`https://open.spotify.com/artist/<id>`) or URI; null otherwise. */
export function parseArtistLink(link: string): string | null {
  const m = ARTIST_LINK.exec(link.trim());
  return m?.[1] ?? m?.[2] ?? null;
}

/** A connected profile as the API answers it (spec "Connections" spotify list: name, is_active, status). */
export function profileItem(r: ProfileRow) {
  return {
    id: r.id,
    name: r.name,
    spotify_artist_id: r.spotifyArtistId,
    external_url: `https://open.spotify.com/artist/${r.spotifyArtistId}`,
    image_url: r.imageUrl,
    followers: r.followers,
    is_active: r.isActive,
    status: { status: r.isActive === 1 ? 'Active' : 'Inactive' },
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * Connect the artist's Spotify artist profile (`connected/platforms/artist/connect/spotify/account`):
 * the profile must exist on Spotify; the artist may hold up to ACCOUNTS_LIMIT live profiles; a profile
 * is held by one user at a time (partial unique index). Reconnecting a disconnected one revives it.
 * @throws ValidationError 422 on `link`: `connections.artist_link_invalid`, `connections.artist_not_found`;
 *   ConflictError 409 `connections.artist_taken`, `connections.limit_reached`, `connections.platform_unavailable`
 */
export async function connectArtistProfile(deps: Deps, actor: AuditActor & { id: number }, link: string) {
  const artistId = parseArtistLink(link);
  if (!artistId) throw new ValidationError({ link: ['connections.artist_link_invalid'] });
  let profile: Awaited<ReturnType<Deps['providers']['spotify']['getArtists']>>[number] | undefined;
  try {
    [profile] = await deps.providers.spotify.getArtists([artistId]);
  } catch {
    throw new ConflictError('connections.platform_unavailable');
  }
  if (!profile) throw new ValidationError({ link: ['connections.artist_not_found'] });
  try {
    return await withTransaction(deps.database, async (tx) => {
      // One at a time per user, so two tabs cannot both pass the limit.
      await tx.db.execute(sql`select id from users where id = ${actor.id} for update`);
      const [live] = await tx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(artistSpotifyProfiles)
        .where(
          and(
            eq(artistSpotifyProfiles.userId, actor.id),
            eq(artistSpotifyProfiles.isActive, 1),
            sql`${artistSpotifyProfiles.spotifyArtistId} <> ${artistId}`,
          ),
        );
      if ((live?.n ?? 0) >= ACCOUNTS_LIMIT)
        throw new ConflictError('connections.limit_reached', { n: ACCOUNTS_LIMIT });
      const values = {
        name: profile.name.slice(0, 200),
        imageUrl: profile.imageUrl?.slice(0, 500) ?? null,
        followers: profile.followers,
        isActive: 1,
      };
      const [row] = await tx.db
        .insert(artistSpotifyProfiles)
        .values({ userId: actor.id, spotifyArtistId: artistId, ...values })
        .onConflictDoUpdate({
          target: [artistSpotifyProfiles.userId, artistSpotifyProfiles.spotifyArtistId],
          set: values,
        })
        .returning();
      await audit(
        deps.database,
        actor,
        {
          action: 'connections.artist_connected',
          targetType: 'artist_spotify_profile',
          targetId: row!.id,
          meta: { spotify_artist_id: artistId },
        },
        tx,
      );
      return profileItem(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err, ARTIST_PROFILE_ONE_OWNER)) throw new ConflictError('connections.artist_taken');
    throw err;
  }
}

/** The artist's profiles, live first then newest (`connected/platforms/artist/connected/accounts`). */
export async function listArtistProfiles(deps: Pick<Deps, 'database'>, userId: number, withInactive = false) {
  const rows = await deps.database.db
    .select()
    .from(artistSpotifyProfiles)
    .where(
      and(
        eq(artistSpotifyProfiles.userId, userId),
        withInactive ? undefined : eq(artistSpotifyProfiles.isActive, 1),
      ),
    )
    .orderBy(artistSpotifyProfiles.isActive, desc(artistSpotifyProfiles.id));
  return rows.map(profileItem);
}

/** A track as the Connections screen and the wizards list it. */
export function trackItem(track: SpotifyTrack, profileId: number) {
  return {
    id: track.id,
    name: track.name,
    artists: track.artists.join(', '),
    album: track.album,
    cover_url: track.coverUrl,
    external_url: track.externalUrl,
    duration_ms: track.durationMs,
    account_id: profileId,
  };
}

/**
 * Tracks of the artist's live profiles (`connected/platforms/artist/connected/tracks`), or of one
 * (`accountId`), each track once.
 * @throws NotFoundError when `accountId` is not one of the user's live profiles;
 *   ConflictError 409 `connections.platform_unavailable` when Spotify does not answer
 */
export async function artistTracks(deps: Deps, userId: number, accountId?: number) {
  const profiles = (await listArtistProfiles(deps, userId)).filter((p) => !accountId || p.id === accountId);
  if (accountId && profiles.length === 0) throw new NotFoundError();
  const seen = new Set<string>();
  const out: ReturnType<typeof trackItem>[] = [];
  for (const p of profiles) {
    let tracks: SpotifyTrack[];
    try {
      tracks = await deps.providers.spotify.artistTracks({ id: p.spotify_artist_id, name: p.name });
    } catch {
      throw new ConflictError('connections.platform_unavailable');
    }
    for (const track of tracks) {
      if (seen.has(track.id)) continue;
      seen.add(track.id);
      out.push(trackItem(track, p.id));
    }
  }
  return out;
}

/**
 * Disconnect one of the artist's profiles (`connected/platforms/artist/delete/connected/account/{id}`):
 * is_active 2; the row stays.
 * @throws NotFoundError when it is not the user's live profile
 */
export async function disconnectArtistProfile(
  deps: Pick<Deps, 'database'>,
  actor: AuditActor & { id: number },
  id: number,
) {
  await withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(artistSpotifyProfiles)
      .set({ isActive: 2 })
      .where(
        and(
          eq(artistSpotifyProfiles.id, id),
          eq(artistSpotifyProfiles.userId, actor.id),
          eq(artistSpotifyProfiles.isActive, 1),
        ),
      )
      .returning({ id: artistSpotifyProfiles.id });
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      actor,
      { action: 'connections.artist_disconnected', targetType: 'artist_spotify_profile', targetId: id },
      tx,
    );
  });
}

/** `connected/platforms/artist/check/if/connected`: whether the artist has a live profile. */
export async function artistCheck(deps: Pick<Deps, 'database'>, userId: number) {
  const profiles = await listArtistProfiles(deps, userId);
  return { connected: profiles.length > 0, accounts: profiles.length, platforms_limit: ACCOUNTS_LIMIT };
}

/**
 * Every connected account of the user (`connected/platforms/all/user/accounts`, any signed-in user):
 * Spotify accounts (curators' OAuth accounts), Spotify artist profiles, TikTok and Instagram accounts,
 * and the per-platform limit.
 */
export async function allAccounts(deps: Deps, userId: number) {
  const [spotify, artistProfiles, tiktok, instagram] = await Promise.all([
    listConnections(deps.database, userId),
    listArtistProfiles(deps, userId),
    listAccounts(deps, { userId, platform: 'tiktok', withRevoked: false }),
    listAccounts(deps, { userId, platform: 'instagram', withRevoked: false }),
  ]);
  return { spotify, artist_profiles: artistProfiles, tiktok, instagram, platforms_limit: ACCOUNTS_LIMIT };
}

/**
 * `user/info/spotify`: the user's live Spotify artist profiles and active Spotify accounts, and whether
 * there is any.
 */
export async function spotifyInfo(deps: Pick<Deps, 'database'>, userId: number) {
  const [profiles, accounts] = await Promise.all([
    listArtistProfiles(deps, userId),
    listConnections(deps.database, userId),
  ]);
  const live = accounts.filter((a) => a.is_active === 1);
  return { connected: profiles.length + live.length > 0, artist_profiles: profiles, accounts: live };
}
