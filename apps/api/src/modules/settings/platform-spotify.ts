import { eq } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { admins } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { type SealedColumn, sealSecret } from '../../platform/secret-box';
import { signValue, verifyValue } from '../../platform/signed';
import { type AuditActor, audit } from '../audit';
import { platformSpotifyAccount } from './settings.schema';

/** Additional data the platform account's refresh token is sealed with (`openSecret` needs the same). */
export const PLATFORM_SPOTIFY_REFRESH_PURPOSE = 'spotify:platform-refresh';

/** The sealed column of `platform_spotify_account`, for `npm run rotate-secrets`. */
export const PLATFORM_SPOTIFY_SEALED_COLUMN: SealedColumn = {
  table: 'platform_spotify_account',
  column: 'refresh_token',
  purpose: () => PLATFORM_SPOTIFY_REFRESH_PURPOSE,
};

type Deps = Pick<AppDeps, 'config' | 'database' | 'providers' | 'clock'>;

/** How long the consent (state) and the outcome handed to the back-office page stay valid. */
const STATE_TTL_SECONDS = 600;
const OUTCOME_TTL_SECONDS = 600;

/** The API path Spotify sends staff back to (the redirect URI to register in Spotify's dashboard). */
export const PLATFORM_SPOTIFY_CALLBACK_PATH = '/api/admin/spotify/platform/callback';
/** The back-office's public page that shows the outcome: `/admin/spotify/callback/{accessToken}`. */
export const PLATFORM_SPOTIFY_PAGE_PATH = '/admin/spotify/callback';

/** How a connection ended, as the back-office page shows it. */
export type PlatformSpotifyOutcome =
  | { status: 'connected'; display_name: string; spotify_user_id: string }
  | { status: 'denied' | 'failed' };

/** The connected account as staff see it (never its tokens). */
export interface PlatformSpotifyView {
  connected: boolean;
  spotify_user_id: string | null;
  display_name: string | null;
  email: string | null;
  connected_at: string | null;
  connected_by: string | null;
}

const redirectUri = (deps: Deps) => `${deps.config.appUrl}${PLATFORM_SPOTIFY_CALLBACK_PATH}`;

/**
 * The platform's Spotify account, or `connected: false` when staff have not connected one.
 */
export async function getPlatformSpotify(deps: Pick<Deps, 'database'>): Promise<PlatformSpotifyView> {
  const [row] = await deps.database.db
    .select({ account: platformSpotifyAccount, adminName: admins.name })
    .from(platformSpotifyAccount)
    .leftJoin(admins, eq(admins.id, platformSpotifyAccount.connectedByAdminId));
  if (!row)
    return {
      connected: false,
      spotify_user_id: null,
      display_name: null,
      email: null,
      connected_at: null,
      connected_by: null,
    };
  return {
    connected: true,
    spotify_user_id: row.account.spotifyUserId,
    display_name: row.account.displayName,
    email: row.account.email,
    connected_at: row.account.connectedAt.toISOString(),
    connected_by: row.adminName ?? null,
  };
}

/**
 * Spotify's consent page for connecting the platform's account (scopes SPOTIFY_CURATOR_SCOPES; the
 * sandbox consent page while Spotify is the sandbox). The state is signed, bound to the admin and
 * valid 10 minutes.
 */
export function platformSpotifyConsentUrl(deps: Deps, adminId: number): string {
  const state = signValue(
    deps.config.keys,
    { kind: 'platform-spotify', adminId },
    STATE_TTL_SECONDS,
    deps.clock.now().getTime(),
  );
  return deps.providers.spotify.authorizationUrl(state, redirectUri(deps));
}

/**
 * Spotify's answer (`code` + `state`, or `error`): checks the signed state, exchanges the code, stores
 * the account in place of any previous one (one row, upserted) and audits it, in one transaction.
 * @returns the path of the back-office page with the signed outcome as its `{accessToken}` segment;
 *   a refused consent, a bad or expired state or a failed exchange end there as `denied`/`failed`
 *   (nothing stored)
 */
export async function completePlatformSpotify(
  deps: Deps,
  answer: { code?: string; state?: string; error?: string },
  meta: Omit<AuditActor, 'type' | 'id'>,
): Promise<string> {
  const now = deps.clock.now().getTime();
  const state = answer.state
    ? verifyValue<{ kind: string; adminId: number }>(deps.config.keys, answer.state, now)
    : null;
  let outcome: PlatformSpotifyOutcome;
  if (state?.kind !== 'platform-spotify') outcome = { status: 'failed' };
  else if (answer.error || !answer.code) outcome = { status: answer.error ? 'denied' : 'failed' };
  else {
    try {
      const account = await deps.providers.spotify.exchangeCode(answer.code, redirectUri(deps));
      await withTransaction(deps.database, async (tx) => {
        const values = {
          spotifyUserId: account.spotifyUserId,
          displayName: account.displayName.slice(0, 200),
          email: account.email?.slice(0, 190) ?? null,
          refreshToken: sealSecret(deps.config.keys, account.refreshToken, PLATFORM_SPOTIFY_REFRESH_PURPOSE),
          connectedByAdminId: state.adminId,
          connectedAt: deps.clock.now(),
        };
        await tx.db
          .insert(platformSpotifyAccount)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: platformSpotifyAccount.id, set: values });
        await audit(
          deps.database,
          { type: 'admin', id: state.adminId, ...meta },
          {
            action: 'settings.spotify_connected',
            targetType: 'setting',
            targetId: 'platform_spotify_account',
            meta: { spotify_user_id: account.spotifyUserId },
          },
          tx,
        );
      });
      outcome = {
        status: 'connected',
        display_name: account.displayName,
        spotify_user_id: account.spotifyUserId,
      };
    } catch {
      outcome = { status: 'failed' };
    }
  }
  const token = signValue(
    deps.config.keys,
    { kind: 'platform-spotify-outcome', ...outcome },
    OUTCOME_TTL_SECONDS,
    deps.clock.now().getTime(),
  );
  return `${PLATFORM_SPOTIFY_PAGE_PATH}/${token}`;
}

/**
 * The outcome named by the back-office page's `{accessToken}` segment (signed, 10 minutes; it carries
 * no Spotify token, so the page can be public).
 * @returns the outcome, or null when the value is not one of ours or has expired
 */
export function platformSpotifyOutcome(deps: Deps, token: string): PlatformSpotifyOutcome | null {
  const value = verifyValue<PlatformSpotifyOutcome & { kind: string }>(
    deps.config.keys,
    token,
    deps.clock.now().getTime(),
  );
  if (value?.kind !== 'platform-spotify-outcome') return null;
  return value.status === 'connected'
    ? { status: 'connected', display_name: value.display_name, spotify_user_id: value.spotify_user_id }
    : { status: value.status };
}

/**
 * Forget the platform's Spotify account (audited).
 * @returns false when none was connected
 */
export async function disconnectPlatformSpotify(
  deps: Pick<Deps, 'database'>,
  actor: AuditActor,
): Promise<boolean> {
  return withTransaction(deps.database, async (tx) => {
    const removed = await tx.db
      .delete(platformSpotifyAccount)
      .returning({ spotifyUserId: platformSpotifyAccount.spotifyUserId });
    if (removed.length === 0) return false;
    await audit(
      deps.database,
      actor,
      {
        action: 'settings.spotify_disconnected',
        targetType: 'setting',
        targetId: 'platform_spotify_account',
        meta: { spotify_user_id: removed[0]!.spotifyUserId },
      },
      tx,
    );
    return true;
  });
}
