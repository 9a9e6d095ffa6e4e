import { coinsPriceMinor } from '@lm/contracts';
import { DEFAULT_LANGUAGE, type Language } from '@lm/contracts/api';
import type { TopUpQuote } from '@lm/contracts/money';
import { localized } from '@lm/contracts/translations';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { organisations } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { AppError, ConflictError, NotFoundError } from '../../platform/errors';
import type {
  CardWebhookEvent,
  CheckoutSession,
  PayPalOrder,
  PayPalWebhookEvent,
} from '../../providers/payments/contract';
import { audit } from '../audit';
import { getSettings } from '../settings';
import { nextInvoiceNumber } from './invoice-numbers';
import { credit, creditOrganisation, DESC, walletBalance } from './ledger';
import { purposeOf } from './payment-purposes';
import { coinPackages, invoices, payments, webhookEvents } from './payments.schema';

type Deps = Pick<AppDeps, 'config' | 'database' | 'providers' | 'jobs' | 'clock' | 'mail'>;
type Payment = typeof payments.$inferSelect;

export const INVOICE_RENDER_QUEUE = 'invoice.render';

/** What a checkout buys: a package, or a number of coins at the coin price setting. */
export type Purchase = { packageId: number } | { coins: number };

/**
 * Price of a purchase: a package at its own price, any number of coins (a custom amount, the coins
 * of a card-paid campaign) at the coin price setting through `coinsPriceMinor`, so a coin costs the
 * same whatever buys it.
 * @throws AppError 422 `payments.package_unknown` for an unknown or retired package
 */
async function priceOf(database: Database, purchase: Purchase) {
  if ('packageId' in purchase) {
    const [pkg] = await database.db
      .select()
      .from(coinPackages)
      .where(and(eq(coinPackages.id, purchase.packageId), eq(coinPackages.isActive, true)));
    if (!pkg)
      throw new AppError(422, 'payments.package_unknown', {
        errors: { package_id: ['payments.package_unknown'] },
      });
    return {
      packageId: pkg.id,
      coins: pkg.coins + pkg.bonusCoins,
      amountMinor: pkg.priceMinor,
      currency: pkg.currency,
      description: `${pkg.name}: ${pkg.coins + pkg.bonusCoins} Liberty Coins`,
    };
  }
  const { coin_price_pence } = await getSettings(database);
  return {
    packageId: null,
    coins: purchase.coins,
    amountMinor: coinsPriceMinor(purchase.coins, coin_price_pence),
    currency: 'GBP',
    description: `${purchase.coins} Liberty Coins`,
  };
}

/**
 * The cheapest way for `userId` to cover `total` coins by card (`TopUpQuote` of `@lm/contracts/money`:
 * the missing coins at the coin price, or a cheaper active package covering them); the checkout of a
 * campaign request buys exactly this purchase (`top_up: 'cheapest'`), the page shows it before the card
 * page opens. Only packages in pounds compete (the coin price is in pence); a package costing the same
 * as the coins loses (fewer surprises).
 * @param total the request's price in coins (> 0)
 * @param lang the reader's language, for the package's name
 * @returns the quote; `purchase` null when the balance covers `total`
 */
export async function quoteTopUp(
  database: Database,
  userId: number,
  total: number,
  lang: Language = DEFAULT_LANGUAGE,
): Promise<TopUpQuote> {
  const balance = await walletBalance(database, userId);
  const missing = Math.max(0, total - balance);
  const { coin_price_pence } = await getSettings(database);
  const atCoinPrice = coinsPriceMinor(missing, coin_price_pence);
  if (missing === 0)
    return { total, balance, missing, at_coin_price_minor: 0, purchase: null, reason: 'wallet_covers' };
  const packages = await database.db
    .select()
    .from(coinPackages)
    .where(
      and(
        eq(coinPackages.isActive, true),
        eq(coinPackages.currency, 'GBP'),
        sql`${coinPackages.coins} + ${coinPackages.bonusCoins} >= ${missing}`,
        sql`${coinPackages.priceMinor} < ${atCoinPrice}`,
      ),
    )
    .orderBy(coinPackages.priceMinor, coinPackages.coins, coinPackages.id)
    .limit(1);
  const pkg = packages[0];
  if (!pkg)
    return {
      total,
      balance,
      missing,
      at_coin_price_minor: atCoinPrice,
      purchase: {
        kind: 'coins',
        package_id: null,
        package_name: null,
        coins: missing,
        amount_minor: atCoinPrice,
        currency: 'GBP',
      },
      reason: 'no_cheaper_package',
    };
  return {
    total,
    balance,
    missing,
    at_coin_price_minor: atCoinPrice,
    purchase: {
      kind: 'package',
      package_id: pkg.id,
      package_name: localized(pkg.name, pkg.translations, 'name', lang),
      coins: pkg.coins + pkg.bonusCoins,
      amount_minor: pkg.priceMinor,
      currency: pkg.currency,
    },
    reason: 'package_cheaper',
  };
}

