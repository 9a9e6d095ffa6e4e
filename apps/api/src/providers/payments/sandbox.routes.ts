import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { escapeHtml } from '../sandbox-pages';
import type { CardCheckoutProvider, PayPalProvider } from './contract';
import { formatMinor } from './money';
import type { SandboxCardProvider, SandboxCheckoutOutcome } from './sandbox-card';
import type { SandboxPayPalOutcome, SandboxPayPalProvider } from './sandbox-paypal';

const isSandboxCard = (p: CardCheckoutProvider): p is SandboxCardProvider =>
  p.name === 'sandbox' && 'completeSession' in p;
const isSandboxPayPal = (p: PayPalProvider): p is SandboxPayPalProvider =>
  p.name === 'sandbox' && 'approveOrder' in p;

const params = z.object({ id: z.string().min(1).max(100) });
// Buttons post an empty HTML form (parsed by the form parser of providers/sandbox.routes.ts)
// or `{}` as JSON; nothing in the body is read.
const body = z.object({}).optional();

/**
 * Hosted pages of the sandbox payment providers (registered by providers/sandbox.routes.ts, only for
 * the providers that are sandboxes, never in production): the card checkout page, standing in for Stripe Checkout, and the PayPal approval page.
 * Each button posts a form; the answer is the 302 the real provider's page would end with.
 */
export const sandboxPaymentRoutes: RouteModule = (app, deps) => {
  const providers = deps.providers.payments;
  const card = isSandboxCard(providers.card) ? providers.card : null;
  const paypal = isSandboxPayPal(providers.paypal) ? providers.paypal : null;
  if (!card && !paypal) return;

  app.get(
    '/api/sandbox/checkout/:id',
    { config: { access: PUBLIC }, schema: { hide: true, params } },
    async (req, reply) => {
      if (!card) throw new NotFoundError();
      const session = await card.findSession(req.params.id);
      if (!session) throw new NotFoundError();
      const amount = formatMinor(session.amountTotalMinor, session.currency);
      const action = `/api/sandbox/checkout/${encodeURIComponent(session.id)}`;
      const content =
        session.status === 'open'
          ? `<p class="muted">Pay with a test card. No real card is charged.</p>
<form method="post" action="${action}/complete"><button class="pay" type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="${action}/fail"><button class="alt" type="submit">Simulate a declined card</button></form>
<form method="post" action="${action}/cancel"><button class="link" type="submit">Cancel and return</button></form>`
          : `<p><strong>${session.status === 'complete' ? 'This session is paid.' : 'This session has expired.'}</strong></p>
<p><a href="${escapeHtml(session.status === 'complete' ? session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : session.cancelUrl)}">Return to the site</a></p>`;
      return sendPage(reply, 'Sandbox checkout', [session.successUrl, session.cancelUrl], {
        heading: escapeHtml(session.description),
        amount,
        detail: session.customerEmail ? `Paying as ${escapeHtml(session.customerEmail)}` : '',
        content,
      });
    },
  );

  for (const [step, run] of [
    ['complete', (id: string) => card!.completeSession(id)],
    ['fail', (id: string) => card!.failSession(id)],
    ['cancel', (id: string) => card!.cancelSession(id)],
  ] as const) {
    app.post(
      `/api/sandbox/checkout/:id/${step}`,
      { config: { access: PUBLIC }, schema: { hide: true, params, body } },
      async (req, reply) => {
        if (!card) throw new NotFoundError();
        let outcome: SandboxCheckoutOutcome;
        try {
          outcome = await run(req.params.id);
        } catch (err) {
          // The state changed but the platform did not take the event: the same button redelivers
          // it (the transition itself is not repeated, so nothing is charged twice).
          req.log.error({ err, sessionId: req.params.id }, 'sandbox checkout event sink failed');
          return sendPage(reply.status(502), 'Sandbox checkout', [], {
            heading: 'The shop did not confirm the payment event',
            amount: '',
            detail: '',
            content: `<p>The sandbox recorded your choice. Press the button to notify the shop again.</p>
<form method="post" action="/api/sandbox/checkout/${encodeURIComponent(req.params.id)}/${step}"><button class="pay" type="submit">Notify the shop again</button></form>`,
          });
        }
        return answer(reply, outcome, `/api/sandbox/checkout/${encodeURIComponent(req.params.id)}`);
      },
    );
  }

  app.get(
    '/api/sandbox/paypal/:id',
    { config: { access: PUBLIC }, schema: { hide: true, params } },
    async (req, reply) => {
      if (!paypal) throw new NotFoundError();
      const order = await paypal.findOrder(req.params.id);
      if (!order) throw new NotFoundError();
      const action = `/api/sandbox/paypal/${encodeURIComponent(order.id)}`;
      const content =
        order.status === 'CREATED'
          ? `<p class="muted">Approve the payment with the sandbox buyer account. No real PayPal account is used.</p>
<form method="post" action="${action}/approve"><button class="pay" type="submit">Approve payment</button></form>
<form method="post" action="${action}/cancel"><button class="link" type="submit">Cancel and return</button></form>`
          : `<p><strong>This order is ${order.status === 'APPROVED' ? 'approved' : 'paid'}.</strong></p>
<form method="post" action="${action}/approve"><button class="alt" type="submit">Return to the site</button></form>`;
      return sendPage(reply, 'Sandbox PayPal', [order.returnUrl, order.cancelUrl], {
        heading: escapeHtml(order.description),
        amount: formatMinor(order.amountMinor, order.currency),
        detail: `Order ${escapeHtml(order.id)}`,
        content,
      });
    },
  );

  for (const [step, run] of [
    ['approve', (id: string) => paypal!.approveOrder(id)],
    ['cancel', (id: string) => paypal!.cancelOrder(id)],
  ] as const) {
    app.post(
      `/api/sandbox/paypal/:id/${step}`,
      { config: { access: PUBLIC }, schema: { hide: true, params, body } },
      async (req, reply) => {
        if (!paypal) throw new NotFoundError();
        return answer(
          reply,
          await run(req.params.id),
          `/api/sandbox/paypal/${encodeURIComponent(req.params.id)}`,
        );
      },
    );
  }
};

