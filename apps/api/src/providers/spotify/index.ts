import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import type { SpotifyProvider } from './contract';
import { createSandboxSpotifyProvider, type SandboxSpotifyProvider } from './sandbox';
import { createSpotifyWebApiProvider } from './spotify';

export * from './contract';
export * from './links';
export type { SandboxPlacement, SandboxSpotifyProvider } from './sandbox';

/** Whether `provider` is the sandbox (with its dev controls). */
export function isSandboxSpotify(provider: SpotifyProvider): provider is SandboxSpotifyProvider {
  return provider.name === 'sandbox' && 'addPlacement' in provider;
}

/**
 * Choose the Spotify provider from the configuration (DESIGN section 2: the sandbox is the
 * default): the Web API when SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET are set, otherwise the
 * sandbox, which keeps its state in `database` and signs its OAuth codes with APP_KEY. Stateless
 * apart from PostgreSQL (and the real client's app-token cache), so building it twice (service
 * and sandbox routes) is harmless.
 * @throws Error when only one of the two settings is present, or when production would run on the
 *   sandbox without ALLOW_SANDBOX_SPOTIFY=1 (its public dev routes let anyone fake a placement,
 *   which completes campaigns and pays curators)
 */
export function createSpotifyProvider(
  config: Config,
  database: Database,
  options: { fetchImpl?: typeof fetch; now?: () => number } = {},
): SpotifyProvider {
  const { SPOTIFY_CLIENT_ID: clientId, SPOTIFY_CLIENT_SECRET: clientSecret } = config;
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new Error('Spotify needs both SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET');
  }
  if (clientId && clientSecret) {
    return createSpotifyWebApiProvider({
      clientId,
      clientSecret,
      fetchImpl: options.fetchImpl,
      now: options.now,
    });
  }
  if (config.NODE_ENV === 'production' && !config.ALLOW_SANDBOX_SPOTIFY) {
    throw new Error(
      'production needs SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET (or ALLOW_SANDBOX_SPOTIFY=1 for a staging site)',
    );
  }
  return createSandboxSpotifyProvider({
    appUrl: config.appUrl,
    key: config.APP_KEY,
    database,
    now: options.now,
  });
}
