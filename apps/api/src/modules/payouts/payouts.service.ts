import { randomUUID } from 'node:crypto';
import {
  bankFormatMessage,
  type Language,
  normalizeBankValue,
  PAYOUT_STATUS,
  withdrawalProblem,
} from '@lm/contracts';
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { emailCodes, ledgerHolds, ledgerTransfers, users, webhookEvents } from '../../db/schema';
import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '../../platform/errors';
import {
  checkRecipientDetails,
  FAILED_STATES,
  FUNDED_STATES,
  isSandboxWise,
  type WebhookHeaders,
  type WiseAccountType,
  WiseApiError,
  type WiseStateChange,
} from '../../providers/wise/index';
import { consumeEmailCode, issueEmailCode } from '../accounts';
import { type AuditActor, audit } from '../audit';
import { type NotificationParam, notify } from '../notifications';
import { getSettings } from '../settings';
import { notifyStaffPayoutRequest } from '../todos';
import { credit, DESC, hold, postHold, voidHold, walletBalance, walletValue } from '../wallet';
import { payoutQuotes, payoutRecipients, payouts } from './payouts.schema';

/**
 * Withdrawals and payouts through Wise (issue 6; spec sections 2, 3, 4, 5, 7). Coins are held when
 * the transfer is requested (desc 4, wallet -> payout escrow), posted when Wise has the transfer
 * funded (desc 6, escrow -> payout clearing), and returned once (desc 3) when staff decline or the
 * transfer bounces or is cancelled.
 */
export type Deps = Pick<AppDeps, 'config' | 'database' | 'jobs' | 'mail' | 'clock' | 'providers' | 'storage'>;
export type Payout = typeof payouts.$inferSelect;
type Quote = typeof payoutQuotes.$inferSelect;
type Recipient = typeof payoutRecipients.$inferSelect;

/** Codes one quote may have emailed (each allows 5 attempts): caps guessing at 25 tries per quote. */
export const MAX_CODES_PER_QUOTE = 5;
/** Quotes hold their rate this long (Wise locks a quote's rate for 30 minutes). */
export const QUOTE_TTL_MINUTES = 30;
/** A payout created but not yet sent to Wise is retried by the reconciler after this long. */
const CREATE_GRACE_MS = 30_000;
/** Amount (pence) the account requirements are asked for (requirements rarely depend on it). */
const REQUIREMENTS_AMOUNT_MINOR = 10_000;
/** A funded payout with no state change for this long is checked at Wise by the reconciler. */
const STALE_MINUTES = 5;
/** Delay between the sandbox transfer's steps, seconds. */
export const SANDBOX_STEP_SECONDS = 3;

const OPEN = [PAYOUT_STATUS.PENDING, PAYOUT_STATUS.PROCESSING];
/** Order of Wise states, to break ties between events with the same `occurred_at`. */
const STATE_RANK: Record<string, number> = {
  incoming_payment_waiting: 0,
  processing: 1,
  funds_converted: 2,
  outgoing_payment_sent: 3,
};
const rank = (state: string | null) => (state === null ? -1 : (STATE_RANK[state] ?? 4));

/** Only curators and influencers withdraw. @throws ForbiddenError for artists */
export function assertPayee(userTypeId: number): void {
  if (userTypeId !== 2 && userTypeId !== 3) throw new ForbiddenError('payouts.not_payee');
}

// ---------------------------------------------------------------------------------------------
// Balance and recipients
// ---------------------------------------------------------------------------------------------

/**
 * Withdrawable balance: the wallet's coins and their value from the one wallet valuation
 * (`walletValue`: a payee's coins at the payout rate setting, pence per coin, GBP minor units), and the
 * smallest withdrawal (`min_withdrawal_coins` setting, issue 11 item 11).
 */
export async function withdrawable(deps: Deps, userId: number) {
  const [value, settings] = await Promise.all([
    walletValue(deps.database, userId),
    getSettings(deps.database),
  ]);
  return {
    balance: value.balance,
    payout_rate_pence: value.pence_per_coin,
    min_withdrawal_coins: settings.min_withdrawal_coins,
    total_minor: value.total_minor,
    total: value.total_minor / 100,
    currency: value.currency,
  };
}

