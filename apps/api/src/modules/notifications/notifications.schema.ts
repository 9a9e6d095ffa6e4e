import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * In-app notifications for users and admins (bell, /notifications, dashboard feed). A notification is
 * stored as a message key of the shared catalog (`message_key`, e.g. `express.notify.approved`) with
 * its parameters (`params`), and written in the reader's language each time it is read.
 * `title` and `body` hold the text of notifications stored before that change (written once, in the
 * recipient's language of the day); new rows leave them empty.
 */
export const notifications = pg.pgTable(
  'notifications',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    userId: pg.integer('user_id'),
    adminId: pg.integer('admin_id'),
    type: pg.varchar('type', { length: 60 }).notNull(),
    messageKey: pg.varchar('message_key', { length: 120 }),
    params: pg.jsonb('params').$type<Record<string, unknown>>(),
    title: pg.varchar('title', { length: 200 }),
    body: pg.text('body'),
    link: pg.varchar('link', { length: 300 }),
    data: pg.jsonb('data'),
    readAt: pg.timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('notifications_user_idx').on(t.userId, t.createdAt),
    pg.index('notifications_admin_idx').on(t.adminId, t.createdAt),
    pg.check(
      'notifications_text_check',
      sql`${t.messageKey} is not null or (${t.title} is not null and ${t.body} is not null)`,
    ),
  ],
);
