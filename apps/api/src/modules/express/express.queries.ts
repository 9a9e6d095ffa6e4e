import { EXPRESS_CAMPAIGN_STATUSES, type LocalizedParam, resolveLocalizedParams } from '@lm/contracts';
import type { Language } from '@lm/contracts/api';
import type { Mood, OfferFilterQuery, OfferSort } from '@lm/contracts/offers';
import {
  type AnyColumn,
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Database, idList, inIdsPlaceholder, prepareOnce } from '../../db/client';
import { admins, genres, trustScores, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { type ListQuery, paginate } from '../../platform/http';
import { isMessageKey, t } from '../../platform/i18n';
import { playlistVisibleToArtists, scoreItem, scoreOrNeutral } from '../trust';
import { type DeclineJson, declineJson, declinesOf, declineView } from './express.feedback';
import { type TrackLanguage, trackLanguageSql } from './express.language';
import { dateRangeFilter, staffCampaignFilters } from './express.list-filters';
import { unreadOf } from './express.messages';
import { timelineKeyFor } from './express.notify';
import { offerFilters, offerOrder, playlistOfferColumns } from './express.offers';
import {
  expressCampaignEvents,
  expressCampaigns,
  expressDurations,
  expressPlaylistGenres,
  expressPlaylists,
  expressReviews,
  expressTiers,
} from './express.schema';
import { spotifyAdapter } from './platforms/spotify.adapter';

const statusLabel = (id: number) => EXPRESS_CAMPAIGN_STATUSES.find((s) => s.id === id)?.label ?? String(id);
const artists = aliasedTable(users, 'artists');
const curators = aliasedTable(users, 'curators');
const one = (f: ListQuery['filter'], k: string) => {
  const v = f?.[k];
  return (Array.isArray(v) ? v[0] : v) || undefined;
};

/**
 * Filters: status, artist_id, curator_id, playlist_id, date_from/date_to (YYYY-MM-DD, validated: see
 * `dateRangeFilter`), q (track or email); staff's lists also artist, seller and track (`staffCampaignFilters`).
 * These lists are Spotify's (campaign_type_id 1, joined to their playlists); TikTok and Instagram
 * campaigns have their own lists.
 */
function campaignWhere(
  query: Pick<ListQuery, 'filter' | 'q'>,
  scope: { artistId?: number; curatorId?: number },
): SQL | undefined {
  const f = query.filter;
  const parts: (SQL | undefined)[] = [
    eq(expressCampaigns.campaignTypeId, spotifyAdapter.typeId),
    scope.artistId !== undefined ? eq(expressCampaigns.artistId, scope.artistId) : undefined,
    scope.curatorId !== undefined ? eq(expressCampaigns.curatorId, scope.curatorId) : undefined,
  ];
  const status = f?.status;
  const statuses = (Array.isArray(status) ? status : status ? [status] : [])
    .map(Number)
    .filter((n) => n >= 1 && n <= 8);
  if (statuses.length > 0) parts.push(inArray(expressCampaigns.statusId, statuses));
  for (const [key, col] of [
    ['artist_id', expressCampaigns.artistId],
    ['curator_id', expressCampaigns.curatorId],
    ['playlist_id', expressCampaigns.playlistId],
  ] as const) {
    const v = one(f, key);
    if (v && /^\d+$/.test(v)) parts.push(eq(col, Number(v)));
  }
  parts.push(...dateRangeFilter(f, expressCampaigns.createdAt));
  if (scope.artistId === undefined && scope.curatorId === undefined) {
    parts.push(
      staffCampaignFilters(f, {
        artist: artists,
        seller: curators,
        track: expressCampaigns.trackName,
      }),
    );
  }
  if (query.q) {
    parts.push(
      sql`(${ilike(expressCampaigns.trackName, containsPattern(query.q))} or ${ilike(artists.email, containsPattern(query.q))} or ${ilike(curators.email, containsPattern(query.q))})`,
    );
  }
  return and(...parts);
}

const campaignSelect = {
  c: expressCampaigns,
  playlistId: expressPlaylists.id,
  playlistName: expressPlaylists.name,
  playlistUrl: expressPlaylists.spotifyUrl,
  playlistImage: expressPlaylists.imageUrl,
  playlistFollowers: expressPlaylists.followers,
  tierName: expressTiers.tierName,
  artistName: sql<string>`${artists.firstName} || ' ' || ${artists.lastName}`,
  artistEmail: artists.email,
  curatorName: sql<string>`${curators.firstName} || ' ' || ${curators.lastName}`,
  // The custom campaign this is a placement of, else null.
  customCampaignId: sql<number | null>`(select s.campaign_id from custom_campaign_slots s
    where s.express_campaign_id = ${expressCampaigns.id})`,
  language: trackLanguageSql,
};

type CampaignRow = {
  c: typeof expressCampaigns.$inferSelect;
  playlistId: number;
  playlistName: string;
  playlistUrl: string;
  playlistImage: string | null;
  playlistFollowers: number;
  tierName: string;
  artistName: string;
  artistEmail: string;
  curatorName: string;
  customCampaignId?: number | null;
  language?: TrackLanguage | null;
  /** Unread messages of the reader (artist or curator lists only). */
  unread?: number;
};

/** A campaign as the lists and detail screens show it (spec "Express campaign" fields and more). */
export function campaignItem(r: CampaignRow) {
  const c = r.c;
  return {
    id: c.id,
    campaign_name: c.trackName,
    type: 'spotify',
    status: { id: c.statusId, status: statusLabel(c.statusId) },
    tier: { id: c.tierId ?? 0, tier_name: r.tierName },
    price: c.price,
    track: {
      id: c.trackId,
      name: c.trackName,
      artist: c.trackArtist,
      cover_url: c.coverUrl,
      url: c.trackUrl,
    },
    playlist: {
      id: r.playlistId,
      name: r.playlistName,
      url: r.playlistUrl,
      image_url: r.playlistImage,
      followers: r.playlistFollowers,
    },
    artist: { id: c.artistId, name: r.artistName, email: r.artistEmail },
    /** The artist's pitch for the curator, or null. */
    pitch: c.pitch,
    curator: { id: c.curatorId, name: r.curatorName },
    payment_method: c.paymentMethod,
    fee_percent: c.feePercent,
    playlist_submission_days: c.playlistSubmissionDays,
    on_going_days: c.onGoingDays,
    auditing_days: c.auditingDays,
    submission_deadline: c.submissionDeadline?.toISOString() ?? null,
    on_going_until: c.onGoingUntil?.toISOString() ?? null,
    auditing_until: c.auditingUntil?.toISOString() ?? null,
    placement: {
      found_at: c.placementFoundAt?.toISOString() ?? null,
      position: c.placementPosition,
      last_seen_at: c.placementLastSeenAt?.toISOString() ?? null,
      removed_at: c.removedAt?.toISOString() ?? null,
    },
    paid_coins: c.paidCoins,
    /** Of `paid_coins`, the platform fee (rounded down, as the ledger posts it) and the curator's share. */
    fee_coins: c.paidCoins === null ? null : Math.floor((c.paidCoins * c.feePercent) / 100),
    curator_coins: c.paidCoins === null ? null : c.paidCoins - Math.floor((c.paidCoins * c.feePercent) / 100),
    refunded_coins: c.refundedCoins,
    decline_reason: c.declineReason,
    renewed_from_id: c.renewedFromId,
    /** The custom (managed) campaign this is a playlist placement of, else null. */
    custom_campaign_id: r.customCampaignId ?? null,
    created_at: c.createdAt.toISOString(),
    completed_at: c.completedAt?.toISOString() ?? null,
    answer_deadline: c.answerDeadline?.toISOString() ?? null,
    end_reason: c.endReason,
    ...(r.unread === undefined ? {} : { unread_messages: r.unread }),
    made_with_ai: c.madeWithAi,
    language: r.language ?? null,
  };
}
export type CampaignItem = ReturnType<typeof campaignItem>;

function campaignBase(database: Database, readerId?: number) {
  return database.db
    .select(readerId === undefined ? campaignSelect : { ...campaignSelect, unread: unreadOf(readerId) })
    .from(expressCampaigns)
    .innerJoin(expressPlaylists, eq(expressPlaylists.id, expressCampaigns.playlistId))
    .innerJoin(expressTiers, eq(expressTiers.id, expressCampaigns.tierId))
    .innerJoin(artists, eq(artists.id, expressCampaigns.artistId))
    .innerJoin(curators, eq(curators.id, expressCampaigns.curatorId));
}

/** Campaign list for an artist, a curator or (no scope) admins, newest first. */
export async function listCampaigns(
  database: Database,
  query: ListQuery,
  scope: { artistId?: number; curatorId?: number } = {},
) {
  const where = campaignWhere(query, scope);
  // The reader's unread messages ride on each row of an artist's or a curator's own list.
  const [rows, [count]] = await Promise.all([
    campaignBase(database, scope.artistId ?? scope.curatorId)
      .where(where)
      .orderBy(query.order?.endsWith(':asc') ? asc(expressCampaigns.id) : desc(expressCampaigns.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(expressCampaigns)
      .innerJoin(artists, eq(artists.id, expressCampaigns.artistId))
      .innerJoin(curators, eq(curators.id, expressCampaigns.curatorId))
      .where(where),
  ]);
  return { data: rows.map(campaignItem), pagination: paginate(count?.n ?? 0, query.page, query.limit) };
}

/**
 * The query of staff's Spotify campaign list's CSV export (`GET /api/admin/express/campaigns/export.csv`,
 * issue 36): every campaign the list's `q` and filters select (`campaignWhere`, the list's own
 * condition), in the list's order (by number, newest first unless `order` ends in `:asc`), as
 * {@link CampaignExportRow}s: the target is the playlist, the tier the Spotify tier.
 */
export function campaignExportQuery(query: Pick<ListQuery, 'filter' | 'q' | 'order'>): SQL {
  const where = campaignWhere(query, {});
  return sql`select ${expressCampaigns.id} as id, ${expressCampaigns.createdAt} as created_at,
      ${expressCampaigns.statusId} as status_id, ${artists.id} as artist_id,
      ${artists.firstName} || ' ' || ${artists.lastName} as artist_name, ${artists.email} as artist_email,
      ${curators.id} as seller_id, ${curators.firstName} || ' ' || ${curators.lastName} as seller_name,
      ${curators.email} as seller_email, ${expressCampaigns.trackName} as track_name,
      ${expressCampaigns.trackArtist} as track_artist, ${expressCampaigns.trackUrl} as track_url,
      ${expressPlaylists.name} as target, ${expressTiers.tierName} as tier,
      ${expressCampaigns.price} as price_coins, ${expressCampaigns.paidCoins} as paid_coins,
      ${expressCampaigns.refundedCoins} as refunded_coins, ${expressCampaigns.completedAt} as completed_at
    from ${expressCampaigns}
    join ${expressPlaylists} on ${expressPlaylists.id} = ${expressCampaigns.playlistId}
    join ${expressTiers} on ${expressTiers.id} = ${expressCampaigns.tierId}
    join ${users} ${artists} on ${artists.id} = ${expressCampaigns.artistId}
    join ${users} ${curators} on ${curators.id} = ${expressCampaigns.curatorId}
    where ${where ?? sql`true`}
    order by ${expressCampaigns.id} ${query.order?.endsWith(':asc') ? sql`asc` : sql`desc`}`;
}

/** Who may read campaigns, and in which language their timeline notes are written. */
export interface DetailScope {
  artistId?: number;
  curatorId?: number;
  /**
   * Either side: the campaign's seller or its buyer (a curator opens both the requests sent to
   * them and the placements they bought for a track of their own), in one statement.
   */
  participantId?: number;
  /** Language of the timeline notes (English when absent). */
  lang?: Language;
  /** A staff reader: the timeline names the staff member behind each admin event. */
  staff?: boolean;
}

/** A campaign event as the detail statement returns it (JSON, snake_case columns). */
interface EventJson {
  id: number;
  from_status: number | null;
  to_status: number;
  actor_type: string;
  actor_name: string | null;
  note: string | null;
  note_key: string | null;
  note_params: NoteParams | null;
  created_at: string;
}

/** A timeline note's parameters (a decline's reason is written in the reader's language). */
type NoteParams = Record<string, string | number | LocalizedParam>;

/** A review as the detail statement returns it (JSON). */
interface ReviewJson {
  rating: number;
  comment: string | null;
  created_at: string;
}

/** The name of the staff member behind an admin event (null for other actors), from its actor columns. */
function adminName(actorType: SQL | AnyColumn, actorId: SQL | AnyColumn) {
  return sql<
    string | null
  >`(select a.name from ${admins} a where ${actorType} = 'admin' and a.id = ${actorId})`;
}

/**
 * Every event of the campaign, oldest first, as one JSON array: the timeline rides on the campaign's
 * own row instead of a second statement (a purchase answers with its campaigns' details).
 */
const timelineJson = sql<EventJson[]>`coalesce((select json_agg(json_build_object(
    'id', e.id, 'from_status', e.from_status, 'to_status', e.to_status, 'actor_type', e.actor_type,
    'actor_name', ${adminName(sql`e.actor_type`, sql`e.actor_id`)}, 'note', e.note, 'note_key', e.note_key, 'note_params', e.note_params, 'created_at', e.created_at
  ) order by e.id) from ${expressCampaignEvents} e where e.campaign_id = ${expressCampaigns.id}), '[]'::json)`;

/** The artist's review of the campaign (at most one), as JSON, or null. */
const reviewJson = sql<ReviewJson | null>`(select json_build_object(
    'rating', r.rating, 'comment', r.comment, 'created_at', r.created_at
  ) from ${expressReviews} r where r.campaign_id = ${expressCampaigns.id} limit 1)`;

/**
 * One timeline entry of the API: the system note translated into `lang` (`campaignTypeId` 2 or 3:
 * the video wording of TikTok and Instagram), an admin's own words as written; the staff member's
 * name only for a `staff` reader.
 */
/** A timeline event as {@link timelineEntry} reads it. */
interface TimelineEvent {
  id: number;
  fromStatus: number | null;
  toStatus: number;
  actorType: string;
  actorName: string | null;
  note: string | null;
  noteKey: string | null;
  noteParams: NoteParams | null;
  createdAt: Date;
}

function timelineEntry(e: TimelineEvent, lang: Language, campaignTypeId: number, staff = false) {
  return {
    id: e.id,
    from_status: e.fromStatus,
    to_status: e.toStatus,
    status: statusLabel(e.toStatus),
    actor_type: e.actorType,
    actor_name: staff ? e.actorName : null,
    // TikTok and Instagram notes read in video words where the catalog has them.
    note: e.noteKey
      ? t(
          lang,
          timelineKeyFor(e.noteKey, campaignTypeId, isMessageKey),
          e.noteParams ? resolveLocalizedParams(lang, e.noteParams) : undefined,
        )
      : e.note,
    listened_seconds:
      typeof e.noteParams?.listened_seconds === 'number' ? e.noteParams.listened_seconds : null,
    created_at: e.createdAt.toISOString(),
  };
}

/**
 * Campaigns with their timelines and reviews, in the order of `ids` (missing or out-of-scope ones are
 * left out): one statement whatever the number of campaigns (timeline and review as JSON
 * subselects). System notes are stored as message keys and translated here into `scope.lang`; an
 * admin's own words are returned as written.
 */
export async function campaignDetails(database: Database, ids: readonly number[], scope: DetailScope = {}) {
  if (ids.length === 0) return [];
  const lang = scope.lang ?? 'en';
  // Built and prepared once per shape: planning it cost more than running it, and building
  // it more than both. One id as `=`: PostgreSQL keeps re-planning `= any($1)` (it prices the generic
  // plan for ten ids).
  const one = ids.length === 1;
  const byArtist = scope.artistId !== undefined;
  const byCurator = scope.curatorId !== undefined;
  const byParticipant = scope.participantId !== undefined;
  const key = `express.details:${one ? 'one' : 'many'}:${byArtist ? 'artist' : ''}:${byCurator ? 'curator' : ''}:${byParticipant ? 'participant' : ''}`;
  const rows = await prepareOnce(database.db, key, (name) =>
    database.db
      .select({ ...campaignSelect, timeline: timelineJson, review: reviewJson, decline: declineJson })
      .from(expressCampaigns)
      .innerJoin(expressPlaylists, eq(expressPlaylists.id, expressCampaigns.playlistId))
      .innerJoin(expressTiers, eq(expressTiers.id, expressCampaigns.tierId))
      .innerJoin(artists, eq(artists.id, expressCampaigns.artistId))
      .innerJoin(curators, eq(curators.id, expressCampaigns.curatorId))
      .where(
        and(
          one ? eq(expressCampaigns.id, sql.placeholder('id')) : inIdsPlaceholder(expressCampaigns.id, 'ids'),
          byArtist ? eq(expressCampaigns.artistId, sql.placeholder('artist')) : undefined,
          byCurator ? eq(expressCampaigns.curatorId, sql.placeholder('curator')) : undefined,
          byParticipant
            ? or(
                eq(expressCampaigns.curatorId, sql.placeholder('participant')),
                eq(expressCampaigns.artistId, sql.placeholder('participant')),
              )
            : undefined,
        ),
      )
      .prepare(name),
  ).execute({
    id: ids[0],
    ids: idList(ids),
    artist: scope.artistId ?? null,
    curator: scope.curatorId ?? null,
    participant: scope.participantId ?? null,
  });
  const byId = new Map(rows.map((row) => [row.c.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      detailItem(
        row,
        row.timeline.map((e) => ({
          id: e.id,
          fromStatus: e.from_status,
          toStatus: e.to_status,
          actorType: e.actor_type,
          actorName: e.actor_name,
          note: e.note,
          noteKey: e.note_key,
          noteParams: e.note_params,
          createdAt: new Date(e.created_at),
        })),
        lang,
        scope.staff,
      ),
    ];
  });
}

/** A campaign's detail as {@link campaignDetails} answers it, from its row, timeline, review and decline. */
function detailItem(
  row: CampaignRow & { review: ReviewJson | null; decline: DeclineJson | null },
  timeline: readonly TimelineEvent[],
  lang: Language,
  staff: boolean | undefined,
) {
  const { decline, declineReason } = declineView(row.decline, lang);
  return {
    ...campaignItem(row),
    ...(declineReason === undefined ? {} : { decline_reason: declineReason }),
    decline,
    timeline: timeline.map((e) => timelineEntry(e, lang, row.c.campaignTypeId, staff)),
    review: row.review
      ? {
          rating: row.review.rating,
          comment: row.review.comment,
          created_at: new Date(row.review.created_at).toISOString(),
        }
      : null,
  };
}

/**
 * What a purchase wrote of a new campaign, enough for its detail (see `CreatedCampaign.written` in
 * `express.creation.ts`): the row, its one timeline event, its target as a detail shows it, the
 * artist's name and address, the track's language.
 */
export interface WrittenCampaign {
  row: typeof expressCampaigns.$inferSelect;
  event: TimelineEvent;
  target: {
    id: number;
    name: string;
    url: string;
    imageUrl: string | null;
    followers: number;
    tierName: string;
    sellerName: string;
  };
  artist: { name: string; email: string };
  language: TrackLanguage | null;
}

/**
 * The details of campaigns a purchase has just written, as {@link campaignDetails} would read them back
 * (no statement: a new campaign has no review, decline or custom campaign, and one timeline event).
 * @returns the details in the order given, or null when one of them does not carry what it wrote
 */
export function campaignDetailsOf(created: readonly { written?: WrittenCampaign }[], lang: Language) {
  if (!created.every((c) => c.written)) return null;
  return created.map(({ written: w }) =>
    detailItem(
      {
        c: w!.row,
        playlistId: w!.target.id,
        playlistName: w!.target.name,
        playlistUrl: w!.target.url,
        playlistImage: w!.target.imageUrl,
        playlistFollowers: w!.target.followers,
        tierName: w!.target.tierName,
        artistName: w!.artist.name,
        artistEmail: w!.artist.email,
        curatorName: w!.target.sellerName,
        customCampaignId: null,
        language: w!.language,
        review: null,
        decline: null,
      },
      [w!.event],
      lang,
      false,
    ),
  );
}

/**
 * The timeline (every transition, oldest first) and the artist's review of campaigns of any platform,
 * by campaign id: two queries whatever the number of campaigns (`staff`: with the staff member's name on
 * admin events). System notes are stored as message
 * keys and translated here into `lang` (`campaignTypeId` 2 or 3: the video wording of TikTok and Instagram);
 * an admin's own words are returned as written.
 */
export async function timelinesAndReviews(
  database: Database,
  ids: readonly number[],
  lang: Language,
  campaignTypeId = 1,
  staff = false,
) {
  const [events, reviews, declines] = await Promise.all([
    database.db
      .select({
        id: expressCampaignEvents.id,
        campaignId: expressCampaignEvents.campaignId,
        fromStatus: expressCampaignEvents.fromStatus,
        toStatus: expressCampaignEvents.toStatus,
        actorType: expressCampaignEvents.actorType,
        actorName: adminName(expressCampaignEvents.actorType, expressCampaignEvents.actorId),
        note: expressCampaignEvents.note,
        noteKey: expressCampaignEvents.noteKey,
        noteParams: expressCampaignEvents.noteParams,
        createdAt: expressCampaignEvents.createdAt,
      })
      .from(expressCampaignEvents)
      .where(inArray(expressCampaignEvents.campaignId, [...ids]))
      .orderBy(asc(expressCampaignEvents.id)),
    database.db
      .select()
      .from(expressReviews)
      .where(inArray(expressReviews.campaignId, [...ids])),
    declinesOf(database, ids),
  ]);
  return new Map(
    ids.map((id) => {
      const review = reviews.find((r) => r.campaignId === id);
      const { decline, declineReason } = declineView(declines.get(id) ?? null, lang);
      return [
        id,
        {
          ...(declineReason === undefined ? {} : { decline_reason: declineReason }),
          decline,
          timeline: events
            .filter((e) => e.campaignId === id)
            .map((e) => timelineEntry(e, lang, campaignTypeId, staff)),
          review: review
            ? { rating: review.rating, comment: review.comment, created_at: review.createdAt.toISOString() }
            : null,
        },
      ] as const;
    }),
  );
}

/** One campaign with its timeline and review; `scope` restricts it to its artist or curator. */
export async function campaignDetail(database: Database, id: number, scope: DetailScope = {}) {
  const [item] = await campaignDetails(database, [id], scope);
  return item ?? null;
}

/**
 * Days live of the on-going period: whole days from the start of On
 * Going (`on_going_until` less `on_going_days`) to the earliest of the campaign's end (now while it
 * is open), the placement's removal and `on_going_until`. Verifying and Auditing are not "live" days of the promise, so
 * the result is always within 0..on_going_days; 0 before the campaign went On Going.
 */
export function daysLive(item: CampaignItem, now: Date): number {
  if (!item.on_going_until) return 0;
  const until = new Date(item.on_going_until).getTime();
  const start = until - item.on_going_days * 86_400_000;
  // A finished campaign counts to its end (or the placement's removal), an open one to now.
  const stops = [until, item.completed_at ? new Date(item.completed_at).getTime() : now.getTime()];
  if (item.placement.removed_at) stops.push(new Date(item.placement.removed_at).getTime());
  return Math.max(0, Math.floor((Math.min(...stops) - start) / 86_400_000));
}

/** Performance of a campaign (`campaigns/performance/{id}`): days live ({@link daysLive}), last seen, position. */
export function performanceOf(item: CampaignItem, now: Date) {
  return {
    campaign_id: item.id,
    status: item.status,
    days_live: daysLive(item, now),
    on_going_days: item.on_going_days,
    position: item.placement.position,
    last_seen_at: item.placement.last_seen_at,
    playlist_followers: item.playlist.followers,
    removed_early: item.placement.removed_at !== null,
  };
}

/** Which playlists a list or detail covers. */
export interface PlaylistScope {
  curatorId?: number;
  /** Not this curator's playlists (a curator buying placements never sees their own). */
  notCuratorId?: number;
  playlistId?: number;
  onlyApproved?: boolean;
  genreId?: number;
  tierId?: number;
  /** order by quality score (a never-scored playlist counts as the neutral 50). */
  sort?: OfferSort;
  /** only playlists scoring at least this (0..100). */
  minScore?: number;
  /** true: the artist's track is made with AI, so playlists that take no AI-made music are left out. */
  madeWithAi?: boolean;
  /** Only these playlists (the matched suggestions). */
  playlistIds?: readonly number[];
  /** The wizard's filters and sorts (`offerFilterQuery`): mood, language, price, followers, answer, acceptance. */
  offer?: Partial<OfferFilterQuery>;
}

/** One playlist (null when absent or outside `scope`, e.g. another curator's). */
export async function playlistDetail(database: Database, id: number, scope: PlaylistScope = {}) {
  const page = await listPlaylists(
    database,
    { page: 1, limit: 1, filter: undefined, order: undefined, q: undefined },
    { ...scope, playlistId: id },
  );
  return page.data[0] ?? null;
}

/** Playlists: a curator's own, all (admin), or the approved ones artists choose from (genre, tier filters). */
const scoreOf = scoreOrNeutral(trustScores.score);
const playlistColumns = playlistOfferColumns({
  id: expressPlaylists.id,
  followers: expressPlaylists.followers,
  moods: expressPlaylists.moods,
  languageIds: expressPlaylists.languageIds,
  price: expressTiers.price,
});

export async function listPlaylists(database: Database, query: ListQuery, scope: PlaylistScope = {}) {
  const statusFilter = one(query.filter, 'status_id');
  const where = and(
    scope.curatorId !== undefined ? eq(expressPlaylists.curatorId, scope.curatorId) : undefined,
    scope.notCuratorId !== undefined ? ne(expressPlaylists.curatorId, scope.notCuratorId) : undefined,
    scope.playlistId !== undefined ? eq(expressPlaylists.id, scope.playlistId) : undefined,
    // Artists never see a playlist hidden by a confirmed fake-audience flag.
    scope.onlyApproved
      ? and(eq(expressPlaylists.statusId, 1), eq(expressTiers.status, 1), playlistVisibleToArtists())
      : undefined,
    statusFilter && /^[123]$/.test(statusFilter)
      ? eq(expressPlaylists.statusId, Number(statusFilter))
      : undefined,
    scope.tierId ? eq(expressPlaylists.tierId, scope.tierId) : undefined,
    scope.genreId
      ? sql`exists (select 1 from ${expressPlaylistGenres} g where g.playlist_id = ${expressPlaylists.id} and g.genre_id = ${scope.genreId})`
      : undefined,
    query.q ? ilike(expressPlaylists.name, containsPattern(query.q)) : undefined,
    scope.minScore !== undefined ? gte(scoreOf, scope.minScore) : undefined,
    scope.madeWithAi ? eq(expressPlaylists.refusesAi, false) : undefined,
    scope.playlistIds ? inArray(expressPlaylists.id, [...scope.playlistIds]) : undefined,
    ...(scope.offer ? offerFilters(playlistColumns, scope.offer) : []),
  );
  const sorted = offerOrder(playlistColumns, scope.offer?.sort ?? scope.sort);
  const [rows, [count]] = await Promise.all([
    database.db
      .select({
        p: expressPlaylists,
        tierName: expressTiers.tierName,
        price: expressTiers.price,
        duration: expressDurations.duration,
        curatorName: sql<string>`${curators.firstName} || ' ' || ${curators.lastName}`,
        score: trustScores,
      })
      .from(expressPlaylists)
      .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
      .innerJoin(expressDurations, eq(expressDurations.id, expressPlaylists.durationId))
      .innerJoin(curators, eq(curators.id, expressPlaylists.curatorId))
      .leftJoin(trustScores, eq(trustScores.playlistId, expressPlaylists.id))
      .where(where)
      .orderBy(
        ...sorted,
        scope.onlyApproved ? desc(expressPlaylists.followers) : desc(expressPlaylists.id),
        asc(expressPlaylists.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(expressPlaylists)
      .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
      .leftJoin(trustScores, eq(trustScores.playlistId, expressPlaylists.id))
      .where(where),
  ]);
  const ids = rows.map((r) => r.p.id);
  const genreRows = ids.length
    ? await database.db
        .select({ playlistId: expressPlaylistGenres.playlistId, id: genres.id, name: genres.name })
        .from(expressPlaylistGenres)
        .innerJoin(genres, eq(genres.id, expressPlaylistGenres.genreId))
        .where(inArray(expressPlaylistGenres.playlistId, ids))
    : [];
  return {
    data: rows.map((r) => ({
      id: r.p.id,
      name: r.p.name,
      spotify_url: r.p.spotifyUrl,
      spotify_playlist_id: r.p.spotifyPlaylistId,
      image_url: r.p.imageUrl,
      followers: r.p.followers,
      tier: { id: r.p.tierId, tier_name: r.tierName, price: r.price },
      duration: { id: r.p.durationId, duration: r.duration },
      genres: genreRows.filter((g) => g.playlistId === r.p.id).map((g) => ({ id: g.id, name: g.name })),
      renewable: r.p.renewable,
      refuses_ai: r.p.refusesAi,
      moods: r.p.moods as Mood[],
      language_ids: r.p.languageIds,
      accepts_unreleased: r.p.acceptsUnreleased,
      description: r.p.description,
      status_id: r.p.statusId,
      status: { status: r.p.statusId === 1 ? 'Approved' : r.p.statusId === 2 ? 'Pending' : 'Declined' },
      by_curator: { id: r.p.curatorId, name: r.curatorName },
      by_admin: r.p.byAdminId ? { id: r.p.byAdminId } : null,
      decline_reason: r.p.declineReason,
      created_at: r.p.createdAt.toISOString(),
      score: scoreItem(r.score),
    })),
    pagination: paginate(count?.n ?? 0, query.page, query.limit),
  };
}

/** A user staff may act for: an approved artist (with their coins) or an approved curator. */
export interface BehalfUser {
  id: number;
  name: string;
  email: string;
  /** Wallet balance in coins. */
  balance: number;
}

/**
 * Approved, live users of one type whose name, artist name or e-mail contains `q` (or the one user
 * `id`), newest first, at most 20, with their wallet balance: the user pickers of the back-office
 * /express/checkout (artists), /express/playlist/create (curators) and the new playlist form (artists).
 */
export async function searchBehalfUsers(
  database: Database,
  kind: 'artist' | 'curator',
  search: { q?: string; id?: number },
): Promise<BehalfUser[]> {
  const term = containsPattern(search.q ?? '');
  const { rows } = await database.pool.query<BehalfUser>(
    `select u.id, coalesce(nullif(u.artist_name, ''), u.first_name || ' ' || u.last_name) as name, u.email,
            coalesce(a.balance, 0)::int as balance
       from users u
       left join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'
      where u.user_type_id = $2 and u.status = 'approved' and u.deleted_at is null
        and (u.first_name || ' ' || u.last_name ilike $1 or u.email ilike $1
             or coalesce(u.artist_name, '') ilike $1)
        and ($3::int is null or u.id = $3)
      order by u.id desc limit 20`,
    [term, kind === 'artist' ? 1 : 2, search.id ?? null],
  );
  return rows;
}

/**
 * One campaign of a platform (`campaign_type_id`) that belongs to the reader: the artist who bought it,
 * or the seller (curator, influencer) it was bought from.
 * @returns the campaign row, or undefined when the reader has no such campaign on that platform
 */
export async function ownCampaign(
  database: Database,
  typeId: number,
  id: number,
  owner: { artistId: number } | { sellerId: number },
): Promise<typeof expressCampaigns.$inferSelect | undefined> {
  const ownedBy =
    'artistId' in owner
      ? eq(expressCampaigns.artistId, owner.artistId)
      : eq(expressCampaigns.curatorId, owner.sellerId);
  const [c] = await database.db
    .select()
    .from(expressCampaigns)
    .where(and(eq(expressCampaigns.id, id), eq(expressCampaigns.campaignTypeId, typeId), ownedBy));
  return c;
}