/**
 * Account types and fields needed to receive `currency` in `country` (`payments/outgoing/types/search`).
 * @throws ValidationError on `currency` when Wise does not pay out in it
 */
export async function accountTypes(
  deps: Deps,
  currency: string,
  country: string | null,
): Promise<WiseAccountType[]> {
  try {
    return await deps.providers.wise.accountRequirements({
      target: currency,
      country,
      sourceAmountMinor: REQUIREMENTS_AMOUNT_MINOR,
    });
  } catch (err) {
    if (err instanceof WiseApiError && err.permanent)
      throw new ValidationError({ currency: ['payments.currency_unsupported'] });
    throw providerDown(err);
  }
}

function providerDown(err: unknown): Error {
  if (err instanceof AppError) return err;
  return new AppError(502, 'payouts.provider_unavailable');
}

/** Mask an account detail for lists: the last 4 characters. */
const mask = (v: string) => (v.length <= 4 ? v : `•••• ${v.slice(-4)}`);

/** A recipient account as the apps show it (details of the owner, masked numbers in `label`). */
export function recipientView(r: Recipient) {
  const numbers = Object.entries(r.details)
    .filter(([k]) => /account|iban|number/i.test(k))
    .map(([, v]) => v);
  return {
    id: r.id,
    currency: r.currency,
    country: r.country,
    type: r.type,
    account_holder_name: r.accountHolderName,
    details: r.details,
    label: `${r.accountHolderName} · ${r.currency} ${numbers[0] ? mask(numbers[0]) : r.type}`,
    wise_account_id: r.wiseAccountId,
    created_at: r.createdAt.toISOString(),
  };
}

/** The user's recipient accounts (deleted ones hidden), newest first. */
export async function listRecipients(deps: Deps, userId: number) {
  const rows = await deps.database.db
    .select()
    .from(payoutRecipients)
    .where(and(eq(payoutRecipients.userId, userId), isNull(payoutRecipients.deletedAt)))
    .orderBy(desc(payoutRecipients.id));
  return rows.map(recipientView);
}

/**
 * Save a recipient account (`payments/transfer/info/store`): the details are checked against the
 * fields Wise requires for the currency, country and type, then the account is created at Wise.
 * @throws ValidationError per field (`details.<key>`, `type`, `currency`); nothing is stored then
 */
export async function storeRecipient(
  deps: Deps,
  userId: number,
  input: {
    currency: string;
    country: string | null;
    type: string;
    account_holder_name: string;
    details: Record<string, string>;
  },
  actor: AuditActor,
) {
  const types = await accountTypes(deps, input.currency, input.country);
  const details = Object.fromEntries(
    Object.entries(input.details)
      .map(([k, v]) => [k, normalizeBankValue(k, String(v))] as const)
      .filter(([, v]) => v !== ''),
  );
  const problems = checkRecipientDetails(types, input.type, details);
  if (Object.keys(problems).length > 0) {
    const fields = types.find((x) => x.type === input.type)?.fields ?? [];
    const errors: Record<string, (string | { key: string; params: Record<string, string | number> })[]> = {};
    for (const [key, kind] of Object.entries(problems)) {
      if (kind === 'type') errors.type = ['payouts.account_type_invalid'];
      else if (kind === 'required') errors[`details.${key}`] = ['validation.required'];
      else {
        const field = fields.find((f) => f.key === key);
        // Say which format is expected (issue 20), from the field's own rule and example.
        errors[`details.${key}`] = [field ? bankFormatMessage(field) : 'payouts.field_invalid'];
      }
    }
    throw new ValidationError(errors);
  }
  // Keep only the fields of the chosen type (no stray values reach Wise or the database).
  const allowed = new Set(types.find((x) => x.type === input.type)!.fields.map((f) => f.key));
  const kept = Object.fromEntries(Object.entries(details).filter(([k]) => allowed.has(k)));
  let wiseId: string;
  try {
    const created = await deps.providers.wise.createRecipient({
      currency: input.currency,
      country: input.country,
      type: input.type,
      accountHolderName: input.account_holder_name,
      details: kept,
    });
    wiseId = created.id;
  } catch (err) {
    if (err instanceof WiseApiError && err.permanent) {
      const keys = Object.keys(err.fields);
      throw new ValidationError(
        keys.length > 0
          ? Object.fromEntries(keys.map((k) => [`details.${k}`, ['payouts.field_invalid']]))
          : { details: ['payouts.field_invalid'] },
      );
    }
    throw providerDown(err);
  }
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .insert(payoutRecipients)
      .values({
        userId,
        currency: input.currency,
        country: input.country,
        type: input.type,
        accountHolderName: input.account_holder_name,
        details: kept,
        wiseAccountId: wiseId,
      })
      .returning();
    await audit(
      deps.database,
      actor,
      { action: 'payouts.recipient_added', targetType: 'payout_recipient', targetId: row!.id },
      tx,
    );
    return recipientView(row!);
  });
}

