import { randomUUID } from 'node:crypto';
import { type Language, PAYOUT_STATUS, withdrawalProblem } from '@lm/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { emailCodes, users } from '../../db/schema';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../platform/errors';
import { WiseApiError } from '../../providers/wise/index';
import { consumeEmailCode, issueEmailCode } from '../accounts';
import { type AuditActor, audit } from '../audit';
import { getSettings } from '../settings';
import { notifyStaffPayoutRequest } from '../todos';
import { DESC, hold, walletBalance } from '../wallet';
import {
  type Deps,
  MAX_CODES_PER_QUOTE,
  OPEN,
  type Payout,
  QUOTE_TTL_MINUTES,
  type Quote,
} from './payouts.context';
import { providerDown, recipientView } from './payouts.recipients';
import { payoutQuotes, payoutRecipients, payouts } from './payouts.schema';
import { fail } from './payouts.transfer';
import { payoutView } from './payouts.views';

/** The user's open payout (pending or processing), if any (`payments/wise/unpaid/payouts/check`). */
export async function openPayout(deps: Deps | { database: Deps['database'] }, userId: number) {
  const [row] = await deps.database.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.statusId, OPEN)))
    .limit(1);
  return row ?? null;
}

/** A quote as the apps show it. */
export function quoteView(q: Quote, now: Date) {
  return {
    id: q.wiseQuoteId,
    quote: q.wiseQuoteId,
    coins: q.coins,
    payout_rate_pence: q.payoutRatePence,
    source_amount: q.sourceMinor / 100,
    source_minor: q.sourceMinor,
    source_currency: q.sourceCurrency,
    rate: Number(q.rate),
    fee: q.feeMinor / 100,
    fee_minor: q.feeMinor,
    target_amount: q.targetMinor / 100,
    target_minor: q.targetMinor,
    target_currency: q.targetCurrency,
    expires_at: q.expiresAt.toISOString(),
    /** Seconds left on the server's clock (the apps count down from this, not from their own clock). */
    expires_in_seconds: Math.max(0, Math.floor((q.expiresAt.getTime() - now.getTime()) / 1000)),
    expired: q.expiresAt <= now,
    verified: q.verifiedAt !== null,
    recipient_id: q.recipientId,
  };
}

/**
 * Quote a withdrawal of `coins` (default: the whole balance) to a recipient account
 * (`payments/wise/create/quote/payouts`): rate, fee and amount received, valid 30 minutes.
 * @throws ValidationError on `coins` (`withdrawalProblem`, nothing stored): 'No available balance'
 *   when the balance is 0, below the `min_withdrawal_coins` setting (so no quote is mostly fee; -5 is
 *   below it too, never turned into 1), above the balance; ConflictError while another request is open
 */
export async function createQuote(
  deps: Deps,
  userId: number,
  input: { recipient_id: number; coins?: number },
) {
  const [recipient] = await deps.database.db
    .select()
    .from(payoutRecipients)
    .where(
      and(
        eq(payoutRecipients.id, input.recipient_id),
        eq(payoutRecipients.userId, userId),
        isNull(payoutRecipients.deletedAt),
      ),
    );
  if (!recipient) throw new ValidationError({ recipient_id: ['payouts.recipient_unknown'] });
  if (await openPayout(deps, userId)) throw new ConflictError('payouts.request_open');
  const [balance, { payout_rate_pence: rate, min_withdrawal_coins: minimum }] = await Promise.all([
    walletBalance(deps.database, userId),
    getSettings(deps.database),
  ]);
  const coins = input.coins ?? balance;
  const problem = withdrawalProblem(coins, { minimum, balance });
  if (problem) throw new ValidationError({ coins: [problem] });
  let quote: Awaited<ReturnType<Deps['providers']['wise']['createQuote']>>;
  try {
    quote = await deps.providers.wise.createQuote({
      sourceCurrency: 'GBP',
      targetCurrency: recipient.currency,
      sourceAmountMinor: coins * rate,
      recipientId: recipient.wiseAccountId,
    });
  } catch (err) {
    if (err instanceof WiseApiError && err.permanent)
      throw new ValidationError({ coins: ['payouts.amount_too_low'] });
    throw providerDown(err);
  }
  const [row] = await deps.database.db
    .insert(payoutQuotes)
    .values({
      wiseQuoteId: quote.id,
      userId,
      recipientId: recipient.id,
      coins,
      payoutRatePence: rate,
      sourceMinor: quote.sourceAmountMinor,
      sourceCurrency: 'GBP',
      targetMinor: quote.targetAmountMinor,
      targetCurrency: quote.targetCurrency,
      feeMinor: quote.feeMinor,
      rate: quote.rate,
      expiresAt: new Date(deps.clock.now().getTime() + QUOTE_TTL_MINUTES * 60_000),
    })
    .returning();
  return quoteView(row!, deps.clock.now());
}

