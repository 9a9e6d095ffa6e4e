import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * In-app notifications for users and admins (bell, /notifications, dashboard feed). A notification is
 * stored as a message key of the shared catalog (`message_key`, e.g. `express.notify.approved`) with
 * its parameters (`params`), and written in the reader's language each time it is read.
 * `title` and `body` hold the text of notifications stored before that change (written once, in the
 * recipient's language of the day); new rows leave them empty.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    adminId: integer('admin_id'),
    type: varchar('type', { length: 60 }).notNull(),
    messageKey: varchar('message_key', { length: 120 }),
    params: jsonb('params').$type<Record<string, unknown>>(),
    title: varchar('title', { length: 200 }),
    body: text('body'),
    link: varchar('link', { length: 300 }),
    data: jsonb('data'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_admin_idx').on(t.adminId, t.createdAt),
    check(
      'notifications_text_check',
      sql`${t.messageKey} is not null or (${t.title} is not null and ${t.body} is not null)`,
    ),
  ],
);
