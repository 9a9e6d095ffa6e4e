import { ERROR_CODES } from '@lm/contracts';
import { AppError } from '../../platform/errors';
import type { TikTokProvider } from './contract';

/**
 * TikTok switched off: production without TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET
 * (providers/modes.ts). Every call answers 503 'connections.tiktok_unavailable' (translated) with code
 * PROVIDER_OFF, and `setting/all` tells the apps; Spotify and the rest of the product keep working.
 */
export function createOffTikTokProvider(): TikTokProvider {
  const unavailable = (): never => {
    throw new AppError(503, 'connections.tiktok_unavailable', { code: ERROR_CODES.PROVIDER_OFF });
  };
  return {
    name: 'off',
    authorizationUrl: unavailable,
    exchangeCode: async () => unavailable(),
    refresh: async () => unavailable(),
    userInfo: async () => unavailable(),
    listVideos: async () => unavailable(),
    queryVideos: async () => unavailable(),
    soundOf: async () => unavailable(),
    videoSound: async () => unavailable(),
  };
}
