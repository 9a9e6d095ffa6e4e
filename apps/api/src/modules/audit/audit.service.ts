import type { AuditAction, AuditTarget } from '@lm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, writeLater } from '../../db/client';
import { countOrEstimate } from '../../platform/list-total';
import { containsPattern } from '../lookups/lookups.service';
import { auditLogs } from './audit.schema';

/** Who did it and from where. */
export interface AuditActor {
  type: 'user' | 'admin' | 'system' | 'guest';
  id?: number | null;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * One audit entry: `action` is a dotted verb (auth.login, auth.login_failed, roles.update ...) and
 * `targetType` a kind of record, both from the contracts' lists so the back-office can name them.
 */
export interface AuditEntry {
  action: AuditAction;
  targetType?: AuditTarget;
  targetId?: string | number;
  meta?: Record<string, unknown>;
}

/**
 * Append an audit entry (inside `tx` when given, so it commits with the change it records: queued
 * with the transaction's other writes, see `writeLater`).
 * Never stores secrets: callers pass ids and field names, not values of passwords or tokens.
 */
export async function audit(
  database: Database,
  actor: AuditActor,
  entry: AuditEntry,
  tx?: Tx,
): Promise<void> {
  const db = tx?.db ?? database.db;
  const insert = db.insert(auditLogs).values({
    actorType: actor.type,
    actorId: actor.id ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: actor.ip ?? null,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
    meta: entry.meta ?? null,
  });
  // In a transaction the entry goes with its other queued writes, before the commit (issue 18).
  if (tx) writeLater(tx, insert);
  else await insert;
}

/** An audit entry as `/logs` lists it, with the actor's name when the actor is a known account. */
export interface AuditLogView {
  id: number;
  actor_type: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  meta: Record<string, unknown> | null;
  created_at: string;
}

/**
 * Filters of `GET /api/admin/audit-logs` (spec section 2 "/logs"): actor kind and id, `actor` text
 * (name or email contains), action (exact, or every action under a dotted prefix ending in `.`),
 * target kind and id, and a day range (`from`/`to` inclusive, `YYYY-MM-DD`, UTC).
 */
export interface AuditLogFilter {
  actorType?: string;
  actorId?: number;
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/** Up to this many admins and as many users matching the actor text are resolved to ids up front. */
export const ACTOR_IDS_LIMIT = 500;

/**
 * The actor text filter (name or e-mail contains, case-insensitive, of the admin or user who acted).
 * The matching accounts are looked up first (trigram indexes on users' trimmed name and e-mail) and
 * their ids passed as values, so the planner sees how many entries those actors have (column
 * statistics) and reaches them through `(actor_type, actor_id, created_at)` or walks the newest entries,
 * whichever is cheaper. When the text matches more than `max` admins or users, the ids are left to a
 * subquery computed once by PostgreSQL instead of a long list of values.
 */
async function actorCondition(database: Database, text: string, max: number): Promise<SQL> {
  const pattern = containsPattern(text);
  const adminsMatching = sql`select a.id from admins a where a.name ilike ${pattern} or a.email ilike ${pattern}`;
  const usersMatching = sql`select u.id from users u
    where trim(u.first_name || ' ' || u.last_name) ilike ${pattern} or u.email ilike ${pattern}`;
  const found = await database.db.execute<{ kind: string; id: number }>(sql`
    (select 'admin' as kind, m.id from (${adminsMatching} limit ${max + 1}) m)
    union all
    (select 'user' as kind, m.id from (${usersMatching} limit ${max + 1}) m)`);
  const ids = (kind: string) => found.rows.filter((r) => r.kind === kind).map((r) => Number(r.id));
  const adminIds = ids('admin');
  const userIds = ids('user');
  if (adminIds.length > max || userIds.length > max) {
    return sql`(
      (l.actor_type = 'admin' and l.actor_id = any(array(${adminsMatching})))
      or (l.actor_type = 'user' and l.actor_id = any(array(${usersMatching}))))`;
  }
  // Only the kinds that matched: a single condition lets the count read the actor index alone.
  const list = (values: number[]) => `{${values.join(',')}}`;
  const arms = [
    ...(adminIds.length > 0
      ? [sql`(l.actor_type = 'admin' and l.actor_id = any(${list(adminIds)}::int[]))`]
      : []),
    ...(userIds.length > 0
      ? [sql`(l.actor_type = 'user' and l.actor_id = any(${list(userIds)}::int[]))`]
      : []),
  ];
  return arms.length > 0 ? sql`(${sql.join(arms, sql` or `)})` : sql`false`;
}

/**
 * A page of audit entries, newest first, filtered in SQL (`GET /api/admin/audit-logs`).
 * @param page from 1; @param limit rows per page
 * @param actorIdsLimit how many matching admins or users the actor text filter resolves to ids up
 *   front (see `actorCondition`)
 * @returns the page and the total matching: exact up to `COUNT_EXACT_UP_TO`, above it PostgreSQL's
 *   estimate with `estimated: true` (issue 18: a million entries are never counted on each page)
 */
export async function listAuditLogs(
  database: Database,
  filter: AuditLogFilter,
  page: number,
  limit: number,
  actorIdsLimit = ACTOR_IDS_LIMIT,
): Promise<{ rows: AuditLogView[]; total: number; estimated: boolean }> {
  const conditions: SQL[] = [];
  if (filter.actorType) conditions.push(sql`l.actor_type = ${filter.actorType}`);
  if (filter.actorId !== undefined) conditions.push(sql`l.actor_id = ${filter.actorId}`);
  if (filter.action) {
    conditions.push(
      filter.action.endsWith('.')
        ? sql`l.action like ${`${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : sql`l.action = ${filter.action}`,
    );
  }
  if (filter.targetType) conditions.push(sql`l.target_type = ${filter.targetType}`);
  if (filter.targetId) conditions.push(sql`l.target_id = ${filter.targetId}`);
  if (filter.from) conditions.push(sql`l.created_at >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`l.created_at < ${filter.to}::date + 1`);
  if (filter.actor) conditions.push(await actorCondition(database, filter.actor, actorIdsLimit));
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [rows, count] = await Promise.all([
    database.db.execute<{
      id: string;
      actor_type: string;
      actor_id: number | null;
      actor_name: string | null;
      actor_email: string | null;
      action: string;
      target_type: string | null;
      target_id: string | null;
      ip: string | null;
      user_agent: string | null;
      meta: Record<string, unknown> | null;
      created_at: Date;
    }>(
      // The page's ids first, on the indexes alone; only those rows are joined to their actors (a deep
      // page no longer joins and sorts every entry before its OFFSET).
      sql`select l.id, l.actor_type, l.actor_id, l.action, l.target_type, l.target_id, l.ip, l.user_agent,
        l.meta, l.created_at,
        case l.actor_type when 'admin' then a.name when 'user' then u.first_name || ' ' || u.last_name end as actor_name,
        case l.actor_type when 'admin' then a.email when 'user' then u.email end as actor_email
      from (select l.id from ${auditLogs} l ${where}
            order by l.created_at desc, l.id desc
            limit ${limit} offset ${(page - 1) * limit}) p
      join ${auditLogs} l on l.id = p.id
      left join admins a on l.actor_type = 'admin' and a.id = l.actor_id
      left join users u on l.actor_type = 'user' and u.id = l.actor_id
      order by l.created_at desc, l.id desc`,
    ),
    countOrEstimate(database, sql`from ${auditLogs} l ${where}`),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      created_at: new Date(r.created_at).toISOString(),
    })),
    total: count.total,
    estimated: count.estimated,
  };
}

/**
 * Every distinct action recorded so far, sorted (the action filter's options). A loose index scan on
 * `audit_logs_action_idx`: one index probe per distinct action, however long the log grows.
 */
export async function auditActions(database: Database): Promise<string[]> {
  const rows = await database.db.execute<{ action: string }>(sql`with recursive a as (
      select min(action) as action from ${auditLogs}
      union all
      select (select min(action) from ${auditLogs} where action > a.action) from a where a.action is not null)
    select action from a where action is not null`);
  return rows.rows.map((r) => r.action);
}
