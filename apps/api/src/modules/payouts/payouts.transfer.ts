import { type Language, PAYOUT_STATUS } from '@lm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { ledgerTransfers, users, webhookEvents } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../platform/errors';
import {
  FAILED_STATES,
  FUNDED_STATES,
  isSandboxWise,
  type WebhookHeaders,
  WiseApiError,
  type WiseStateChange,
} from '../../providers/wise/index';
import { type AuditActor, audit } from '../audit';
import { type NotificationParam, notify } from '../notifications';
import { getSettings } from '../settings';
import { credit, DESC, postHold, voidHold } from '../wallet';
import { emitWebhook } from '../webhooks';
import { type Deps, type Payout, SANDBOX_STEP_SECONDS } from './payouts.context';
import { providerDown } from './payouts.recipients';
import { payouts } from './payouts.schema';

/** Order of Wise states, to break ties between events with the same `occurred_at`. */
const STATE_RANK: Record<string, number> = {
  incoming_payment_waiting: 0,
  processing: 1,
  funds_converted: 2,
  outgoing_payment_sent: 3,
};
const rank = (state: string | null) => (state === null ? -1 : (STATE_RANK[state] ?? 4));

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

/** The payout status each step of {@link tellUser} moves to, as `payout.status_changed` names it. */
const PAYOUT_WEBHOOK_STATUS = {
  approved: { id: PAYOUT_STATUS.PROCESSING, name: 'processing' },
  declined: { id: PAYOUT_STATUS.DECLINED, name: 'declined' },
  paid: { id: PAYOUT_STATUS.PAID, name: 'paid' },
  failed: { id: PAYOUT_STATUS.FAILED, name: 'failed' },
} as const;

/**
 * Tell the payee about their payout, in the caller's transaction (and their webhooks:
 * `payout.status_changed`): a notification (`payouts.notify.<step>`,
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
  const status = PAYOUT_WEBHOOK_STATUS[step];
  await emitWebhook(deps, tx, p.userId, 'payout.status_changed', {
    payout_id: p.id,
    status_id: status.id,
    status: status.name,
    coins: p.coins,
  });
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

/** Mark payout `p` failed with `reason`, return its held coins once and tell the user. */
export async function fail(deps: Deps, tx: Tx, p: Payout, reason: string): Promise<void> {
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

/** Job queues of the payouts module (see payouts.jobs). */
export const FUND_QUEUE = 'payouts.fund';
export const ADVANCE_QUEUE = 'payouts.sandbox.advance';
export const RECEIPT_QUEUE = 'payouts.receipt';

async function lockPayout(tx: Tx, id: number): Promise<Payout> {
  const [p] = await tx.db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  if (!p) throw new NotFoundError();
  return p;
}

/** What one staff approval did: paid out (`approved`) or recorded as the first of two (`first_approval`). */
export type ApprovalOutcome = 'approved' | 'first_approval';

/**
 * Approve a pending payout request (admin /requests/list): status 2, audited, and the funding job
 * queued in the same transaction; funding is then tried at once.
 * A request of more coins than the `payout_second_approval_coins` setting (0: off) needs two admins:
 * the first approval is recorded (`first_approved_by_admin_id`, audit `payouts.first_approved`) and the
 * request stays pending; another admin's approval then approves it. The row lock orders concurrent
 * approvals, so however many arrive at once the request is approved, and funded, once
 * (docs/decisions.md "Payout decisions: permission, second approver, risk").
 * @returns `approved` when the request moved to processing, `first_approval` when it waits for a second admin
 * @throws ConflictError `payouts.not_pending` unless pending, `payouts.transfer_not_ready` before its Wise
 *   transfer exists, `payouts.second_approver_same` when the first approver approves again
 */
export async function approvePayout(
  deps: Deps,
  payoutId: number,
  actor: AuditActor & { id: number },
): Promise<ApprovalOutcome> {
  const outcome = await withTransaction(deps.database, async (tx): Promise<ApprovalOutcome> => {
    const p = await lockPayout(tx, payoutId);
    if (p.statusId !== PAYOUT_STATUS.PENDING) throw new ConflictError('payouts.not_pending');
    if (!p.wiseTransferId) throw new ConflictError('payouts.transfer_not_ready');
    const { payout_second_approval_coins: threshold } = await getSettings(tx);
    if (threshold > 0 && p.coins > threshold) {
      if (p.firstApprovedByAdminId === actor.id)
        throw new ConflictError('payouts.second_approver_same', { coins: threshold });
      if (p.firstApprovedByAdminId === null) {
        await tx.db
          .update(payouts)
          .set({ firstApprovedByAdminId: actor.id, firstApprovedAt: deps.clock.now(), updatedAt: sql`now()` })
          .where(eq(payouts.id, p.id));
        await audit(
          deps.database,
          actor,
          {
            action: 'payouts.first_approved',
            targetType: 'payout',
            targetId: p.id,
            meta: { coins: p.coins, threshold },
          },
          tx,
        );
        return 'first_approval';
      }
    }
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
      {
        action: 'payouts.approved',
        targetType: 'payout',
        targetId: p.id,
        meta: {
          coins: p.coins,
          ...(p.firstApprovedByAdminId !== null ? { first_approved_by: p.firstApprovedByAdminId } : {}),
        },
      },
      tx,
    );
    await tellUser(deps, tx, p, 'approved');
    await deps.jobs.send(FUND_QUEUE, { payoutId: p.id }, { singletonKey: `payout-fund-${p.id}` }, tx);
    return 'approved';
  });
  if (outcome === 'approved') await fundPayout(deps, payoutId).catch(() => undefined);
  return outcome;
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
