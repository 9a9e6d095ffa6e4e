import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Departments a new site starts with (reference data, inserted only while there is none). */
export const DEFAULT_DEPARTMENTS = ['General', 'Campaigns', 'Payments and payouts'] as const;

/** Insert the default departments when the table is empty; staff rename or delete them afterwards. */
export async function seedTicketReference(database: Database): Promise<void> {
  await database.db.execute(sql`insert into tickets_departments (department_name)
    select name from unnest(${sql.raw(`array[${DEFAULT_DEPARTMENTS.map((d) => `'${d}'`).join(',')}]`)}::text[]) as name
     where not exists (select 1 from tickets_departments)`);
}

/** Demo: the demo admin answers every department (so demo tickets are routed to someone). */
export async function seedTicketDemo(database: Database): Promise<void> {
  await database.db.execute(sql`insert into tickets_department_admins (department_id, admin_id)
    select d.id, a.id from tickets_departments d cross join admins a where a.email = 'admin@demo.test'
    on conflict do nothing`);
}
