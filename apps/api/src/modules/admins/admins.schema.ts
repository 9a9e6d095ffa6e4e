import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Staff accounts of the back-office; a separate session from users (spec section 6). */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 190 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admins_email_unique').on(t.email),
    check('admins_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
