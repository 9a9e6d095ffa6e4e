import { and, eq, inArray } from 'drizzle-orm';
import {
  expressCampaigns,
  expressDurations,
  expressPlaylists,
  expressTiers,
  spotifyConnections,
  trustFollowerSnapshots,
  users,
} from '../db/schema';
import { createCampaigns } from '../modules/express';
import { detectFlags, utcDay } from '../modules/trust';
import type { AppDeps } from '../platform/app';
import { ConflictError } from '../platform/errors';
import { isSandboxSpotify } from '../providers/spotify/index';
import { sandboxPlaylistFollowers } from '../providers/spotify/sandbox';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/**
 * The demo's bot-fed playlist, so the fake-audience review has something to show: a sandbox id with the
 * jump prefix, so its deterministic history grows in sudden jumps; the demo curator's, approved, with an
 * open campaign of the demo artist.
 */
export const DEMO_JUMPING_PLAYLIST = {
  spotifyPlaylistId: 'JumpViralOvernight1234',
  name: 'Viral Overnight Hits',
  tier: 'Starter',
} as const;
/** The demo artist's track waiting on the jumping playlist. */
export const DEMO_FLAGGED_TRACK_ID = '3n3Ppam7vgaVa1iaRUc9Lp';
/** Days of follower history the demo starts with. */
const DEMO_HISTORY_DAYS = 60;
const DAY_MS = 86_400_000;

/**
 * Demo data for the fake-audience review queue (sandbox Spotify only; idempotent): the jumping playlist
 * with 60 days of snapshots taken from the sandbox's history, the demo artist's open campaign on it
 * (Pending for Approval, coins held), then one detection run, so the staff queue holds its flag right
 * after seeding. It lives with the seeds because it spans modules: trust's snapshots and detection, and
 * an express campaign.
 * @returns how many flags the run raised
 */
export async function seedTrustFlagsDemo(deps: Deps): Promise<number> {
  if (!isSandboxSpotify(deps.providers.spotify)) return 0;
  const db = deps.database.db;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['artist@demo.test', 'curator@demo.test']));
  const artist = people.find((p) => p.email === 'artist@demo.test');
  const curator = people.find((p) => p.email === 'curator@demo.test');
  const [tier] = await db
    .select()
    .from(expressTiers)
    .where(and(eq(expressTiers.tierName, DEMO_JUMPING_PLAYLIST.tier), eq(expressTiers.campaignTypeId, 1)));
  const [duration] = await db.select().from(expressDurations).where(eq(expressDurations.duration, 28));
  if (!artist || !curator || !tier || !duration) return 0;
  const [conn] = await db
    .select({ id: spotifyConnections.id })
    .from(spotifyConnections)
    .where(eq(spotifyConnections.userId, curator.id))
    .limit(1);
  const id = DEMO_JUMPING_PLAYLIST.spotifyPlaylistId;
  const today = Math.floor(deps.clock.now().getTime() / DAY_MS);
  await db
    .insert(expressPlaylists)
    .values({
      curatorId: curator.id,
      connectionId: conn?.id ?? null,
      spotifyPlaylistId: id,
      spotifyUrl: `https://open.spotify.com/playlist/${id}`,
      name: DEMO_JUMPING_PLAYLIST.name,
      followers: sandboxPlaylistFollowers(id, today),
      tierId: tier.id,
      durationId: duration.id,
      statusId: 1,
    })
    .onConflictDoNothing();
  const [playlist] = await db
    .select({ id: expressPlaylists.id })
    .from(expressPlaylists)
    .where(eq(expressPlaylists.spotifyPlaylistId, id));
  if (!playlist) return 0;
  await db
    .insert(trustFollowerSnapshots)
    .values(
      Array.from({ length: DEMO_HISTORY_DAYS }, (_, i) => {
        const day = today - DEMO_HISTORY_DAYS + 1 + i;
        return {
          playlistId: playlist.id,
          day: utcDay(new Date(day * DAY_MS)),
          followers: sandboxPlaylistFollowers(id, day),
        };
      }),
    )
    .onConflictDoNothing();
  const [existing] = await db
    .select({ id: expressCampaigns.id })
    .from(expressCampaigns)
    .where(and(eq(expressCampaigns.playlistId, playlist.id), eq(expressCampaigns.artistId, artist.id)))
    .limit(1);
  if (!existing) {
    try {
      await createCampaigns(deps, artist.id, {
        track_link: `https://open.spotify.com/track/${DEMO_FLAGGED_TRACK_ID}`,
        playlist_ids: [playlist.id],
      });
    } catch (err) {
      // Too few coins left, or the track already open there: the flag still shows, without a refund.
      if (!(err instanceof ConflictError)) throw err;
    }
  }
  // Raise only: the repair of hidden subjects' open campaigns is the daily job's, not the start's.
  return (await detectFlags(deps, { repair: false })).raised;
}
