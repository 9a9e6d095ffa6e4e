import { LANGUAGES, type Language } from '@lm/contracts';
import {
  type CampaignSegment,
  type ConsentState,
  CRM_LIMITS,
  type CsvImport,
  type CsvImportField,
  type CsvRefusalReason,
  isCountryCode,
  type LeadFilter,
  type LeadListCreate,
  type SegmentOptions,
  type SuppressionReason,
} from '@lm/contracts/crm';
import { LEAD_KINDS, type LeadKind } from '@lm/contracts/scraping';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { leadListMembers, leadLists, leadSuppressions, leads, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { safeCell } from '../../platform/csv';
import { type ExportColumn, isoInstant } from '../../platform/csv-export';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { spotifyProfileUrl } from '../../providers/spotify/links';
import { type AuditActor, audit } from '../audit';
import { suppressionHash } from '../leads';
import { crmAddresses, crmSends } from './crm.schema';

/**
 * Leads and lists of the CRM: the artists list, static lists and saved
 * filters over the scraping tool's leads, CSV import with a refusal report, export, consent per
 * address and the global suppression list (`lead_suppressions`, shared with the erasure of leads).
 * The one rule every send relies on lives here: `sendableAddresses` never answers an address that is
 * suppressed or unsubscribed, whatever else is true of it.
 */
type CrmDeps = Pick<AppDeps, 'database' | 'clock'>;

const emailSchema = z.email();
const SPOTIFY_ID = /^[A-Za-z0-9]{1,100}$/;

/** Lower-case trimmed form under which an address is stored and compared. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const addressJoin = sql`${crmAddresses.email} = lower(${leads.email})`;
const suppressedSql = sql<boolean>`exists (select 1 from ${leadSuppressions} s where s.value_hash = encode(sha256(convert_to('email:' || lower(${leads.email}), 'UTF8')), 'hex'))`;

/** SQL conditions over `leads` (left-joined with `crm_addresses`) for a saved or typed filter. */
export function leadFilterConditions(filter: LeadFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(leads.kind, filter.kind));
  if (filter.q)
    where.push(
      sql`(${leads.name} ilike ${containsPattern(filter.q)} or ${leads.email} ilike ${containsPattern(filter.q)})`,
    );
  if (filter.genre)
    where.push(sql`exists (select 1 from unnest(${leads.genres}) g where lower(g) = lower(${filter.genre}))`);
  if (filter.min_followers !== undefined) where.push(sql`${leads.followers} >= ${filter.min_followers}`);
  if (filter.max_followers !== undefined) where.push(sql`${leads.followers} <= ${filter.max_followers}`);
  if (filter.has_email === true) where.push(sql`${leads.email} is not null`);
  if (filter.has_email === false) where.push(sql`${leads.email} is null`);
  if (filter.consent === 'unconfirmed')
    where.push(
      sql`${leads.email} is not null and coalesce(${crmAddresses.consent}, 'unconfirmed') = 'unconfirmed'`,
    );
  else if (filter.consent) where.push(eq(crmAddresses.consent, filter.consent));
  return where;
}

const leadColumns = {
  id: leads.id,
  kind: leads.kind,
  origin: leads.origin,
  name: leads.name,
  email: leads.email,
  spotify_id: leads.spotifyId,
  spotify_url: leads.spotifyUrl,
  image_url: leads.imageUrl,
  followers: leads.followers,
  genres: leads.genres,
  user_id: leads.userId,
  consent: sql<ConsentState | null>`case when ${leads.email} is null then null else coalesce(${crmAddresses.consent}, 'unconfirmed') end`,
  suppressed: sql<boolean>`case when ${leads.email} is null then false else ${suppressedSql} end`,
  created_at: leads.createdAt,
};

function toRow(r: Record<string, unknown> & { created_at: Date }) {
  return { ...r, created_at: r.created_at.toISOString() };
}

type LeadOrder = { column: 'name' | 'followers' | 'created_at'; dir: 'asc' | 'desc' };

function orderSql(order: LeadOrder): SQL[] {
  const column = { name: leads.name, followers: leads.followers, created_at: leads.createdAt }[order.column];
  return [
    order.dir === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
    asc(leads.id),
  ];
}

/**
 * A page of leads matching `filter` (the artists list passes `kind: 'artist'`), with consent and
 * suppression. Page sizes are the list convention's; `limit` above 100 is capped by the route schema.
 */
export async function listLeads(
  deps: CrmDeps,
  filter: LeadFilter,
  options: { page: number; limit: number; order: LeadOrder; listId?: number },
) {
  const where = leadFilterConditions(filter);
  if (options.listId !== undefined) where.push(...(await listConditions(deps.database, options.listId)));
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select(leadColumns)
      .from(leads)
      .leftJoin(crmAddresses, addressJoin)
      .where(and(...where))
      .orderBy(...orderSql(options.order))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    deps.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(leads)
      .leftJoin(crmAddresses, addressJoin)
      .where(and(...where)),
  ]);
  return { rows: rows.map(toRow), total: count?.total ?? 0 };
}

