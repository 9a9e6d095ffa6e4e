/**
 * Query plans of the admin lists benchmark. The statements are not copies: the product's own service
 * functions (`listAuditLogs`, `listUsers`, `buildReport`) are called once per endpoint shape on a
 * pool whose connections record every statement with its parameters, exactly as they are sent
 * (transaction control left out); each one is then run under EXPLAIN (ANALYZE, BUFFERS) (wallet-plans.ts `explain`), and checked
 * against the texts PostgreSQL showed in pg_stat_activity while the product served the load.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/api/src/db/schema';
import { listAuditLogs } from '../apps/api/src/modules/audit/audit.service';
import { buildReport } from '../apps/api/src/modules/reports/reports.service';
import { listUsers } from '../apps/api/src/modules/users/users.service';
import type { Sql } from './wallet-plans';

/** The query of one measured endpoint, as the routes pass it to the services. */
export type EndpointCall =
  | { kind: 'audit'; filter: Parameters<typeof listAuditLogs>[1]; page: number; limit: number }
  | { kind: 'users'; query: Parameters<typeof listUsers>[1] }
  | { kind: 'reports'; from: string; to: string };

/**
 * Call the product's service function of each endpoint once and record the statements it sends.
 * @returns per call, the statements in the order they were sent (e.g. page rows and count)
 */
export async function productStatements(dbUrl: string, calls: EndpointCall[]): Promise<Sql[][]> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 6, application_name: 'liberty-bench-plans' });
  let recorded: Sql[] = [];
  // Recorded on each connection, not through drizzle's logger: the unfiltered audit page reads in one
  // transaction on a checked-out client (withTransaction), which drizzle's logger does not see.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
      // pg takes the values as the second argument, or in the query object (`{ text, values }`).
      const values = Array.isArray(second) ? second : (first as { values?: unknown[] })?.values;
      if (text && !TRANSACTION_CONTROL.test(text))
        recorded.push({ text, values: Array.isArray(values) ? [...values] : [] });
      return query(...args);
    };
  });
  const db = drizzle(pool, { schema });
  const database = { pool, db };
  const out: Sql[][] = [];
  try {
    for (const call of calls) {
      recorded = [];
      if (call.kind === 'audit') await listAuditLogs(database, call.filter, call.page, call.limit);
      else if (call.kind === 'users') await listUsers(database, call.query, (k) => k);
      else await buildReport(database, call.from, call.to);
      out.push(recorded);
    }
  } finally {
    await pool.end();
  }
  return out;
}

/** Statements that only open, shape or end a transaction: nothing to explain. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|set transaction)\b/i;

/** Whether `sql` (whitespace-normalised) is among the captured texts (long ones match their prefix). */
export function seenIn(sql: Sql, captured: string[]): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const text = norm(sql.text);
  return captured.some((q) => {
    const c = norm(q);
    return c === text || (q.length >= 1000 && text.startsWith(c.slice(0, 900)));
  });
}
