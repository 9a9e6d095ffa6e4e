import { signSandboxCardEvent } from '../../providers/payments/sandbox-card';
import { signSandboxPayPalEvent } from '../../providers/payments/sandbox-paypal';
import type { TestContext } from '../../test/harness';

/**
 * Deliver a webhook event to the API as the sandbox provider would: `body` (the event's JSON) signed
 * with the app's key, to the card (`/api/stripe/webhook`) or PayPal (`/api/payments/paypal/webhook`) hook.
 */
export function sendSignedWebhook(ctx: TestContext, provider: 'card' | 'paypal', body: string) {
  const key = ctx.deps.config.APP_KEY;
  return ctx.app.inject({
    method: 'POST',
    url: provider === 'card' ? '/api/stripe/webhook' : '/api/payments/paypal/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'sandbox-signature':
        provider === 'card' ? signSandboxCardEvent(key, body) : signSandboxPayPalEvent(key, body),
    },
  });
}
