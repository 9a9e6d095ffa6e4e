import { createHash } from 'node:crypto';
import type { StatUpload } from '@lm/contracts/results';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { expressCampaigns } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { artistDailyAudience, trackDailyStreams, trackStatUploads } from './results.schema';
import { parseS4aCsv } from './s4a-csv';

/*
 * The artist's Spotify for Artists uploads (issue "Results", docs/decisions.md "Results: reading
 * Spotify for Artists exports"): a file is read and checked whole before anything is written; then one
 * transaction stores the upload and its days. The same file again (same bytes, same artist) changes
 * nothing; a later upload covering a day replaces that day's figures.
 */

type Deps = Pick<AppDeps, 'database'>;
type UploadRow = typeof trackStatUploads.$inferSelect;

/** Spotify campaigns: the promotions a song timeline can be uploaded for. */
const SPOTIFY = 1;

/** A file name as shown in the list: no path, no control characters, at most 255 characters. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).at(-1) ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return (clean || 'export.csv').slice(0, 255);
}

/** The name of `trackId` in the artist's newest Spotify campaign of it; null when none promoted it. */
async function promotedName(deps: Deps, artistId: number, trackId: string): Promise<string | null> {
  const [campaign] = await deps.database.db
    .select({ name: expressCampaigns.trackName })
    .from(expressCampaigns)
    .where(
      and(
        eq(expressCampaigns.artistId, artistId),
        eq(expressCampaigns.trackId, trackId),
        eq(expressCampaigns.campaignTypeId, SPOTIFY),
      ),
    )
    .orderBy(desc(expressCampaigns.id))
    .limit(1);
  return campaign?.name ?? null;
}

