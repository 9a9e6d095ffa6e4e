import type { Language } from '@lm/contracts';
import {
  SCRAPING_LIMITS,
  type ScrapingJobCreate,
  type ScrapingLeadFilter,
  type SendToLeadList,
  SCRAPING_JOB_STATUS as STATUS,
} from '@lm/contracts/scraping';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { admins, leadListMembers, leadLists, leads } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { safeCell } from '../../platform/csv';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { parsePlaylistLink, spotifyUrl } from '../../providers/spotify/links';
import { type AuditActor, audit } from '../audit';
import { addLeadsToList } from '../leads';
import { nextRuns } from './auto-scraping.service';
import { recordEvent } from './scraping.events';
import {
  autoScrapingJobs,
  autoScrapingRuns,
  scrapingEvents,
  scrapingJobLeads,
  scrapingJobs,
  scrapingKeywords,
  scrapingSiteVisits,
} from './scraping.schema';
import { closeRunPart, enqueueScrapingJob, type ScrapingDeps } from './scraping.worker';

/**
 * What the back-office asks of the scraping tool (routes in scraping.routes.ts): queueing
 * and cancelling jobs, the lists, a job's results (filtered, exported to CSV, sent to a leads list),
 * the event log and the dashboard. The work itself is scraping.worker.ts.
 */
type Job = typeof scrapingJobs.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Queueing and cancelling
// ---------------------------------------------------------------------------------------------

/**
 * The playlist ids of a request: each pasted link (`links.<n>`), and each CSV row's first playlist
 * link (`csv.<row>`; a first row without one is a header). Duplicates count once.
 * @throws ValidationError on the first field holding something that is not a Spotify playlist link,
 *   'scraping.csv_unreadable' when the CSV cannot be parsed, 'scraping.too_many_playlists' above
 *   SCRAPING_LIMITS.playlistsPerRequest
 */