/** One lead as a row of the CRM artists list's CSV export. */
export interface LeadExportRow extends Record<string, unknown> {
  id: number;
  kind: string;
  origin: string;
  name: string;
  email: string | null;
  consent: ConsentState | null;
  suppressed: boolean;
  spotify_id: string | null;
  spotify_url: string | null;
  followers: number | null;
  genres: string[] | null;
  created_at: Date;
}

/**
 * Columns of the CRM artists list's CSV export, headers from `exports.leads.*`: kind, origin and consent
 * as their stable codes (`artist`, `scraping`, `confirmed`...), suppressed as 1/0, genres joined.
 */
export const LEAD_EXPORT_COLUMNS = [
  { key: 'id', header: 'exports.leads.id' },
  { key: 'kind', header: 'exports.leads.kind' },
  { key: 'origin', header: 'exports.leads.origin' },
  { key: 'name', header: 'exports.leads.name' },
  { key: 'email', header: 'exports.leads.email' },
  { key: 'consent', header: 'exports.leads.consent' },
  { key: 'suppressed', header: 'exports.leads.suppressed' },
  { key: 'spotify_id', header: 'exports.leads.spotify_id' },
  { key: 'spotify_url', header: 'exports.leads.spotify_url' },
  { key: 'followers', header: 'exports.leads.followers' },
  { key: 'genres', header: 'exports.leads.genres', format: (v) => (Array.isArray(v) ? v.join(', ') : null) },
  { key: 'created_at', header: 'exports.leads.created_at', format: isoInstant },
] as const satisfies readonly ExportColumn<LeadExportRow>[];

/**
 * The query of the CRM artists list's CSV export (`GET /api/admin/crm/artists/export.csv`, issue 36):
 * every lead `filter` selects (`leadFilterConditions`, the list's own condition; the route passes
 * `kind: 'artist'`), in the list's order, with consent and suppression as the list shows them.
 */
export function leadExportQuery(filter: LeadFilter, order: LeadOrder): SQL {
  const where = and(...leadFilterConditions(filter));
  const { image_url: _image, user_id: _user, ...columns } = leadColumns;
  const select = sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
  return sql`select ${select} from ${leads} left join ${crmAddresses} on ${addressJoin}
    where ${where ?? sql`true`}
    order by ${sql.join(orderSql(order), sql`, `)}`;
}

/** The conditions selecting a list's leads: its members, or its saved filter. @throws NotFoundError */
async function listConditions(db: Database | Tx, listId: number): Promise<SQL[]> {
  const [list] = await db.db.select().from(leadLists).where(eq(leadLists.id, listId));
  if (!list) throw new NotFoundError('crm.list_not_found');
  if (list.type === 'filter') return leadFilterConditions((list.filter ?? {}) as LeadFilter);
  return [
    sql`exists (select 1 from ${leadListMembers} m where m.list_id = ${listId} and m.lead_id = ${leads.id})`,
  ];
}

/**
 * SQL conditions over `leads` for a campaign's segment (issue 36): every given condition holds; within
 * one, any value matches (genres compared without case). `engaged_days`: a message of any campaign to
 * the lead's address was opened or clicked in the N days before `now` (clicks imply opens, so
 * `opened_at`).
 */
export function segmentConditions(segment: CampaignSegment | null | undefined, now: Date): SQL[] {
  if (!segment) return [];
  const where: SQL[] = [];
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  if (segment.genres?.length)
    where.push(
      sql`exists (select 1 from unnest(${leads.genres}) g where lower(g) in (${list(segment.genres.map((g) => g.toLowerCase()))}))`,
    );
  if (segment.countries?.length) where.push(sql`${leads.country} in (${list(segment.countries)})`);
  if (segment.sources?.length) where.push(sql`${leads.origin} in (${list(segment.sources)})`);
  if (segment.engaged_days !== undefined)
    where.push(
      sql`exists (select 1 from ${crmSends} e where e.email = lower(${leads.email}) and e.opened_at > ${now}::timestamptz - make_interval(days => ${segment.engaged_days}))`,
    );
  return where;
}

/**
 * The addresses a send to list `listId` may reach: each distinct address of the list's leads whose consent is not `unsubscribed` and
 * that is not on the suppression list, with the merge-tag data of one of its leads. Suppression
 * always wins: a confirmed address that is suppressed is not answered. A campaign's `segment`
 * (issue 36) narrows the list further, "engaged" measured back from `now`. Both the count shown to
 * staff and the messages queued come from here, so they cannot differ.
 * @throws NotFoundError when the list does not exist
 */
