import {
  CUSTOM_CAMPAIGN_FILTER_STATUSES,
  CUSTOM_CAMPAIGN_STATUSES,
  EXPRESS_CAMPAIGN_STATUSES,
  EXPRESS_VIDEO_CAMPAIGN_STATUSES,
} from '@lm/contracts';
import type {
  CustomCampaignDetail,
  CustomCampaignListItem,
  CustomCampaignStats,
  MyCampaignItem,
  MyCampaignType,
  PublishedCampaign,
} from '@lm/contracts/custom-campaigns';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { type ExportColumn, isoInstant, statusCode } from '../../platform/csv-export';
import { NotFoundError } from '../../platform/errors';
import { paginate } from '../../platform/http';
import { artistHasForm, artistsWithForms } from '../forms';
import { moneyOf } from './custom-campaigns.service';

/**
 * Read side of custom campaigns: lists (artist, staff), the detail with its placements and
 * money, the stats card (spec section 3 "Campaign stats") and the campaigns open to a curator.
 */

type Deps = Pick<AppDeps, 'database' | 'storage'>;

const label = (id: number) => CUSTOM_CAMPAIGN_STATUSES.find((s) => s.id === id)?.label ?? String(id);
const expressLabel = (id: number) => EXPRESS_CAMPAIGN_STATUSES.find((s) => s.id === id)?.label ?? String(id);

interface Row {
  id: number;
  name: string;
  artist_id: number;
  artist_name: string;
  tier_id: number;
  tier_name: string;
  is_released: boolean;
  status: number;
  completed_at: Date | null;
  invoice_number: string | null;
  invoice_raised_at: Date | null;
  paid_at: Date | null;
  payment_id: number | null;
  transfer_number: string | null;
  price: number;
  placements: number;
  start_date: string;
  publish_date: Date | null;
  created_at: Date;
}

const SELECT = `select c.id, c.name, c.artist_id,
    coalesce(nullif(u.artist_name, ''), u.first_name || ' ' || u.last_name) as artist_name,
    c.tier_id, t.tier_name, c.is_released, c.status, c.completed_at, c.invoice_number,
    c.invoice_raised_at, c.paid_at, c.payment_id, tr.number as transfer_number, c.price, c.placements,
    to_char(c.start_date, 'YYYY-MM-DD') as start_date, c.publish_date, c.created_at
  from custom_campaigns c
  join users u on u.id = c.artist_id
  join express_tiers t on t.id = c.tier_id
  left join ledger_transfers tr on tr.id = c.paid_transfer_id`;

function toItem(r: Row, hasForm: boolean): CustomCampaignListItem {
  const isPaid = r.paid_at !== null;
  return {
    id: r.id,
    name: r.name,
    custom_campaign_type: 'Spotify',
    artist: { id: r.artist_id, name: r.artist_name },
    tier: { id: r.tier_id, name: r.tier_name },
    is_released: r.is_released ? 1 : 0,
    status: { id: r.status, status: label(r.status) },
    completed: r.completed_at !== null,
    form: hasForm,
    invoice: r.invoice_number
      ? {
          number: r.invoice_number,
          coins: r.price,
          raised_at: r.invoice_raised_at!.toISOString(),
          is_paid: isPaid,
          method: isPaid ? (r.payment_id !== null ? 'card' : 'coins') : null,
          transaction: r.transfer_number,
        }
      : null,
    is_paid: isPaid,
    warning: !hasForm && isPaid && !r.is_released,
    price: r.price,
    placements: r.placements,
    start_date: r.start_date,
    publish_date: r.publish_date?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  };
}

/** List filters (spec section 2 lists; section 4: status 1..7 plus 8 Completed). */
export interface CustomListFilter {
  status?: number;
  artist_id?: number;
  is_paid?: boolean;
  is_released?: boolean;
  q?: string;
}

const dialect = new PgDialect();
/** `query` as node-postgres takes it (text and values), for the pool's own type parsing. */
const pgQuery = (query: SQL) => {
  const compiled = dialect.sqlToQuery(query);
  return { text: compiled.sql, values: compiled.params };
};

/**
 * The custom campaign lists' condition (list and CSV export share it): the artist's own when
 * `artistId` is given; `filter.status` 1..7, or 8 for Completed; deleted ones (5) left out unless asked
 * for by status; paid, released, and `q` on the name (contains).
 */
