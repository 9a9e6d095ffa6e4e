import { eq } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { users } from '../accounts/accounts.schema';
import { getSettings } from '../settings/settings.service';
import { DESC, hold, InsufficientBalanceError, postHold } from '../wallet/ledger';

/** Coins the demo artist paid for the demo curator's completed placement (the curator earns them less the fee). */
export const DEMO_EARNING_CAMPAIGN_COINS = 500;

/**
 * Demo earnings for the demo curator (once): booked like a completed Spotify placement, a hold on
 * the demo artist's wallet (desc 2) posted to the curator less the platform fee, so the curator has
 * coins to withdraw through the sandbox Wise. Idempotent through fixed ledger keys.
 */
export async function seedPayoutsDemo(database: Database): Promise<void> {
  const [artist] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'artist@demo.test'));
  const [curator] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'curator@demo.test'));
  if (!artist || !curator) return;
  const { platform_fee_percent: feePercent } = await getSettings(database);
  await withTransaction(database, async (tx) => {
    let held: Awaited<ReturnType<typeof hold>>;
    try {
      held = await hold(tx, {
        userId: artist.id,
        coins: DEMO_EARNING_CAMPAIGN_COINS,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: 'demo:curator-earnings:hold',
        ref: { type: 'demo_campaign', id: 'curator-earnings' },
        meta: { note: 'demo completed placement' },
      });
    } catch (err) {
      // The demo artist already spent the coins: no demo earnings then.
      if (err instanceof InsufficientBalanceError) return;
      throw err;
    }
    await postHold(
      tx,
      held.id,
      DEMO_EARNING_CAMPAIGN_COINS,
      { userId: curator.id },
      {
        descId: DESC.CAMPAIGN_PURCHASE,
        feePercent,
        meta: { note: 'demo completed placement' },
      },
    );
  });
}