export async function sendableAddresses(
  db: Database | Tx,
  listId: number,
  segment?: CampaignSegment | null,
  now: Date = new Date(),
): Promise<
  { email: string; leadId: number; name: string; firstName: string | null; language: string | null }[]
> {
  const where = [...(await listConditions(db, listId)), ...segmentConditions(segment, now)];
  const rows = await db.db
    .selectDistinctOn([sql`lower(${leads.email})`], {
      email: sql<string>`lower(${leads.email})`,
      leadId: leads.id,
      name: leads.name,
      firstName: crmAddresses.firstName,
      language: crmAddresses.language,
    })
    .from(leads)
    .leftJoin(crmAddresses, addressJoin)
    .where(
      and(
        ...where,
        sql`${leads.email} is not null`,
        sql`coalesce(${crmAddresses.consent}, 'unconfirmed') <> 'unsubscribed'`,
        sql`not ${suppressedSql}`,
      ),
    )
    .orderBy(sql`lower(${leads.email})`, asc(leads.id));
  return rows;
}

/** Most genres `segmentOptions` answers (the most common first). */
const SEGMENT_OPTION_GENRES = 200;

/**
 * What a campaign's segment can pick in list `listId` (issue 36 "E-mail campaigns", the segment
 * editor): the genres, countries and sources of the list's sendable addresses (the same base as
 * `sendableAddresses`: an address, not unsubscribed, not suppressed), each with how many distinct
 * addresses have it, most first. Genres are grouped without case under their first spelling
 * (at most 200); leads without a country are not counted under any.
 * @throws NotFoundError `crm.list_not_found`
 */
export async function segmentOptions(db: Database | Tx, listId: number): Promise<SegmentOptions> {
  const where = and(
    ...(await listConditions(db, listId)),
    sql`${leads.email} is not null`,
    sql`coalesce(${crmAddresses.consent}, 'unconfirmed') <> 'unsubscribed'`,
    sql`not ${suppressedSql}`,
  );
  const rows = await db.db.execute<{ kind: 'genre' | 'country' | 'source'; value: string; n: number }>(sql`
    with b as (
      select lower(${leads.email}) as email, ${leads.genres} as genres, ${leads.country} as country,
        ${leads.origin} as origin
      from ${leads} left join ${crmAddresses} on ${addressJoin}
      where ${where}
    ),
    g as (
      select min(x) as value, count(distinct b.email)::int as n
      from b cross join lateral unnest(b.genres) x
      group by lower(x)
      order by n desc, value
      limit ${SEGMENT_OPTION_GENRES}
    )
    select 'genre' as kind, value, n from g
    union all
    select 'country', country, count(distinct email)::int from b where country is not null group by country
    union all
    select 'source', origin, count(distinct email)::int from b group by origin
  `);
  const byKind = (kind: 'genre' | 'country' | 'source') =>
    rows.rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ value: r.value, recipients: Number(r.n) }))
      .sort((a, b) => b.recipients - a.recipients || a.value.localeCompare(b.value));
  return {
    genres: byKind('genre'),
    countries: byKind('country'),
    sources: byKind('source') as SegmentOptions['sources'],
  };
}

/** Whether `email` is on the global suppression list. */
export async function isSuppressed(db: Database | Tx, email: string): Promise<boolean> {
  const rows = await db.db
    .select({ id: leadSuppressions.id })
    .from(leadSuppressions)
    .where(eq(leadSuppressions.valueHash, suppressionHash('email', email)));
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Lists

/** Leads lists with their type and how many leads each holds now (a saved filter is counted live). */
export async function listLeadListsCrm(deps: CrmDeps, q: string | undefined, page: number, limit: number) {
  const where = q ? sql`${leadLists.name} ilike ${containsPattern(q)}` : undefined;
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select()
      .from(leadLists)
      .where(where)
      .orderBy(asc(sql`lower(${leadLists.name})`))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db.select({ total: sql<number>`count(*)::int` }).from(leadLists).where(where),
  ]);
  const out = [];
  for (const list of rows) {
    const conditions = await listConditions(deps.database, list.id);
    const [stats] = await deps.database.db
      .select({
        leads: sql<number>`count(*)::int`,
        with_email: sql<number>`count(distinct lower(${leads.email}))::int`,
      })
      .from(leads)
      .leftJoin(crmAddresses, addressJoin)
      .where(and(...conditions));
    out.push({
      id: list.id,
      name: list.name,
      type: list.type,
      filter: (list.filter ?? null) as LeadFilter | null,
      leads: stats?.leads ?? 0,
      addresses: stats?.with_email ?? 0,
      created_at: list.createdAt.toISOString(),
    });
  }
  return { rows: out, total: count?.total ?? 0 };
}

