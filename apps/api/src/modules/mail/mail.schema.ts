import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Outbox of every mail the product sends; the default driver stops here (dev mailbox). */
export const mailOutbox = pg.pgTable(
  'mail_outbox',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: pg.varchar('to_address', { length: 190 }).notNull(),
    fromAddress: pg.varchar('from_address', { length: 190 }).notNull(),
    /** Where an answer goes (a ticket's signed reply address); null: the sender. */
    replyTo: pg.varchar('reply_to', { length: 190 }),
    subject: pg.varchar('subject', { length: 300 }).notNull(),
    text: pg.text('text').notNull(),
    html: pg.text('html'),
    /** Extra headers of a raw mail (CRM campaigns: List-Unsubscribe, List-Unsubscribe-Post, ...). */
    headers: pg.jsonb('headers').$type<Record<string, string>>(),
    driver: pg.varchar('driver', { length: 10 }).notNull(),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }),
    error: pg.text('error'),
    createdAt: createdAt(),
  },
  (t) => [pg.index('mail_outbox_to_idx').on(t.toAddress, t.createdAt)],
);