/** The checkout purchase of a {@link TopUpQuote} (null when the wallet covers the request). */
export function topUpPurchase(quote: TopUpQuote): Purchase | null {
  if (!quote.purchase) return null;
  return quote.purchase.kind === 'package' && quote.purchase.package_id !== null
    ? { packageId: quote.purchase.package_id }
    : { coins: quote.purchase.coins };
}

/**
 * An organisation buying coins into its wallet (issue 35): the payment is marked for it, the coins go
 * to its wallet on credit and the invoice carries its billing details; `returnPath` is the user app's
 * page the card page comes back to.
 */
export interface OrganisationBuyer {
  organisationId: number;
  returnPath: string;
}

/** Where a PayPal purchase comes back to: the web app's screens or the mobile apps' page. */
export type PayPalReturn = 'web' | 'mobile';

/** The user app's pages PayPal sends the buyer back to (approved / left), per {@link PayPalReturn}. */
export const PAYPAL_RETURN_PATHS: Record<PayPalReturn, { returnPath: string; cancelPath: string }> = {
  web: { returnPath: '/paypal/callback', cancelPath: '/wallet/coins/packages?cancelled=1' },
  mobile: { returnPath: '/paypal/payment/mobile', cancelPath: '/paypal/payment/mobile?cancelled=1' },
};

/**
 * Start a purchase (`stripe/create/checkout`, `payments/paypal/checkout/url`, `wallet/user/recharge/coins`):
 * a pending payment row, then the provider's hosted page. The card page's cancel URL names the
 * payment (`?cancelled=1&payment_id=<id>`), so the app can ask how the page ended
 * (`stripe/checkout/check/cancel`): left, or card declined. A PayPal purchase started by the mobile
 * apps (`returnTo` 'mobile') comes back to /paypal/payment/mobile instead of /paypal/callback.
 * @returns the hosted page URL, the provider reference (session id or order id), the payment id and
 *   what it charges (pence and currency)
 * @throws 422 unknown package; 502 when the provider refuses
 */