function customListWhere(f: CustomListFilter, artistId?: number): SQL {
  const parts: SQL[] = [];
  if (artistId !== undefined) parts.push(sql`c.artist_id = ${artistId}`);
  if (f.artist_id !== undefined) parts.push(sql`c.artist_id = ${f.artist_id}`);
  if (f.status === 8) parts.push(sql`c.status = 7 and c.completed_at is not null`);
  else if (f.status !== undefined) parts.push(sql`c.status = ${f.status}`);
  else parts.push(sql`c.status <> 5`);
  if (f.is_paid !== undefined) parts.push(f.is_paid ? sql`c.paid_at is not null` : sql`c.paid_at is null`);
  if (f.is_released !== undefined) parts.push(sql`c.is_released = ${f.is_released}`);
  if (f.q) parts.push(sql`c.name ilike ${containsPattern(f.q)}`);
  return sql`where ${sql.join(parts, sql` and `)}`;
}

/** One custom campaign as a row of the staff list's CSV export. */
export interface CustomCampaignExportRow extends Record<string, unknown> {
  id: number;
  created_at: Date;
  name: string;
  artist_id: number;
  artist_name: string;
  tier_name: string;
  status: number;
  price: number;
  placements: number;
  start_date: string;
  is_released: boolean;
  invoice_number: string | null;
  paid_at: Date | null;
  completed_at: Date | null;
}

/** Columns of the custom campaigns CSV export, headers from `exports.custom_campaigns.*`. */
export const CUSTOM_CAMPAIGN_EXPORT_COLUMNS = [
  { key: 'id', header: 'exports.custom_campaigns.id' },
  { key: 'created_at', header: 'exports.custom_campaigns.created_at', format: isoInstant },
  { key: 'name', header: 'exports.custom_campaigns.name' },
  { key: 'artist_id', header: 'exports.custom_campaigns.artist_id' },
  { key: 'artist_name', header: 'exports.custom_campaigns.artist_name' },
  { key: 'tier_name', header: 'exports.custom_campaigns.tier' },
  {
    key: 'status',
    header: 'exports.custom_campaigns.status',
    format: (v) => statusCode(CUSTOM_CAMPAIGN_STATUSES, v),
  },
  { key: 'price', header: 'exports.custom_campaigns.price_coins' },
  { key: 'placements', header: 'exports.custom_campaigns.placements' },
  { key: 'start_date', header: 'exports.custom_campaigns.start_date' },
  { key: 'is_released', header: 'exports.custom_campaigns.released' },
  { key: 'invoice_number', header: 'exports.custom_campaigns.invoice' },
  { key: 'paid_at', header: 'exports.custom_campaigns.paid_at', format: isoInstant },
  { key: 'completed_at', header: 'exports.custom_campaigns.completed_at', format: isoInstant },
] as const satisfies readonly ExportColumn<CustomCampaignExportRow>[];

/**
 * The staff list's CSV export query (`GET /api/admin/custom-campaigns/export.csv`, issue 36): every
 * campaign the list's filters select, in its order (newest first).
 */
export function customCampaignExportQuery(filter: CustomListFilter): SQL {
  return sql`${sql.raw(SELECT)} ${customListWhere(filter)} order by c.id desc`;
}

/**
 * A page of custom campaigns, newest first: the artist's own (`artistId`) or all (staff). Deleted ones
 * (5) are hidden unless asked for by status.
 */
export async function listCampaigns(
  database: Database,
  options: { artistId?: number; page: number; limit: number; filter: CustomListFilter },
): Promise<{ data: CustomCampaignListItem[]; pagination: ReturnType<typeof paginate> }> {
  const where = customListWhere(options.filter, options.artistId);
  const total = await database.pool.query<{ n: string }>(
    pgQuery(sql`select count(*) as n from custom_campaigns c ${where}`),
  );
  const rows = await database.pool.query<Row>(
    pgQuery(
      sql`${sql.raw(SELECT)} ${where} order by c.id desc limit ${options.limit} offset ${(options.page - 1) * options.limit}`,
    ),
  );
  const withForms = await artistsWithForms(
    database,
    rows.rows.map((r) => r.artist_id),
  );
  return {
    data: rows.rows.map((r) => toItem(r, withForms.has(r.artist_id))),
    pagination: paginate(Number(total.rows[0]!.n), options.page, options.limit),
  };
}

/**
 * One campaign with its placements and where its coins are. `artistId` limits it to the artist's own.
 * @throws NotFoundError
 */
