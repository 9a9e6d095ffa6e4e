import path from 'node:path';
import { z } from 'zod';
import { createKeyRing, type KeyRing, MIN_KEY_LENGTH, parsePreviousKeys } from '../platform/key-ring';
import { inboundMailMode, providerModes } from '../providers/modes';
import { loadDotEnv, REPO_ROOT } from './paths';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true' || v === 'yes'));

/**
 * Every environment variable the API reads, validated once at start (documented in `.env.example`).
 * Safe defaults run the whole product locally: embedded PostgreSQL, outbox mail, local files,
 * sandbox providers.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Public base URL of the product, used in emailed links. Defaults to http://localhost:PORT. */
  APP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().optional(),
  /** Where the embedded PostgreSQL keeps its data and where local uploads go. */
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  /**
   * Folder of the PostgreSQL client programs `npm run backup` and `npm run restore` run (pg_dump,
   * pg_restore), of at least the server's major version. Unset: the ones `npm run pg-client` built for
   * the embedded server's version, then PATH (docs/operations.md, "Backups and restore").
   */
  PG_BIN: z.string().optional(),
  /** Where `npm run backup` writes when it is given no folder (relative to the repository root). */
  BACKUP_DIR: z.string().default('backups'),
  SEED_DEMO: bool,
  RUN_JOBS: bool,
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: bool,
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** How long each instance caches the maintenance flag (ms). */
  MAINTENANCE_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * How responses are written: `compiled` (fast-json-stringify from each route's zod schema
   * turned into JSON Schema once; the production default), `zod` (each response encoded through its zod
   * schema, then JSON.stringify), or `checked` (both, refusing with a 500 any response where the two
   * differ or the zod schema fails: the default outside production, so tests prove the compiled form).
   */
  RESPONSE_SERIALIZER: z.enum(['compiled', 'zod', 'checked']).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Requests per minute of one API key (issue 34), counted per key instead of per address (per
   * instance, like RATE_LIMIT_PER_MINUTE).
   */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Days the log of API key requests (`api_key_uses`) is kept before the nightly prune drops it. */
  API_KEY_USE_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * `on`: API answers of 1 KiB and more are sent brotli- or gzip-compressed when the client accepts it
   * (`registerCompression`); `off` sends them as they are (a proxy in front compresses). Issue 37.
   */
  API_COMPRESSION: z.enum(['on', 'off']).default('on'),
  /**
   * Graceful shutdown (issue 33): milliseconds an API instance keeps serving after SIGTERM while its
   * readiness check answers 503, so the load balancer stops sending it requests before it closes its
   * port. Default 5000 in production (a few health-check intervals), 0 elsewhere (Ctrl-C stops at once).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Traces (issue 33): the OTLP collector's base URL (`/v1/traces` is added). Set, the `--import` entry
   * (src/instrumentation.ts) starts OpenTelemetry and request ids become trace ids; unset, no SDK is
   * loaded. Read there from the environment (before this schema runs); checked here. The other `OTEL_*`
   * variables (protocol, headers, sampler, service name) are the SDK's own.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  MAIL_DRIVER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Liberty Music <no-reply@liberty.test>'),
  /**
   * Development mail outside production (a session cookie per browser, the mails of its requests kept
   * for `GET /api/dev/mail`, every mail printed in development): on unless `DEV_MAIL=0` (the
   * benchmarks, which measure the request path production runs). Never in production.
   */
  DEV_MAIL: bool,
  /**
   * Outbound webhooks (issue 34) to `http://` and private addresses (localhost receivers in
   * development and the browser journeys): on outside production unless `WEBHOOK_ALLOW_PRIVATE_URLS=0`;
   * refused in production, where only `https://` addresses resolving to public addresses are used.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: bool,
  /**
   * Inbound mail (users answer tickets by e-mail): the secret the mail provider signs its
   * inbound webhook with (HMAC-SHA256), and the domain of the reply addresses
   * (`ticket+<id>.<mac>@<domain>`). Outside production a development secret is used when unset; in
   * production without it, ticket mails carry no reply address and the webhook answers 503.
   */
  INBOUND_MAIL_SECRET: z.string().min(32).optional(),
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i)
    .default('reply.liberty.test'),
  /**
   * Which provider posts inbound mail: `signed` (default: the generic JSON signed with
   * INBOUND_MAIL_SECRET, also the sandbox sender's), `postmark` (basic auth "user:password" in the
   * webhook URL), `mailgun` (routes, signed with the webhook signing key) or `sendgrid` (Inbound Parse,
   * ECDSA public key of its security policy, PEM or base64 DER).
   */
  INBOUND_MAIL_PROVIDER: z.enum(['signed', 'postmark', 'mailgun', 'sendgrid']).optional(),
  INBOUND_POSTMARK_BASIC_AUTH: z
    .string()
    .regex(/^[^:]+:.{16,}$/)
    .optional(),
  INBOUND_MAILGUN_SIGNING_KEY: z.string().min(16).optional(),
  INBOUND_SENDGRID_PUBLIC_KEY: z.string().min(40).optional(),
  /** CRM sender IDs: `system` DNS (always in production) or the `sandbox` DNS table. */
  CRM_DNS: z.enum(['system', 'sandbox']).optional(),
  /** Playlist form autofill: the keyless `itunes` API (always in production) or the `sandbox`. */
  APPLE_MUSIC: z.enum(['itunes', 'sandbox']).optional(),
  /** Resolvers for the CRM's DNS checks, comma-separated IPs (default: the system's). */
  DNS_SERVERS: z.string().optional(),
  /** The SPF include a sender domain must publish for the product's SMTP relay. */
  CRM_SPF_INCLUDE: z.string().default('spf.liberty.test'),
  /** Shared secret of the mail relay's bounce and complaint webhook (HMAC-SHA256). */
  CRM_WEBHOOK_SECRET: z.string().min(16).default('dev-only-crm-webhook-secret-0123'),
  /** The secret(s) CRM_WEBHOOK_SECRET replaced, comma-separated, accepted too while the relay switches. */
  CRM_WEBHOOK_SECRET_PREVIOUS: z
    .string()
    .optional()
    .refine((v) => parsePreviousKeys(v).every((k) => k.length >= 16), {
      message: 'each secret must be at least 16 characters',
    }),
  /** DKIM selector of the keys the CRM generates per sender domain. */
  CRM_DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9-]{1,63}$/)
    .default('lm1'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .default(50 * 1024 * 1024),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  /** Secret for signed values (OAuth state, sandbox codes). Required in production. */
  APP_KEY: z.string().min(MIN_KEY_LENGTH).default('dev-only-app-key-change-me-0123456789abcdef'),
  /**
   * Keys APP_KEY replaced, comma-separated, most recent first (issue 33, rotation): sealed secrets and
   * signed links made under them still open; everything new uses APP_KEY. `npm run rotate-secrets`
   * re-seals the stored secrets; docs/operations.md says when to remove them.
   */
  APP_KEY_PREVIOUS: z
    .string()
    .optional()
    .refine((v) => parsePreviousKeys(v).every((k) => k.length >= MIN_KEY_LENGTH), {
      message: `each key must be at least ${MIN_KEY_LENGTH} characters`,
    }),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Stripe Checkout (card payments): secret key and the webhook endpoint's signing secret. Unset: sandbox. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** PayPal Orders v2: REST app credentials and the id of its registered webhook. Unset: sandbox. */
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Spotify Web API app (client credentials + curator OAuth). Both unset: the sandbox Spotify. */
  SPOTIFY_CLIENT_ID: z.string().optional(),
  SPOTIFY_CLIENT_SECRET: z.string().optional(),
  /**
   * Spotify calls the scraping tool may make in a minute, shared by every worker of every instance
   *; Spotify's own limit is not published, its 429 answers pause every worker as well.
   */
  SPOTIFY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Scraping jobs one process works on at the same time. */
  SCRAPING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Wise payouts: API token and business profile id, and the PEM public key Wise signs
   * webhooks with (`\n` escapes allowed). All unset: the sandbox Wise.
   */
  WISE_API_TOKEN: z.string().optional(),
  WISE_PROFILE_ID: z.string().optional(),
  WISE_WEBHOOK_PUBLIC_KEY: z.string().optional(),
  WISE_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** TikTok Login Kit app (influencer connections). Both unset: the sandbox TikTok (off in production). */
  TIKTOK_CLIENT_KEY: z.string().optional(),
  TIKTOK_CLIENT_SECRET: z.string().optional(),
  /** Instagram app (Instagram API with Instagram Login). Both unset: the sandbox Instagram (off in production). */
  INSTAGRAM_APP_ID: z.string().optional(),
  INSTAGRAM_APP_SECRET: z.string().optional(),
  /**
   * Offline GeoIP database (a MaxMind DB file such as GeoLite2-Country.mmdb) for the country of user
   * activities. Unset or missing: the country is recorded as unknown. Never downloaded by the product.
   */
  GEOIP_DB: z.string().optional(),
  /**
   * Prometheus metrics (issue 33): the port of their own small HTTP server (`GET /metrics`), in the API
   * and in the worker; unset, no metrics are kept or served. Never the API's `PORT`: the metrics
   * stay off the public port (docs/decisions.md).
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Address the metrics server listens on (default: `HOST`); `0.0.0.0` in a container. */
  METRICS_HOST: z.string().optional(),
  /**
   * When set, the metrics server answers only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise):
   * for a metrics port reachable beyond the private network. At least 32 characters.
   */
  METRICS_TOKEN: z.string().min(32).optional(),
  /** How long a scrape's database figures are reused (ms) before the next scrape reads them again. */
  METRICS_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Resolved configuration: the env plus derived values. */
export interface Config extends Env {
  appUrl: string;
  embedded: boolean;
  seedDemo: boolean;
  runJobs: boolean;
  /** Milliseconds an API instance keeps serving after SIGTERM while not ready (`SHUTDOWN_DRAIN_MS`). */
  shutdownDrainMs: number;
  /** Development mail ({@link envSchema} `DEV_MAIL`): outside production, unless turned off. */
  devMail: boolean;
  /** {@link envSchema} `WEBHOOK_ALLOW_PRIVATE_URLS` resolved: outside production, unless turned off. */
  webhookAllowPrivateUrls: boolean;
  /** RESPONSE_SERIALIZER resolved: `compiled` in production, `checked` elsewhere, unless set. */
  responseSerializer: 'compiled' | 'zod' | 'checked';
  dataDir: string;
  uploadDir: string;
  repoRoot: string;
  /** APP_KEY and APP_KEY_PREVIOUS: what seals and signs (current), and what opens and verifies (all). */
  keys: KeyRing;
}

/** Root of the monorepo, found from the sources and from the compiled bundle (config/paths.ts). */
/** Load `.env` at the repository root (config/paths.ts, where the tracing entry takes it without zod). */
export { loadDotEnv, REPO_ROOT };

/**
 * Parse and validate the environment.
 * @throws Error listing every invalid variable.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (as copied from .env.example) means "use the default".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const embedded = !env.DATABASE_URL;
  if (env.NODE_ENV === 'production' && env.SEED_DEMO) {
    throw new Error('SEED_DEMO cannot be set in production');
  }
  if (env.NODE_ENV === 'production' && env.APP_KEY.startsWith('dev-only'))
    throw new Error('APP_KEY must be set in production');
  const previousKeys = parsePreviousKeys(env.APP_KEY_PREVIOUS);
  if (env.NODE_ENV === 'production' && previousKeys.some((k) => k.startsWith('dev-only')))
    throw new Error('APP_KEY_PREVIOUS cannot hold the development key in production');
  // A known webhook secret would let anyone mark addresses bounced or complained.
  if (env.NODE_ENV === 'production' && env.CRM_WEBHOOK_SECRET.startsWith('dev-only'))
    throw new Error('CRM_WEBHOOK_SECRET must be set in production');
  if (
    env.NODE_ENV === 'production' &&
    parsePreviousKeys(env.CRM_WEBHOOK_SECRET_PREVIOUS).some((k) => k.startsWith('dev-only'))
  )
    throw new Error('CRM_WEBHOOK_SECRET_PREVIOUS cannot hold the development secret in production');
  // A webhook to a private address would let any account probe the internal network from the server.
  if (env.NODE_ENV === 'production' && env.WEBHOOK_ALLOW_PRIVATE_URLS)
    throw new Error('WEBHOOK_ALLOW_PRIVATE_URLS cannot be set in production');
  // Fails here, before anything starts, when a provider is half configured or production lacks keys.
  providerModes(env);
  inboundMailMode(env);
  if (env.MAIL_DRIVER === 'smtp' && !env.SMTP_URL) throw new Error('MAIL_DRIVER=smtp needs SMTP_URL');
  // The outbox driver delivers nothing: its mail is read in the dev mailbox, which production does not serve.
  if (env.NODE_ENV === 'production' && env.MAIL_DRIVER !== 'smtp')
    throw new Error('production sends mail through SMTP: set MAIL_DRIVER=smtp and SMTP_URL');
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
  if (env.METRICS_TOKEN && env.METRICS_PORT === undefined)
    throw new Error('METRICS_TOKEN needs METRICS_PORT (the metrics have their own port)');
  // The API's port is the public one: metrics there would be readable by anyone who reaches the API.
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
    throw new Error('METRICS_PORT must differ from PORT (metrics are never served on the public port)');

  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR);
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    embedded,
    // Demo data only with the embedded default or an explicit SEED_DEMO=1, never in production.
    seedDemo: env.NODE_ENV !== 'production' && (env.SEED_DEMO ?? embedded),
    runJobs: env.RUN_JOBS ?? true,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 5_000 : 0),
    devMail: env.NODE_ENV !== 'production' && (env.DEV_MAIL ?? true),
    webhookAllowPrivateUrls: env.NODE_ENV !== 'production' && (env.WEBHOOK_ALLOW_PRIVATE_URLS ?? true),
    responseSerializer: env.RESPONSE_SERIALIZER ?? (env.NODE_ENV === 'production' ? 'compiled' : 'checked'),
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    repoRoot: REPO_ROOT,
    keys: createKeyRing(env.APP_KEY, previousKeys),
  };
}
