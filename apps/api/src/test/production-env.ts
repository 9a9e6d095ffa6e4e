/**
 * Every provider's keys as a production site sets them. The values are recorded stand-ins: a test that
 * uses them checks which mode each provider is in and that the product boots, never calls out.
 */
export const REAL_PROVIDER_KEYS = {
  STRIPE_SECRET_KEY: 'sk_live_recorded',
  STRIPE_WEBHOOK_SECRET: 'whsec_recorded',
  PAYPAL_CLIENT_ID: 'paypal-id',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_WEBHOOK_ID: 'paypal-webhook',
  SPOTIFY_CLIENT_ID: 'spotify-id',
  SPOTIFY_CLIENT_SECRET: 'spotify-secret',
  WISE_API_TOKEN: 'wise-token',
  WISE_PROFILE_ID: '24604',
  WISE_WEBHOOK_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nrecorded\\n-----END PUBLIC KEY-----',
};

/** The smallest environment production accepts: its own secrets, real mail, and every provider's keys. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  APP_KEY: 'a-production-key-that-is-long-enough-0123456789',
  CRM_WEBHOOK_SECRET: 'a-production-webhook-secret-0123456789',
  MAIL_DRIVER: 'smtp',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  ...REAL_PROVIDER_KEYS,
};