async function ownQuote(deps: Deps, userId: number, wiseQuoteId: string, tx?: Tx): Promise<Quote> {
  const db = tx?.db ?? deps.database.db;
  const query = db
    .select()
    .from(payoutQuotes)
    .where(and(eq(payoutQuotes.wiseQuoteId, wiseQuoteId), eq(payoutQuotes.userId, userId)));
  const [q] = tx ? await query.for('update') : await query;
  if (!q) throw new NotFoundError();
  return q;
}

async function payoutOfQuote(db: Deps['database'] | Tx, quoteId: number): Promise<Payout | null> {
  const [p] = await db.db.select().from(payouts).where(eq(payouts.quoteId, quoteId));
  return p ?? null;
}

/** A quote still usable for a new transfer. @throws ValidationError (expired) or ConflictError (used) */
async function assertQuoteOpen(deps: Deps, q: Quote): Promise<void> {
  if (await payoutOfQuote(deps.database, q.id)) throw new ConflictError('payouts.quote_used');
  if (q.expiresAt <= deps.clock.now()) throw new ValidationError({ quote_id: ['payouts.quote_expired'] });
}

/** The quote behind /withdrawal/{quote}, with its recipient and payout (`payments/wise/user/transfer/view/{id}`). */
export async function quoteDetails(
  deps: Deps,
  userId: number,
  wiseQuoteId: string,
  storageUrl: (k: string) => string,
) {
  const q = await ownQuote(deps, userId, wiseQuoteId);
  const [recipient] = await deps.database.db
    .select()
    .from(payoutRecipients)
    .where(eq(payoutRecipients.id, q.recipientId));
  const p = await payoutOfQuote(deps.database, q.id);
  return {
    quote: quoteView(q, deps.clock.now()),
    recipient: recipientView(recipient!),
    payout: p ? payoutView(p, storageUrl) : null,
  };
}

const codePurpose = (q: Quote) => `payout:${q.id}`;

/**
 * Email a 6-digit code confirming the withdrawal of a quote (`payments/send/verification/code`);
 * a new code voids the previous one. Codes live 10 minutes and allow 5 attempts; a quote gets at most
 * MAX_CODES_PER_QUOTE codes.
 * @throws TooManyRequestsError (429) past that cap
 */
export async function sendCode(deps: Deps, userId: number, wiseQuoteId: string): Promise<void> {
  const q = await ownQuote(deps, userId, wiseQuoteId);
  await assertQuoteOpen(deps, q);
  await withTransaction(deps.database, async (tx) => {
    // Serialise the sends of one quote so the cap below holds under concurrent clicks.
    await tx.client.query('select id from payout_quotes where id = $1 for update', [q.id]);
    const [sent] = await tx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, codePurpose(q))));
    if (Number(sent!.n) >= MAX_CODES_PER_QUOTE) {
      const left = Math.max(1, Math.ceil((q.expiresAt.getTime() - deps.clock.now().getTime()) / 1000));
      throw new TooManyRequestsError('payouts.too_many_codes', left);
    }
    const [user] = await tx.db.select().from(users).where(eq(users.id, userId));
    const code = await issueEmailCode(tx, userId, codePurpose(q), deps.clock);
    await deps.mail.send(
      {
        to: user!.email,
        language: user!.language as Language,
        key: 'mail.payout_code',
        params: {
          name: user!.firstName,
          code,
          coins: q.coins,
          amount: { minor: q.targetMinor, currency: q.targetCurrency },
        },
      },
      tx,
    );
  });
}

/**
 * Check the emailed code of a quote (`payments/verify/code`) and mark the quote verified. A wrong
 * code counts an attempt; a used, expired or locked code is refused.
 * @throws AppError 422 'auth.code_invalid' or 429 'auth.code_too_many_attempts'
 */
export async function verifyCode(
  deps: Deps,
  userId: number,
  wiseQuoteId: string,
  code: string,
): Promise<void> {
  const q = await ownQuote(deps, userId, wiseQuoteId);
  await assertQuoteOpen(deps, q);
  await consumeEmailCode(deps.database, userId, codePurpose(q), code, deps.clock, async (tx) => {
    await tx.db.update(payoutQuotes).set({ verifiedAt: deps.clock.now() }).where(eq(payoutQuotes.id, q.id));
  });
}

