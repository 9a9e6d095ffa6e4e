import type { Language } from '@lm/contracts';
import {
  type CampaignReport,
  type MetricComparison,
  RESULTS_MIN_BASELINE_DAYS,
  RESULTS_MIN_WINDOW_DAYS,
  type ResultMetric,
} from '@lm/contracts/results';
import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts/statuses';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { localizedSql } from '../../db/localized';
import {
  artistDailyAudience,
  campaignChecks,
  expressCampaigns,
  expressPlaylists,
  expressTiers,
  socialAccounts,
  socialTiers,
  trackDailyStreams,
} from '../../db/schema';
import { NotFoundError } from '../../platform/errors';
import { findExpressAdapter } from '../express';
import {
  baselineOf,
  campaignWindow,
  compareWindow,
  costPer1000,
  type DailyFigure,
  type DayRange,
  daysIn,
  rangesMeet,
} from './results.compare';

/**
 * A campaign's report (issue "Results"): what the artist's uploads say happened in its live days
 * against the 28 days before (`results.compare.ts`), its cost per result, and the other campaigns of
 * the same track running at the time. The figures of every campaign of one artist are read in a few
 * queries ({@link loadArtistResults}) and each report is computed from them ({@link reportOf}).
 */

type TypeKey = CampaignReport['type'];

/** One campaign of the artist as the reports read it. */
export interface ResultCampaign {
  id: number;
  artistId: number;
  type: TypeKey;
  /**
   * What the seller promised (the platform adapter's `promise`): a `placement` on a playlist promotes
   * the Spotify track itself, so its song timeline applies; a `video` uses a platform's sound.
   */
  promise: 'placement' | 'video';
  statusId: number;
  trackId: string;
  trackName: string;
  playlistId: number | null;
  accountId: number | null;
  targetName: string;
  tierId: number | null;
  tierName: string | null;
  price: number;
  paidCoins: number | null;
  placementFoundAt: Date | null;
  liveUntil: Date | null;
  /** The latest views the engine read (videos): the daily history's last figure, else the campaign's. */
  views: number | null;
}

/** Everything the reports of one artist are computed from. */
export interface ArtistResults {
  campaigns: ResultCampaign[];
  /** Daily streams per Spotify track id, from song-timeline uploads. */
  streams: Map<string, DailyFigure[]>;
  /** The artist's daily audience (all songs), from audience-timeline uploads. */
  audience: {
    listeners: DailyFigure[];
    streams: DailyFigure[];
    saves: DailyFigure[];
  };
}

/**
 * The campaigns (every platform, every status) and uploaded figures of one artist.
 * @param lang the reader's language, for tier names
 */