/**
 * Create a static list or a saved filter.
 * @throws ValidationError `crm.list_name_taken` under `name` when a list has that name (any case)
 */
export async function createLeadList(deps: CrmDeps, input: LeadListCreate, actor: AuditActor) {
  return withTransaction(deps.database, async (tx) => {
    const inserted = await tx.db
      .insert(leadLists)
      .values({
        name: input.name,
        type: input.type,
        filter: input.type === 'filter' ? input.filter : null,
        createdBy: actor.type === 'admin' ? (actor.id ?? null) : null,
      })
      .onConflictDoNothing()
      .returning();
    const list = inserted[0];
    if (!list) throw new ValidationError({ name: ['crm.list_name_taken'] });
    await audit(
      deps.database,
      actor,
      { action: 'crm.list_create', targetType: 'lead_list', targetId: list.id, meta: { type: list.type } },
      tx,
    );
    return { id: list.id, name: list.name, type: list.type };
  });
}

/** Delete a list (its leads stay). @throws NotFoundError */
export async function deleteLeadList(deps: CrmDeps, listId: number, actor: AuditActor): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const deleted = await tx.db.delete(leadLists).where(eq(leadLists.id, listId)).returning();
    if (deleted.length === 0) throw new NotFoundError('crm.list_not_found');
    await audit(
      deps.database,
      actor,
      { action: 'crm.list_delete', targetType: 'lead_list', targetId: listId },
      tx,
    );
  });
}

/** Add leads to a static list. @throws NotFoundError; ConflictError `crm.list_not_static` */
export async function addListMembers(deps: CrmDeps, listId: number, leadIds: number[], actor: AuditActor) {
  return withTransaction(deps.database, async (tx) => {
    const [list] = await tx.db.select().from(leadLists).where(eq(leadLists.id, listId)).for('update');
    if (!list) throw new NotFoundError('crm.list_not_found');
    if (list.type !== 'static') throw new ConflictError('crm.list_not_static');
    const known = await tx.db.select({ id: leads.id }).from(leads).where(inArray(leads.id, leadIds));
    const added = known.length
      ? await tx.db
          .insert(leadListMembers)
          .values(
            known.map((l) => ({
              listId,
              leadId: l.id,
              addedBy: actor.type === 'admin' ? (actor.id ?? null) : null,
            })),
          )
          .onConflictDoNothing()
          .returning()
      : [];
    await audit(
      deps.database,
      actor,
      { action: 'leads.list_add', targetType: 'lead_list', targetId: listId, meta: { added: added.length } },
      tx,
    );
    return { added: added.length, already: known.length - added.length };
  });
}

// ---------------------------------------------------------------------------------------------
// CSV import and export

/** One refused row of an import: its line in the file, why, and the value that was refused. */
export interface CsvRefusal {
  line: number;
  reason: CsvRefusalReason;
  value: string;
}

/** What an import did: rows read, leads created and updated, list additions, refusals. */
export interface CsvImportReport {
  rows: number;
  created: number;
  updated: number;
  added_to_list: number;
  list_id: number;
  list_name: string;
  refused_count: number;
  refused: CsvRefusal[];
}

function readCsv(csv: string): { header: string[]; records: { line: number; values: string[] }[] } {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(csv, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new ValidationError({ csv: ['crm.import.unreadable'] });
  }
  const [head, ...rest] = parsed;
  if (!head) throw new ValidationError({ csv: ['crm.import.empty'] });
  if (rest.length > CRM_LIMITS.csvMaxRows)
    throw new ValidationError({
      csv: [{ key: 'crm.import.too_many_rows', params: { maximum: CRM_LIMITS.csvMaxRows } }],
    });
  return { header: head.record, records: rest.map((r) => ({ line: r.info.lines, values: r.record })) };
}

/** The columns and first rows of a CSV, for the mapping step. @throws ValidationError when unreadable */
export function previewCsv(csv: string): { columns: string[]; rows: string[][]; total: number } {
  const { header, records } = readCsv(csv);
  return { columns: header, rows: records.slice(0, 5).map((r) => r.values), total: records.length };
}

interface ImportRow {
  line: number;
  email: string;
  name: string;
  firstName: string | null;
  kind: LeadKind;
  spotifyId: string | null;
  genres: string[];
  language: Language | null;
  website: string | null;
  country: string | null;
}

/**
 * Import leads from a CSV, in one transaction: each row's address is checked (present, valid, once in the file,
 * not suppressed) and its other mapped fields (kind artist|curator, Spotify id, language, lengths);
 * refused rows are reported with their line and reason and change nothing. Accepted rows create or
 * update a lead (by kind and Spotify id when given, else by kind and address), record the address
 * with the import's consent (never lowering a confirmation, never lifting an unsubscribe) and join
 * the chosen static list (by id, or created by name). With `first_name_from_name` and no first-name
 * column, the first word of the name column is the address's first name.
 * @throws ValidationError on an unreadable file, a mapped column missing from the header, no list
 * @throws NotFoundError when `list_id` does not exist; ConflictError when it is a saved filter
 */
