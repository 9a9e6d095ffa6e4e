import { and, eq, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { users } from '../../db/schema';
import { credit, DESC } from './ledger';
import { coinPackages } from './payments.schema';

/**
 * Demo coin packages (prices in pence), against the default coin price of £1.00:
 * each is cheaper per coin than a custom amount, bigger ones more so (Starter saves 5 %, Growth 9 %,
 * Pro 18 %, Label 26 %, bonus coins included). Earlier demo databases sold coins at about 9p.
 */
export const DEMO_PACKAGES = [
  {
    name: 'Starter',
    coins: 100,
    bonusCoins: 0,
    priceMinor: 9500,
    position: 1,
    minFollowers: 1000,
    durationDays: 7,
  },
  {
    name: 'Growth',
    coins: 500,
    bonusCoins: 25,
    priceMinor: 47500,
    position: 2,
    minFollowers: 5000,
    durationDays: 14,
  },
  {
    name: 'Pro',
    coins: 1000,
    bonusCoins: 100,
    priceMinor: 90000,
    position: 3,
    minFollowers: 20000,
    durationDays: 28,
  },
  {
    name: 'Label',
    coins: 5000,
    bonusCoins: 750,
    priceMinor: 425000,
    position: 4,
    minFollowers: 100000,
    durationDays: 28,
  },
] as const;

/** Earlier prices of the demo packages (pence), which a demo database may still hold. */
const OLD_DEMO_PRICES: Record<string, number> = { Starter: 999, Growth: 4499, Pro: 8499, Label: 39999 };

/**
 * Demo wallet data: the packages, and 2,000 coins on the demo artist's wallet (once). A demo package
 * still at its earlier price (untouched by staff) gets its new price.
 */
export async function seedWalletDemo(database: Database): Promise<void> {
  const [{ n }] = (await database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(coinPackages)) as [{ n: number }];
  if (n === 0) await database.db.insert(coinPackages).values(DEMO_PACKAGES.map((p) => ({ ...p })));
  for (const p of DEMO_PACKAGES) {
    await database.db
      .update(coinPackages)
      .set({ priceMinor: p.priceMinor, updatedAt: sql`now()` })
      .where(
        and(
          eq(coinPackages.name, p.name),
          eq(coinPackages.coins, p.coins),
          eq(coinPackages.bonusCoins, p.bonusCoins),
          eq(coinPackages.priceMinor, OLD_DEMO_PRICES[p.name]!),
        ),
      );
  }
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