export async function loadArtistResults(
  database: Database,
  artistId: number,
  lang: Language,
): Promise<ArtistResults> {
  const c = expressCampaigns;
  const latestViews = database.db
    .select({
      campaignId: campaignChecks.campaignId,
      views: sql<
        number | null
      >`(array_agg(${campaignChecks.views} order by ${campaignChecks.day} desc) filter (where ${campaignChecks.views} is not null))[1]`.as(
        'views',
      ),
    })
    .from(campaignChecks)
    // Only this artist's campaigns' days (the primary key's campaign_id leads), never the whole table.
    .where(
      sql`${campaignChecks.campaignId} in (select id from express_campaigns where artist_id = ${artistId})`,
    )
    .groupBy(campaignChecks.campaignId)
    .as('latest_views');
  const rows = await database.db
    .select({
      id: c.id,
      artistId: c.artistId,
      typeId: c.campaignTypeId,
      statusId: c.statusId,
      trackId: c.trackId,
      trackName: c.trackName,
      playlistId: c.playlistId,
      accountId: c.accountId,
      targetName: sql<string>`coalesce(${expressPlaylists.name}, ${socialAccounts.displayName}, ${socialAccounts.username}, '')`,
      tierId: sql<number | null>`coalesce(${c.tierId}, ${c.socialTierId})`,
      tierName: sql<
        string | null
      >`coalesce(${localizedSql(expressTiers.tierName, expressTiers.translations, 'tier_name', lang)}, ${localizedSql(socialTiers.tierName, socialTiers.translations, 'tier_name', lang)})`,
      price: c.price,
      paidCoins: c.paidCoins,
      placementFoundAt: c.placementFoundAt,
      removedAt: c.removedAt,
      onGoingUntil: c.onGoingUntil,
      completedAt: c.completedAt,
      lastViews: c.lastViews,
      checkedViews: latestViews.views,
    })
    .from(c)
    .leftJoin(expressPlaylists, eq(expressPlaylists.id, c.playlistId))
    .leftJoin(socialAccounts, eq(socialAccounts.id, c.accountId))
    .leftJoin(expressTiers, eq(expressTiers.id, c.tierId))
    .leftJoin(socialTiers, eq(socialTiers.id, c.socialTierId))
    .leftJoin(latestViews, eq(latestViews.campaignId, c.id))
    .where(eq(c.artistId, artistId))
    .orderBy(asc(c.id));
  const campaigns: ResultCampaign[] = rows.flatMap((r) => {
    const adapter = findExpressAdapter(r.typeId);
    // A campaign type without a registered platform has nothing the reports can read.
    if (!adapter) return [];
    return [
      {
        id: r.id,
        artistId: r.artistId,
        type: adapter.key as TypeKey,
        promise: adapter.promise,
        statusId: r.statusId,
        trackId: r.trackId,
        trackName: r.trackName,
        playlistId: r.playlistId,
        accountId: r.accountId,
        targetName: r.targetName,
        tierId: r.tierId === null ? null : Number(r.tierId),
        tierName: r.tierName,
        price: r.price,
        paidCoins: r.paidCoins,
        placementFoundAt: r.placementFoundAt,
        // Removed early, or the end of its On Going days (a completed campaign ran until then).
        liveUntil: r.removedAt ?? r.onGoingUntil ?? r.completedAt,
        views: r.checkedViews === null ? r.lastViews : Number(r.checkedViews),
      },
    ];
  });

  const trackIds = [...new Set(campaigns.filter((x) => x.promise === 'placement').map((x) => x.trackId))];
  const streams = new Map<string, DailyFigure[]>();
  if (trackIds.length > 0) {
    const streamRows = await database.db
      .select({
        trackId: trackDailyStreams.trackId,
        day: trackDailyStreams.day,
        value: trackDailyStreams.streams,
      })
      .from(trackDailyStreams)
      .where(and(eq(trackDailyStreams.artistId, artistId), sql`${trackDailyStreams.trackId} in ${trackIds}`))
      .orderBy(asc(trackDailyStreams.day));
    for (const r of streamRows) {
      const list = streams.get(r.trackId) ?? [];
      list.push({ day: r.day, value: r.value });
      streams.set(r.trackId, list);
    }
  }
  const audienceRows = await database.db
    .select({
      day: artistDailyAudience.day,
      listeners: artistDailyAudience.listeners,
      streams: artistDailyAudience.streams,
      saves: artistDailyAudience.saves,
    })
    .from(artistDailyAudience)
    .where(eq(artistDailyAudience.artistId, artistId))
    .orderBy(asc(artistDailyAudience.day));
  return {
    campaigns,
    streams,
    audience: {
      listeners: audienceRows.map((r) => ({ day: r.day, value: r.listeners })),
      streams: audienceRows.map((r) => ({ day: r.day, value: r.streams })),
      saves: audienceRows.flatMap((r) => (r.saves === null ? [] : [{ day: r.day, value: r.saves }])),
    },
  };
}

/**
 * Coins a campaign cost the artist: nothing once declined or never submitted (refunded), what was
 * paid once completed, the price held while it runs.
 */
export function coinsSpent(c: Pick<ResultCampaign, 'statusId' | 'price' | 'paidCoins'>): number {
  if (c.statusId === S.DECLINED || c.statusId === S.FAILED_TO_SUBMIT) return 0;
  if (c.statusId === S.COMPLETED) return c.paidCoins ?? c.price;
  return c.price;
}

function windowOf(c: ResultCampaign, now: Date): DayRange | null {
  return campaignWindow(c.placementFoundAt, c.liveUntil, now);
}

