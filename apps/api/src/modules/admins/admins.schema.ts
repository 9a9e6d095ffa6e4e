import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { deletedAt, timestamps } from '../../db/columns';

/**
 * Staff accounts of the back-office; a separate session from users (spec section 6). An invited admin
 * has no password until they set one through the emailed link. `language` is the
 * back-office language of the admin's last sign-in, used for the mails they receive.
 */
export const admins = pg.pgTable(
  'admins',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 150 }).notNull(),
    email: pg.varchar('email', { length: 190 }).notNull(),
    passwordHash: pg.text('password_hash'),
    status: pg.varchar('status', { length: 20 }).notNull().default('active'),
    language: pg.varchar('language', { length: 2 }).notNull().default('en'),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    pg.uniqueIndex('admins_email_unique').on(t.email),
    pg.check('admins_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