/**
 * Delete (hide) a recipient account (`payments/wise/user/info/delete/{id}`).
 * @throws NotFoundError when not the user's; ConflictError while an open payout uses it
 */
export async function deleteRecipient(deps: Deps, userId: number, id: number, actor: AuditActor) {
  const row = await withTransaction(deps.database, async (tx) => {
    const [r] = await tx.db
      .select()
      .from(payoutRecipients)
      .where(
        and(
          eq(payoutRecipients.id, id),
          eq(payoutRecipients.userId, userId),
          isNull(payoutRecipients.deletedAt),
        ),
      )
      .for('update');
    if (!r) throw new NotFoundError();
    const [open] = await tx.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.recipientId, id), inArray(payouts.statusId, OPEN)));
    if (open) throw new ConflictError('payouts.recipient_in_use');
    await tx.db
      .update(payoutRecipients)
      .set({ deletedAt: deps.clock.now() })
      .where(eq(payoutRecipients.id, id));
    await audit(
      deps.database,
      actor,
      { action: 'payouts.recipient_deleted', targetType: 'payout_recipient', targetId: id },
      tx,
    );
    return r;
  });
  // Deactivating at Wise is housekeeping: the account is already unusable here.
  await deps.providers.wise.deleteRecipient(row.wiseAccountId).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Quote, verification code, transfer
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Staff decisions, funding, Wise states
// ---------------------------------------------------------------------------------------------

/**
 * Return a payout's coins to the wallet once: voiding the hold while it is pending, otherwise
 * crediting them back from payout clearing (desc 3, `refund_type: payout_returned`).
 */
async function returnCoins(tx: Tx, p: Payout): Promise<void> {
  if (p.coinsReturnedAt) return;
  const meta = { wise_quote_id: p.wiseQuoteId, payout_id: p.id };
  const voided = await voidHold(tx, p.holdId, { refundType: 'payout_returned', meta });
  if (!voided) {
    await credit(tx, {
      userId: p.userId,
      coins: p.coins,
      descId: DESC.REFUND,
      idempotencyKey: `payout:${p.id}:return`,
      from: 'payout_clearing',
      meta: { ...meta, refund_type: 'payout_returned' },
    });
  }
  await tx.db.update(payouts).set({ coinsReturnedAt: sql`now()` }).where(eq(payouts.id, p.id));
}

/**
 * Tell the payee about their payout, in the caller's transaction: a notification (`payouts.notify.<step>`,
 * written in the reader's language when read) and an email in their language.
 */
