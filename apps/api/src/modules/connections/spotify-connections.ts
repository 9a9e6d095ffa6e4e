import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { spotifyConnections } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { type SealedColumn, sealSecret } from '../../platform/secret-box';
import { signValue, verifyValue } from '../../platform/signed';
import { parsePlaylistLink } from '../../providers/spotify/links';

/**
 * A curator's connected Spotify accounts (spec section 3 "Connections"; OAuth through the Spotify
 * provider, sandbox consent page by default). They are connections like the artists' profiles and the
 * influencers' accounts, so they live here; the express routes that connect them and the playlist
 * listing that needs one read them through this module.
 */

type Deps = Pick<AppDeps, 'database' | 'providers' | 'config' | 'clock'>;
type Connection = typeof spotifyConnections.$inferSelect;

/** A connection as the API answers it (is_active 1 active, 2 revoked; no token). */
export function connectionItem(r: Connection) {
  return {
    id: r.id,
    name: r.name,
    user_name: r.spotifyUserId,
    user_email: r.userEmail,
    is_active: r.isActive,
    status: { status: r.isActive === 1 ? 'Active' : 'Inactive' },
    created_at: r.createdAt.toISOString(),
  };
}

const callbackPath = '/express/callback';

/** Additional data a curator's Spotify refresh token is sealed with (`openSecret` needs the same). */
export const SPOTIFY_REFRESH_PURPOSE = 'spotify:curator-refresh';

/** The sealed column of `spotify_connections`, for `npm run rotate-secrets`. */
export const SPOTIFY_CONNECTION_SEALED_COLUMN: SealedColumn = {
  table: 'spotify_connections',
  column: 'refresh_token',
  purpose: () => SPOTIFY_REFRESH_PURPOSE,
};

/** The consent page to send the curator to, with a signed state valid 10 minutes (`spotify/login`). */
export function authorizationUrl(deps: Deps, userId: number): string {
  const state = signValue(
    deps.config.keys,
    { kind: 'spotify-connect', userId },
    600,
    deps.clock.now().getTime(),
  );
  return deps.providers.spotify.authorizationUrl(state, `${deps.config.appUrl}${callbackPath}`);
}

/**
 * Finish the OAuth dance (`spotify/callback`): check the state is this user's, exchange the code and
 * store (or re-activate) the account with its refresh token.
 * @throws ValidationError 422 `auth.oauth_failed` on `state` or `code`
 */
export async function connect(deps: Deps, userId: number, code: string, stateToken: string) {
  const state = verifyValue<{ kind: string; userId: number }>(
    deps.config.keys,
    stateToken,
    deps.clock.now().getTime(),
  );
  if (state?.kind !== 'spotify-connect' || state.userId !== userId)
    throw new ValidationError({ state: ['auth.oauth_failed'] });
  let account: Awaited<ReturnType<typeof deps.providers.spotify.exchangeCode>>;
  try {
    account = await deps.providers.spotify.exchangeCode(code, `${deps.config.appUrl}${callbackPath}`);
  } catch {
    throw new ValidationError({ code: ['auth.oauth_failed'] });
  }
  // Stored sealed (AES-GCM under APP_KEY (config.keys), bound to this column), like TikTok's and Instagram's tokens.
  const refreshToken = sealSecret(deps.config.keys, account.refreshToken, SPOTIFY_REFRESH_PURPOSE);
  const [row] = await deps.database.db
    .insert(spotifyConnections)
    .values({
      userId,
      spotifyUserId: account.spotifyUserId,
      name: account.displayName,
      userEmail: account.email,
      refreshToken,
      isActive: 1,
    })
    .onConflictDoUpdate({
      target: [spotifyConnections.userId, spotifyConnections.spotifyUserId],
      set: {
        name: account.displayName,
        userEmail: account.email,
        refreshToken,
        isActive: 1,
      },
    })
    .returning();
  return connectionItem(row!);
}

/** The user's connections, newest first. */
export async function listConnections(database: Database, userId: number) {
  const rows = await database.db
    .select()
    .from(spotifyConnections)
    .where(eq(spotifyConnections.userId, userId))
    .orderBy(desc(spotifyConnections.id));
  return rows.map(connectionItem);
}

/**
 * Revoke one of the user's connections (is_active 2, token dropped).
 * @throws NotFoundError when it is not the user's
 */
export async function revokeConnection(database: Database, userId: number, id: number): Promise<void> {
  const [row] = await database.db
    .update(spotifyConnections)
    .set({ isActive: 2, refreshToken: null })
    .where(and(eq(spotifyConnections.id, id), eq(spotifyConnections.userId, userId)))
    .returning({ id: spotifyConnections.id });
  if (!row) throw new NotFoundError();
}

/**
 * Does one of the user's active connected accounts own the playlist behind this link
 * (`express/verify/check/account/playlist`)?
 * @throws ValidationError 422 on `spotify_url`: `express.invalid_playlist_link`, `express.no_connection`
 */
export async function ownsPlaylist(deps: Deps, userId: number, link: string): Promise<boolean> {
  const id = parsePlaylistLink(link);
  if (!id) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
  const connections = await deps.database.db
    .select()
    .from(spotifyConnections)
    .where(and(eq(spotifyConnections.userId, userId), eq(spotifyConnections.isActive, 1)));
  if (connections.length === 0) throw new ValidationError({ spotify_url: ['express.no_connection'] });
  for (const c of connections)
    if (await deps.providers.spotify.ownsPlaylist(id, c.spotifyUserId)) return true;
  return false;
}
