import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** TXT records of the sandbox DNS (sender IDs are verified against it in dev and tests). */
export const sandboxDnsRecords = pg.pgTable(
  'sandbox_dns_records',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    name: pg.varchar('name', { length: 253 }).notNull(),
    value: pg.text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [pg.index('sandbox_dns_records_name_idx').on(t.name)],
);
