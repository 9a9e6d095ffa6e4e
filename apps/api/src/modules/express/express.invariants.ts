import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Escrow held against express campaigns (issue 33 metrics); every figure is 0 when it is sound. */
export interface ExpressHoldInvariants {
  /** Ended campaigns (Completed, Declined, Failed to submit) whose hold is still pending: coins stuck in escrow. */
  endedWithPendingHold: number;
  /** The coins those pending holds keep in escrow. */
  endedHeldCoins: number;
  /** Open campaigns (Pending approval to Auditing) whose hold is gone (posted or voided): coins released early. */
  openWithoutPendingHold: number;
}

/**
 * Whether each express campaign's escrow matches its status (spec "Express campaign": the price is held
 * from the purchase until completion, decline or expiry): an ended campaign holds nothing, an open one
 * (that was bought with a hold) still holds its price. The first statement starts from the pending
 * holds (few), the second from the open campaigns (status index). Campaigns without a hold (history
 * seeded before holds existed) are not counted. Issue 33, metrics `liberty_express_*`.
 * @param db drizzle over the pool or a transaction (use one repeatable-read snapshot with the ledger's)
 */
export async function expressHoldInvariants(db: Db): Promise<ExpressHoldInvariants> {
  // Status ids are the contract's constants (numbers), written into the statements as literals.
  const ended = sql.raw([S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT].join(', '));
  const open = sql.raw(
    [S.PENDING_APPROVAL, S.WAITING_SUBMISSION, S.VERIFYING, S.ON_GOING, S.AUDITING].join(', '),
  );
  const [stuck] = (
    await db.execute<{ campaigns: number; coins: number }>(sql`
      select count(*)::int as campaigns, coalesce(sum(h.amount), 0)::bigint as coins
        from ledger_holds h
        join express_campaigns c on c.hold_id = h.id
       where h.status = 'pending' and c.status_id in (${ended})`)
  ).rows;
  const [released] = (
    await db.execute<{ campaigns: number }>(sql`
      select count(*)::int as campaigns
        from express_campaigns c
        join ledger_holds h on h.id = c.hold_id
       where c.status_id in (${open}) and h.status <> 'pending'`)
  ).rows;
  return {
    endedWithPendingHold: stuck!.campaigns,
    endedHeldCoins: Number(stuck!.coins),
    openWithoutPendingHold: released!.campaigns,
  };
}