/**
 * Request the withdrawal of a verified quote (`payments/wise/create/transfer`): the coins are held
 * (desc 4) and the payout created with status_id 1 in one transaction, then the Wise transfer is
 * created with the payout's `customer_transaction_id` (Wise's idempotency key). Submitting the same
 * quote again answers the same payout.
 * @throws ValidationError (not verified, expired, 'No available balance'), ConflictError (another
 *   request open), InsufficientBalanceError (fewer coins than quoted)
 */
export async function requestPayout(
  deps: Deps,
  userId: number,
  wiseQuoteId: string,
  actor: AuditActor,
  storageUrl: (k: string) => string,
): Promise<{ payout: ReturnType<typeof payoutView>; created: boolean }> {
  const outcome = await withTransaction(deps.database, async (tx) => {
    const q = await ownQuote(deps, userId, wiseQuoteId, tx);
    const existing = await payoutOfQuote(tx, q.id);
    if (existing) return { payout: existing, created: false };
    if (!q.verifiedAt) throw new ValidationError({ code: ['payouts.code_required'] });
    if (q.expiresAt <= deps.clock.now()) throw new ValidationError({ quote_id: ['payouts.quote_expired'] });
    const [recipient] = await tx.db
      .select()
      .from(payoutRecipients)
      .where(eq(payoutRecipients.id, q.recipientId));
    if (!recipient || recipient.deletedAt)
      throw new ValidationError({ recipient_id: ['payouts.recipient_unknown'] });
    const [open] = await tx.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.userId, userId), inArray(payouts.statusId, OPEN)));
    if (open) throw new ConflictError('payouts.request_open');
    if ((await walletBalance(tx, userId)) <= 0)
      throw new ValidationError({ coins: ['payouts.no_available_balance'] });
    const [user] = await tx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const held = await hold(tx, {
      userId,
      coins: q.coins,
      descId: DESC.PAYOUT_REQUEST,
      idempotencyKey: `payout-quote:${q.id}:hold`,
      escrow: 'payout_escrow',
      ref: { type: 'payout_quote', id: q.id },
      meta: { wise_quote_id: q.wiseQuoteId },
    });
    let row: Payout;
    try {
      [row] = (await tx.db
        .insert(payouts)
        .values({
          userId,
          quoteId: q.id,
          recipientId: q.recipientId,
          holdId: held.id,
          coins: q.coins,
          amountMinor: q.sourceMinor,
          currency: q.sourceCurrency,
          targetMinor: q.targetMinor,
          targetCurrency: q.targetCurrency,
          feeMinor: q.feeMinor,
          rate: Number(q.rate),
          email: user!.email,
          statusId: PAYOUT_STATUS.PENDING,
          customerTransactionId: randomUUID(),
          wiseQuoteId: q.wiseQuoteId,
          wiseAccountId: recipient.wiseAccountId,
        })
        .returning()) as [Payout];
    } catch (err) {
      if (isUniqueViolation(err, 'payouts_one_open_per_user'))
        throw new ConflictError('payouts.request_open');
      throw err;
    }
    await audit(
      deps.database,
      actor,
      { action: 'payouts.requested', targetType: 'payout', targetId: row.id, meta: { coins: row.coins } },
      tx,
    );
    await notifyStaffPayoutRequest(tx, row);
    return { payout: row, created: true };
  });
  if (outcome.created) await createWiseTransfer(deps, outcome.payout.id).catch(() => undefined);
  const [fresh] = await deps.database.db.select().from(payouts).where(eq(payouts.id, outcome.payout.id));
  return { payout: payoutView(fresh!, storageUrl), created: outcome.created };
}

/**
 * Create the Wise transfer of a pending payout once (safe to run again: Wise answers the same
 * transfer for the same `customerTransactionId`). A permanent refusal fails the payout and returns
 * the coins; a transient error leaves it for the reconciler.
 */
export async function createWiseTransfer(deps: Deps, payoutId: number): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [p] = await tx.db.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!p || p.wiseTransferId || p.statusId !== PAYOUT_STATUS.PENDING) return;
    try {
      const transfer = await deps.providers.wise.createTransfer({
        quoteId: p.wiseQuoteId,
        recipientId: p.wiseAccountId,
        customerTransactionId: p.customerTransactionId,
        reference: `Liberty payout ${p.id}`,
      });
      await tx.db
        .update(payouts)
        .set({ wiseTransferId: transfer.id, wiseStatus: transfer.status, updatedAt: sql`now()` })
        .where(eq(payouts.id, p.id));
    } catch (err) {
      if (!(err instanceof WiseApiError && err.permanent)) throw err;
      await fail(deps, tx, p, err.code);
    }
  });
}