export async function startCheckout(
  deps: Deps,
  userId: number,
  purchase: Purchase,
  method: 'card' | 'paypal',
  email: string,
  campaign?: { meta: Record<string, unknown>; returnPath: string },
  returnTo: PayPalReturn = 'web',
  organisation?: OrganisationBuyer,
): Promise<{
  url: string;
  ref: string;
  paymentId: number;
  coins: number;
  amountMinor: number;
  currency: string;
}> {
  const price = await priceOf(deps.database, purchase);
  const provider = method === 'card' ? deps.providers.payments.card : deps.providers.payments.paypal;
  const [payment] = await deps.database.db
    .insert(payments)
    .values({
      userId,
      method,
      provider: provider.name === 'sandbox' ? `sandbox_${method}` : provider.name,
      purpose: campaign ? 'campaign' : 'coins',
      organisationId: organisation?.organisationId ?? null,
      meta: campaign?.meta ?? null,
      packageId: price.packageId,
      coins: price.coins,
      amountMinor: price.amountMinor,
      currency: price.currency,
    })
    .returning();
  const app = deps.config.appUrl;
  const returnPath = campaign?.returnPath ?? organisation?.returnPath ?? '/wallet/coins/packages';
  const charged = {
    paymentId: payment!.id,
    coins: price.coins,
    amountMinor: price.amountMinor,
    currency: price.currency,
  };
  try {
    if (method === 'card') {
      const session = await deps.providers.payments.card.createCheckoutSession({
        amountMinor: price.amountMinor,
        currency: price.currency,
        description: price.description,
        successUrl: `${app}${returnPath}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${app}${returnPath}?cancelled=1&payment_id=${payment!.id}`,
        clientReferenceId: String(payment!.id),
        customerEmail: email,
        metadata: { payment_id: String(payment!.id), user_id: String(userId) },
        idempotencyKey: `payment-${payment!.id}`,
      });
      await deps.database.db
        .update(payments)
        .set({ providerRef: session.id })
        .where(eq(payments.id, payment!.id));
      return { url: session.url ?? '', ref: session.id, ...charged };
    }
    const order = await deps.providers.payments.paypal.createOrder({
      amountMinor: price.amountMinor,
      currency: price.currency,
      description: price.description,
      returnUrl: `${app}${PAYPAL_RETURN_PATHS[returnTo].returnPath}`,
      cancelUrl: `${app}${PAYPAL_RETURN_PATHS[returnTo].cancelPath}`,
      customId: String(payment!.id),
      requestId: `payment-${payment!.id}`,
    });
    await deps.database.db
      .update(payments)
      .set({ providerRef: order.id })
      .where(eq(payments.id, payment!.id));
    return { url: order.approveUrl ?? '', ref: order.id, ...charged };
  } catch (err) {
    await deps.database.db
      .update(payments)
      .set({ status: 'failed', failureReason: String((err as Error).message).slice(0, 200) })
      .where(eq(payments.id, payment!.id));
    throw new AppError(502, 'payments.provider_unavailable');
  }
}

async function findByRef(
  database: Database,
  method: 'card' | 'paypal',
  ref: string,
): Promise<Payment | undefined> {
  const [row] = await database.db
    .select()
    .from(payments)
    .where(and(eq(payments.method, method), eq(payments.providerRef, ref)));
  return row;
}

/** Why a card payment did not go through, when the provider says the card was refused. */
export type PaymentFailure = 'card_declined' | null;

/** Outcome of a settlement attempt, as the confirmation calls answer it. */
export interface Settlement {
  status: Payment['status'];
  coins: number;
  payment_id: number;
  invoice_id: number | null;
  balance: number;
  /**
   * `card_declined` when the card page's last attempt was refused by the bank, so
   * the app says so instead of "you left the payment page". With Stripe the payment may still be
   * `pending` then (the buyer can go back and try another card); the sandbox's decline ends it (`failed`).
   */
  failure: PaymentFailure;
}

const CARD_DECLINED = 'card_declined';

/** Card webhook events after which the session is read again and acted on. */
const CARD_SETTLING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'checkout.session.async_payment_failed',
]);

/** An organisation's wallet balance in coins (0 when it has none yet). */
async function organisationBalance(database: Database, organisationId: number): Promise<number> {
  const [row] = await database.db
    .execute<{ balance: number }>(
      sql`select balance from ledger_accounts where kind = 'organisation_wallet' and organisation_id = ${organisationId}`,
    )
    .then((r) => r.rows);
  return Number(row?.balance ?? 0);
}

async function settlement(database: Database, paymentId: number, declinedNow = false): Promise<Settlement> {
  const [p] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
  const [inv] = await database.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.paymentId, paymentId));
  return {
    status: p!.status,
    coins: p!.coins,
    payment_id: p!.id,
    invoice_id: inv?.id ?? null,
    balance:
      p!.organisationId === null
        ? await walletBalance(database, p!.userId)
        : await organisationBalance(database, p!.organisationId),
    failure:
      p!.status !== 'paid' && (declinedNow || p!.failureReason === CARD_DECLINED) ? CARD_DECLINED : null,
  };
}

