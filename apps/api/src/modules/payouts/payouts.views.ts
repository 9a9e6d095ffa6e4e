import { PAYOUT_STATUS } from '@lm/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import { ledgerHolds } from '../../db/schema';
import { NotFoundError } from '../../platform/errors';
import type { Deps, Payout } from './payouts.context';
import { withdrawable } from './payouts.recipients';
import { payouts } from './payouts.schema';

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