async function tellUser(
  deps: Deps,
  tx: Tx,
  p: Payout,
  step: 'approved' | 'declined' | 'paid' | 'failed',
  params: Record<string, NotificationParam> = {},
) {
  const [user] = await tx.db
    .select({ language: users.language, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, p.userId));
  if (!user) return;
  const all = { coins: p.coins, id: p.id, ...params };
  const message = `payouts.notify.${step}` as const;
  const link = `/payouts/${p.id}`;
  await notify(tx, {
    userId: p.userId,
    type: `payouts.${step}`,
    message,
    params: all,
    link,
    data: { payout_id: p.id },
  });
  await deps.mail.send(
    {
      to: user.email,
      language: user.language as Language,
      notification: message,
      params: all,
      name: user.firstName,
      link: `${deps.config.appUrl}${link}`,
    },
    tx,
  );
}

async function fail(deps: Deps, tx: Tx, p: Payout, reason: string): Promise<void> {
  await tx.db
    .update(payouts)
    .set({ statusId: PAYOUT_STATUS.FAILED, failureReason: reason.slice(0, 200), updatedAt: sql`now()` })
    .where(eq(payouts.id, p.id));
  await returnCoins(tx, p);
  await tellUser(deps, tx, p, 'failed');
}

/** Post the held coins (desc 6) when Wise has the transfer funded; once. */
async function recordFunded(tx: Tx, p: Payout, balanceTransactionId: string | null): Promise<void> {
  if (p.fundedAt) return;
  await postHold(
    tx,
    p.holdId,
    p.coins,
    { system: 'payout_clearing' },
    {
      descId: DESC.WITHDRAW_CREDITS,
      meta: { wise_quote_id: p.wiseQuoteId, payout_id: p.id },
    },
  );
  const [posted] = await tx.db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, `hold:${p.holdId}:post`));
  await tx.db
    .update(payouts)
    .set({
      fundedAt: sql`now()`,
      wiseBalanceTransactionId: balanceTransactionId ?? p.wiseBalanceTransactionId,
      paymentTransferId: posted?.id ?? null,
      wiseStatus:
        p.wiseStatus === null || p.wiseStatus === 'incoming_payment_waiting' ? 'processing' : p.wiseStatus,
      updatedAt: sql`now()`,
    })
    .where(eq(payouts.id, p.id));
}

const FUND_QUEUE = 'payouts.fund';
const ADVANCE_QUEUE = 'payouts.sandbox.advance';
const RECEIPT_QUEUE = 'payouts.receipt';

async function lockPayout(tx: Tx, id: number): Promise<Payout> {
  const [p] = await tx.db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  if (!p) throw new NotFoundError();
  return p;
}

/**
 * Approve a pending payout request (admin /requests/list): status 2, audited, and the funding job
 * queued in the same transaction; funding is then tried at once.
 * @throws ConflictError unless pending with its Wise transfer created
 */
export async function approvePayout(deps: Deps, payoutId: number, actor: AuditActor & { id: number }) {
  await withTransaction(deps.database, async (tx) => {
    const p = await lockPayout(tx, payoutId);
    if (p.statusId !== PAYOUT_STATUS.PENDING) throw new ConflictError('payouts.not_pending');
    if (!p.wiseTransferId) throw new ConflictError('payouts.transfer_not_ready');
    await tx.db
      .update(payouts)
      .set({
        statusId: PAYOUT_STATUS.PROCESSING,
        reviewedByAdminId: actor.id,
        reviewedAt: deps.clock.now(),
        updatedAt: sql`now()`,
      })
      .where(eq(payouts.id, p.id));
    await audit(
      deps.database,
      actor,
      { action: 'payouts.approved', targetType: 'payout', targetId: p.id, meta: { coins: p.coins } },
      tx,
    );
    await tellUser(deps, tx, p, 'approved');
    await deps.jobs.send(FUND_QUEUE, { payoutId: p.id }, { singletonKey: `payout-fund-${p.id}` }, tx);
  });
  await fundPayout(deps, payoutId).catch(() => undefined);
}

/**
 * Decline a pending request with a reason: the Wise transfer is cancelled and the coins returned.
 * @throws ConflictError unless pending
 */
