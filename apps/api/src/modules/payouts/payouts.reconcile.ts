import { PAYOUT_STATUS } from '@lm/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { isSandboxWise } from '../../providers/wise/index';
import type { Deps } from './payouts.context';
import { createWiseTransfer } from './payouts.quotes';
import { payouts } from './payouts.schema';
import { ADVANCE_QUEUE, applyStateChange, fundPayout } from './payouts.transfer';

/** A payout created but not yet sent to Wise is retried by the reconciler after this long. */
const CREATE_GRACE_MS = 30_000;
/** A funded payout with no state change for this long is checked at Wise by the reconciler. */
const STALE_MINUTES = 5;

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
