import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { providerModes } from '../modes';
import type { TikTokProvider } from './contract';
import { createOffTikTokProvider } from './off';
import { createSandboxTikTokProvider } from './sandbox';
import { createTikTokProvider } from './tiktok';

export * from './contract';
export type { SandboxTikTokProvider } from './sandbox';

/**
 * The TikTok provider `providerModes` (providers/modes.ts) picks: the real Login Kit client when
 * TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET are set, the sandbox outside production, off in production
 * without keys.
 * @throws Error from `providerModes` when only one of the two is set
 */
export function createTikTokProviderFromConfig(config: Config, database: Database): TikTokProvider {
  const mode = providerModes(config).tiktok;
  if (mode === 'real' && config.TIKTOK_CLIENT_KEY && config.TIKTOK_CLIENT_SECRET)
    return createTikTokProvider({
      clientKey: config.TIKTOK_CLIENT_KEY,
      clientSecret: config.TIKTOK_CLIENT_SECRET,
    });
  if (mode === 'sandbox')
    return createSandboxTikTokProvider({ appUrl: config.appUrl, key: config.keys, database });
  return createOffTikTokProvider();
}