/**
 * The report of one of the artist's campaigns from the artist's loaded figures.
 *
 * Spotify: the song's own streams when a song timeline of the track was uploaded, else the artist's
 * streams of all songs; the artist's listeners and saves from the audience timeline. The result is
 * the extra streams (of the song when known) and the cost is per 1,000 of them.
 * Videos: the same audience comparisons (the sound is not a Spotify track the artist can upload for),
 * and the result is the video's views.
 */
export function reportOf(data: ArtistResults, c: ResultCampaign, now: Date): CampaignReport {
  const window = windowOf(c, now);
  const metrics: MetricComparison[] = [];
  const missing: CampaignReport['missing'] = [];
  if (window) {
    const own = c.promise === 'placement' ? data.streams.get(c.trackId) : undefined;
    const add = (series: DailyFigure[] | undefined, metric: ResultMetric, scope: 'track' | 'artist') => {
      if (series && series.length > 0) metrics.push(compareWindow(series, window, metric, scope));
    };
    if (own && own.length > 0) add(own, 'streams', 'track');
    else add(data.audience.streams, 'streams', 'artist');
    add(data.audience.listeners, 'listeners', 'artist');
    add(data.audience.saves, 'saves', 'artist');
    if (metrics.length === 0) missing.push('no_upload');
    else if (!metrics.some((m) => m.enough_data)) {
      // The main comparison says which side is short (both may be).
      const m = metrics[0]!;
      if (m.before.days < RESULTS_MIN_BASELINE_DAYS) missing.push('baseline_short');
      if (m.during.days < RESULTS_MIN_WINDOW_DAYS) missing.push('window_short');
    }
  } else missing.push('not_live_yet');

  const spent = coinsSpent(c);
  let results: number | null;
  if (c.promise === 'placement') {
    const streams = metrics.find((m) => m.metric === 'streams');
    results = streams?.enough_data ? streams.extra_total : null;
  } else results = window ? c.views : null;

  // The same track's other campaigns always blur the song's figures; when a figure is the artist's
  // whole audience, every other campaign of the artist running at the time does.
  const artistWide = metrics.some((m) => m.scope === 'artist');
  const overlapping = window
    ? data.campaigns
        .filter((o) => o.id !== c.id && (artistWide || o.trackId === c.trackId))
        .flatMap((o) => {
          const w = windowOf(o, now);
          return w && rangesMeet(w, window)
            ? [
                {
                  id: o.id,
                  type: o.type,
                  target_name: o.targetName,
                  track_name: o.trackName,
                  same_track: o.trackId === c.trackId,
                  from: w.from,
                  to: w.to,
                },
              ]
            : [];
        })
    : [];

  return {
    campaign_id: c.id,
    type: c.type,
    status: c.statusId,
    track: { id: c.trackId, name: c.trackName },
    target: { id: c.playlistId ?? c.accountId, name: c.targetName, tier: c.tierName },
    window: window ? { ...window, days: daysIn(window) } : null,
    baseline: window ? baselineOf(window) : null,
    metrics,
    missing,
    coins_spent: spent,
    cost_per_1000: costPer1000(spent, results),
    result_unit: c.promise === 'placement' ? 'extra_streams' : 'views',
    results,
    overlapping,
  };
}

/**
 * The report of one campaign of `artistId`, in the reader's language.
 * @throws NotFoundError when the campaign is not the artist's
 */
export async function campaignReport(
  database: Database,
  artistId: number,
  campaignId: number,
  lang: Language,
  now: Date,
): Promise<CampaignReport> {
  const data = await loadArtistResults(database, artistId, lang);
  const c = data.campaigns.find((x) => x.id === campaignId);
  if (!c) throw new NotFoundError();
  return reportOf(data, c, now);
}

/** The artist a campaign belongs to (staff read any campaign's report through it); null when none. */
export async function campaignArtist(database: Database, campaignId: number): Promise<number | null> {
  const [row] = await database.db
    .select({ artistId: expressCampaigns.artistId })
    .from(expressCampaigns)
    .where(eq(expressCampaigns.id, campaignId));
  return row?.artistId ?? null;
}
