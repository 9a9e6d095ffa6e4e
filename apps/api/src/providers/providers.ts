import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { traceProvider } from '../platform/tracing';
import type { AppleMusicProvider } from './apple/contract';
import { appleMusicMode, createAppleMusicProvider } from './apple/index';
import type { DnsResolver } from './dns/contract';
import { createSandboxDns } from './dns/sandbox';
import { createSystemDns } from './dns/system';
import type { FanFinderSource } from './fan-finder/contract';
import { createFanFinderSourceFromConfig } from './fan-finder/index';
import type { RatesProvider } from './fx/contract';
import { createSandboxRates } from './fx/sandbox';
import { createWiseRates } from './fx/wise-rates';
import type { GoogleOAuthProvider } from './google/contract';
import { createGoogleProvider } from './google/google';
import { createOffGoogleProvider } from './google/off';
import { createSandboxGoogleProvider } from './google/sandbox';
import type { InstagramProvider } from './instagram/contract';
import { createInstagramProviderFromConfig } from './instagram/index';
import { dnsMode, type ProviderModes, providerModes } from './modes';
import type { CardCheckoutProvider, PayPalProvider } from './payments/contract';
import { createPaymentProviders } from './payments/index';
import type { SpotifyProvider } from './spotify/contract';
import { createSpotifyProvider } from './spotify/index';
import type { TikTokProvider } from './tiktok/contract';
import { createTikTokProviderFromConfig } from './tiktok/index';
import type { WiseProvider } from './wise/contract';
import { createWiseProviderFromConfig } from './wise/index';

/** External services behind small contracts; the env picks real or sandbox (sandbox by default). */
export interface Providers {
  google: GoogleOAuthProvider;
  payments: { card: CardCheckoutProvider; paypal: PayPalProvider };
  rates: RatesProvider;
  spotify: SpotifyProvider;
  wise: WiseProvider;
  tiktok: TikTokProvider;
  instagram: InstagramProvider;
  /** Posts and commenters Fan Finder rates; follows Instagram's mode. */
  fanFinder: FanFinderSource;
  /** TXT look-ups of the CRM's sender-domain checks. */
  dns: DnsResolver;
  /** Apple Music reads of the playlist form's autofill. */
  apple: AppleMusicProvider;
}

/**
 * Build every provider as `providerModes` (providers/modes.ts, the one place that decides) says:
 * the real client when its keys are set, the sandbox outside production, or off (Google sign-in in
 * production without keys; TikTok and Instagram likewise). Exchange rates come from Wise whenever Wise
 * is real.
 * With tracing on, each provider operation is a span (`spotify.getPlaylist`, `payments.card.createCheckout`
 * ...; platform/tracing).
 * @throws Error from `providerModes` (half-configured provider, production without keys)
 */
export function createProviders(config: Config, database: Database): Providers {
  const modes = providerModes(config);
  const google =
    modes.google === 'real' && config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleProvider(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET)
      : modes.google === 'sandbox'
        ? createSandboxGoogleProvider(config.appUrl, config.keys)
        : createOffGoogleProvider();
  const providers: Providers = {
    google,
    payments: createPaymentProviders(config, database),
    rates:
      modes.wise === 'real' && config.WISE_API_TOKEN
        ? createWiseRates({ apiToken: config.WISE_API_TOKEN, environment: config.WISE_ENV })
        : createSandboxRates(),
    spotify: createSpotifyProvider(config, database),
    wise: createWiseProviderFromConfig(config, database),
    tiktok: createTikTokProviderFromConfig(config, database),
    instagram: createInstagramProviderFromConfig(config, database),
    fanFinder: createFanFinderSourceFromConfig(config),
    dns:
      dnsMode(config) === 'system'
        ? createSystemDns(
            config.DNS_SERVERS?.split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          )
        : createSandboxDns(database),
    apple: createAppleMusicProvider(config),
  };
  return withSpans(providers, modes, dnsMode(config), appleMusicMode(config));
}

/** Every provider behind `traceProvider`: a span per operation with tracing on, the providers as they are off. */
function withSpans(p: Providers, modes: ProviderModes, dns: string, apple: string): Providers {
  return {
    google: traceProvider('google', modes.google, p.google),
    payments: {
      card: traceProvider('payments.card', modes.card, p.payments.card),
      paypal: traceProvider('payments.paypal', modes.paypal, p.payments.paypal),
    },
    rates: traceProvider('fx', modes.wise, p.rates),
    spotify: traceProvider('spotify', modes.spotify, p.spotify),
    wise: traceProvider('wise', modes.wise, p.wise),
    tiktok: traceProvider('tiktok', modes.tiktok, p.tiktok),
    instagram: traceProvider('instagram', modes.instagram, p.instagram),
    fanFinder: traceProvider('fan-finder', modes.instagram, p.fanFinder),
    dns: traceProvider('dns', dns, p.dns),
    apple: traceProvider('apple', apple, p.apple),
  };
}