export function playlistIdsOf(input: ScrapingJobCreate): string[] {
  const ids: string[] = [];
  const errors: Record<string, string[]> = {};
  for (const [i, link] of (input.links ?? []).entries()) {
    if (link === '') continue;
    const id = parsePlaylistLink(link);
    if (id) ids.push(id);
    else errors[`links.${i}`] = ['scraping.invalid_playlist_link'];
  }
  if (input.csv?.trim()) {
    let rows: string[][];
    try {
      rows = parse(input.csv, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true });
    } catch {
      throw new ValidationError({ csv: ['scraping.csv_unreadable'] });
    }
    for (const [i, row] of rows.entries()) {
      const id = row.map((cell) => parsePlaylistLink(cell)).find((v) => v !== null);
      if (id) ids.push(id);
      else if (i > 0 && row.some((cell) => cell !== ''))
        errors[`csv.${i + 1}`] = ['scraping.csv_row_no_link'];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new ValidationError({ links: ['scraping.links_required'] });
  if (unique.length > SCRAPING_LIMITS.playlistsPerRequest) {
    throw new ValidationError({
      links: [
        { key: 'scraping.too_many_playlists', params: { maximum: SCRAPING_LIMITS.playlistsPerRequest } },
      ],
    });
  }
  return unique;
}

/**
 * Queue a scraping job per playlist of the request (audited `scraping.jobs_create`), each with its
 * pg-boss job in the same transaction. A playlist that already has an open job is not queued again:
 * it is answered under `skipped` with that job.
 */
export async function createScrapingJobs(
  deps: ScrapingDeps,
  input: ScrapingJobCreate,
  actor: AuditActor,
): Promise<{
  created: { id: number; playlist_id: string }[];
  skipped: { id: number; playlist_id: string }[];
}> {
  const playlistIds = playlistIdsOf(input);
  return withTransaction(deps.database, async (tx) => {
    const created: { id: number; playlist_id: string }[] = [];
    const skipped: { id: number; playlist_id: string }[] = [];
    for (const playlistId of playlistIds) {
      const inserted = await tx.db.execute<{ id: number }>(sql`
        insert into ${scrapingJobs} (playlist_id, playlist_url, source, created_by, created_at)
        values (${playlistId}, ${spotifyUrl('playlist', playlistId)}, 'manual', ${actor.id ?? null}, ${deps.clock.now().toISOString()})
        on conflict do nothing returning id`);
      const id = inserted.rows[0]?.id;
      if (id === undefined) {
        const [open] = await tx.db
          .select({ id: scrapingJobs.id })
          .from(scrapingJobs)
          .where(
            and(
              eq(scrapingJobs.playlistId, playlistId),
              inArray(scrapingJobs.statusId, [STATUS.QUEUED, STATUS.RUNNING]),
            ),
          );
        if (open) skipped.push({ id: open.id, playlist_id: playlistId });
        continue;
      }
      created.push({ id: Number(id), playlist_id: playlistId });
      await recordEvent(tx.db, { jobId: Number(id), level: 'info', key: 'scraping.event.queued' });
      await enqueueScrapingJob(deps, Number(id), { tx });
    }
    await audit(
      deps.database,
      actor,
      {
        action: 'scraping.jobs_create',
        targetType: 'scraping_job',
        targetId: created[0]?.id,
        meta: { created: created.map((c) => c.id), skipped: skipped.map((s) => s.id) },
      },
      tx,
    );
    return { created, skipped };
  });
}

/**
 * Cancel a queued or running job (audited `scraping.job_cancel`): work in flight rolls back, nothing
 * more is read. Its auto-scraping keyword stays unprocessed, for the next run.
 * @throws NotFoundError; ConflictError 'scraping.job_not_open' when it already ended
 */
export async function cancelScrapingJob(deps: ScrapingDeps, jobId: number, actor: AuditActor): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [cancelled] = await tx.db
      .update(scrapingJobs)
      .set({ statusId: STATUS.CANCELLED, finishedAt: deps.clock.now() })
      .where(and(eq(scrapingJobs.id, jobId), inArray(scrapingJobs.statusId, [STATUS.QUEUED, STATUS.RUNNING])))
      .returning();
    if (!cancelled) {
      const [exists] = await tx.db
        .select({ id: scrapingJobs.id })
        .from(scrapingJobs)
        .where(eq(scrapingJobs.id, jobId));
      if (!exists) throw new NotFoundError('scraping.job_not_found');
      throw new ConflictError('scraping.job_not_open');
    }
    await recordEvent(tx.db, { jobId, level: 'warning', key: 'scraping.event.cancelled' });
    await audit(
      deps.database,
      actor,
      { action: 'scraping.job_cancel', targetType: 'scraping_job', targetId: jobId },
      tx,
    );
    await closeRunPart(deps, tx, cancelled, 'cancelled');
  });
}

// ---------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------

