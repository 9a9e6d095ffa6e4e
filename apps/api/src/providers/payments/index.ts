import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { providerModes } from '../modes';
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
 * Choose each payment provider from the configuration (a sandbox of each kind is the default):
 * Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, PayPal when
 * PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID are set (PAYPAL_ENV sandbox|production),
 * otherwise the sandboxes, which keep their state in `database` and sign with APP_KEY.
 * Stateless apart from PostgreSQL, so building it twice (service and sandbox routes) is harmless.
 * The choice is `providerModes` (providers/modes.ts): production never gets a sandbox.
 * @throws Error from `providerModes` when only part of a provider's settings is present, or in
 *   production without them
 */
export function createPaymentProviders(config: Config, database: Database): PaymentProviders {
  const modes = providerModes(config);
  const sandbox = { appUrl: config.appUrl, key: config.APP_KEY, database };
  const card =
    modes.card === 'real' && config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET)
      : createSandboxCardProvider(sandbox);
  const paypalProvider =
    modes.paypal === 'real' &&
    config.PAYPAL_CLIENT_ID &&
    config.PAYPAL_CLIENT_SECRET &&
    config.PAYPAL_WEBHOOK_ID
      ? createPayPalProvider({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          webhookId: config.PAYPAL_WEBHOOK_ID,
          environment: config.PAYPAL_ENV,
        })
      : createSandboxPayPalProvider(sandbox);
  return { card, paypal: paypalProvider };
}