export async function declinePayout(
  deps: Deps,
  payoutId: number,
  reason: string,
  actor: AuditActor & { id: number },
) {
  await withTransaction(deps.database, async (tx) => {
    const p = await lockPayout(tx, payoutId);
    if (p.statusId !== PAYOUT_STATUS.PENDING) throw new ConflictError('payouts.not_pending');
    if (p.wiseTransferId) {
      try {
        await deps.providers.wise.cancelTransfer(p.wiseTransferId);
      } catch (err) {
        // Funded meanwhile at Wise (cannot be cancelled): staff must not decline a paying transfer.
        if (err instanceof WiseApiError && err.permanent) throw new ConflictError('payouts.cannot_cancel');
        throw providerDown(err);
      }
    }
    await tx.db
      .update(payouts)
      .set({
        statusId: PAYOUT_STATUS.DECLINED,
        declineReason: reason,
        wiseStatus: p.wiseTransferId ? 'cancelled' : p.wiseStatus,
        reviewedByAdminId: actor.id,
        reviewedAt: deps.clock.now(),
        updatedAt: sql`now()`,
      })
      .where(eq(payouts.id, p.id));
    await returnCoins(tx, p);
    await audit(
      deps.database,
      actor,
      { action: 'payouts.declined', targetType: 'payout', targetId: p.id, meta: { reason } },
      tx,
    );
    await tellUser(deps, tx, p, 'declined', { reason });
  });
}

/**
 * Fund an approved payout at Wise exactly once. The transfer's state at Wise is read first: a
 * transfer already funded (a crash after funding, before this was recorded) is only recorded, never
 * funded again. Safe to run concurrently (the payout row is locked) and repeatedly.
 * @throws Error when Wise refuses the funding (e.g. insufficient balance): the job retries
 */
export async function fundPayout(deps: Deps, payoutId: number): Promise<void> {
  const funded = await withTransaction(deps.database, async (tx) => {
    const p = await lockPayout(tx, payoutId);
    if (p.statusId !== PAYOUT_STATUS.PROCESSING || p.fundedAt || !p.wiseTransferId) return false;
    const transfer = await deps.providers.wise.getTransfer(p.wiseTransferId);
    if (transfer.status === 'incoming_payment_waiting') {
      const result = await deps.providers.wise.fundTransfer(p.wiseTransferId);
      if (result.status !== 'COMPLETED')
        throw new Error(`Wise refused funding: ${result.errorCode ?? 'unknown'}`);
      await recordFunded(tx, p, result.balanceTransactionId);
      return true;
    }
    if (FUNDED_STATES.has(transfer.status)) {
      await recordFunded(tx, p, null);
      return true;
    }
    if (FAILED_STATES.has(transfer.status)) await fail(deps, tx, p, transfer.status);
    return false;
  });
  if (funded && isSandboxWise(deps.providers.wise)) {
    const [p] = await deps.database.db.select().from(payouts).where(eq(payouts.id, payoutId));
    await deps.jobs.send(
      ADVANCE_QUEUE,
      { transferId: p!.wiseTransferId },
      { startAfter: SANDBOX_STEP_SECONDS },
    );
  }
}

/**
 * Apply a Wise state change to its payout, in `occurred_at` order: an event older than the last one
 * applied is ignored; funded states post the coins (once), outgoing_payment_sent marks it paid,
 * bounced/cancelled/refunded fail it and return the coins (once). Declined and failed are final.
 * @returns what happened, for the webhook record
 */
