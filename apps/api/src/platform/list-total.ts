import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Lists count exactly up to this many matching rows; above it the total is PostgreSQL's estimate,
 * answered with `total_estimated: true` and shown as "about N" (docs/decisions.md
 * "Fast at scale (session 6)").
 */
export const COUNT_EXACT_UP_TO = 10_000;

/**
 * Lower threshold for lists filtered by a text search (contains, case-insensitive, through a trigram
 * index): such a match is only a candidate until its row is read and rechecked, so counting costs one
 * heap page per match (4,784 matches of `kowal` over 200,000 users: 4,313 pages, 12 ms of PostgreSQL
 * CPU per page view). Above it the total is the planner's estimate, shown as "about N" (
 * docs/decisions.md "Lists (session 7)").
 */
export const TEXT_SEARCH_COUNT_EXACT_UP_TO = 1_000;

/** A list total and whether it is an estimate. */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/** Round an estimate to two significant digits (198,412 → 200,000) so it does not look exact. */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * Total of a list: `count(*)` stopped after `exactUpTo + 1` rows (at most that many index entries are
 * read, however long the list), and above that the planner's row estimate of the same statement
 * (`EXPLAIN`, statistics only, nothing read), rounded to two significant digits and never below
 * `exactUpTo + 1`.
 * @param fromWhere the list's `from ... where ...` (joins allowed), as the page query uses it
 * @returns `{ total, estimated }`; `estimated` false means `total` is exact
 */
export async function countOrEstimate(
  database: Database,
  fromWhere: SQL,
  exactUpTo = COUNT_EXACT_UP_TO,
): Promise<ListTotal> {
  const capped = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 ${fromWhere} limit ${exactUpTo + 1}) c`,
  );
  const n = Number(capped.rows[0]?.n ?? 0);
  if (n <= exactUpTo) return { total: n, estimated: false };
  const plan = await database.db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 ${fromWhere}`,
  );
  const rows = Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  return { total: Math.max(exactUpTo + 1, roundEstimate(rows)), estimated: true };
}
