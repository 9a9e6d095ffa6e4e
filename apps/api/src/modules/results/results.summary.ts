import type { Language } from '@lm/contracts';
import type { CampaignReport, ResultGroup, resultGroupRowSchema } from '@lm/contracts/results';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { expressPlaylistGenres, genres, socialAccountGenres } from '../../db/schema';
import { t } from '../../platform/i18n';
import { costPer1000 } from './results.compare';
import { type ArtistResults, loadArtistResults, type ResultCampaign, reportOf } from './results.report';

/**
 * "What worked for me" (issue "Results"; docs/decisions.md "Results: the report and what worked"):
 * every campaign of one artist, each with its report ({@link reportOf}), added up by playlist,
 * creator, tier, genre or platform.
 */

export type ResultGroupRow = z.infer<typeof resultGroupRowSchema>;

/** One campaign with its report and the genres of its playlist or account. */
export interface ReportedCampaign {
  campaign: ResultCampaign;
  report: CampaignReport;
  genres: { id: number; name: string }[];
}

/**
 * Every campaign of the artist with its report, oldest first, and the genres of each one's target
 * (`express_playlist_genres` for a playlist, `social_account_genres` for a creator account).
 * @param now the clock's now (open campaigns are measured up to today)
 */
export async function reportedCampaigns(
  database: Database,
  artistId: number,
  lang: Language,
  now: Date,
): Promise<{ data: ArtistResults; rows: ReportedCampaign[] }> {
  const data = await loadArtistResults(database, artistId, lang);
  const playlistIds = [
    ...new Set(data.campaigns.flatMap((c) => (c.playlistId === null ? [] : [c.playlistId]))),
  ];
  const accountIds = [...new Set(data.campaigns.flatMap((c) => (c.accountId === null ? [] : [c.accountId])))];
  const byPlaylist = new Map<number, { id: number; name: string }[]>();
  const byAccount = new Map<number, { id: number; name: string }[]>();
  if (playlistIds.length > 0) {
    const rows = await database.db
      .select({ owner: expressPlaylistGenres.playlistId, id: genres.id, name: genres.name })
      .from(expressPlaylistGenres)
      .innerJoin(genres, eq(genres.id, expressPlaylistGenres.genreId))
      .where(inArray(expressPlaylistGenres.playlistId, playlistIds));
    for (const r of rows) byPlaylist.set(r.owner, [...(byPlaylist.get(r.owner) ?? []), r]);
  }
  if (accountIds.length > 0) {
    const rows = await database.db
      .select({ owner: socialAccountGenres.accountId, id: genres.id, name: genres.name })
      .from(socialAccountGenres)
      .innerJoin(genres, eq(genres.id, socialAccountGenres.genreId))
      .where(inArray(socialAccountGenres.accountId, accountIds));
    for (const r of rows) byAccount.set(r.owner, [...(byAccount.get(r.owner) ?? []), r]);
  }
  const rows = data.campaigns.map((campaign) => ({
    campaign,
    report: reportOf(data, campaign, now),
    genres: (campaign.playlistId !== null
      ? (byPlaylist.get(campaign.playlistId) ?? [])
      : campaign.accountId !== null
        ? (byAccount.get(campaign.accountId) ?? [])
        : []
    ).map(({ id, name }) => ({ id, name })),
  }));
  return { data, rows };
}

/** The platform's name in the reader's language (`results.platform.*` of the shared catalog). */
export const platformName = (lang: Language, type: ResultCampaign['type']) =>
  t(lang, `results.platform.${type}`);

/** The groups one campaign counts in: `[key, label]` pairs (none when the grouping does not apply). */
function groupsOf(row: ReportedCampaign, group: ResultGroup, lang: Language): [string, string][] {
  const c = row.campaign;
  switch (group) {
    case 'playlist':
      return c.playlistId === null ? [] : [[`playlist:${c.playlistId}`, c.targetName]];
    case 'creator':
      return c.accountId === null ? [] : [[`creator:${c.accountId}`, c.targetName]];
    case 'tier':
      return c.tierName === null
        ? []
        : [[`${c.type}:${c.tierName}`, `${platformName(lang, c.type)} · ${c.tierName}`]];
    case 'genre':
      return row.genres.map((g) => [`genre:${g.id}`, g.name]);
    case 'platform':
      return [[c.type, platformName(lang, c.type)]];
  }
}

/** Rows with a cost per 1,000 streams first (cheapest first), then per 1,000 views, then the rest. */
function compareRows(a: ResultGroupRow, b: ResultGroupRow): number {
  const rank = (r: ResultGroupRow) =>
    r.cost_per_1000_streams !== null ? 0 : r.cost_per_1000_views !== null ? 1 : 2;
  const cost = (r: ResultGroupRow) => r.cost_per_1000_streams ?? r.cost_per_1000_views ?? 0;
  return (
    rank(a) - rank(b) ||
    cost(a) - cost(b) ||
    b.coins_spent - a.coins_spent ||
    a.label.localeCompare(b.label) ||
    a.key.localeCompare(b.key)
  );
}

/**
 * Campaigns whose extra streams cannot be told apart, as bundles: each measured Spotify campaign is
 * joined to the campaigns its report says ran at the same time and move the same figure (the same
 * track's when the streams are the song's own; every one listed when they are the artist's whole
 * audience). A campaign alone is a bundle of one.
 * @returns the bundle (a sorted list of campaign ids) of every measured Spotify campaign, by id
 */