export async function applyStateChange(
  deps: Deps,
  event: WiseStateChange,
): Promise<'applied' | 'stale' | 'unknown'> {
  const result = await withTransaction(deps.database, async (tx) => {
    const [p] = await tx.db
      .select()
      .from(payouts)
      .where(eq(payouts.wiseTransferId, event.transferId))
      .for('update');
    if (!p) return 'unknown' as const;
    if (p.wiseStateAt) {
      const last = p.wiseStateAt.getTime();
      const at = event.occurredAt.getTime();
      if (at < last || (at === last && rank(event.currentState) <= rank(p.wiseStatus)))
        return 'stale' as const;
    }
    await tx.db
      .update(payouts)
      .set({ wiseStatus: event.currentState, wiseStateAt: event.occurredAt, updatedAt: sql`now()` })
      .where(eq(payouts.id, p.id));
    if (p.statusId === PAYOUT_STATUS.DECLINED || p.statusId === PAYOUT_STATUS.FAILED)
      return 'applied' as const;
    if (FUNDED_STATES.has(event.currentState)) {
      await recordFunded(tx, p, null);
      if (event.currentState === 'outgoing_payment_sent' && p.statusId !== PAYOUT_STATUS.PAID) {
        await tx.db
          .update(payouts)
          .set({ statusId: PAYOUT_STATUS.PAID, paidAt: event.occurredAt })
          .where(eq(payouts.id, p.id));
        await tellUser(deps, tx, p, 'paid');
        await deps.jobs.send(RECEIPT_QUEUE, { payoutId: p.id }, {}, tx);
      } else if (p.statusId === PAYOUT_STATUS.PENDING) {
        await tx.db.update(payouts).set({ statusId: PAYOUT_STATUS.PROCESSING }).where(eq(payouts.id, p.id));
      }
    } else if (FAILED_STATES.has(event.currentState)) {
      await fail(deps, tx, p, event.currentState);
    }
    return 'applied' as const;
  });
  return result;
}

/**
 * Verify, record and apply a webhook delivery (`POST /api/payments/wise/webhook`, and the sandbox's
 * deliveries). A replayed event (same transfer, state and `occurred_at`) is answered without effect.
 * @throws WiseSignatureError on a bad signature
 */
export async function processWiseDelivery(
  deps: Deps,
  rawBody: string,
  headers: WebhookHeaders,
): Promise<void> {
  const event = deps.providers.wise.verifyWebhook(rawBody, headers);
  if (!event) return;
  await deps.database.db
    .insert(webhookEvents)
    .values({
      provider: 'wise',
      eventId: event.deliveryId,
      type: 'transfers#state-change',
      payload: JSON.parse(rawBody),
    })
    .onConflictDoNothing();
  const [row] = await deps.database.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, 'wise'), eq(webhookEvents.eventId, event.deliveryId)));
  if (!row || row.processedAt) return;
  try {
    const outcome = await applyStateChange(deps, event);
    // An event for a transfer not recorded yet stays unprocessed, so a later delivery applies it.
    await deps.database.db
      .update(webhookEvents)
      .set(
        outcome === 'unknown'
          ? { error: 'unknown transfer' }
          : { processedAt: sql`now()`, error: outcome === 'applied' ? null : outcome },
      )
      .where(eq(webhookEvents.id, row.id));
  } catch (err) {
    await deps.database.db
      .update(webhookEvents)
      .set({ error: String(err instanceof Error ? err.message : err).slice(0, 500) })
      .where(eq(webhookEvents.id, row.id));
    throw err;
  }
}

/** Sandbox only: move a transfer one step and deliver the state change; schedules the next step. */
export async function sandboxAdvance(deps: Deps, transferId: string): Promise<boolean> {
  const wise = deps.providers.wise;
  if (!isSandboxWise(wise)) return false;
  const delivery = await wise.advance(transferId);
  if (!delivery) return false;
  await processWiseDelivery(deps, delivery.rawBody, delivery.headers);
  const state = (JSON.parse(delivery.rawBody) as { data: { current_state: string } }).data.current_state;
  if (state !== 'outgoing_payment_sent')
    await deps.jobs.send(ADVANCE_QUEUE, { transferId }, { startAfter: SANDBOX_STEP_SECONDS });
  return true;
}

/**
 * Reconciliation (every minute, so also right after a restart): payouts whose Wise transfer was
 * never created get it created (same idempotency key), approved payouts not yet funded get funded
 * (after reading the transfer's state at Wise, so never twice), and funded payouts with no news for
 * STALE_MINUTES are brought up to date (a missed webhook, a lost sandbox step).
 */
