import type { ConsentState } from '@lm/contracts/crm';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Addresses the CRM may write to (issue 17 "Consent state per address"): one row per address (lower
 * case), whichever leads carry it, with its consent, where that consent came from, the contact's first
 * name and language (merge tags, the unsubscribe page). The global suppression list
 * (`lead_suppressions`) wins over any consent here: a suppressed address is never sent to.
 */
export const crmAddresses = pgTable(
  'crm_addresses',
  {
    email: varchar('email', { length: 320 }).primaryKey(),
    consent: varchar('consent', { length: 12 }).notNull().default('unconfirmed').$type<ConsentState>(),
    /** `import:<list>`, `staff`, `unsubscribe`, `user` ... */
    consentSource: text('consent_source').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
    firstName: varchar('first_name', { length: 100 }),
    /** en|fr|de|ar|tr, or null (English). */
    language: varchar('language', { length: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_addresses_consent_known', sql`${t.consent} in ('unconfirmed', 'confirmed', 'unsubscribed')`),
    check('crm_addresses_lower_case', sql`${t.email} = lower(${t.email})`),
    index('crm_addresses_consent_idx').on(t.consent),
  ],
);
