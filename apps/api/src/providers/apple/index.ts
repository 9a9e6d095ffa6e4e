import type { Config } from '../../config/env';
import type { AppleMusicProvider } from './contract';
import { createItunesProvider } from './itunes';
import { createSandboxAppleProvider } from './sandbox';

export * from './contract';

/**
 * The Apple Music client: the iTunes API in production and whenever APPLE_MUSIC=itunes (it needs no
 * key), the sandbox otherwise, so dev and tests never reach the network (providers/modes.ts
 * `appleMusicMode`).
 */
export function createAppleMusicProvider(
  config: Pick<Config, 'NODE_ENV' | 'APPLE_MUSIC'>,
  options: { fetchImpl?: typeof fetch } = {},
): AppleMusicProvider {
  return appleMusicMode(config) === 'itunes' ? createItunesProvider(options) : createSandboxAppleProvider();
}

/** Which Apple Music client runs: the real one in production, else APPLE_MUSIC (sandbox by default). */
export function appleMusicMode(config: Pick<Config, 'NODE_ENV' | 'APPLE_MUSIC'>): 'itunes' | 'sandbox' {
  if (config.NODE_ENV === 'production') return 'itunes';
  return config.APPLE_MUSIC ?? 'sandbox';
}
