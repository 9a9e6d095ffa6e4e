import { coinsPriceMinor } from '@lm/contracts';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../platform/errors';
import { WALLET_COLUMNS, WALLET_JOIN, type WalletRow } from '../accounts';
import { SETTING_DEFAULTS, type SettingsMap } from '../settings';

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
 * What `coins` in a wallet of a user of type `userTypeId` are worth: an artist's
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
 * The user's type, wallet balance and the two value settings in one statement (the balance
 * is a hot path). Named, so PostgreSQL plans it once per connection.
 */
const WALLET_VALUE_SQL = `select ${WALLET_COLUMNS} from users u ${WALLET_JOIN} where u.id = $1 and u.deleted_at is null`;

/**
 * A user's wallet value: the balance from the ledger valued by {@link coinValue} at the current
 * settings (their defaults when unset), read in one statement without a transaction, or taken from
 * `preloaded` (the access hook read it with the token, see modules/accounts/preload.ts).
 * @throws NotFoundError when there is no such (non-deleted) user
 */
export async function walletValue(
  database: Database,
  userId: number,
  preloaded?: WalletRow,
): Promise<WalletValue> {
  const row =
    preloaded ??
    (await database.pool.query<WalletRow>({ name: 'wallet-value', text: WALLET_VALUE_SQL, values: [userId] }))
      .rows[0];
  if (!row) throw new NotFoundError();
  return coinValue(row.balance, row.type, {
    coin_price_pence: row.coin_price_pence ?? SETTING_DEFAULTS.coin_price_pence,
    payout_rate_pence: row.payout_rate_pence ?? SETTING_DEFAULTS.payout_rate_pence,
  });
}
