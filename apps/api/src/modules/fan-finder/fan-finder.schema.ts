import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { ledgerTransfers } from '../wallet/wallet.schema';

/**
 * Fan Finder plans (issue 15 "The subscription"; spec "Fan finder subscription" plan{plan_name,plan_days}):
 * what an artist buys with coins. `features` are keys of FAN_FINDER_FEATURES; `status` 1 offered, 0 not.
 */
export const fanFinderPlans = pgTable(
  'fan_finder_plans',
  {
    id: serial('id').primaryKey(),
    planName: varchar('plan_name', { length: 100 }).notNull(),
    planDays: integer('plan_days').notNull(),
    price: integer('price').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fan_finder_plans_name_unique').on(sql`lower(${t.planName})`),
    check('fan_finder_plans_days_check', sql`${t.planDays} between 1 and 366`),
    check('fan_finder_plans_price_check', sql`${t.price} > 0`),
    check('fan_finder_plans_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/** Name of the partial unique index "one open (active or cancelled) subscription per artist" (409). */
export const FAN_FINDER_ONE_OPEN = 'fan_finder_subscriptions_one_open';

/**
 * An artist's subscription. The plan's name, days and price are copied when bought (a later plan edit
 * does not rewrite what was sold). Access lasts until `end_at`; renewals move `end_at` by the plan's
 * days and each charge is one ledger transfer (desc 7) named by `last_transfer_id`.
 */
export const fanFinderSubscriptions = pgTable(
  'fan_finder_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => fanFinderPlans.id),
    planName: varchar('plan_name', { length: 100 }).notNull(),
    planDays: integer('plan_days').notNull(),
    price: integer('price').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    autoRenew: boolean('auto_renew').notNull().default(true),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    renewals: integer('renewals').notNull().default(0),
    lastTransferId: bigint('last_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Why it ended: `ended` (no renewal asked), `insufficient_coins`, `plan_unavailable`. */
    expiredReason: varchar('expired_reason', { length: 30 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex(FAN_FINDER_ONE_OPEN).on(t.userId).where(sql`${t.status} <> 'expired'`),
    index('fan_finder_subscriptions_due_idx').on(t.endAt).where(sql`${t.status} <> 'expired'`),
    index('fan_finder_subscriptions_user_idx').on(t.userId, t.id),
    check('fan_finder_subscriptions_status_check', sql`${t.status} in ('active', 'cancelled', 'expired')`),
    check('fan_finder_subscriptions_period_check', sql`${t.endAt} > ${t.startAt}`),
    check('fan_finder_subscriptions_price_check', sql`${t.price} > 0`),
    check(
      'fan_finder_subscriptions_cancelled_no_renew',
      sql`${t.status} <> 'cancelled' or ${t.autoRenew} = false`,
    ),
  ],
);
