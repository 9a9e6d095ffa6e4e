import type { AuditAction, AuditTarget, ExportList } from '@lm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Database, type Tx, withTransaction, writeLaterInsert } from '../../db/client';
import { containsPattern } from '../../db/search';
import { adminActor } from '../../platform/access';
import { type CsvExport, claimExportSlot, sendCsvExport } from '../../platform/csv-export';
import { countOrEstimate } from '../../platform/list-total';
import {
  auditLogHours,
  auditLogHoursState,
  auditLogLateHours,
  auditLogs,
  auditLogXidClock,
} from './audit.schema';

/** Who did it and from where. */
export interface AuditActor {
  type: 'user' | 'admin' | 'system' | 'guest';
  id?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  /** The API key the actor used (issue 34), kept in the entry's `meta` as `api_key_id`. */
  apiKeyId?: number;
  /**
   * A team member acting for an artist of their organisation (issue 35): the artist acted for and the
   * organisation, written to `on_behalf_of_user_id` and `organisation_id` (the actor stays the member).
   */
  actingFor?: { artistUserId: number; organisationId: number };
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
  /** The organisation the entry concerns (issue 35), when the actor is not acting for an artist. */
  organisationId?: number;
  /** The artist the entry concerns (issue 35), when the actor is not acting for one. */
  onBehalfOfUserId?: number;
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
  const row = {
    actorType: actor.type,
    actorId: actor.id ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: actor.ip ?? null,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
    meta: actor.apiKeyId ? { ...entry.meta, api_key_id: actor.apiKeyId } : (entry.meta ?? null),
    organisationId: actor.actingFor?.organisationId ?? entry.organisationId ?? null,
    onBehalfOfUserId: actor.actingFor?.artistUserId ?? entry.onBehalfOfUserId ?? null,
  };
  // In a transaction the entry goes with its other queued writes, before the commit.
  if (tx) writeLaterInsert(tx, auditLogs, row);
  else await database.db.insert(auditLogs).values(row);
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
 * @returns the page and the total matching. Unfiltered: the total is always exact (`estimated: false`)
 *   and a deep page skips whole counted hours (`unfilteredPage`, page 10,000
 *   of a million entries). Filtered: exact up to `COUNT_EXACT_UP_TO`, above it PostgreSQL's estimate
 *   with `estimated: true` (a million entries are never counted on each page).
 */
export async function listAuditLogs(
  database: Database,
  filter: AuditLogFilter,
  page: number,
  limit: number,
  actorIdsLimit = ACTOR_IDS_LIMIT,
): Promise<{ rows: AuditLogView[]; total: number; estimated: boolean }> {
  const conditions = await auditConditions(database, filter, actorIdsLimit);
  if (conditions.length === 0) return unfilteredPage(database, page, limit);
  const where = sql`where ${sql.join(conditions, sql` and `)}`;
  const [rows, count] = await Promise.all([
    database.db.execute<AuditLogRow>(pageSql(where, limit, (page - 1) * limit)),
    countOrEstimate(database, sql`from ${auditLogs} l ${where}`),
  ]);
  return { rows: rows.rows.map(toView), total: count.total, estimated: count.estimated };
}

/** The SQL conditions (on `audit_logs l`) of a filter of `/logs`; none when it filters nothing. */
async function auditConditions(
  database: Database,
  filter: AuditLogFilter,
  actorIdsLimit: number,
): Promise<SQL[]> {
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
  return conditions;
}

/** One audit entry as its CSV export row (`auditExportQuery`): the list's entry as the cursor reads it. */
export type AuditExportRow = Omit<AuditLogView, 'id' | 'created_at' | 'meta'> & {
  id: string;
  created_at: Date;
  meta: unknown;
};

/**
 * The query of the audit log's CSV export (`GET /api/admin/audit-logs/export.csv`, issue 36): every
 * entry the filter of `/logs` matches, newest first (`created_at desc, id desc`, the list's order,
 * read along its index so the first rows stream at once), with the actor's name and e-mail.
 */
export async function auditExportQuery(database: Database, filter: AuditLogFilter): Promise<SQL> {
  const conditions = await auditConditions(database, filter, ACTOR_IDS_LIMIT);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select l.id, l.created_at, l.actor_type, l.actor_id,
        case l.actor_type when 'admin' then a.name when 'user' then u.first_name || ' ' || u.last_name end as actor_name,
        case l.actor_type when 'admin' then a.email when 'user' then u.email end as actor_email,
        l.action, l.target_type, l.target_id, l.ip, l.user_agent, l.meta
      from ${auditLogs} l
      left join admins a on l.actor_type = 'admin' and a.id = l.actor_id
      left join users u on l.actor_type = 'user' and u.id = l.actor_id
      ${where}
      order by l.created_at desc, l.id desc`;
}

type AuditLogRow = Omit<AuditLogView, 'id' | 'created_at'> & { id: string; created_at: Date };
const toView = (r: AuditLogRow): AuditLogView => ({
  ...r,
  id: Number(r.id),
  created_at: new Date(r.created_at).toISOString(),
});

/**
 * One page of entries newest first (`created_at desc, id desc`) among those matching `where`, with
 * their actors' names. The page's ids first, on the indexes alone; only those rows are joined to their
 * actors (a deep page does not join and sort every entry before its OFFSET).
 */
function pageSql(where: SQL, limit: number, offset: number): SQL {
  return sql`select l.id, l.actor_type, l.actor_id, l.action, l.target_type, l.target_id, l.ip, l.user_agent,
        l.meta, l.created_at,
        case l.actor_type when 'admin' then a.name when 'user' then u.first_name || ' ' || u.last_name end as actor_name,
        case l.actor_type when 'admin' then a.email when 'user' then u.email end as actor_email
      from (select l.id from ${auditLogs} l ${where}
            order by l.created_at desc, l.id desc
            limit ${limit} offset ${offset}) p
      join ${auditLogs} l on l.id = p.id
      left join admins a on l.actor_type = 'admin' and a.id = l.actor_id
      left join users u on l.actor_type = 'user' and u.id = l.actor_id
      order by l.created_at desc, l.id desc`;
}

/** Seconds in one counted block of the log: an hour of `created_at` (hours since 1970-01-01 UTC). */
const HOUR = 3600;
/** The hour (since 1970, UTC) of a timestamptz SQL expression; the migration's trigger uses the same. */
const hourOf = (ts: SQL) => sql`floor(extract(epoch from ${ts}) / ${sql.raw(String(HOUR))})::bigint`;
/** The first instant of an hour number (a bigint SQL expression). */
const hourStart = (hour: SQL) => sql`to_timestamp(${hour} * ${sql.raw(String(HOUR))})`;

/**
 * The unfiltered log's page (page 10,000 of a million entries). Entries
 * are counted per hour of `created_at` in `audit_log_hours` (sealed hours, see `refreshAuditHours`),
 * with running counts; one index probe finds the hour holding the page's first entry and the page
 * OFFSETs only inside it, plus the entries of the hours not covered yet (the current one), counted live. All of it
 * reads one snapshot (REPEATABLE READ, read only), so the page is exactly what
 * `order by created_at desc, id desc offset (page - 1) * limit` would give, and the total is exact.
 * Hours marked late (an entry stamped in an hour already counted) are counted live until refreshed.
 * When an hour ended since the last refresh, or a late entry appeared, refreshes after answering.
 */
async function unfilteredPage(
  database: Database,
  page: number,
  limit: number,
): Promise<{ rows: AuditLogView[]; total: number; estimated: boolean }> {
  const offset = (page - 1) * limit;
  const { result, stale } = await withTransaction(
    database,
    async (tx) => {
      // One round trip. No parallel workers: the planner cannot see `covered_to` (read in the same
      // statement) and plans the open hours' count for a third of the log; starting workers cost
      // 20-35 ms under load for the 50-odd entries of the current hour. No bitmap scans: after a
      // refresh the late marks below `covered_to` are deleted, and only a plain index scan marks their
      // index entries dead for the next readers (a bitmap scan read 17,520 of them on each page).
      await tx.client.query(
        'set transaction read only; set local max_parallel_workers_per_gather = 0; set local enable_bitmapscan = off',
      );
      const head = (
        await tx.db.execute<{
          covered_to: number | null;
          open: number;
          covered: number;
          late: [number, number][];
          now_hour: number;
        }>(sql`with st as materialized (
            select covered_to, covered_entries from ${auditLogHoursState} where id = 1),
          late as materialized (
            select m.hour,
              (select count(*) from ${auditLogs} l
                where l.created_at >= ${hourStart(sql`m.hour`)} and l.created_at < ${hourStart(sql`(m.hour + 1)`)}) as entries,
              coalesce((select h.entries from ${auditLogHours} h where h.hour = m.hour), 0) as cached
            from (select distinct m.hour from ${auditLogLateHours} m, st where m.hour < st.covered_to) m)
          select st.covered_to,
            (select count(*) from ${auditLogs} l
              where l.created_at >= (select coalesce(${hourStart(sql`covered_to`)}, '-infinity') from st))::bigint as open,
            (st.covered_entries + coalesce((select sum(entries - cached) from late), 0))::bigint as covered,
            coalesce((select json_agg(json_build_array(hour, entries) order by hour desc) from late), '[]') as late,
            ${hourOf(sql`statement_timestamp()`)} as now_hour
          from st`)
      ).rows[0];
      if (!head) throw new Error('audit_log_hours_state has no row (migration 0042)');
      const coveredTo = head.covered_to === null ? null : Number(head.covered_to);
      const open = Number(head.open);
      const covered = coveredTo === null ? 0 : Number(head.covered);
      const late = head.late.map(([hour, entries]) => [Number(hour), Number(entries)] as const);
      const stale = coveredTo === null || coveredTo < Number(head.now_hour) || late.length > 0;
      const total = open + covered;
      const rowsAt = async (upTo: number | null, skip: number) =>
        (
          await tx.db.execute<AuditLogRow>(
            pageSql(
              upTo === null ? sql`` : sql`where l.created_at < ${hourStart(sql`${upTo}::bigint`)}`,
              limit,
              skip,
            ),
          )
        ).rows;
      if (offset < open) return { stale, result: { rows: await rowsAt(null, offset), total } };
      if (coveredTo === null || offset >= total) return { stale, result: { rows: [], total } };
      // The hour holding entry number `offset - open` of the covered hours, newest first.
      const target = await findHour(tx, coveredTo, covered, offset - open, late);
      return { stale, result: { rows: await rowsAt(target.hour + 1, target.skip), total } };
    },
    'repeatable read',
  );
  if (stale) await refreshAuditHours(database);
  return { rows: result.rows.map(toView), total: result.total, estimated: false };
}

/**
 * The hour before `coveredTo` holding entry number `index` (from 0) of the `covered` entries newest
 * first, and how many of that hour's entries come before it (`skip`): one probe of the running counts'
 * index, whatever the page. When hours are marked late (their running counts and the newer ones are
 * stale until the next refresh), their live counts (`late`) replace the cached ones and the hours are
 * summed in memory (rare: one page view after a late entry).
 */
async function findHour(
  tx: Tx,
  coveredTo: number,
  covered: number,
  index: number,
  late: readonly (readonly [number, number])[],
): Promise<{ hour: number; skip: number }> {
  if (late.length === 0) {
    // Entry `index` from the newest is entry `covered - 1 - index` from the oldest: the first hour whose
    // running count (oldest first) passes that position holds it.
    const position = covered - 1 - index;
    const found = (
      await tx.db.execute<{ hour: number; up_to: number }>(sql`select hour, entries_up_to as up_to
        from ${auditLogHours} where entries_up_to > ${position} order by entries_up_to limit 1`)
    ).rows[0];
    if (!found) throw new Error('audit_log_hours: the covered hours hold fewer entries than counted');
    return { hour: Number(found.hour), skip: Number(found.up_to) - 1 - position };
  }
  // Rare (a late entry since the last refresh): merge the cached counts with the live ones.
  const cached = (
    await tx.db.execute<{ hour: number; entries: number }>(
      sql`select hour, entries from ${auditLogHours} where hour < ${coveredTo} order by hour desc`,
    )
  ).rows.map((r) => [Number(r.hour), Number(r.entries)] as const);
  const lateHours = new Set(late.map(([hour]) => hour));
  const hours = [...cached.filter(([hour]) => !lateHours.has(hour)), ...late].sort((a, b) => b[0] - a[0]);
  let passed = 0;
  for (const [hour, entries] of hours) {
    if (index < passed + entries) return { hour, skip: index - passed };
    passed += entries;
  }
  throw new Error('audit_log_hours: the covered hours hold fewer entries than counted');
}

/**
 * Bring the hour counts of the audit log up to date (docs/decisions.md "Audit log deep pages
 * (session 8)"): count the hours sealed since the last refresh, recount the hours marked late, rewrite
 * the running counts from the oldest recounted hour on (only the new hours when none is late), drop
 * those marks and move `covered_to`, all in one statement (one snapshot). An hour is sealed when no
 * running transaction can still add an entry stamped in it without marking it late: the trigger marks
 * every entry stamped before the hour it is inserted in, so only a transaction that got its id before
 * the hour ended could; the newest `audit_log_xid_clock` reading whose `next_xid` is below the oldest
 * running transaction id (the snapshot's xmin) gives an instant before which every such transaction
 * has ended. Each refresh also records a reading (at most one every 5 seconds) for the next ones:
 * its own transaction id (every smaller id was handed out before it; a snapshot's xmax is not that,
 * it stops at the newest finished transaction) and its statement's start less a second.
 * One refresh at a time (transaction-level advisory lock, tried, not waited for).
 * @returns false when another refresh was running (nothing done), true otherwise
 */
export async function refreshAuditHours(database: Database): Promise<boolean> {
  return withTransaction(database, async (tx) => {
    const locked = await tx.db.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext('audit_log_hours')) as locked`,
    );
    if (!locked.rows[0]?.locked) return false;
    // A new statement: its snapshot is taken after the lock, so it sees every earlier refresh.
    await tx.db.execute(sql`with snap as materialized (
        select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin),
      st as materialized (select covered_to as w from ${auditLogHoursState} where id = 1),
      sealed as materialized (
        select max(c.at) as at from ${auditLogXidClock} c, snap where c.next_xid <= snap.xmin),
      nw as materialized (
        select st.w, greatest(st.w, ${hourOf(sql`sealed.at`)}) as w2 from st, sealed),
      late as materialized (
        select distinct m.hour from ${auditLogLateHours} m, nw where m.hour < nw.w2),
      counted as materialized (
        select ${hourOf(sql`l.created_at`)} as hour, count(*) as entries
        from ${auditLogs} l
        where l.created_at < (select ${hourStart(sql`w2`)} from nw)
          and l.created_at >= (select coalesce(${hourStart(sql`w`)}, '-infinity') from nw)
        group by 1
        union all
        select late.hour,
          (select count(*) from ${auditLogs} l
            where l.created_at >= ${hourStart(sql`late.hour`)} and l.created_at < ${hourStart(sql`(late.hour + 1)`)})
        from late, nw where late.hour < nw.w),
      -- Running counts change from the oldest recounted hour on (new hours only, without late ones).
      f as materialized (
        select coalesce((select min(late.hour) from late where late.hour < nw.w), nw.w) as f from nw),
      merged as materialized (
        select hour, entries from counted
        union all
        select h.hour, h.entries from ${auditLogHours} h, nw, f
        where h.hour >= f.f and h.hour < nw.w and h.hour not in (select hour from late)),
      base as materialized (
        select coalesce((select h.entries_up_to from ${auditLogHours} h, f
          where h.hour < f.f order by h.hour desc limit 1), 0) as n),
      ranked as materialized (
        select r.hour, r.entries,
          base.n + sum(r.entries) over (order by r.hour rows between unbounded preceding and current row) as up_to
        from merged r, base),
      saved as (
        insert into ${auditLogHours} (hour, entries, entries_up_to) select hour, entries, up_to from ranked
        on conflict (hour) do update set entries = excluded.entries, entries_up_to = excluded.entries_up_to),
      cleared as (delete from ${auditLogLateHours} m using nw where m.hour < nw.w2),
      ticked as (
        insert into ${auditLogXidClock} (at, next_xid)
        select statement_timestamp() - interval '1 second', pg_current_xact_id()::text::bigint
        where not exists (
          select 1 from ${auditLogXidClock} c where c.at > statement_timestamp() - interval '6 seconds')
        on conflict (at) do nothing),
      pruned as (delete from ${auditLogXidClock} c using sealed where c.at < sealed.at)
      update ${auditLogHoursState} s
        set covered_to = nw.w2, covered_entries = coalesce((select max(up_to) from ranked), (select n from base))
      from nw
      where s.id = 1 and nw.w2 is not null and (nw.w2 is distinct from nw.w or exists (select 1 from late))`);
    return true;
  });
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

