import { DEFAULT_LANGUAGE } from '@lm/contracts/api';
import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts/statuses';
import type { Database } from '../../db/client';
import type { PlaylistDelivered } from '../trust';
import { campaignWindow, rangesMeet } from './results.compare';
import { type ArtistResults, loadArtistResults, type ResultCampaign, reportOf } from './results.report';

/**
 * "Listeners delivered per placement" of every playlist (issue "Results"; docs/decisions.md "Results:
 * what a playlist delivers"), for the quality score's nightly pass. Read per artist, once per artist
 * per run: the artists with a completed Spotify placement and an audience upload, each with
 * {@link loadArtistResults}, and every report from those figures with {@link reportOf}.
 */

/** One measured campaign: its playlist, its artist and the rise in the artist's daily listeners. */
export interface MeasuredPlacement {
  playlistId: number;
  artistId: number;
  listeners: number;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The artist's measured placements: completed Spotify campaigns on a playlist whose report compares the
 * artist's listeners with enough data, and that ran alone. Listeners are the artist's whole audience,
 * so a campaign whose live days meet another live campaign of the same artist (any track, any platform)
 * cannot be credited to its playlist and is left out.
 */
export function measuredPlacements(data: ArtistResults, now: Date): MeasuredPlacement[] {
  const windowOf = (c: ResultCampaign) => campaignWindow(c.placementFoundAt, c.liveUntil, now);
  const live = data.campaigns.flatMap((c) => {
    const w = windowOf(c);
    return w ? [{ c, w }] : [];
  });
  const out: MeasuredPlacement[] = [];
  for (const { c, w } of live) {
    if (c.promise !== 'placement' || c.statusId !== S.COMPLETED || c.playlistId === null) continue;
    if (live.some((o) => o.c.id !== c.id && rangesMeet(o.w, w))) continue;
    const listeners = reportOf(data, c, now).metrics.find((m) => m.metric === 'listeners');
    if (!listeners?.enough_data || listeners.difference === null) continue;
    out.push({ playlistId: c.playlistId, artistId: c.artistId, listeners: listeners.difference });
  }
  return out;
}

/**
 * Per playlist, the median daily listeners difference over its measured placements and the campaigns
 * and artists behind it (below the minimum too: the score and the profile apply
 * `listenersMinimumMet`). Playlists without a measured placement are absent.
 * @param now the reports' today (a campaign still live is not completed, so it never counts)
 */
export async function playlistsDelivered(
  database: Database,
  now: Date,
): Promise<Map<number, PlaylistDelivered>> {
  const { rows } = await database.pool.query<{ artist_id: number }>(
    `select distinct c.artist_id from express_campaigns c
      where c.campaign_type_id = 1 and c.status_id = $1 and c.playlist_id is not null
        and c.placement_found_at is not null
        and exists (select 1 from artist_daily_audience a where a.artist_id = c.artist_id)
      order by c.artist_id`,
    [S.COMPLETED],
  );
  const byPlaylist = new Map<number, MeasuredPlacement[]>();
  for (const { artist_id } of rows) {
    const data = await loadArtistResults(database, artist_id, DEFAULT_LANGUAGE);
    for (const m of measuredPlacements(data, now)) {
      const list = byPlaylist.get(m.playlistId) ?? [];
      list.push(m);
      byPlaylist.set(m.playlistId, list);
    }
  }
  const out = new Map<number, PlaylistDelivered>();
  for (const [playlistId, list] of byPlaylist) {
    out.set(playlistId, {
      listenersPerPlacement: Math.round(median(list.map((m) => m.listeners))! * 100) / 100,
      campaigns: list.length,
      artists: new Set(list.map((m) => m.artistId)).size,
    });
  }
  return out;
}
