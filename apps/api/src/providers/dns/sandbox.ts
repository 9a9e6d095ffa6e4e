import { asc, eq, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import type { DnsResolver } from './contract';
import { sandboxDnsRecords } from './sandbox.schema';

/** The sandbox resolver: TXT records from `sandbox_dns_records` (names compared in lower case). */
export function createSandboxDns(database: Database): DnsResolver {
  return {
    name: 'sandbox',
    async resolveTxt(name) {
      const rows = await database.db
        .select({ value: sandboxDnsRecords.value })
        .from(sandboxDnsRecords)
        .where(eq(sandboxDnsRecords.name, name.toLowerCase().replace(/\.$/, '')))
        .orderBy(asc(sandboxDnsRecords.id));
      return rows.map((r) => r.value);
    },
  };
}

/** Replace the TXT records of `name` in the sandbox DNS (dev controls and tests). */
export async function setSandboxTxt(database: Database, name: string, values: string[]): Promise<void> {
  const key = name.toLowerCase().replace(/\.$/, '');
  await withTransaction(database, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`dns:${key}`}, 0))`);
    await tx.db.delete(sandboxDnsRecords).where(eq(sandboxDnsRecords.name, key));
    if (values.length > 0)
      await tx.db.insert(sandboxDnsRecords).values(values.map((value) => ({ name: key, value })));
  });
}
