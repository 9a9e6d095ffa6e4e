import { coinsPriceMinor } from '@lm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../platform/errors';
import { users } from '../accounts/accounts.schema';
import { getSettings, type SettingsMap } from '../settings/settings.service';
import { ledgerAccounts } from './wallet.schema';

/** Which setting values a wallet's coins: what they cost, or what a payout gives for them. */
export type ValueBasis = 'coin_price' | 'payout_rate';

/** A wallet's coins and what they are worth, in GBP pence. */
export interface WalletValue {
  /** Coins in the wallet. */
  balance: number;
  basis: ValueBasis;
  /** Pence per coin of that basis. */
  pence_per_coin: number;
  /** `balance × pence_per_coin`, in pence. */
  total_minor: number;
  currency: 'GBP';
}

/**
 * What `coins` in a wallet of a user of type `userTypeId` are worth (issue 11 item 10): an artist's
 * (type 1) coins at the coin price, what buying them again costs; a curator's or influencer's (types
 * 2 and 3) at the payout rate, what withdrawing them pays. The one rule behind every wallet value the
 * API answers (the user's balance, the payouts pages, the admin user overview and coin balances list).
 */
export function coinValue(
  coins: number,
  userTypeId: number,
  settings: Pick<SettingsMap, 'coin_price_pence' | 'payout_rate_pence'>,
): WalletValue {
  const basis: ValueBasis = userTypeId === 1 ? 'coin_price' : 'payout_rate';
  const pence = basis === 'coin_price' ? settings.coin_price_pence : settings.payout_rate_pence;
  return {
    balance: coins,
    basis,
    pence_per_coin: pence,
    total_minor: coinsPriceMinor(coins, pence),
    currency: 'GBP',
  };
}

/**
 * A user's wallet value: the balance from the ledger valued by {@link coinValue} at the current
 * settings.
 * @throws NotFoundError when there is no such (non-deleted) user
 */
export async function walletValue(database: Database, userId: number): Promise<WalletValue> {
  const [[row], settings] = await Promise.all([
    database.db
      .select({
        type: users.userTypeId,
        balance: sql<number>`coalesce(${ledgerAccounts.balance}, 0)`.mapWith(Number),
      })
      .from(users)
      .leftJoin(
        ledgerAccounts,
        and(eq(ledgerAccounts.kind, 'user_wallet'), eq(ledgerAccounts.userId, users.id)),
      )
      .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`)),
    getSettings(database),
  ]);
  if (!row) throw new NotFoundError();
  return coinValue(row.balance, row.type, settings);
}
