import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoiceSeries } from './payments.schema';

/** The platform is the one issuer of the coin purchase invoices. */
export const PLATFORM_ISSUER = 'platform';

/**
 * Next invoice number of an issuer's series for a UTC year, e.g. `INV-2026-000042` (one
 * gapless sequence per issuer, as invoicing law expects). Must run in the transaction that inserts
 * the invoice: the series row stays locked until it commits (concurrent purchases wait in turn), and
 * a rollback returns the number, so numbers run 1, 2, 3 ... without gaps.
 * @returns the formatted number and its place in the series (1-based)
 */
export async function nextInvoiceNumber(
  tx: Tx,
  year: number,
  issuer: string = PLATFORM_ISSUER,
): Promise<{ number: string; sequence: number }> {
  const [row] = await tx.db
    .insert(invoiceSeries)
    .values({ issuer, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceSeries.issuer, invoiceSeries.year],
      set: { lastNumber: sql`${invoiceSeries.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceSeries.lastNumber });
  const sequence = row!.lastNumber;
  return { number: `INV-${year}-${String(sequence).padStart(6, '0')}`, sequence };
}
