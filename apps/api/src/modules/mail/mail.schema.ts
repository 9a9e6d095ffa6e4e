import { bigserial, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Outbox of every mail the product sends; the default driver stops here (dev mailbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: varchar('to_address', { length: 190 }).notNull(),
    fromAddress: varchar('from_address', { length: 190 }).notNull(),
    /** Where an answer goes (a ticket's signed reply address); null: the sender. */
    replyTo: varchar('reply_to', { length: 190 }),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers of a raw mail (CRM campaigns: List-Unsubscribe, List-Unsubscribe-Post, ...). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    driver: varchar('driver', { length: 10 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.createdAt)],
);