export function streamBundles(rows: readonly ReportedCampaign[]): Map<number, number[]> {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const measured = rows.filter((r) => r.report.result_unit === 'extra_streams' && r.report.results !== null);
  const ids = new Set(measured.map((r) => r.campaign.id));
  for (const id of ids) parent.set(id, id);
  for (const { campaign, report } of measured) {
    const trackOwn = report.metrics.some((m) => m.metric === 'streams' && m.scope === 'track');
    for (const o of report.overlapping) {
      if (trackOwn && !o.same_track) continue;
      if (!ids.has(o.id)) parent.set(o.id, o.id);
      const a = find(campaign.id);
      const b = find(o.id);
      if (a !== b) parent.set(b, a);
    }
  }
  const members = new Map<number, number[]>();
  for (const id of parent.keys()) members.set(find(id), [...(members.get(find(id)) ?? []), id]);
  const out = new Map<number, number[]>();
  for (const id of ids)
    out.set(
      id,
      (members.get(find(id)) ?? [id]).sort((x, y) => x - y),
    );
  return out;
}

/**
 * Add the reported campaigns up by `group`.
 *
 * Keys: `playlist:<express playlist id>` (Spotify campaigns), `creator:<social account id>` (TikTok and
 * Instagram campaigns), `<platform>:<tier name>` (the campaign's tier, named in the reader's language:
 * the same name on two platforms is two tiers), `genre:<genre id>` (a campaign counts once in each
 * genre of its playlist or account; genres are Spotify's names and are not translated) and
 * `spotify` / `tiktok` / `instagram`. Campaigns outside a grouping (a Spotify campaign by creator) are
 * left out of it.
 *
 * Totals: `coins_spent` is what every campaign of the group cost (`coinsSpent`: declined and
 * never-submitted ones count 0). A campaign is `measured` when its report has a result (enough days of
 * streams for Spotify, a live video's views) that can be told apart: Spotify campaigns running at the
 * same time on the same figure ({@link streamBundles}) made one rise together, so their bundle counts
 * once (its largest extra, with all its campaigns' coins) in a group holding all of them, and not at
 * all in a group holding only some (it cannot say which part is theirs). The costs divide only the
 * coins of measured campaigns by their results: per 1,000 extra streams (their sum, which may be
 * negative: then no cost), per 1,000 views; a campaign with no measure neither raises nor lowers a cost.
 *
 * Order: cheapest cost per 1,000 streams first, then groups with only a cost per 1,000 views (cheapest
 * first), then the unmeasured ones by coins spent, most first.
 */
export function groupRows(
  rows: readonly ReportedCampaign[],
  group: ResultGroup,
  lang: Language,
): ResultGroupRow[] {
  interface Acc {
    row: ResultGroupRow;
    viewCoins: number;
    members: ReportedCampaign[];
  }
  const bundles = streamBundles(rows);
  const groups = new Map<string, Acc>();
  for (const r of rows) {
    for (const [key, label] of groupsOf(r, group, lang)) {
      let acc = groups.get(key);
      if (!acc) {
        acc = {
          row: {
            key,
            label,
            campaigns: 0,
            measured: 0,
            coins_spent: 0,
            extra_streams: null,
            views: null,
            cost_per_1000_streams: null,
            cost_per_1000_views: null,
          },
          viewCoins: 0,
          members: [],
        };
        groups.set(key, acc);
      }
      const { report } = r;
      acc.row.campaigns += 1;
      acc.row.coins_spent += report.coins_spent;
      acc.members.push(r);
      if (report.results === null || report.result_unit !== 'views') continue;
      acc.row.measured += 1;
      acc.row.views = (acc.row.views ?? 0) + report.results;
      acc.viewCoins += report.coins_spent;
    }
  }
  return [...groups.values()]
    .map(({ row, viewCoins, members }) => {
      // Spotify: each bundle of the group once, when the group holds every campaign of it.
      const inGroup = new Map(members.map((m) => [m.campaign.id, m]));
      const counted = new Set<string>();
      let streamCoins = 0;
      for (const m of members) {
        const bundle = bundles.get(m.campaign.id);
        if (!bundle || counted.has(bundle.join(','))) continue;
        counted.add(bundle.join(','));
        const parts = bundle.map((id) => inGroup.get(id));
        if (parts.some((p) => p === undefined || p.report.results === null)) continue;
        row.measured += parts.length;
        row.extra_streams = (row.extra_streams ?? 0) + Math.max(...parts.map((p) => p!.report.results!));
        streamCoins += parts.reduce((sum, p) => sum + p!.report.coins_spent, 0);
      }
      return {
        ...row,
        cost_per_1000_streams: costPer1000(streamCoins, row.extra_streams),
        cost_per_1000_views: costPer1000(viewCoins, row.views),
      };
    })
    .sort(compareRows);
}

/**
 * `GET /api/results/summary?group=`: the artist's campaigns of every platform and status added up by
 * `group` ({@link groupRows}), labels in the reader's language.
 */
export async function resultSummary(
  database: Database,
  artistId: number,
  group: ResultGroup,
  lang: Language,
  now: Date,
): Promise<ResultGroupRow[]> {
  const { rows } = await reportedCampaigns(database, artistId, lang, now);
  return groupRows(rows, group, lang);
}
