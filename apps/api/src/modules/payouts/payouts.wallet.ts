import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payouts } from './payouts.schema';

/**
 * The payouts made from these Wise quotes (payout id, quote id), for the wallet's descriptions of
 * payout movements whose meta names only the quote.
 */
export async function payoutsOfQuotes(database: Database, quoteIds: string[]) {
  return database.db
    .select({ id: payouts.id, quote: payouts.wiseQuoteId })
    .from(payouts)
    .where(inArray(payouts.wiseQuoteId, quoteIds));
}