/**
 * Credit a payment's coins exactly once (whichever of return call, webhook or replay comes first):
 * the payment row is locked, a paid payment is left alone, the ledger credit carries the key
 * `payment:<id>`, and the invoice and its PDF job are created in the same transaction.
 * @returns true when this call credited the payment, false when it was already paid (or unknown)
 * @throws ConflictError 409 'payments.amount_mismatch' (nothing credited, payment marked mismatch)
 */
async function creditOnce(
  deps: Deps,
  paymentId: number,
  paid: { amountMinor: number; currency: string; ref: string },
  source: string,
): Promise<boolean> {
  const credited = await withTransaction(deps.database, async (tx) => {
    const [p] = await tx.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p || p.status === 'paid' || p.status === 'mismatch') return false;
    if (paid.amountMinor !== p.amountMinor || paid.currency.toUpperCase() !== p.currency) {
      await tx.db
        .update(payments)
        .set({ status: 'mismatch', failureReason: `provider reported ${paid.amountMinor} ${paid.currency}` })
        .where(eq(payments.id, p.id));
      await audit(
        deps.database,
        { type: 'system' },
        {
          action: 'payments.amount_mismatch',
          targetType: 'payment',
          targetId: p.id,
          meta: {
            expected: p.amountMinor,
            currency: p.currency,
            reported: paid.amountMinor,
            reported_currency: paid.currency,
            source,
          },
        },
        tx,
      );
      console.warn(
        `payment ${p.id}: amount mismatch (expected ${p.amountMinor} ${p.currency}, got ${paid.amountMinor} ${paid.currency})`,
      );
      return false;
    }
    const bought = {
      coins: p.coins,
      idempotencyKey: `payment:${p.id}`,
      moneyMinor: p.amountMinor,
      currency: p.currency,
      meta: { payment_id: p.id, method: p.method, package_id: p.packageId },
    };
    // An organisation's purchase credits its wallet (issue 35); the buyer's own wallet is untouched.
    const { transfer } =
      p.organisationId === null
        ? await credit(tx, {
            ...bought,
            userId: p.userId,
            descId: DESC.COIN_PURCHASE,
            from: 'payment_clearing',
          })
        : await creditOrganisation(tx, { ...bought, organisationId: p.organisationId });
    await tx.db
      .update(payments)
      .set({ status: 'paid', paidAt: deps.clock.now(), creditedTransferId: transfer.id })
      .where(eq(payments.id, p.id));
    await createInvoice(tx, deps, p, transfer.id);
    await audit(
      deps.database,
      { type: 'system' },
      {
        action: 'payments.credited',
        targetType: 'payment',
        targetId: p.id,
        meta: { source, coins: p.coins },
      },
      tx,
    );
    return true;
  });
  const [after] = await deps.database.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (after?.status === 'mismatch') throw new ConflictError('payments.amount_mismatch');
  return credited;
}

/**
 * Invoice of a credited payment, in the crediting transaction (the payment row is locked, so one
 * invoice per payment): the next gapless number of the platform's series for the year, then the PDF job.
 * A payment that already has its invoice is left alone, so no number is used up for nothing.
 */
export async function createInvoice(
  tx: Tx,
  deps: Pick<Deps, 'clock' | 'jobs'>,
  p: Pick<Payment, 'id' | 'userId' | 'coins' | 'amountMinor' | 'currency'> &
    Partial<Pick<Payment, 'organisationId'>>,
  transferId: number | null,
) {
  const [existing] = await tx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.paymentId, p.id));
  if (existing) return existing;
  // An organisation's invoice carries its billing details as they are now (issue 35).
  const [billed] = p.organisationId
    ? await tx.db
        .select({
          organisationId: organisations.id,
          billingName: organisations.billingName,
          billingAddress: organisations.billingAddress,
          billingCountry: organisations.billingCountry,
          vatNumber: organisations.vatNumber,
        })
        .from(organisations)
        .where(eq(organisations.id, p.organisationId))
    : [];
  const { number } = await nextInvoiceNumber(tx, deps.clock.now().getUTCFullYear());
  const [inv] = await tx.db
    .insert(invoices)
    .values({
      number,
      userId: p.userId,
      paymentId: p.id,
      transferId,
      coins: p.coins,
      amountMinor: p.amountMinor,
      currency: p.currency,
      ...billed,
    })
    .returning({ id: invoices.id });
  await deps.jobs.send(
    INVOICE_RENDER_QUEUE,
    { invoiceId: inv!.id },
    { singletonKey: `invoice-${inv!.id}` },
    tx,
  );
  return inv!;
}

