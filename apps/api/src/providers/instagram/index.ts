import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { providerModes } from '../modes';
import type { InstagramProvider } from './contract';
import { createInstagramProvider } from './instagram';
import { createOffInstagramProvider } from './off';
import { createSandboxInstagramProvider } from './sandbox';

export * from './contract';
export type { SandboxInstagramProvider } from './sandbox';

/**
 * The Instagram provider `providerModes` picks: the real client when INSTAGRAM_APP_ID and
 * INSTAGRAM_APP_SECRET are set, the sandbox outside production, off in production without keys.
 * @throws Error from `providerModes` when only one of the two is set
 */
export function createInstagramProviderFromConfig(config: Config, database: Database): InstagramProvider {
  const mode = providerModes(config).instagram;
  if (mode === 'real' && config.INSTAGRAM_APP_ID && config.INSTAGRAM_APP_SECRET)
    return createInstagramProvider({
      appId: config.INSTAGRAM_APP_ID,
      appSecret: config.INSTAGRAM_APP_SECRET,
    });
  if (mode === 'sandbox')
    return createSandboxInstagramProvider({ appUrl: config.appUrl, key: config.keys, database });
  return createOffInstagramProvider();
}