export async function importCsv(
  deps: CrmDeps,
  input: CsvImport,
  actor: AuditActor,
): Promise<CsvImportReport> {
  const { header, records } = readCsv(input.csv);
  const index = {} as Record<CsvImportField, number>;
  for (const [field, column] of Object.entries(input.mapping) as [CsvImportField, string | undefined][]) {
    if (!column) continue;
    const at = header.findIndex((h) => h.trim().toLowerCase() === column.trim().toLowerCase());
    if (at < 0) throw new ValidationError({ [`mapping.${field}`]: ['crm.import.column_missing'] });
    index[field] = at;
  }
  // A `country` column is read even when the mapping does not name it (issue 36 segments).
  if (index.country === undefined) {
    const at = header.findIndex((h) => h.trim().toLowerCase() === 'country');
    if (at >= 0) index.country = at;
  }
  if (input.list_id === undefined && !input.list_name)
    throw new ValidationError({ list_id: ['crm.import.list_required'] });
  const cell = (values: string[], field: CsvImportField) =>
    index[field] === undefined ? '' : (values[index[field]] ?? '').trim();

  const refused: CsvRefusal[] = [];
  const accepted: ImportRow[] = [];
  const seen = new Set<string>();
  for (const { line, values } of records) {
    const raw = cell(values, 'email');
    const refuse = (reason: CsvRefusalReason, value = raw) =>
      refused.push({ line, reason, value: value.slice(0, 200) });
    if (!raw) {
      refuse('missing_email');
      continue;
    }
    const email = normaliseEmail(raw);
    if (email.length > 320 || !emailSchema.safeParse(email).success) {
      refuse('invalid_email');
      continue;
    }
    if (seen.has(email)) {
      refuse('duplicate_in_file');
      continue;
    }
    seen.add(email);
    const kindRaw = cell(values, 'kind').toLowerCase() || 'artist';
    if (!(LEAD_KINDS as readonly string[]).includes(kindRaw)) {
      refuse('invalid_kind', kindRaw);
      continue;
    }
    const spotifyId = cell(values, 'spotify_id') || null;
    if (spotifyId && !SPOTIFY_ID.test(spotifyId)) {
      refuse('invalid_spotify_id', spotifyId);
      continue;
    }
    const languageRaw = cell(values, 'language').toLowerCase();
    if (languageRaw && !(LANGUAGES as readonly string[]).includes(languageRaw)) {
      refuse('invalid_language', languageRaw);
      continue;
    }
    const countryRaw = cell(values, 'country').toUpperCase();
    if (countryRaw && !isCountryCode(countryRaw)) {
      refuse('invalid_country', countryRaw);
      continue;
    }
    const givenName = cell(values, 'name');
    const name = givenName || email.split('@')[0]!;
    // No first-name column: the first word of a person's name column, when asked.
    const firstName =
      (index.first_name === undefined && input.first_name_from_name
        ? (givenName.split(/\s+/)[0] ?? '').slice(0, 100)
        : cell(values, 'first_name')) || null;
    const website = cell(values, 'website') || null;
    if (name.length > 300 || (firstName?.length ?? 0) > 100 || (website?.length ?? 0) > 1000) {
      refuse('too_long', name.length > 300 ? name : (firstName ?? website ?? ''));
      continue;
    }
    const genres = cell(values, 'genres')
      .split(/[|;,]/)
      .map((g) => g.trim())
      .filter((g) => g && g.length <= 100)
      .slice(0, 20);
    accepted.push({
      line,
      email,
      name,
      firstName,
      kind: kindRaw as LeadKind,
      spotifyId,
      genres,
      language: (languageRaw || null) as Language | null,
      website,
      country: countryRaw || null,
    });
  }

  return withTransaction(deps.database, async (tx) => {
    const now = deps.clock.now();
    const list = await importTargetList(tx, input, actor);
    // Suppressed addresses are refused (and reported), never imported again.
    const hashes = accepted.map((r) => suppressionHash('email', r.email));
    const suppressedHashes = new Set<string>();
    for (let i = 0; i < hashes.length; i += 1000) {
      const rows = await tx.db
        .select({ hash: leadSuppressions.valueHash })
        .from(leadSuppressions)
        .where(inArray(leadSuppressions.valueHash, hashes.slice(i, i + 1000)));
      for (const r of rows) suppressedHashes.add(r.hash);
    }
    const rows = accepted.filter((r, i) => {
      if (!suppressedHashes.has(hashes[i]!)) return true;
      refused.push({ line: r.line, reason: 'suppressed', value: r.email });
      return false;
    });
    let created = 0;
    let updated = 0;
    let added = 0;
    const source = `import:${list.name}`;
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await tx.db
        .insert(crmAddresses)
        .values(
          chunk.map((r) => ({
            email: r.email,
            consent: input.consent,
            consentSource: source,
            consentAt: now,
            firstName: r.firstName,
            language: r.language,
          })),
        )
        .onConflictDoUpdate({
          target: crmAddresses.email,
          set: {
            // Unsubscribed stays unsubscribed; confirmed is never lowered by an import.
            consent: sql`case when ${crmAddresses.consent} = 'unconfirmed' then excluded.consent else ${crmAddresses.consent} end`,
            consentSource: sql`case when ${crmAddresses.consent} = 'unconfirmed' and excluded.consent = 'confirmed' then excluded.consent_source else ${crmAddresses.consentSource} end`,
            consentAt: sql`case when ${crmAddresses.consent} = 'unconfirmed' and excluded.consent = 'confirmed' then excluded.consent_at else ${crmAddresses.consentAt} end`,
            firstName: sql`coalesce(excluded.first_name, ${crmAddresses.firstName})`,
            language: sql`coalesce(excluded.language, ${crmAddresses.language})`,
          },
        });
      for (const r of chunk) {
        const provenance = {
          email: { source, found_at: now.toISOString() },
          name: { source, found_at: now.toISOString() },
        };
        const values = {
          kind: r.kind,
          spotifyId: r.spotifyId,
          name: r.name,
          email: r.email,
          genres: r.genres,
          spotifyUrl: r.spotifyId
            ? spotifyProfileUrl(r.kind === 'artist' ? 'artist' : 'user', r.spotifyId)
            : null,
          links: (r.website ? { website: r.website } : {}) as Record<string, string>,
          origin: 'csv' as const,
          country: r.country,
          provenance,
          createdAt: now,
          updatedAt: now,
        };
        const set = {
          email: sql`coalesce(${leads.email}, excluded.email)`,
          genres: sql`case when cardinality(${leads.genres}) = 0 then excluded.genres else ${leads.genres} end`,
          links: sql`excluded.links || ${leads.links}`,
          country: sql`coalesce(excluded.country, ${leads.country})`,
          provenance: sql`(excluded.provenance - 'email') || ${leads.provenance} || case when ${leads.email} is null then jsonb_build_object('email', excluded.provenance -> 'email') else '{}'::jsonb end`,
          updatedAt: sql`excluded.updated_at`,
        };
        // With a Spotify id the lead is that one; without, the lead already carrying the address
        // (preferably of the same kind), else a new one (one per kind and address, by a unique index).
        const [lead] = r.spotifyId
          ? await tx.db
              .insert(leads)
              .values(values)
              .onConflictDoUpdate({ target: [leads.kind, leads.spotifyId], set })
              .returning({ id: leads.id, inserted: sql<boolean>`(xmax = 0)` })
          : (
              await tx.db.execute<{ id: number; inserted: boolean }>(sql`
                with genres as (
                  select coalesce(array_agg(g), '{}'::text[]) as list
                  from jsonb_array_elements_text(${JSON.stringify(r.genres)}::jsonb) g
                ),
                existing as (
                  select id from ${leads} where lower(email) = ${r.email}
                  order by (kind = ${r.kind}) desc, id limit 1
                ), upd as (
                  update ${leads} set links = ${JSON.stringify(values.links)}::jsonb || links,
                    genres = case when cardinality(genres) = 0 then (select list from genres) else genres end,
                    country = coalesce(${r.country}::varchar(2), country),
                    updated_at = ${now}
                  where id in (select id from existing) returning id, false as inserted
                ), ins as (
                  insert into ${leads} (kind, name, email, genres, links, origin, country, provenance, created_at, updated_at)
                  select ${r.kind}, ${r.name}, ${r.email}, (select list from genres), ${JSON.stringify(values.links)}::jsonb,
                         'csv', ${r.country}::varchar(2), ${JSON.stringify(provenance)}::jsonb, ${now}, ${now}
                  where not exists (select 1 from existing)
                  on conflict (kind, lower(email)) where spotify_id is null
                  do update set updated_at = excluded.updated_at
                  returning id, (xmax = 0) as inserted
                )
                select id::int, inserted from upd union all select id::int, inserted from ins`)
            ).rows;
        if (!lead) continue;
        if (lead.inserted) created += 1;
        else updated += 1;
        const joined = await tx.db
          .insert(leadListMembers)
          .values({
            listId: list.id,
            leadId: lead.id,
            addedBy: actor.type === 'admin' ? (actor.id ?? null) : null,
          })
          .onConflictDoNothing()
          .returning();
        added += joined.length;
      }
    }
    refused.sort((a, b) => a.line - b.line);
    await audit(
      deps.database,
      actor,
      {
        action: 'crm.import',
        targetType: 'lead_list',
        targetId: list.id,
        meta: { rows: records.length, created, updated, refused: refused.length, consent: input.consent },
      },
      tx,
    );
    return {
      rows: records.length,
      created,
      updated,
      added_to_list: added,
      list_id: list.id,
      list_name: list.name,
      refused_count: refused.length,
      refused: refused.slice(0, CRM_LIMITS.reportMaxRows),
    };
  });
}

