import { ERROR_CODES } from '@lm/contracts';
import { AppError } from '../../platform/errors';
import type { InstagramProvider } from './contract';

/**
 * Instagram switched off: production without INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET
 * (providers/modes.ts). Every call answers 503 'connections.instagram_unavailable' (translated) with
 * code PROVIDER_OFF, and `setting/all` tells the apps.
 */
export function createOffInstagramProvider(): InstagramProvider {
  const unavailable = (): never => {
    throw new AppError(503, 'connections.instagram_unavailable', { code: ERROR_CODES.PROVIDER_OFF });
  };
  return {
    name: 'off',
    authorizationUrl: unavailable,
    exchangeCode: async () => unavailable(),
    longLivedToken: async () => unavailable(),
    refreshToken: async () => unavailable(),
    me: async () => unavailable(),
    listMedia: async () => unavailable(),
    mediaInsights: async () => unavailable(),
  };
}
