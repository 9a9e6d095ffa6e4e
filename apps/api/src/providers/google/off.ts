import { ERROR_CODES } from '@lm/contracts';
import { AppError } from '../../platform/errors';
import type { GoogleOAuthProvider } from './contract';

/**
 * Google sign-in switched off: production without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET
 * (providers/modes.ts). Every call answers 503 'auth.google_unavailable' (translated), and
 * `setting/all` tells the apps to hide the Google button; e-mail and password sign-in still work.
 */
export function createOffGoogleProvider(): GoogleOAuthProvider {
  const unavailable = (): never => {
    throw new AppError(503, 'auth.google_unavailable', { code: ERROR_CODES.PROVIDER_OFF });
  };
  return { name: 'off', authorizationUrl: unavailable, exchangeCode: async () => unavailable() };
}