async function importTargetList(tx: Tx, input: CsvImport, actor: AuditActor) {
  if (input.list_id !== undefined) {
    const [list] = await tx.db.select().from(leadLists).where(eq(leadLists.id, input.list_id));
    if (!list) throw new NotFoundError('crm.list_not_found');
    if (list.type !== 'static') throw new ConflictError('crm.list_not_static');
    return list;
  }
  const name = input.list_name!.trim();
  await tx.db
    .insert(leadLists)
    .values({ name, type: 'static', createdBy: actor.type === 'admin' ? (actor.id ?? null) : null })
    .onConflictDoNothing();
  const [list] = await tx.db.select().from(leadLists).where(sql`lower(${leadLists.name}) = lower(${name})`);
  if (!list) throw new Error('lead list vanished after its insert');
  if (list.type !== 'static') throw new ConflictError('crm.list_not_static');
  return list;
}

/**
 * A list's leads as CSV (UTF-8 with BOM, headers in `lang`): kind, name, address, consent, whether
 * suppressed, Spotify id and link, followers, genres, origin. Audited with the list id and row count.
 * @throws NotFoundError
 */
export async function exportListCsv(deps: CrmDeps, listId: number, lang: Language, actor: AuditActor) {
  const where = await listConditions(deps.database, listId);
  const rows = await deps.database.db
    .select(leadColumns)
    .from(leads)
    .leftJoin(crmAddresses, addressJoin)
    .where(and(...where))
    .orderBy(asc(leads.name), asc(leads.id))
    .limit(CRM_LIMITS.exportMaxRows);
  const columns = [
    'kind',
    'name',
    'email',
    'consent',
    'suppressed',
    'spotify_id',
    'spotify_url',
    'followers',
    'genres',
    'origin',
  ];
  const csv = stringify(
    rows.map((r) => [
      t(lang, `scraping.kind.${r.kind}`),
      r.name,
      r.email ?? '',
      r.consent ? t(lang, `crm.consent.${r.consent}`) : '',
      r.suppressed ? t(lang, 'crm.export.yes') : '',
      r.spotify_id ?? '',
      r.spotify_url ?? '',
      r.followers ?? '',
      r.genres.join('|'),
      t(lang, `crm.origin.${r.origin}`),
    ]),
    {
      header: true,
      columns: columns.map((c) => t(lang, `crm.export.${c}`)),
      bom: true,
      cast: { string: safeCell },
    },
  );
  await audit(deps.database, actor, {
    action: 'crm.export',
    targetType: 'lead_list',
    targetId: listId,
    meta: { rows: rows.length },
  });
  return csv;
}

