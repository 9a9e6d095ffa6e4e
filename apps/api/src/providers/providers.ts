import type { Config } from '../config/env';
import type { GoogleOAuthProvider } from './google/contract';
import { createGoogleProvider } from './google/google';
import { createSandboxGoogleProvider } from './google/sandbox';

/** External services behind small contracts; the env picks real or sandbox (sandbox by default). */
export interface Providers {
  google: GoogleOAuthProvider;
}

/** Choose each provider from the configuration. */
export function createProviders(config: Config): Providers {
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleProvider(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET)
      : createSandboxGoogleProvider(config.appUrl, config.APP_KEY);
  return { google };
}
