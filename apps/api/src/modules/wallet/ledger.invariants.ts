import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { EscrowKind } from './ledger';

/** What the ledger must always hold, read from the database; every figure is 0 when it does. */
export interface LedgerInvariants {
  /**
   * Per escrow kind, the coins by which escrow accounts differ from the pending holds they carry:
   * the sum over the kind's accounts of |balance − pending holds| (each payer's campaign escrow
   * holds exactly the open purchases' holds, each payout escrow the open payouts').
   */
  escrowDifferenceCoins: Record<EscrowKind, number>;
  /** Per escrow kind, how many accounts differ from their pending holds. */
  escrowMismatchedAccounts: Record<EscrowKind, number>;
  /** Sum of every account's balance in coins (double entry: always 0). */
  balanceSumCoins: number;
  /** Accounts that may not go negative (wallets, escrow) with a negative balance. */
  negativeAccounts: number;
}

/**
 * The ledger's invariants that are cheap enough to read on every metrics scrape (two statements over
 * `ledger_accounts` and the pending `ledger_holds`), as the escrow tests and the soak check them:
 * escrow equals pending holds, balances sum to zero, no forbidden negative balance. The entry chains
 * and per-transfer balance are checked by the benchmarks (bench/wallet-data.ts `checkLedger`): they
 * read every entry. Issue 33, metrics `liberty_ledger_*`.
 * @param db drizzle over the pool or a transaction (one snapshot: use a repeatable-read transaction
 *   when the figures must agree with each other)
 */
export async function ledgerInvariants(db: Db): Promise<LedgerInvariants> {
  const escrow = await db.execute<{ kind: EscrowKind; difference: number; mismatched: number }>(sql`
    with held as (
      select escrow_account_id, sum(amount) as held from ledger_holds where status = 'pending' group by 1
    )
    select a.kind, coalesce(sum(abs(a.balance - coalesce(h.held, 0))), 0)::bigint as difference,
           count(*) filter (where a.balance <> coalesce(h.held, 0))::int as mismatched
      from ledger_accounts a
      left join held h on h.escrow_account_id = a.id
     where a.kind in ('campaign_escrow', 'payout_escrow')
     group by a.kind`);
  const [totals] = (
    await db.execute<{ sum: number; negative: number }>(sql`
      select coalesce(sum(balance), 0)::bigint as sum,
             count(*) filter (where allow_negative = 0 and balance < 0)::int as negative
        from ledger_accounts`)
  ).rows;
  const kinds: EscrowKind[] = ['campaign_escrow', 'payout_escrow'];
  const of = (kind: EscrowKind) => escrow.rows.find((r) => r.kind === kind);
  return {
    escrowDifferenceCoins: Object.fromEntries(kinds.map((k) => [k, of(k)?.difference ?? 0])) as Record<
      EscrowKind,
      number
    >,
    escrowMismatchedAccounts: Object.fromEntries(kinds.map((k) => [k, of(k)?.mismatched ?? 0])) as Record<
      EscrowKind,
      number
    >,
    balanceSumCoins: totals!.sum,
    negativeAccounts: totals!.negative,
  };
}