function answer(row: UploadRow, name: string | null): StatUpload {
  return {
    id: row.id,
    format: row.format as StatUpload['format'],
    track_id: row.trackId,
    track_name: name,
    file_name: row.fileName,
    days: row.days,
    first_day: row.firstDay,
    last_day: row.lastDay,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Stores one Spotify for Artists export of the artist: a song timeline for `trackId` (a track one of
 * their Spotify campaigns promoted) or their audience timeline (no track; a `trackId` sent with it is
 * not used). The file is read whole first, so a bad file stores nothing; then in one transaction the
 * upload row is inserted (the unique artist + SHA-256 makes the same file, even sent several times at
 * once, one upload) and its days upserted (a day already stored from an earlier upload takes this
 * file's figures and belongs to this upload from now on).
 *
 * @param input.bytes the file as uploaded; `fileName` as the browser sent it (only shown back)
 * @returns the upload and `created`: false when the artist had uploaded these same bytes (nothing changed)
 * @throws ValidationError 422 on `file` (`results.csv.*`, see `parseS4aCsv`) or on `track_id`
 *   (`results.upload.track_required`, `results.upload.track_not_yours`)
 */
export async function uploadStats(
  deps: Deps,
  input: { artistId: number; trackId: string | null; fileName: string | undefined; bytes: Buffer },
): Promise<{ upload: StatUpload; created: boolean }> {
  const parsed = parseS4aCsv(input.bytes);
  const trackId = parsed.format === 'song_timeline' ? (input.trackId?.trim() ?? '') : null;
  if (trackId === '') throw new ValidationError({ track_id: ['results.upload.track_required'] });
  if (trackId !== null && (await promotedName(deps, input.artistId, trackId)) === null)
    throw new ValidationError({ track_id: ['results.upload.track_not_yours'] });
  const sha = createHash('sha256').update(input.bytes).digest('hex');

  const { row, created } = await withTransaction(deps.database, async (tx) => {
    const [inserted] = await tx.db
      .insert(trackStatUploads)
      .values({
        artistId: input.artistId,
        trackId,
        format: parsed.format,
        fileName: cleanFileName(input.fileName),
        fileSha256: sha,
        days: parsed.days.length,
        firstDay: parsed.firstDay,
        lastDay: parsed.lastDay,
      })
      .onConflictDoNothing({ target: [trackStatUploads.artistId, trackStatUploads.fileSha256] })
      .returning();
    if (!inserted) {
      // Read after the conflict: the statement waited for the other upload's commit and sees it now.
      const [existing] = await tx.db
        .select()
        .from(trackStatUploads)
        .where(and(eq(trackStatUploads.artistId, input.artistId), eq(trackStatUploads.fileSha256, sha)));
      return { row: existing!, created: false };
    }
    if (parsed.format === 'song_timeline') {
      await tx.db
        .insert(trackDailyStreams)
        .values(
          parsed.days.map((d) => ({
            artistId: input.artistId,
            trackId: trackId!,
            day: d.day,
            streams: d.streams,
            uploadId: inserted.id,
          })),
        )
        .onConflictDoUpdate({
          target: [trackDailyStreams.artistId, trackDailyStreams.trackId, trackDailyStreams.day],
          set: { streams: sql`excluded.streams`, uploadId: sql`excluded.upload_id` },
        });
    } else {
      await tx.db
        .insert(artistDailyAudience)
        .values(
          parsed.days.map((d) => ({
            artistId: input.artistId,
            day: d.day,
            listeners: d.listeners,
            streams: d.streams,
            followers: d.followers,
            saves: d.saves,
            playlistAdds: d.playlistAdds,
            uploadId: inserted.id,
          })),
        )
        .onConflictDoUpdate({
          target: [artistDailyAudience.artistId, artistDailyAudience.day],
          set: {
            listeners: sql`excluded.listeners`,
            streams: sql`excluded.streams`,
            followers: sql`excluded.followers`,
            saves: sql`excluded.saves`,
            playlistAdds: sql`excluded.playlist_adds`,
            uploadId: sql`excluded.upload_id`,
          },
        });
    }
    return { row: inserted, created: true };
  });
  // The same bytes uploaded before may have been stored for another of the artist's tracks.
  const name = row.trackId ? await promotedName(deps, input.artistId, row.trackId) : null;
  return { upload: answer(row, name), created };
}

/**
 * One page of the artist's uploads, newest first, each song timeline with its track's name from the
 * artist's campaigns.
 * @param paging page (from 1) and page size
 */
export async function listUploads(
  deps: Deps,
  artistId: number,
  paging: { page: number; limit: number },
): Promise<{ rows: StatUpload[]; total: number }> {
  const mine = eq(trackStatUploads.artistId, artistId);
  const [rows, [total]] = await Promise.all([
    deps.database.db
      .select()
      .from(trackStatUploads)
      .where(mine)
      .orderBy(desc(trackStatUploads.createdAt), desc(trackStatUploads.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    deps.database.db.select({ n: count() }).from(trackStatUploads).where(mine),
  ]);
  const trackIds = [...new Set(rows.flatMap((r) => (r.trackId ? [r.trackId] : [])))];
  const names = new Map<string, string>();
  if (trackIds.length > 0) {
    const { rows: named } = await deps.database.pool.query<{ track_id: string; track_name: string }>(
      `select distinct on (track_id) track_id, track_name from express_campaigns
        where artist_id = $1 and campaign_type_id = ${SPOTIFY} and track_id = any($2::varchar[])
        order by track_id, id desc`,
      [artistId, trackIds],
    );
    for (const r of named) names.set(r.track_id, r.track_name);
  }
  return {
    rows: rows.map((r) => answer(r, r.trackId ? (names.get(r.trackId) ?? null) : null)),
    total: total?.n ?? 0,
  };
}

/**
 * Deletes one of the artist's uploads and, by the tables' cascade, the days it holds: the days a later
 * upload replaced belong to that later upload and stay.
 * @throws NotFoundError when the upload is not the artist's (or does not exist)
 */
export async function deleteUpload(deps: Deps, artistId: number, uploadId: number): Promise<void> {
  const deleted = await deps.database.db
    .delete(trackStatUploads)
    .where(and(eq(trackStatUploads.id, uploadId), eq(trackStatUploads.artistId, artistId)))
    .returning({ id: trackStatUploads.id });
  if (deleted.length === 0) throw new NotFoundError();
}

/**
 * The tracks the artist may upload a song timeline for: those their Spotify campaigns promoted, newest
 * campaign first, with how many campaigns promoted each and the days of streams stored for it.
 */
export async function resultTracks(
  deps: Deps,
  artistId: number,
): Promise<{ track_id: string; name: string; campaigns: number; days: number; last_day: string | null }[]> {
  const { rows } = await deps.database.pool.query<{
    track_id: string;
    name: string;
    campaigns: number;
    days: number;
    last_day: string | null;
  }>(
    `select c.track_id,
            (array_agg(c.track_name order by c.id desc))[1] as name,
            count(*)::int as campaigns,
            coalesce(s.days, 0)::int as days,
            s.last_day::text as last_day
       from express_campaigns c
       left join lateral (
         select count(*) as days, max(day) as last_day from track_daily_streams d
          where d.artist_id = $1 and d.track_id = c.track_id
       ) s on true
      where c.artist_id = $1 and c.campaign_type_id = ${SPOTIFY}
      group by c.track_id, s.days, s.last_day
      order by max(c.id) desc`,
    [artistId],
  );
  return rows;
}
