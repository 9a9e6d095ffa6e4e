import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';

/**
 * Staff notes on a user (issue 36 "Lists"): written from the user overview's Notes tab, read only by
 * staff holding `users.notes.show`, never answered by a user-facing route. Notes are kept as written
 * (no edit, no delete): the audit log records each one with its author.
 */
export const userNotes = pg.pgTable(
  'user_notes',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    adminId: pg
      .integer('admin_id')
      .notNull()
      .references(() => admins.id),
    body: pg.text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('user_notes_user_idx').on(t.userId, t.id),
    pg.check('user_notes_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
