import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { RatesProvider } from './fx/contract';
import { createSandboxRates } from './fx/sandbox';
import type { GoogleOAuthProvider } from './google/contract';
import { createGoogleProvider } from './google/google';
import { createSandboxGoogleProvider } from './google/sandbox';
import type { CardCheckoutProvider, PayPalProvider } from './payments/contract';
import { createPaymentProviders } from './payments/index';
import type { SpotifyProvider } from './spotify/contract';
import { createSpotifyProvider } from './spotify/index';
import type { WiseProvider } from './wise/contract';
import { createWiseProviderFromConfig } from './wise/index';

/** External services behind small contracts; the env picks real or sandbox (sandbox by default). */
export interface Providers {
  google: GoogleOAuthProvider;
  payments: { card: CardCheckoutProvider; paypal: PayPalProvider };
  rates: RatesProvider;
  spotify: SpotifyProvider;
  wise: WiseProvider;
}

/** Choose each provider from the configuration (sandboxes keep their state in `database`). */
export function createProviders(config: Config, database: Database): Providers {
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleProvider(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET)
      : createSandboxGoogleProvider(config.appUrl, config.APP_KEY);
  return {
    google,
    payments: createPaymentProviders(config, database),
    rates: createSandboxRates(),
    spotify: createSpotifyProvider(config, database),
    wise: createWiseProviderFromConfig(config, database),
  };
}