// ---------------------------------------------------------------------------------------------
// Consent and suppression

/**
 * Set an address's consent. `unsubscribed` also puts the address on the suppression list
 * (reason `unsubscribe`); `confirmed` is refused for a suppressed address (suppression always wins).
 * @throws ConflictError `crm.address_suppressed`
 */
export async function setConsent(
  deps: CrmDeps,
  email: string,
  consent: ConsentState,
  actor: AuditActor,
  source = 'staff',
): Promise<void> {
  const address = normaliseEmail(email);
  await withTransaction(deps.database, async (tx) => {
    if (consent !== 'unsubscribed' && (await isSuppressed(tx, address)))
      throw new ConflictError('crm.address_suppressed');
    const now = deps.clock.now();
    await tx.db
      .insert(crmAddresses)
      .values({ email: address, consent, consentSource: source, consentAt: now })
      .onConflictDoUpdate({
        target: crmAddresses.email,
        set: { consent, consentSource: source, consentAt: now },
      });
    if (consent === 'unsubscribed') await insertSuppression(tx, address, 'unsubscribe', actor);
    await audit(
      deps.database,
      actor,
      { action: 'crm.consent_set', targetType: 'crm_address', meta: { consent, source } },
      tx,
    );
  });
}

async function insertSuppression(tx: Tx, address: string, reason: SuppressionReason, actor: AuditActor) {
  await tx.db
    .insert(leadSuppressions)
    .values({
      valueHash: suppressionHash('email', address),
      reason,
      erasedBy: actor.type === 'admin' ? (actor.id ?? null) : null,
    })
    .onConflictDoNothing();
}

