import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import type { CardCheckoutProvider, PayPalProvider } from './contract';
import { createPayPalProvider } from './paypal';
import { createSandboxCardProvider } from './sandbox-card';
import { createSandboxPayPalProvider } from './sandbox-paypal';
import { createStripeProvider } from './stripe';

export type * from './contract';
export { type SandboxEventSink, setSandboxEventSink } from './sandbox-card';

/** The payment providers the env selected. */
export interface PaymentProviders {
  card: CardCheckoutProvider;
  paypal: PayPalProvider;
}

/**
 * Choose each payment provider from the configuration (DESIGN section 2: a sandbox of each kind is
 * the default): Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, PayPal when
 * PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID are set (PAYPAL_ENV sandbox|production),
 * otherwise the sandboxes, which keep their state in `database` and sign with APP_KEY.
 * Stateless apart from PostgreSQL, so building it twice (service and sandbox routes) is harmless.
 * @throws Error when only part of a provider's settings is present (a half-configured provider
 *   would otherwise fall back to the sandbox without anyone noticing)
 */
export function createPaymentProviders(config: Config, database: Database): PaymentProviders {
  const stripe = [config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET];
  const paypal = [config.PAYPAL_CLIENT_ID, config.PAYPAL_CLIENT_SECRET, config.PAYPAL_WEBHOOK_ID];
  if (stripe.some(Boolean) && !stripe.every(Boolean)) {
    throw new Error('Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (paypal.some(Boolean) && !paypal.every(Boolean)) {
    throw new Error('PayPal needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID');
  }
  const sandbox = { appUrl: config.appUrl, key: config.APP_KEY, database };
  const card =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET)
      : createSandboxCardProvider(sandbox);
  const paypalProvider =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET && config.PAYPAL_WEBHOOK_ID
      ? createPayPalProvider({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          webhookId: config.PAYPAL_WEBHOOK_ID,
          environment: config.PAYPAL_ENV,
        })
      : createSandboxPayPalProvider(sandbox);
  return { card, paypal: paypalProvider };
}