async function markFailed(database: Database, paymentId: number, reason: string) {
  await database.db
    .update(payments)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}

/**
 * What the payment bought besides its coins, done once they are credited: the registered purpose
 * claiming it (an express campaign request, a custom campaign's invoice) is told. Only the call whose
 * credit went through runs it, so concurrent return calls and webhook replays run it once; the
 * purpose's own return call answers its outcome afterwards.
 */
async function afterCredit(deps: Deps, p: Payment) {
  const purpose = purposeOf(p);
  if (!purpose) return;
  await purpose.onCredited(deps, {
    id: p.id,
    userId: p.userId,
    meta: (p.meta ?? {}) as Record<string, unknown>,
  });
}

/**
 * Read the card session and act on it: paid credits once (and the payment's purpose, when it has
 * one, is told); expired marks the payment failed (reason
 * `card_declined` when its last attempt was declined).
 * @returns whether the session reports a declined attempt (Stripe keeps such a session open)
 */
async function settleCard(deps: Deps, p: Payment, source: string): Promise<{ declined: boolean }> {
  let session: CheckoutSession;
  try {
    session = await deps.providers.payments.card.retrieveCheckoutSession(p.providerRef!);
  } catch {
    throw new AppError(502, 'payments.provider_unavailable');
  }
  if (session.clientReferenceId && session.clientReferenceId !== String(p.id))
    throw new ConflictError('payments.amount_mismatch');
  if (session.paymentStatus === 'paid') {
    const credited = await creditOnce(
      deps,
      p.id,
      { amountMinor: session.amountTotalMinor, currency: session.currency, ref: session.id },
      source,
    );
    if (credited) await afterCredit(deps, p);
  } else if (session.status === 'expired') {
    await markFailed(
      deps.database,
      p.id,
      session.paymentError ? CARD_DECLINED : 'checkout expired or failed',
    );
  }
  return { declined: session.paymentStatus !== 'paid' && session.paymentError !== null };
}

/** The payment behind provider reference `ref`, for its buyer only. @throws NotFoundError otherwise */
async function buyersPayment(deps: Deps, method: 'card' | 'paypal', userId: number, ref: string) {
  const p = await findByRef(deps.database, method, ref);
  if (!p || p.userId !== userId) throw new NotFoundError('payments.not_found');
  return p;
}

/** The payment behind a card session, for its buyer only. @throws NotFoundError otherwise */
export async function cardPaymentOf(deps: Deps, userId: number, sessionId: string): Promise<Payment> {
  return buyersPayment(deps, 'card', userId, sessionId);
}

/**
 * Return call after the card checkout (`stripe/checkout/check/pay` {session_id}). Only the buyer may
 * claim their session (another user's session answers 404). Unpaid sessions credit nothing.
 */
export async function confirmCard(deps: Deps, userId: number, sessionId: string): Promise<Settlement> {
  const p = await buyersPayment(deps, 'card', userId, sessionId);
  const read = p.status === 'pending' ? await settleCard(deps, p, 'return') : null;
  return settlement(deps.database, p.id, read?.declined);
}

/**
 * Return through the card page's cancel URL (`stripe/checkout/check/cancel` {payment_id}): the
 * session is read once more, so a decline is told apart from leaving the page
 * (`failure: 'card_declined'`), and a payment that did go through is credited as usual. Only the
 * buyer may ask (another user's payment answers 404).
 */
export async function cardReturn(deps: Deps, userId: number, paymentId: number): Promise<Settlement> {
  const [p] = await deps.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.method, 'card')));
  if (!p || p.userId !== userId || !p.providerRef) throw new NotFoundError('payments.not_found');
  const read = p.status === 'pending' ? await settleCard(deps, p, 'return') : null;
  return settlement(deps.database, p.id, read?.declined);
}