/** 302 to where the provider's page would send the browser; 404; or 409 with a page back to the order. */
function answer(
  reply: FastifyReply,
  outcome: SandboxCheckoutOutcome | SandboxPayPalOutcome,
  pagePath: string,
) {
  if (outcome.kind === 'not_found') throw new NotFoundError();
  if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 302);
  return sendPage(reply.status(409), 'Sandbox payment', [], {
    heading: 'This payment can no longer be changed',
    amount: '',
    detail: `Its status is ${escapeHtml(outcome.status)}.`,
    content: `<p><a href="${escapeHtml(pagePath)}">Back to the payment</a></p>`,
  });
}

/**
 * An HTML page labelled SANDBOX. Its CSP lets the forms end in a redirect to the shop's return
 * URLs (form-action also governs where a form's redirect may go).
 */
function sendPage(
  reply: FastifyReply,
  title: string,
  redirectTargets: string[],
  parts: { heading: string; amount: string; detail: string; content: string },
) {
  const origins = new Set<string>();
  for (const target of redirectTargets) {
    try {
      origins.add(new URL(target).origin);
    } catch {
      // Not absolute: covered by 'self'.
    }
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;display:grid;place-items:center;min-height:100vh;margin:0;color:#1a1f36}
main{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 8px #0002;width:360px}
.badge{display:inline-block;background:#ffb020;color:#000;font-weight:700;padding:2px 8px;border-radius:4px;font-size:12px;letter-spacing:.05em}
h1{font-size:18px;margin:16px 0 4px}.amount{font-size:32px;font-weight:700;margin:4px 0}.muted{color:#697386;font-size:14px}
form{margin:12px 0 0}button{width:100%;padding:11px;border-radius:6px;font-size:15px;cursor:pointer;border:1px solid #c1c9d2;background:#fff}
button.pay{background:#635bff;color:#fff;border:0}button.link{border:0;color:#635bff;background:none}</style></head>
<body><main><span class="badge">SANDBOX</span> <span class="muted">Test payment: no real money moves.</span>
<h1>${parts.heading}</h1>${parts.amount ? `<p class="amount">${escapeHtml(parts.amount)}</p>` : ''}
${parts.detail ? `<p class="muted">${parts.detail}</p>` : ''}
${parts.content}</main></body></html>`;
  return reply
    .header(
      'content-security-policy',
      `default-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; form-action 'self' ${[...origins].join(' ')}`.trim(),
    )
    .header('cache-control', 'no-store')
    .type('text/html')
    .send(html);
}