export async function reconcilePayouts(
  deps: Deps,
): Promise<{ created: number; funded: number; synced: number }> {
  const before = new Date(deps.clock.now().getTime() - CREATE_GRACE_MS);
  const uncreated = await deps.database.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.statusId, PAYOUT_STATUS.PENDING),
        isNull(payouts.wiseTransferId),
        lt(payouts.createdAt, before),
      ),
    )
    .limit(100);
  const unfunded = await deps.database.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.statusId, PAYOUT_STATUS.PROCESSING), isNull(payouts.fundedAt)))
    .limit(100);
  let created = 0;
  let funded = 0;
  for (const { id } of uncreated) {
    await createWiseTransfer(deps, id).then(
      () => created++,
      () => undefined,
    );
  }
  for (const { id } of unfunded) {
    await fundPayout(deps, id).then(
      () => funded++,
      () => undefined,
    );
  }
  const synced = await syncStalePayouts(deps);
  return { created, funded, synced };
}

/**
 * Funded payouts still processing with no change for STALE_MINUTES (database time): the sandbox gets
 * its next step queued again; with Wise, the transfer is read and a different state is applied as an
 * event occurring now (webhooks that were missed).
 * @returns how many payouts were looked at
 */
async function syncStalePayouts(deps: Deps): Promise<number> {
  const stale = await deps.database.db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.statusId, PAYOUT_STATUS.PROCESSING),
        sql`${payouts.fundedAt} is not null`,
        sql`${payouts.updatedAt} < now() - make_interval(mins => ${STALE_MINUTES})`,
      ),
    )
    .limit(100);
  for (const p of stale) {
    if (!p.wiseTransferId) continue;
    if (isSandboxWise(deps.providers.wise)) {
      await deps.jobs.send(ADVANCE_QUEUE, { transferId: p.wiseTransferId }, {});
      continue;
    }
    const transfer = await deps.providers.wise.getTransfer(p.wiseTransferId).catch(() => null);
    if (transfer && transfer.status !== p.wiseStatus) {
      const occurredAt = new Date();
      await applyStateChange(deps, {
        deliveryId: `poll:${transfer.id}:${transfer.status}:${occurredAt.toISOString()}`,
        transferId: transfer.id,
        currentState: transfer.status,
        previousState: p.wiseStatus,
        occurredAt,
      });
    }
  }
  return stale.length;
}

// ---------------------------------------------------------------------------------------------
// Views, lists, stats
// ---------------------------------------------------------------------------------------------

/**
 * One of the user's own payouts (`curator/payouts/{id}`, `curator/payout/{id}`).
 * @throws NotFoundError when it does not exist or belongs to someone else
 */
export async function ownPayout(deps: Pick<Deps, 'database'>, userId: number, id: number): Promise<Payout> {
  const [p] = await deps.database.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, id), eq(payouts.userId, userId)));
  if (!p) throw new NotFoundError();
  return p;
}

/** A payout as the apps show it (spec section 3 "Payout" plus amounts and dates). */
export function payoutView(p: Payout, storageUrl: (k: string) => string) {
  return {
    id: p.id,
    status_id: p.statusId,
    coins: p.coins,
    amount: p.amountMinor / 100,
    amount_minor: p.amountMinor,
    currency: p.currency,
    target_amount: p.targetMinor / 100,
    target_currency: p.targetCurrency,
    fee: p.feeMinor / 100,
    rate: Number(p.rate),
    email: p.email,
    wise_quote_id: p.wiseQuoteId,
    wise_account_id: p.wiseAccountId,
    wise_transfer_id: p.wiseTransferId,
    wise_balance_transaction_id: p.wiseBalanceTransactionId,
    wise_status: p.wiseStatus,
    payment_id: p.paymentTransferId,
    attachment_link: p.attachmentPath ? storageUrl(p.attachmentPath) : null,
    decline_reason: p.declineReason,
    failure_reason: p.failureReason,
    recipient_id: p.recipientId,
    created_at: p.createdAt.toISOString(),
    reviewed_at: p.reviewedAt?.toISOString() ?? null,
    funded_at: p.fundedAt?.toISOString() ?? null,
    paid_at: p.paidAt?.toISOString() ?? null,
    coins_returned: p.coinsReturnedAt !== null,
  };
}

