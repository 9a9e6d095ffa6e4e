import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { providerModes } from '../modes';
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
 * Choose the Spotify provider from the configuration (the sandbox is the default): the Web API
 * when SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET are set, otherwise the
 * sandbox, which keeps its state in `database` and signs its OAuth codes with APP_KEY. Stateless
 * apart from PostgreSQL (and the real client's app-token cache), so building it twice (service
 * and sandbox routes) is harmless.
 * The choice is `providerModes` (providers/modes.ts): production never gets the sandbox, whose public
 * dev routes let anyone fake a placement.
 * @throws Error from `providerModes` when only one of the two settings is present, or in production
 *   without them
 */
export function createSpotifyProvider(
  config: Config,
  database: Database,
  options: { fetchImpl?: typeof fetch; now?: () => number } = {},
): SpotifyProvider {
  const { SPOTIFY_CLIENT_ID: clientId, SPOTIFY_CLIENT_SECRET: clientSecret } = config;
  if (providerModes(config).spotify === 'real' && clientId && clientSecret) {
    return createSpotifyWebApiProvider({
      clientId,
      clientSecret,
      fetchImpl: options.fetchImpl,
      now: options.now,
    });
  }
  return createSandboxSpotifyProvider({
    appUrl: config.appUrl,
    key: config.keys,
    database,
    now: options.now,
  });
}