async function settlePayPal(deps: Deps, p: Payment, source: string): Promise<void> {
  let order: PayPalOrder;
  try {
    order = await deps.providers.payments.paypal.getOrder(p.providerRef!);
    if (order.status === 'APPROVED')
      order = await deps.providers.payments.paypal.captureOrder(order.id, `payment-${p.id}-capture`);
  } catch (err) {
    if (String((err as Error).message).includes('ORDER_NOT_APPROVED'))
      throw new ConflictError('payments.not_approved');
    throw new AppError(502, 'payments.provider_unavailable');
  }
  if (order.customId && order.customId !== String(p.id)) throw new ConflictError('payments.amount_mismatch');
  if (order.status === 'COMPLETED' && (order.captureStatus === null || order.captureStatus === 'COMPLETED')) {
    const credited = await creditOnce(
      deps,
      p.id,
      { amountMinor: order.amountMinor, currency: order.currency, ref: order.id },
      source,
    );
    if (credited) await afterCredit(deps, p);
  } else if (order.status === 'VOIDED') {
    await markFailed(deps.database, p.id, 'order voided');
  } else if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
    throw new ConflictError('payments.not_approved');
  }
}

/** PayPal return (`payments/paypal/callback/url` {order_id}): capture (Orders v2) and credit once. */
export async function confirmPayPal(deps: Deps, userId: number, orderId: string): Promise<Settlement> {
  const p = await buyersPayment(deps, 'paypal', userId, orderId);
  if (p.status === 'pending') await settlePayPal(deps, p, 'return');
  return settlement(deps.database, p.id);
}

/** Record a webhook event once; answers false when it was already processed (a replay). */
async function recordEvent(
  database: Database,
  provider: string,
  id: string,
  type: string,
  payload: unknown,
): Promise<number | null> {
  await database.db
    .insert(webhookEvents)
    .values({ provider, eventId: id, type, payload: payload as object })
    .onConflictDoNothing();
  const [row] = await database.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, id)));
  return row && !row.processedAt ? row.id : null;
}

async function markProcessed(database: Database, rowId: number, error?: string) {
  await database.db
    .update(webhookEvents)
    .set(error ? { error: error.slice(0, 500) } : { processedAt: sql`now()`, error: null })
    .where(eq(webhookEvents.id, rowId));
}

/**
 * Process a verified card webhook: checkout.session.completed / async_payment_succeeded credit once;
 * checkout.session.expired / async_payment_failed mark the payment failed (with `card_declined`
 * when the session's last attempt was declined).
 */
export async function handleCardEvent(deps: Deps, event: CardWebhookEvent, payload: unknown): Promise<void> {
  const rowId = await recordEvent(deps.database, 'card', event.id, event.type, payload);
  if (rowId === null) return;
  try {
    if (CARD_SETTLING_EVENTS.has(event.type) && event.sessionId) {
      const p = await findByRef(deps.database, 'card', event.sessionId);
      if (p && p.status === 'pending') await settleCard(deps, p, `webhook:${event.type}`);
    }
    await markProcessed(deps.database, rowId);
  } catch (err) {
    await markProcessed(deps.database, rowId, (err as Error).message);
    if (!(err instanceof ConflictError)) throw err;
  }
}

/** Process a verified PayPal webhook (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED). */
export async function handlePayPalEvent(
  deps: Deps,
  event: PayPalWebhookEvent,
  payload: unknown,
): Promise<void> {
  const rowId = await recordEvent(deps.database, 'paypal', event.id, event.eventType, payload);
  if (rowId === null) return;
  try {
    if (
      (event.eventType === 'CHECKOUT.ORDER.APPROVED' || event.eventType === 'PAYMENT.CAPTURE.COMPLETED') &&
      event.orderId
    ) {
      const p = await findByRef(deps.database, 'paypal', event.orderId);
      if (p && p.status === 'pending') await settlePayPal(deps, p, `webhook:${event.eventType}`);
    }
    await markProcessed(deps.database, rowId);
  } catch (err) {
    await markProcessed(deps.database, rowId, (err as Error).message);
    if (!(err instanceof ConflictError)) throw err;
  }
}
