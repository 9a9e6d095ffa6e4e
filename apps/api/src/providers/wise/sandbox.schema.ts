import { sql } from 'drizzle-orm';
import { bigserial, check, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * Transfers of the sandbox Wise provider (the stand-in for Wise's transfers): created once per
 * `customer_transaction_id`, funded once, then moved by the sandbox jobs through
 * incoming_payment_waiting -> processing -> funds_converted -> outgoing_payment_sent, or bounced
 * through the dev route.
 */
export const sandboxWiseTransfers = pgTable(
  'sandbox_wise_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerTransactionId: varchar('customer_transaction_id', { length: 64 }).notNull(),
    quoteId: varchar('quote_id', { length: 64 }).notNull(),
    recipientId: varchar('recipient_id', { length: 64 }).notNull(),
    reference: varchar('reference', { length: 100 }).notNull(),
    status: varchar('status', { length: 40 }).notNull().default('incoming_payment_waiting'),
    balanceTransactionId: varchar('balance_transaction_id', { length: 64 }),
    createdAt: createdAt(),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_wise_transfers_ctid_unique').on(t.customerTransactionId),
    check(
      'sandbox_wise_transfers_status_check',
      sql`${t.status} in ('incoming_payment_waiting', 'processing', 'funds_converted', 'outgoing_payment_sent', 'bounced_back', 'cancelled')`,
    ),
  ],
);
