import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * Transfers of the sandbox Wise provider (the stand-in for Wise's transfers): created once per
 * `customer_transaction_id`, funded once, then moved by the sandbox jobs through
 * incoming_payment_waiting -> processing -> funds_converted -> outgoing_payment_sent, or bounced
 * through the dev route.
 */
export const sandboxWiseTransfers = pg.pgTable(
  'sandbox_wise_transfers',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    customerTransactionId: pg.varchar('customer_transaction_id', { length: 64 }).notNull(),
    quoteId: pg.varchar('quote_id', { length: 64 }).notNull(),
    recipientId: pg.varchar('recipient_id', { length: 64 }).notNull(),
    reference: pg.varchar('reference', { length: 100 }).notNull(),
    status: pg.varchar('status', { length: 40 }).notNull().default('incoming_payment_waiting'),
    balanceTransactionId: pg.varchar('balance_transaction_id', { length: 64 }),
    createdAt: createdAt(),
    fundedAt: pg.timestamp('funded_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.uniqueIndex('sandbox_wise_transfers_ctid_unique').on(t.customerTransactionId),
    pg.check(
      'sandbox_wise_transfers_status_check',
      sql`${t.status} in ('incoming_payment_waiting', 'processing', 'funds_converted', 'outgoing_payment_sent', 'bounced_back', 'cancelled')`,
    ),
  ],
);
