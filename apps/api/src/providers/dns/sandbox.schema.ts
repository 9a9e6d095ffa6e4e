import { bigserial, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** TXT records of the sandbox DNS (sender IDs are verified against it in dev and tests). */
export const sandboxDnsRecords = pgTable(
  'sandbox_dns_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 253 }).notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_dns_records_name_idx').on(t.name)],
);