/**
 * Put an address on the global suppression list (unsubscribes, hard bounces, complaints,
 * erasure requests). Its consent becomes `unsubscribed`; it is never sent to again and an import of
 * it is refused. Idempotent (a second suppression keeps the first reason).
 */
export async function suppressAddress(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  email: string,
  reason: SuppressionReason,
  actor: AuditActor,
  tx?: Tx,
): Promise<void> {
  const address = normaliseEmail(email);
  const run = async (t: Tx) => {
    await insertSuppression(t, address, reason, actor);
    await t.db
      .insert(crmAddresses)
      .values({ email: address, consent: 'unsubscribed', consentSource: reason, consentAt: deps.clock.now() })
      .onConflictDoUpdate({
        target: crmAddresses.email,
        set: { consent: 'unsubscribed', consentSource: reason, consentAt: deps.clock.now() },
      });
    await audit(
      deps.database,
      actor,
      { action: 'crm.suppress', targetType: 'crm_address', meta: { reason } },
      t,
    );
  };
  if (tx) await run(tx);
  else await withTransaction(deps.database, run);
}

/** How many addresses are suppressed, per reason, and whether `email` (when given) is. */
export async function suppressionSummary(deps: CrmDeps, email?: string) {
  const counts = await deps.database.db
    .select({ reason: leadSuppressions.reason, count: sql<number>`count(*)::int` })
    .from(leadSuppressions)
    .groupBy(leadSuppressions.reason);
  let lookup: { email: string; suppressed: boolean; reason: string | null } | null = null;
  if (email) {
    const [row] = await deps.database.db
      .select({ reason: leadSuppressions.reason })
      .from(leadSuppressions)
      .where(eq(leadSuppressions.valueHash, suppressionHash('email', email)));
    lookup = { email: normaliseEmail(email), suppressed: Boolean(row), reason: row?.reason ?? null };
  }
  return { counts, lookup };
}

// ---------------------------------------------------------------------------------------------
// Artists

/**
 * Bring the product's registered artists (user type 1) into the leads as `origin = 'user'` artists
 *, one per user, refreshing name and address.
 * An erased address is left out. Answers how many leads were created and refreshed.
 */
export async function syncRegisteredArtists(deps: CrmDeps, actor: AuditActor) {
  return withTransaction(deps.database, async (tx) => {
    const now = deps.clock.now();
    const result = await tx.db.execute<{ inserted: boolean }>(sql`
      insert into ${leads} (kind, name, email, origin, user_id, provenance, created_at, updated_at)
      select 'artist', left(trim(u.first_name || ' ' || u.last_name), 300), lower(u.email), 'user', u.id,
             jsonb_build_object('name', jsonb_build_object('source', 'user:' || u.id, 'found_at', ${now.toISOString()}::text),
                                'email', jsonb_build_object('source', 'user:' || u.id, 'found_at', ${now.toISOString()}::text)),
             ${now}, ${now}
      from ${users} u
      where u.user_type_id = 1 and u.deleted_at is null
        and not exists (select 1 from ${leadSuppressions} s
                        where s.value_hash = encode(sha256(convert_to('email:' || lower(u.email), 'UTF8')), 'hex'))
      on conflict (user_id) do update set name = excluded.name, email = excluded.email, updated_at = excluded.updated_at
      returning (xmax = 0) as inserted`);
    const created = result.rows.filter((r) => r.inserted).length;
    await audit(
      deps.database,
      actor,
      { action: 'crm.users_sync', meta: { created, updated: result.rows.length - created } },
      tx,
    );
    return { created, updated: result.rows.length - created };
  });
}

/**
 * One artist (a lead) with everything known: fields and their sources, address with consent and
 * suppression, lists, and the scraping jobs that found it. @throws NotFoundError
 */
export async function getArtistProfile(deps: CrmDeps, leadId: number) {
  const [row] = await deps.database.db
    .select({
      ...leadColumns,
      links: leads.links,
      provenance: leads.provenance,
      popularity: leads.popularity,
      first_name: crmAddresses.firstName,
      language: crmAddresses.language,
      consent_source: crmAddresses.consentSource,
      consent_at: crmAddresses.consentAt,
    })
    .from(leads)
    .leftJoin(crmAddresses, addressJoin)
    .where(eq(leads.id, leadId));
  if (!row) throw new NotFoundError('leads.not_found');
  const lists = await deps.database.db
    .select({ id: leadLists.id, name: leadLists.name })
    .from(leadListMembers)
    .innerJoin(leadLists, eq(leadLists.id, leadListMembers.listId))
    .where(eq(leadListMembers.leadId, leadId))
    .orderBy(desc(leadListMembers.addedAt));
  return {
    ...toRow(row),
    consent_at: row.consent_at?.toISOString() ?? null,
    lists,
  };
}