/** One changed field of an audited update: its value before and after (secrets masked). */
export interface AuditChange {
  from: unknown;
  to: unknown;
}

/** What a masked secret reads as in an audit entry: the fact of the change, never the value. */
export const AUDIT_MASK = '••••••';

/** Field names whose values are never written to the log (matched on the snake_case name). */
const SECRET_FIELD = /(^|_)(password|secret|token|key|iban|account_number|pin)(_|$)/;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const comparable = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null);

/**
 * The fields that differ between a record before and after an update, as the
 * audit entry's `meta.changes`: `{ field: { from, to } }` with snake_case field names (the API's words),
 * dates as ISO strings, missing values as null. Only `fields` are compared (default: every key of
 * `after`). A field whose name says it holds a secret (password, token, secret, key, IBAN ...) or is
 * listed in `secret` is recorded with both values masked (`AUDIT_MASK`): the log says it changed, not
 * to what. Arrays compare by content (sort them first when their order does not matter).
 * @returns an empty object when nothing changed
 */
export function auditChanges<T extends Record<string, unknown>>(
  before: Partial<T>,
  after: Partial<T>,
  options: { fields?: readonly (keyof T & string)[]; secret?: readonly string[] } = {},
): Record<string, AuditChange> {
  const fields = options.fields ?? (Object.keys(after) as (keyof T & string)[]);
  const changes: Record<string, AuditChange> = {};
  for (const field of fields) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (comparable(from) === comparable(to)) continue;
    const name = snake(field);
    const secret = SECRET_FIELD.test(name) || options.secret?.includes(field) === true;
    const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
    changes[name] = secret
      ? { from: from === null ? null : AUDIT_MASK, to: to === null ? null : AUDIT_MASK }
      : { from: plain(from), to: plain(to) };
  }
  return changes;
}

/**
 * Answer a back-office list's CSV export (issue 36): claims an export slot (429 `exports.busy` when
 * every one is taken), records `export.<list>` in the audit log with the filter used (before the
 * first byte, so an export cut short is audited too), then streams `spec` (`platform/csv-export.ts`).
 * @param list the list's name in the audit action (`audit_logs`, `users`, `payouts`...)
 * @param filter the filter as the list's query gave it (stored in the entry's meta)
 * @throws TooManyRequestsError when every export slot is taken
 */
export async function auditedCsvExport<R extends Record<string, unknown>>(
  database: Database,
  req: FastifyRequest,
  reply: FastifyReply,
  list: ExportList,
  filter: Record<string, unknown>,
  spec: (database: Database) => Promise<CsvExport<R>>,
): Promise<void> {
  const release = claimExportSlot();
  try {
    const built = await spec(database);
    await audit(database, adminActor(req), {
      action: `export.${list}`,
      meta: { list, filter, file: built.filename },
    });
    await sendCsvExport(database, reply, req.lang, built, release);
  } catch (err) {
    release();
    throw err;
  }
}