export async function campaignDetail(
  deps: Deps,
  id: number,
  artistId?: number,
): Promise<CustomCampaignDetail> {
  const { database } = deps;
  const { rows } = await database.pool.query<
    Row & {
      link: string;
      track_id: string;
      language_id: number;
      language_name: string;
      genre_ids: number[];
      media_link: string | null;
      released_date: string;
      pitch: string;
      made_with_ai: boolean | null;
      decline_reason: string | null;
      playlist_submission_days: number;
      on_going_days: number;
      auditing_days: number;
      admin_ids: number[];
      opt_in_until: Date | null;
      closed_at: Date | null;
    }
  >(
    `${SELECT.replace(
      'c.created_at\n',
      `c.created_at, c.link, c.track_id, c.language_id, l.name as language_name, c.genre_ids, c.media_link,
       to_char(c.released_date, 'YYYY-MM-DD') as released_date, c.pitch, c.made_with_ai, c.decline_reason,
       c.playlist_submission_days, c.on_going_days, c.auditing_days, c.admin_ids, c.opt_in_until, c.closed_at\n`,
    )} join languages l on l.id = c.language_id where c.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r || (artistId !== undefined && r.artist_id !== artistId)) throw new NotFoundError();
  const genreRows = await database.pool.query<{ id: number; name: string }>(
    'select id, name from genres where id = any($1::int[]) order by name',
    [r.genre_ids],
  );
  const placements = await database.pool.query<{
    id: number;
    curator_id: number;
    curator_name: string;
    playlist_id: number | null;
    playlist_name: string | null;
    playlist_url: string | null;
    express_campaign_id: number | null;
    status_id: number | null;
    paid_coins: number | null;
    refunded_coins: number | null;
    created_at: Date;
  }>(
    `select v.id, v.curator_id, u.first_name || ' ' || u.last_name as curator_name, v.playlist_id,
            p.name as playlist_name, p.spotify_url as playlist_url, v.express_campaign_id,
            e.status_id, e.paid_coins, e.refunded_coins, v.created_at
       from curators_vs_campaigns v
       join users u on u.id = v.curator_id
       left join express_playlists p on p.id = v.playlist_id
       left join express_campaigns e on e.id = v.express_campaign_id
      where v.campaign_id = $1 order by v.id`,
    [id],
  );
  const money = await moneyOf(database.pool, id);
  return {
    ...toItem(r, await artistHasForm(database, r.artist_id)),
    link: r.link,
    track_id: r.track_id,
    language: { id: r.language_id, name: r.language_name },
    genres: genreRows.rows,
    media_link: r.media_link ? deps.storage.url(r.media_link) : null,
    media_key: r.media_link,
    released_date: r.released_date,
    pitch: r.pitch,
    made_with_ai: r.made_with_ai,
    decline_reason: r.decline_reason,
    playlist_submission_days: r.playlist_submission_days,
    on_going_days: r.on_going_days,
    auditing_days: r.auditing_days,
    admin_ids: r.admin_ids,
    opt_in_until: r.opt_in_until?.toISOString() ?? null,
    closed_at: r.closed_at?.toISOString() ?? null,
    completed_at: r.completed_at?.toISOString() ?? null,
    price_per_placement: r.price / r.placements,
    placements_list: placements.rows.map((p) => ({
      id: p.id,
      curator: { id: p.curator_id, name: p.curator_name },
      playlist:
        p.playlist_id !== null
          ? { id: p.playlist_id, name: p.playlist_name ?? '', url: p.playlist_url ?? '' }
          : null,
      express_campaign_id: p.express_campaign_id,
      status: p.status_id !== null ? { id: p.status_id, status: expressLabel(p.status_id) } : null,
      paid_coins: p.paid_coins,
      refunded_coins: p.refunded_coins,
      created_at: p.created_at.toISOString(),
    })),
    money: {
      held: money.held,
      paid: money.paid,
      refunded: money.refunded,
      open: money.open,
      slots: { total: money.total, claimed: money.claimed, voided: money.voided },
    },
  };
}

/**
 * The stats card (`campaigns`, `web/user/campaigns/dashboard`, `/api/admin/custom-campaigns/stats`;
 * spec section 3 "Campaign stats"): counts by custom status of the artist's campaigns, of the
 * campaigns a curator took a placement in, or of all when no scope is given. Deleted ones are not
 * counted; "invited" has no custom status and is 0; "publishing" counts published campaigns still
 * running and "completed" the ended ones, so the figures add up: total = pending + pending for
 * approval + approved + pending for publishing + publishing + completed + declined.
 */
export async function campaignStats(
  database: Database,
  scope: { artistId?: number; curatorId?: number } = {},
): Promise<CustomCampaignStats> {
  const where =
    scope.artistId !== undefined
      ? 'and artist_id = $1'
      : scope.curatorId !== undefined
        ? `and id in (select campaign_id from curators_vs_campaigns where curator_id = $1 and playlist_id is not null)`
        : '';
  const param = scope.artistId ?? scope.curatorId;
  const { rows } = await database.pool.query<{ status: number; completed: boolean; n: string }>(
    `select status, completed_at is not null as completed, count(*) as n from custom_campaigns
      where status <> 5 ${where} group by 1, 2`,
    param !== undefined ? [param] : [],
  );
  const by = (s: number, completed?: boolean) =>
    rows
      .filter((r) => r.status === s && (completed === undefined || r.completed === completed))
      .reduce((sum, r) => sum + Number(r.n), 0);
  return {
    total_campaigns: rows.reduce((sum, r) => sum + Number(r.n), 0),
    total_campaigns_approved: by(3),
    total_campaigns_pending_for_publishing: by(6),
    total_campaigns_publishing: by(7, false),
    total_campaigns_completed: by(7, true),
    total_campaigns_declined: by(4),
    total_campaigns_invited: 0,
    total_campaigns_pending: by(1),
    total_campaigns_pending_for_approval: by(2),
  };
}

/**
 * Campaigns open to a curator (`published/campaigns`): published, window open, a free placement, and
 * at least one of the curator's approved playlists in the campaign's tier sharing a genre (a playlist
 * without genres fits any) and, for a track declared made with AI, taking AI-made music; or campaigns
 * the curator has already opted in to.
 */
export async function publishedForCurator(
  database: Database,
  curatorId: number,
  now: Date,
): Promise<PublishedCampaign[]> {
  const { rows } = await database.pool.query<{
    id: number;
    name: string;
    link: string;
    is_released: boolean;
    tier_id: number;
    tier_name: string;
    genre_ids: number[];
    pitch: string;
    made_with_ai: boolean | null;
    language: { id: number; code: string; name: string };
    start_date: string;
    opt_in_until: Date | null;
    free: string;
    price: number;
    placements: number;
    on_going_days: number;
    opt_id: number | null;
    opt_playlist: number | null;
    opt_express: number | null;
    eligible: { id: number; name: string }[] | null;
  }>(
    `select c.id, c.name, c.link, c.is_released, c.tier_id, t.tier_name, c.genre_ids, c.pitch, c.made_with_ai,
            (select json_build_object('id', l.id, 'code', l.code, 'name', l.name)
               from languages l where l.id = c.language_id) as language,
            to_char(c.start_date, 'YYYY-MM-DD') as start_date, c.opt_in_until, c.price, c.placements,
            c.on_going_days,
            (select count(*) from custom_campaign_slots s
              where s.campaign_id = c.id and s.express_campaign_id is null and s.voided_at is null) as free,
            v.id as opt_id, v.playlist_id as opt_playlist, v.express_campaign_id as opt_express,
            (select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id)
               from express_playlists p
              where p.curator_id = $1 and p.status_id = 1 and p.tier_id = c.tier_id
                and not (c.made_with_ai is true and p.refuses_ai)
                and (not exists (select 1 from express_playlist_genres g where g.playlist_id = p.id)
                     or exists (select 1 from express_playlist_genres g
                                 where g.playlist_id = p.id and g.genre_id = any(c.genre_ids)))) as eligible
       from custom_campaigns c
       join express_tiers t on t.id = c.tier_id
       left join curators_vs_campaigns v on v.campaign_id = c.id and v.curator_id = $1
      where c.status = 7 and c.completed_at is null
        and (v.id is not null or (c.closed_at is null and c.opt_in_until > $2))
      order by c.id desc limit 200`,
    [curatorId, now.toISOString()],
  );
  const genreIds = [...new Set(rows.flatMap((r) => r.genre_ids))];
  const names = await database.pool.query<{ id: number; name: string }>(
    'select id, name from genres where id = any($1::int[])',
    [genreIds],
  );
  return rows
    .filter((r) => r.opt_id !== null || ((r.eligible?.length ?? 0) > 0 && Number(r.free) > 0))
    .map((r) => ({
      id: r.id,
      name: r.name,
      link: r.link,
      is_released: r.is_released ? 1 : 0,
      tier: { id: r.tier_id, name: r.tier_name },
      genres: names.rows.filter((g) => r.genre_ids.includes(g.id)),
      pitch: r.pitch,
      made_with_ai: r.made_with_ai,
      language: r.language,
      start_date: r.start_date,
      opt_in_until: r.opt_in_until?.toISOString() ?? null,
      free_placements: Number(r.free),
      price_per_placement: r.price / r.placements,
      on_going_days: r.on_going_days,
      my_opt_in:
        r.opt_id !== null
          ? { id: r.opt_id, playlist_id: r.opt_playlist, express_campaign_id: r.opt_express }
          : null,
      eligible_playlists: r.eligible ?? [],
    }));
}

/**
 * Artists staff may order a campaign for (admin New Campaign's artist field): approved or not, not
 * deleted, matching `q` in name or e-mail; at most 20.
 */
export async function searchArtists(
  database: Database,
  q: string | undefined,
): Promise<{ id: number; name: string; email: string }[]> {
  const term = containsPattern(q ?? '');
  const { rows } = await database.pool.query<{ id: number; name: string; email: string }>(
    `select id, coalesce(nullif(artist_name, ''), first_name || ' ' || last_name) as name, email
       from users
      where user_type_id = 1 and deleted_at is null
        and (first_name || ' ' || last_name ilike $1 or email ilike $1 or coalesce(artist_name, '') ilike $1)
      order by id desc limit 20`,
    [term],
  );
  return rows;
}

const MY_STATUS_MAPS = {
  spotify: EXPRESS_CAMPAIGN_STATUSES,
  tiktok: EXPRESS_VIDEO_CAMPAIGN_STATUSES,
  instagram: EXPRESS_VIDEO_CAMPAIGN_STATUSES,
  custom: CUSTOM_CAMPAIGN_FILTER_STATUSES,
} as const;

/**
 * The artist's campaigns of every kind in one list (`GET artist/my-campaigns`, web /my-campaigns,
 * spec section 2): express Spotify, TikTok and Instagram campaigns and custom campaigns, newest
 * first. A custom campaign's placements (express campaigns holding its slots) are not listed apart,
 * and deleted custom campaigns are left out. Filters: `type`, `q` (name, case-insensitive).
 * @returns one page, with the status label of the type's own map (custom completed = 8 Completed)
 */
export async function myCampaigns(
  database: Database,
  artistId: number,
  options: { page: number; limit: number; type?: MyCampaignType; q?: string },
): Promise<{ data: MyCampaignItem[]; pagination: ReturnType<typeof paginate> }> {
  const union = `select case e.campaign_type_id when 2 then 'tiktok' when 3 then 'instagram' else 'spotify' end as type,
        e.id, e.track_name as name, e.status_id as status, e.price, e.created_at
      from express_campaigns e
     where e.artist_id = $1
       and not exists (select 1 from custom_campaign_slots s where s.express_campaign_id = e.id)
    union all
    select 'custom', c.id, c.name, case when c.completed_at is not null then 8 else c.status end, c.price, c.created_at
      from custom_campaigns c
     where c.artist_id = $1 and c.status <> 5`;
  const where = `where ($2::text is null or x.type = $2) and ($3::text is null or x.name ilike '%' || $3 || '%')`;
  const q = options.q ? options.q.replace(/[\\%_]/g, (ch) => `\\${ch}`) : null;
  const params = [artistId, options.type ?? null, q];
  const [rows, total] = await Promise.all([
    database.pool.query<{
      type: MyCampaignType;
      id: number;
      name: string;
      status: number;
      price: number;
      created_at: Date;
    }>(
      `select * from (${union}) x ${where} order by x.created_at desc, x.type, x.id desc limit $4 offset $5`,
      [...params, options.limit, (options.page - 1) * options.limit],
    ),
    database.pool.query<{ n: string }>(`select count(*) as n from (${union}) x ${where}`, params),
  ]);
  return {
    data: rows.rows.map((r) => ({
      type: r.type,
      id: r.id,
      name: r.name,
      status: {
        id: r.status,
        status: MY_STATUS_MAPS[r.type].find((s) => s.id === r.status)?.label ?? String(r.status),
      },
      price: r.price,
      created_at: r.created_at.toISOString(),
    })),
    pagination: paginate(Number(total.rows[0]!.n), options.page, options.limit),
  };
}