/** Totals of `curator/sum/payouts`: withdrawable balance, paid and in-flight sums. */
export async function payoutSums(deps: Deps, userId: number) {
  const [w, [agg]] = await Promise.all([
    withdrawable(deps, userId),
    deps.database.db
      .select({
        paid_coins: sql<number>`coalesce(sum(${payouts.coins}) filter (where ${payouts.statusId} = 3), 0)::int`,
        paid_minor: sql<number>`coalesce(sum(${payouts.amountMinor}) filter (where ${payouts.statusId} = 3), 0)::bigint`,
        pending_coins: sql<number>`coalesce(sum(${payouts.coins}) filter (where ${payouts.statusId} in (1, 2)), 0)::int`,
        count: sql<number>`count(*)::int`,
      })
      .from(payouts)
      .where(eq(payouts.userId, userId)),
  ]);
  return {
    ...w,
    total_paid_coins: Number(agg!.paid_coins),
    total_paid: Number(agg!.paid_minor) / 100,
    pending_coins: Number(agg!.pending_coins),
    payouts_count: Number(agg!.count),
  };
}

/**
 * Chart of `curator/payouts/last/month/stats`: for each of the last 30 days (UTC), the coins
 * requested and the GBP amount paid.
 */
export async function lastMonthStats(deps: Deps, userId: number) {
  const today = new Date(deps.clock.now());
  today.setUTCHours(0, 0, 0, 0);
  const from = new Date(today.getTime() - 29 * 86_400_000);
  const rows = await deps.database.db
    .select({
      createdAt: payouts.createdAt,
      paidAt: payouts.paidAt,
      coins: payouts.coins,
      amount: payouts.amountMinor,
      statusId: payouts.statusId,
    })
    .from(payouts)
    .where(
      and(eq(payouts.userId, userId), gte(payouts.createdAt, new Date(from.getTime() - 30 * 86_400_000))),
    );
  const days = Array.from({ length: 30 }, (_, i) => {
    const d = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { date: d, requested_coins: 0, paid_amount: 0 };
  });
  const index = new Map(days.map((d, i) => [d.date, i]));
  for (const r of rows) {
    const c = index.get(r.createdAt.toISOString().slice(0, 10));
    if (c !== undefined) days[c]!.requested_coins += r.coins;
    if (r.paidAt && r.statusId === PAYOUT_STATUS.PAID) {
      const p = index.get(r.paidAt.toISOString().slice(0, 10));
      if (p !== undefined)
        days[p]!.paid_amount = Math.round(days[p]!.paid_amount * 100 + Number(r.amount)) / 100;
    }
  }
  return days;
}

/** Held amount of a payout's hold (for the admin detail). */
export async function holdOf(deps: Pick<Deps, 'database'>, p: Payout) {
  const [h] = await deps.database.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, p.holdId));
  return h ? { id: h.id, status: h.status, amount: h.amount } : null;
}

/** Jobs of the payouts module: funding, reconciliation, sandbox steps, receipts. */
export function payoutJobs(deps: Deps): JobDefinition[] {
  return [
    {
      name: FUND_QUEUE,
      retryLimit: 10,
      handler: async (data) => fundPayout(deps, (data as { payoutId: number }).payoutId),
    },
    {
      name: 'payouts.reconcile',
      cron: '* * * * *',
      retryLimit: 1,
      handler: async () => {
        await reconcilePayouts(deps);
      },
    },
    {
      name: ADVANCE_QUEUE,
      retryLimit: 5,
      handler: async (data) => {
        await sandboxAdvance(deps, (data as { transferId: string }).transferId);
      },
    },
    {
      name: RECEIPT_QUEUE,
      retryLimit: 5,
      handler: async (data) => {
        const { ensureReceipt } = await import('./receipt');
        await ensureReceipt(deps, (data as { payoutId: number }).payoutId);
      },
    },
  ];
}
