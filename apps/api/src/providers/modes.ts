import type { Env } from '../config/env';

/** External services the product talks to. */
export const PROVIDER_NAMES = ['google', 'card', 'paypal', 'spotify', 'wise', 'tiktok', 'instagram'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * How the product reaches a provider: `real` (its keys are set), `sandbox` (served by the product itself,
 * never in production) or `off` (production without keys for an optional provider: the feature says
 * it is not available).
 */
export type ProviderMode = 'real' | 'sandbox' | 'off';
export type ProviderModes = Readonly<Record<ProviderName, ProviderMode>>;

/** The variables each provider needs, all or none. */
const KEYS: Record<ProviderName, readonly (keyof Env)[]> = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  card: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  paypal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  spotify: ['SPOTIFY_CLIENT_ID', 'SPOTIFY_CLIENT_SECRET'],
  wise: ['WISE_API_TOKEN', 'WISE_PROFILE_ID', 'WISE_WEBHOOK_PUBLIC_KEY'],
  tiktok: ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
  instagram: ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'],
};

/**
 * Providers a production site can run without: Google sign-in is a convenience (e-mail and password
 * always work); TikTok and Instagram need an app review by each platform before they can serve the
 * public, so a site may launch with Spotify campaigns only and switch them on when its keys arrive
 *. Card, PayPal, Spotify and Wise carry the product's money and its first campaigns, so
 * production refuses to start without them rather than run a marketplace that cannot take or pay money.
 */
const OPTIONAL_IN_PRODUCTION: ReadonlySet<ProviderName> = new Set(['google', 'tiktok', 'instagram']);

/** What a start error says about a provider (names the variables to set). */
function label(name: ProviderName): string {
  return {
    google: 'Google sign-in',
    card: 'Stripe',
    paypal: 'PayPal',
    spotify: 'Spotify',
    wise: 'Wise',
    tiktok: 'TikTok',
    instagram: 'Instagram',
  }[name];
}

/**
 * The one place that decides, for every provider, whether the product uses the real service, its
 * sandbox, or nothing (production never serves a sandbox).
 * - All of a provider's variables set: `real`. Some but not all: a start error (a half-configured
 *   provider would otherwise fall back without anyone noticing).
 * - None set, outside production: `sandbox` (the default that lets `npm start` run everything).
 * - None set, in production: `off` for Google sign-in, TikTok and Instagram; a start error for card,
 *   PayPal, Spotify and Wise.
 * @throws Error naming the provider and the variables to set
 */
export function providerModes(config: Env): ProviderModes {
  const production = config.NODE_ENV === 'production';
  const modes = {} as Record<ProviderName, ProviderMode>;
  const missingInProduction: string[] = [];
  for (const name of PROVIDER_NAMES) {
    const keys = KEYS[name];
    const set = keys.filter((k) => Boolean(config[k]));
    if (set.length === keys.length) modes[name] = 'real';
    else if (set.length > 0)
      throw new Error(`${label(name)} needs all of ${keys.join(', ')} (only ${set.join(', ')} is set)`);
    else if (!production) modes[name] = 'sandbox';
    else if (OPTIONAL_IN_PRODUCTION.has(name)) modes[name] = 'off';
    else missingInProduction.push(`${label(name)} (${keys.join(', ')})`);
  }
  if (missingInProduction.length > 0) {
    throw new Error(
      `production never runs on sandbox providers; set the keys of: ${missingInProduction.join('; ')}`,
    );
  }
  return modes;
}

/**
 * Which DNS the CRM's sender-domain checks ask: the real one (`node:dns`) in production
 * and whenever `CRM_DNS=system`; otherwise the sandbox DNS table, so dev and tests verify domains
 * without owning them. Production never reads the sandbox.
 */
export function dnsMode(config: Env): 'system' | 'sandbox' {
  if (config.NODE_ENV === 'production') return 'system';
  return config.CRM_DNS ?? 'sandbox';
}

/** Inbound-mail webhook adapters. */
export type InboundMailProvider = 'signed' | 'postmark' | 'mailgun' | 'sendgrid';

type InboundKey =
  | 'INBOUND_POSTMARK_BASIC_AUTH'
  | 'INBOUND_MAILGUN_SIGNING_KEY'
  | 'INBOUND_SENDGRID_PUBLIC_KEY';
const INBOUND_KEYS: Record<Exclude<InboundMailProvider, 'signed'>, InboundKey> = {
  postmark: 'INBOUND_POSTMARK_BASIC_AUTH',
  mailgun: 'INBOUND_MAILGUN_SIGNING_KEY',
  sendgrid: 'INBOUND_SENDGRID_PUBLIC_KEY',
};

/**
 * Which adapter reads the inbound-mail webhook: `INBOUND_MAIL_PROVIDER`, default `signed`
 * (the generic JSON signed with INBOUND_MAIL_SECRET, which the sandbox sender posts, so dev and tests
 * are unchanged). A provider chosen without its key is a start error (it would refuse every mail).
 * @throws Error naming the variable to set
 */
export function inboundMailMode(
  config: Partial<Pick<Env, 'INBOUND_MAIL_PROVIDER' | InboundKey>>,
): InboundMailProvider {
  const mode = config.INBOUND_MAIL_PROVIDER ?? 'signed';
  if (mode !== 'signed' && !config[INBOUND_KEYS[mode]])
    throw new Error(`INBOUND_MAIL_PROVIDER=${mode} needs ${INBOUND_KEYS[mode]}`);
  return mode;
}