/** A scraping job as the screens show it. */
export interface JobView {
  id: number;
  playlist_id: string;
  playlist_url: string;
  playlist_name: string | null;
  playlist_image_url: string | null;
  playlist_followers: number | null;
  status_id: number;
  source: string;
  items_total: number | null;
  items_done: number;
  /** Whole percent of the tracks processed (0 until the size is known). */
  progress: number;
  artists_found: number;
  artists_new: number;
  curators_new: number;
  error: string | null;
  auto_scraping_job_id: number | null;
  auto_run_id: number | null;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

function jobView(job: Job, lang: Language, createdBy: string | null): JobView {
  const total = job.itemsTotal ?? 0;
  return {
    id: job.id,
    playlist_id: job.playlistId,
    playlist_url: job.playlistUrl,
    playlist_name: job.playlistName,
    playlist_image_url: job.playlistImageUrl,
    playlist_followers: job.playlistFollowers,
    status_id: job.statusId,
    source: job.source,
    items_total: job.itemsTotal,
    items_done: job.itemsDone,
    progress:
      total > 0
        ? Math.min(100, Math.floor((job.itemsDone / total) * 100))
        : job.statusId === STATUS.COMPLETED
          ? 100
          : 0,
    artists_found: job.artistsFound,
    artists_new: job.artistsNew,
    curators_new: job.curatorsNew,
    error: job.errorKey ? t(lang, job.errorKey, job.errorParams ?? {}) : null,
    auto_scraping_job_id: job.autoScrapingJobId,
    auto_run_id: job.autoRunId,
    created_by: createdBy,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

/** `filter[...]` of the job list. */
export interface JobListFilter {
  statusId?: number;
  source?: 'manual' | 'auto';
  autoScrapingJobId?: number;
  runId?: number;
  q?: string;
}

/** A page of scraping jobs, newest first (`q`: playlist name, id or link). */
export async function listScrapingJobs(
  deps: ScrapingDeps,
  filter: JobListFilter,
  page: number,
  limit: number,
  lang: Language,
): Promise<{ rows: JobView[]; total: number }> {
  const where: SQL[] = [];
  if (filter.statusId) where.push(eq(scrapingJobs.statusId, filter.statusId));
  if (filter.source) where.push(eq(scrapingJobs.source, filter.source));
  if (filter.autoScrapingJobId) where.push(eq(scrapingJobs.autoScrapingJobId, filter.autoScrapingJobId));
  if (filter.runId) where.push(eq(scrapingJobs.autoRunId, filter.runId));
  if (filter.q) {
    const id = parsePlaylistLink(filter.q) ?? filter.q;
    where.push(
      sql`(${scrapingJobs.playlistName} ilike ${containsPattern(filter.q)} or ${scrapingJobs.playlistId} = ${id})`,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select({ job: scrapingJobs, createdBy: admins.name })
      .from(scrapingJobs)
      .leftJoin(admins, eq(admins.id, scrapingJobs.createdBy))
      .where(condition)
      .orderBy(desc(scrapingJobs.createdAt), desc(scrapingJobs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db.select({ n: sql<number>`count(*)::int` }).from(scrapingJobs).where(condition),
  ]);
  return { rows: rows.map((r) => jobView(r.job, lang, r.createdBy)), total: count?.n ?? 0 };
}

/** A job with its curator. @throws NotFoundError */
export async function getScrapingJob(deps: ScrapingDeps, jobId: number, lang: Language) {
  const [row] = await deps.database.db
    .select({ job: scrapingJobs, createdBy: admins.name, curator: leads, keyword: autoScrapingJobs.keyword })
    .from(scrapingJobs)
    .leftJoin(admins, eq(admins.id, scrapingJobs.createdBy))
    .leftJoin(leads, eq(leads.id, scrapingJobs.curatorLeadId))
    .leftJoin(autoScrapingJobs, eq(autoScrapingJobs.id, scrapingJobs.autoScrapingJobId))
    .where(eq(scrapingJobs.id, jobId));
  if (!row) throw new NotFoundError('scraping.job_not_found');
  return {
    ...jobView(row.job, lang, row.createdBy),
    keyword: row.keyword,
    curator: row.curator
      ? {
          id: row.curator.id,
          name: row.curator.name,
          spotify_id: row.curator.spotifyId,
          spotify_url: row.curator.spotifyUrl,
          email: row.curator.email,
          website: row.curator.links.website ?? null,
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** A lead as a job's results list it. */
export interface LeadRow {
  id: number;
  kind: string;
  spotify_id: string | null;
  name: string;
  followers: number | null;
  popularity: number | null;
  genres: string[];
  image_url: string | null;
  spotify_url: string | null;
  links: Record<string, string>;
  email: string | null;
  is_new: boolean;
  tracks: number;
  created_at: string;
}

const LEAD_ORDER = {
  name: leads.name,
  followers: leads.followers,
  popularity: leads.popularity,
  created_at: leads.createdAt,
  tracks: scrapingJobLeads.tracks,
};
export type LeadOrder = keyof typeof LEAD_ORDER;

/** Conditions of a results filter on leads joined to `scraping_job_leads`. */
function leadConditions(filter: ScrapingLeadFilter, q?: string): SQL[] {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(leads.kind, filter.kind));
  if (filter.genre)
    where.push(sql`exists (select 1 from unnest(${leads.genres}) g where lower(g) = lower(${filter.genre}))`);
  if (filter.followers_min !== undefined) where.push(sql`${leads.followers} >= ${filter.followers_min}`);
  if (filter.followers_max !== undefined) where.push(sql`${leads.followers} <= ${filter.followers_max}`);
  if (filter.new === '1') where.push(eq(scrapingJobLeads.isNew, true));
  if (q) where.push(sql`${leads.name} ilike ${containsPattern(q)}`);
  return where;
}

function leadRow(lead: typeof leads.$inferSelect, link: { isNew: boolean; tracks: number }): LeadRow {
  return {
    id: lead.id,
    kind: lead.kind,
    spotify_id: lead.spotifyId,
    name: lead.name,
    followers: lead.followers,
    popularity: lead.popularity,
    genres: lead.genres,
    image_url: lead.imageUrl,
    spotify_url: lead.spotifyUrl,
    links: lead.links,
    email: lead.email,
    is_new: link.isNew,
    tracks: link.tracks,
    created_at: lead.createdAt.toISOString(),
  };
}

/** Make sure the job exists. @throws NotFoundError */
async function assertJob(deps: ScrapingDeps, jobId: number): Promise<void> {
  const [job] = await deps.database.db
    .select({ id: scrapingJobs.id })
    .from(scrapingJobs)
    .where(eq(scrapingJobs.id, jobId));
  if (!job) throw new NotFoundError('scraping.job_not_found');
}

/**
 * A page of the leads a job found, filtered (kind, genre, followers range, new in this job, name) and
 * sorted (default: most followed first, unknown counts last).
 * @throws NotFoundError when the job does not exist
 */
export async function listJobLeads(
  deps: ScrapingDeps,
  jobId: number,
  query: {
    filter: ScrapingLeadFilter;
    q?: string;
    order: { column: LeadOrder; dir: 'asc' | 'desc' };
    page: number;
    limit: number;
  },
): Promise<{ rows: LeadRow[]; total: number }> {
  await assertJob(deps, jobId);
  const condition = and(eq(scrapingJobLeads.jobId, jobId), ...leadConditions(query.filter, query.q));
  const column = LEAD_ORDER[query.order.column];
  const direction = query.order.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select({ lead: leads, isNew: scrapingJobLeads.isNew, tracks: scrapingJobLeads.tracks })
      .from(scrapingJobLeads)
      .innerJoin(leads, eq(leads.id, scrapingJobLeads.leadId))
      .where(condition)
      .orderBy(sql`${column} ${direction}`, asc(leads.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scrapingJobLeads)
      .innerJoin(leads, eq(leads.id, scrapingJobLeads.leadId))
      .where(condition),
  ]);
  return { rows: rows.map((r) => leadRow(r.lead, r)), total: count?.n ?? 0 };
}

/** The genres of a job's leads, most frequent first (for the results filter). */
export async function jobGenres(
  deps: ScrapingDeps,
  jobId: number,
): Promise<{ genre: string; count: number }[]> {
  await assertJob(deps, jobId);
  const result = await deps.database.db.execute<{ genre: string; count: number }>(sql`
    select g as genre, count(*)::int as count
    from ${scrapingJobLeads} jl join ${leads} l on l.id = jl.lead_id, unnest(l.genres) g
    where jl.job_id = ${jobId} group by g order by count(*) desc, g limit 100`);
  return result.rows;
}

/**
 * The job's leads matching `filter` as CSV (csv-stringify; UTF-8 with a byte order mark so
 * spreadsheets read accents), most followed first, with the source and time of each address. An
 * export copies people's data out of the product, so it is audited (`scraping.export`).
 * @throws NotFoundError when the job does not exist
 */
export async function exportJobLeadsCsv(
  deps: ScrapingDeps,
  jobId: number,
  filter: ScrapingLeadFilter,
  lang: Language,
  actor: AuditActor,
): Promise<string> {
  await assertJob(deps, jobId);
  const rows = await deps.database.db
    .select({ lead: leads, isNew: scrapingJobLeads.isNew, tracks: scrapingJobLeads.tracks })
    .from(scrapingJobLeads)
    .innerJoin(leads, eq(leads.id, scrapingJobLeads.leadId))
    .where(and(eq(scrapingJobLeads.jobId, jobId), ...leadConditions(filter)))
    .orderBy(sql`${leads.followers} desc nulls last`, asc(leads.id))
    .limit(100_000);
  const columns = [
    'kind',
    'name',
    'spotify_id',
    'spotify_url',
    'followers',
    'popularity',
    'genres',
    'email',
    'email_source',
    'email_found_at',
    'website',
    'instagram',
    'other_links',
    'new_in_this_job',
    'tracks_in_playlist',
    'first_found_at',
  ];
  const records = rows.map(({ lead, isNew, tracks }) => {
    const { website, instagram, ...other } = lead.links;
    return [
      t(lang, `scraping.kind.${lead.kind}`),
      lead.name,
      lead.spotifyId,
      lead.spotifyUrl,
      lead.followers ?? '',
      lead.popularity ?? '',
      lead.genres.join('; '),
      lead.email ?? '',
      lead.provenance.email?.source ?? '',
      lead.provenance.email?.found_at ?? '',
      website ?? '',
      instagram ?? '',
      Object.entries(other)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; '),
      isNew ? 'yes' : 'no',
      tracks,
      lead.createdAt.toISOString(),
    ];
  });
  await audit(deps.database, actor, {
    action: 'scraping.export',
    targetType: 'scraping_job',
    targetId: jobId,
    meta: { rows: records.length, filter },
  });
  return stringify(records, {
    header: true,
    columns,
    bom: true,
    cast: { string: safeCell },
  });
}

/**
 * Send leads of a job to a named list (created when new; audited `leads.list_add`): the chosen ones
 * (only those of this job count) or all matching the filter.
 * @throws NotFoundError when the job does not exist; ValidationError 'scraping.nothing_to_send'
 */
export async function sendJobLeadsToList(
  deps: ScrapingDeps,
  jobId: number,
  input: SendToLeadList,
  actor: AuditActor,
) {
  await assertJob(deps, jobId);
  const where = [eq(scrapingJobLeads.jobId, jobId)];
  if (input.lead_ids)
    where.push(inArray(scrapingJobLeads.leadId, input.lead_ids.length > 0 ? input.lead_ids : [0]));
  return withTransaction(deps.database, async (tx) => {
    const rows = await tx.db
      .select({ id: scrapingJobLeads.leadId })
      .from(scrapingJobLeads)
      .innerJoin(leads, eq(leads.id, scrapingJobLeads.leadId))
      .where(and(...where, ...leadConditions(input.filter ?? {})));
    if (rows.length === 0) throw new ValidationError({ lead_ids: ['scraping.nothing_to_send'] });
    const result = await addLeadsToList(
      tx,
      input.list_name,
      rows.map((r) => r.id),
      actor.type === 'admin' ? (actor.id ?? null) : null,
    );
    await audit(
      deps.database,
      actor,
      {
        action: 'leads.list_add',
        targetType: 'lead_list',
        targetId: result.listId,
        meta: { job_id: jobId, added: result.added, already: result.already, created: result.created },
      },
      tx,
    );
    return {
      list_id: result.listId,
      list_name: result.listName,
      created: result.created,
      added: result.added,
      already: result.already,
    };
  });
}

/** Lead lists by name (`q`: contains), with their sizes, for the "send to a list" picker. */
export async function listLeadLists(deps: ScrapingDeps, q: string | undefined) {
  return deps.database.db
    .select({
      id: leadLists.id,
      name: leadLists.name,
      members: sql<number>`(select count(*)::int from ${leadListMembers} m where m.list_id = ${leadLists.id})`,
    })
    .from(leadLists)
    .where(q ? sql`${leadLists.name} ilike ${containsPattern(q)}` : undefined)
    .orderBy(asc(sql`lower(${leadLists.name})`))
    .limit(100);
}

/**
 * One lead with where and when each field was found, the jobs that found it, its lists and the
 * websites read for it. @throws NotFoundError
 */
export async function getLead(deps: ScrapingDeps, leadId: number) {
  const [lead] = await deps.database.db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) throw new NotFoundError('leads.not_found');
  const [jobs, lists, visits] = await Promise.all([
    deps.database.db
      .select({
        id: scrapingJobs.id,
        playlist_name: scrapingJobs.playlistName,
        is_new: scrapingJobLeads.isNew,
        created_at: scrapingJobs.createdAt,
      })
      .from(scrapingJobLeads)
      .innerJoin(scrapingJobs, eq(scrapingJobs.id, scrapingJobLeads.jobId))
      .where(eq(scrapingJobLeads.leadId, leadId))
      .orderBy(desc(scrapingJobs.id))
      .limit(50),
    deps.database.db
      .select({ id: leadLists.id, name: leadLists.name })
      .from(leadListMembers)
      .innerJoin(leadLists, eq(leadLists.id, leadListMembers.listId))
      .where(eq(leadListMembers.leadId, leadId)),
    deps.database.db
      .select({
        url: scrapingSiteVisits.url,
        status: scrapingSiteVisits.status,
        visited_at: scrapingSiteVisits.visitedAt,
      })
      .from(scrapingSiteVisits)
      .where(eq(scrapingSiteVisits.leadId, leadId)),
  ]);
  return {
    ...leadRow(lead, { isNew: false, tracks: 0 }),
    provenance: lead.provenance,
    jobs: jobs.map((j) => ({ ...j, created_at: j.created_at.toISOString() })),
    lists,
    websites: visits.map((v) => ({ ...v, visited_at: v.visited_at?.toISOString() ?? null })),
  };
}

// ---------------------------------------------------------------------------------------------
// Event log and dashboard
// ---------------------------------------------------------------------------------------------

/** A page of the scraping event log, newest first, translated into `lang`. */
export async function listScrapingEvents(
  deps: ScrapingDeps,
  filter: {
    jobId?: number;
    autoScrapingJobId?: number;
    runId?: number;
    level?: 'info' | 'warning' | 'error';
  },
  page: number,
  limit: number,
  lang: Language,
) {
  const where: SQL[] = [];
  if (filter.jobId) where.push(eq(scrapingEvents.jobId, filter.jobId));
  if (filter.autoScrapingJobId) where.push(eq(scrapingEvents.autoScrapingJobId, filter.autoScrapingJobId));
  if (filter.runId) where.push(eq(scrapingEvents.runId, filter.runId));
  if (filter.level) where.push(eq(scrapingEvents.level, filter.level));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select({
        event: scrapingEvents,
        playlistName: scrapingJobs.playlistName,
        keyword: autoScrapingJobs.keyword,
      })
      .from(scrapingEvents)
      .leftJoin(scrapingJobs, eq(scrapingJobs.id, scrapingEvents.jobId))
      .leftJoin(autoScrapingJobs, eq(autoScrapingJobs.id, scrapingEvents.autoScrapingJobId))
      .where(condition)
      .orderBy(desc(scrapingEvents.createdAt), desc(scrapingEvents.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db.select({ n: sql<number>`count(*)::int` }).from(scrapingEvents).where(condition),
  ]);
  return {
    rows: rows.map(({ event, playlistName, keyword }) => ({
      id: event.id,
      job_id: event.jobId,
      playlist_name: playlistName,
      auto_scraping_job_id: event.autoScrapingJobId,
      keyword,
      run_id: event.runId,
      level: event.level,
      event: event.eventKey,
      message: t(lang, event.eventKey, event.params ?? {}),
      created_at: event.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
  };
}

/**
 * The scraping dashboard (/scraping_dashboard): jobs by open status, leads in all, artists and
 * curators found per UTC day over the last `days` days (every day present), and the top genres.
 */
export async function scrapingDashboard(deps: ScrapingDeps, days: number) {
  const today = new Date(deps.clock.now().toISOString().slice(0, 10));
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  const [statusRows, totals, perDay, genres] = await Promise.all([
    deps.database.db
      .select({ statusId: scrapingJobs.statusId, n: sql<number>`count(*)::int` })
      .from(scrapingJobs)
      .where(inArray(scrapingJobs.statusId, [STATUS.QUEUED, STATUS.RUNNING]))
      .groupBy(scrapingJobs.statusId),
    deps.database.db
      .select({ kind: leads.kind, n: sql<number>`count(*)::int` })
      .from(leads)
      .groupBy(leads.kind),
    deps.database.db.execute<{ day: string; artists: number; curators: number }>(sql`
      select to_char(d, 'YYYY-MM-DD') as day,
        coalesce(sum(c.n) filter (where c.kind = 'artist'), 0)::int as artists,
        coalesce(sum(c.n) filter (where c.kind = 'curator'), 0)::int as curators
      from generate_series(${from.toISOString()}::timestamptz at time zone 'UTC', ${today.toISOString()}::timestamptz at time zone 'UTC', interval '1 day') d
      left join (
        select date_trunc('day', created_at at time zone 'UTC') as day, kind, count(*) as n from ${leads}
        where created_at >= ${from.toISOString()}::timestamptz group by 1, 2
      ) c on c.day = d
      group by d order by d`),
    deps.database.db.execute<{ genre: string; count: number }>(sql`
      select g as genre, count(*)::int as count from ${leads}, unnest(genres) g
      where kind = 'artist' group by g order by count(*) desc, g limit 10`),
  ]);
  const count = (statusId: number) => statusRows.find((r) => r.statusId === statusId)?.n ?? 0;
  const total = (kind: string) => totals.find((r) => r.kind === kind)?.n ?? 0;
  return {
    running: count(STATUS.RUNNING),
    queued: count(STATUS.QUEUED),
    artists: total('artist'),
    curators: total('curator'),
    per_day: perDay.rows,
    top_genres: genres.rows,
  };
}

// ---------------------------------------------------------------------------------------------
// Auto-scraping views
// ---------------------------------------------------------------------------------------------

/** An auto-scraping job as its screens show it (next run: null while disabled). */
async function autoJobViews(deps: ScrapingDeps, rows: (typeof autoScrapingJobs.$inferSelect)[]) {
  const ids = rows.map((r) => r.id);
  const stats =
    ids.length === 0
      ? []
      : await deps.database.db
          .select({
            id: autoScrapingRuns.autoScrapingJobId,
            runs: sql<number>`count(*)::int`,
            running: sql<boolean>`bool_or(${autoScrapingRuns.statusId} = ${STATUS.RUNNING})`,
            artists: sql<number>`coalesce(sum(${autoScrapingRuns.artistsNew}), 0)::int`,
            curators: sql<number>`coalesce(sum(${autoScrapingRuns.curatorsNew}), 0)::int`,
          })
          .from(autoScrapingRuns)
          .where(inArray(autoScrapingRuns.autoScrapingJobId, ids))
          .groupBy(autoScrapingRuns.autoScrapingJobId);
  const byId = new Map(stats.map((s) => [s.id, s]));
  const now = deps.clock.now();
  return rows.map((row) => {
    const s = byId.get(row.id);
    return {
      id: row.id,
      keyword: row.keyword,
      cron: row.cron,
      enabled: row.enabled,
      max_playlists: row.maxPlaylists,
      last_run_at: row.lastRunAt?.toISOString() ?? null,
      next_run_at: row.enabled ? (nextRuns(deps, row.cron, now, 1)[0]?.toISOString() ?? null) : null,
      runs: s?.runs ?? 0,
      running: s?.running ?? false,
      artists_new: s?.artists ?? 0,
      curators_new: s?.curators ?? 0,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** A page of auto-scraping jobs by keyword (`q`: contains). */
export async function listAutoJobs(deps: ScrapingDeps, q: string | undefined, page: number, limit: number) {
  const condition = q ? sql`${autoScrapingJobs.keyword} ilike ${containsPattern(q)}` : undefined;
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select()
      .from(autoScrapingJobs)
      .where(condition)
      .orderBy(asc(sql`lower(${autoScrapingJobs.keyword})`))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db.select({ n: sql<number>`count(*)::int` }).from(autoScrapingJobs).where(condition),
  ]);
  return { rows: await autoJobViews(deps, rows), total: count?.n ?? 0 };
}

/** One auto-scraping job with its keyword counts. @throws NotFoundError */
export async function getAutoJob(deps: ScrapingDeps, id: number) {
  const [row] = await deps.database.db.select().from(autoScrapingJobs).where(eq(autoScrapingJobs.id, id));
  if (!row) throw new NotFoundError('scraping.auto_not_found');
  const [view] = await autoJobViews(deps, [row]);
  const [counts] = await deps.database.db
    .select({
      found: sql<number>`count(*)::int`,
      processed: sql<number>`count(*) filter (where ${scrapingKeywords.processed})::int`,
    })
    .from(scrapingKeywords)
    .where(eq(scrapingKeywords.autoScrapingJobId, id));
  return { ...view!, playlists_found: counts?.found ?? 0, playlists_processed: counts?.processed ?? 0 };
}

/** A page of an auto job's runs, newest first, with their open jobs. @throws NotFoundError */
export async function listRuns(
  deps: ScrapingDeps,
  autoJobId: number,
  page: number,
  limit: number,
  lang: Language,
) {
  await getAutoJobRow(deps, autoJobId);
  const condition = eq(autoScrapingRuns.autoScrapingJobId, autoJobId);
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select({
        run: autoScrapingRuns,
        open: sql<number>`(select count(*)::int from ${scrapingJobs} j where j.auto_run_id = ${autoScrapingRuns.id} and j.status_id in (1, 2))`,
      })
      .from(autoScrapingRuns)
      .where(condition)
      .orderBy(desc(autoScrapingRuns.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db.select({ n: sql<number>`count(*)::int` }).from(autoScrapingRuns).where(condition),
  ]);
  return {
    rows: rows.map(({ run, open }) => ({
      id: run.id,
      trigger: run.trigger,
      slot: run.slot?.toISOString() ?? null,
      status_id: run.statusId,
      playlists_found: run.playlistsFound,
      playlists_new: run.playlistsNew,
      jobs_created: run.jobsCreated,
      jobs_open: open,
      artists_new: run.artistsNew,
      curators_new: run.curatorsNew,
      error: run.errorKey ? t(lang, run.errorKey) : null,
      started_at: run.startedAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
    })),
    total: count?.n ?? 0,
  };
}

async function getAutoJobRow(deps: ScrapingDeps, id: number) {
  const [row] = await deps.database.db
    .select({ id: autoScrapingJobs.id })
    .from(autoScrapingJobs)
    .where(eq(autoScrapingJobs.id, id));
  if (!row) throw new NotFoundError('scraping.auto_not_found');
  return row;
}

/** A page of the playlists an auto job found (spec "scraping keyword": url, processed). @throws NotFoundError */
export async function listKeywords(deps: ScrapingDeps, autoJobId: number, page: number, limit: number) {
  await getAutoJobRow(deps, autoJobId);
  const condition = eq(scrapingKeywords.autoScrapingJobId, autoJobId);
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select({
        keyword: scrapingKeywords,
        jobId: sql<
          number | null
        >`(select max(j.id)::int from ${scrapingJobs} j where j.keyword_id = ${scrapingKeywords.id})`,
      })
      .from(scrapingKeywords)
      .where(condition)
      .orderBy(desc(scrapingKeywords.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db.select({ n: sql<number>`count(*)::int` }).from(scrapingKeywords).where(condition),
  ]);
  return {
    rows: rows.map(({ keyword, jobId }) => ({
      id: keyword.id,
      playlist_id: keyword.playlistId,
      url: keyword.url,
      name: keyword.name,
      processed: keyword.processed,
      processed_at: keyword.processedAt?.toISOString() ?? null,
      found_run_id: keyword.foundRunId,
      job_id: jobId,
      created_at: keyword.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
  };
}

/** A page of the leads a run added (new in one of its jobs). @throws NotFoundError */
export async function listRunLeads(deps: ScrapingDeps, runId: number, page: number, limit: number) {
  const [run] = await deps.database.db
    .select({ id: autoScrapingRuns.id })
    .from(autoScrapingRuns)
    .where(eq(autoScrapingRuns.id, runId));
  if (!run) throw new NotFoundError('scraping.run_not_found');
  const condition = and(eq(scrapingJobs.autoRunId, runId), eq(scrapingJobLeads.isNew, true));
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select({
        lead: leads,
        isNew: scrapingJobLeads.isNew,
        tracks: scrapingJobLeads.tracks,
        jobId: scrapingJobs.id,
      })
      .from(scrapingJobLeads)
      .innerJoin(scrapingJobs, eq(scrapingJobs.id, scrapingJobLeads.jobId))
      .innerJoin(leads, eq(leads.id, scrapingJobLeads.leadId))
      .where(condition)
      .orderBy(sql`${leads.followers} desc nulls last`, asc(leads.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scrapingJobLeads)
      .innerJoin(scrapingJobs, eq(scrapingJobs.id, scrapingJobLeads.jobId))
      .where(condition),
  ]);
  return { rows: rows.map((r) => ({ ...leadRow(r.lead, r), job_id: r.jobId })), total: count?.n ?? 0 };
}
