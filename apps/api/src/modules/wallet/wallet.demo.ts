import { eq, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { users } from '../accounts/accounts.schema';
import { credit, DESC } from './ledger';
import { coinPackages } from './payments.schema';

/** Demo coin packages (prices in pence). */
export const DEMO_PACKAGES = [
  {
    name: 'Starter',
    coins: 100,
    bonusCoins: 0,
    priceMinor: 999,
    position: 1,
    minFollowers: 1000,
    durationDays: 7,
  },
  {
    name: 'Growth',
    coins: 500,
    bonusCoins: 25,
    priceMinor: 4499,
    position: 2,
    minFollowers: 5000,
    durationDays: 14,
  },
  {
    name: 'Pro',
    coins: 1000,
    bonusCoins: 100,
    priceMinor: 8499,
    position: 3,
    minFollowers: 20000,
    durationDays: 28,
  },
  {
    name: 'Label',
    coins: 5000,
    bonusCoins: 750,
    priceMinor: 39999,
    position: 4,
    minFollowers: 100000,
    durationDays: 28,
  },
] as const;

/** Demo wallet data: the packages, and 2,000 coins on the demo artist's wallet (once). */
export async function seedWalletDemo(database: Database): Promise<void> {
  const [{ n }] = (await database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(coinPackages)) as [{ n: number }];
  if (n === 0) await database.db.insert(coinPackages).values(DEMO_PACKAGES.map((p) => ({ ...p })));
  const [artist] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'artist@demo.test'));
  if (!artist) return;
  // Booked like a purchase (payment clearing), so the demo ledger balances like real money would.
  await withTransaction(database, (tx) =>
    credit(tx, {
      userId: artist.id,
      coins: 2000,
      descId: DESC.COIN_PURCHASE,
      idempotencyKey: 'demo:artist-opening-balance',
      from: 'payment_clearing',
      meta: { note: 'demo opening balance' },
    }),
  );
}
