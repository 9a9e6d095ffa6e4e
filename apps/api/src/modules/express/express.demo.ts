import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { campaignChecks, users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { manualClock } from '../../platform/clock';
import { isSandboxSpotify } from '../../providers/spotify/index';
import { sandboxPlaylistFollowers, sandboxTrackPopularity } from '../../providers/spotify/sandbox';
import { getSettings } from '../settings';
import { InsufficientBalanceError } from '../wallet';
import { createCampaigns } from './express.creation';
import { recordListen } from './express.listen';
import { advance, approve, submit } from './express.machine';
import { expressCampaigns, expressPlaylists } from './express.schema';
import { DEMO_PLAYLISTS } from './express.seed';
import { SPOTIFY_TIMING } from './platforms/spotify.adapter';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/** The demo artist's track that went through a whole campaign on both demo playlists. */
export const DEMO_COMPLETED_TRACK_ID = '4cOdK2wGLETKBW3PvgPWqT';

/** How long ago (days) the demo campaign started: enough for 3 + 28 + 3 days to have passed. */
const STARTED_DAYS_AGO = 40;

const DAY = 86_400_000;
const MINUTE = 60_000;

/**
 * Demo history, once: the demo artist's track ran on both demo curator playlists and completed,
 * driven through the real state machine (`express.machine`) on a clock set 40 days back — created
 * (holds), listened to and approved, placed on the sandbox Spotify, verified, 28 days On Going, 3 days Auditing,
 * Completed and paid to the curator less the platform fee, each check writing its day of the campaign's
 * history. So the artist has completed campaigns to
 * review and renew, the curator has earnings to withdraw, and every screen shows a real
 * timeline with its ledger movements.
 *
 * Runs only with the sandbox Spotify (the placement is made through it) and only when the demo
 * artist has no campaign for the demo track yet; answers how many campaigns it completed.
 */
export async function seedCompletedDemoCampaigns(deps: Deps): Promise<number> {
  const spotify = deps.providers.spotify;
  if (!isSandboxSpotify(spotify)) return 0;
  const people = await deps.database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['artist@demo.test', 'curator@demo.test']));
  const artist = people.find((p) => p.email === 'artist@demo.test');
  const curator = people.find((p) => p.email === 'curator@demo.test');
  if (!artist || !curator) return 0;
  const [existing] = await deps.database.db
    .select({ id: expressCampaigns.id })
    .from(expressCampaigns)
    .where(
      and(eq(expressCampaigns.artistId, artist.id), eq(expressCampaigns.trackId, DEMO_COMPLETED_TRACK_ID)),
    )
    .limit(1);
  if (existing) return 0;
  const playlists = await deps.database.db
    .select({ id: expressPlaylists.id, spotifyId: expressPlaylists.spotifyPlaylistId })
    .from(expressPlaylists)
    .where(
      and(
        eq(expressPlaylists.curatorId, curator.id),
        inArray(
          expressPlaylists.spotifyPlaylistId,
          DEMO_PLAYLISTS.map((p) => p.spotifyPlaylistId),
        ),
      ),
    );
  if (playlists.length === 0) return 0;

  const clock = manualClock(new Date(deps.clock.now().getTime() - STARTED_DAYS_AGO * DAY));
  const past: Deps = { ...deps, clock };
  let created: Awaited<ReturnType<typeof createCampaigns>>;
  try {
    created = await createCampaigns(past, artist.id, {
      track_link: `https://open.spotify.com/track/${DEMO_COMPLETED_TRACK_ID}`,
      playlist_ids: playlists.map((p) => p.id),
    });
  } catch (err) {
    // The demo artist already spent the coins: no demo history then.
    if (err instanceof InsufficientBalanceError) return 0;
    throw err;
  }
  clock.advance(2 * 60 * MINUTE);
  // Hear it first: the curator plays each track for the listening asked (and some), then approves.
  const { min_listen_seconds: listen } = await getSettings(deps.database);
  for (const c of created) {
    await recordListen(past, curator.id, c.id, { event: 'play', position: 0 });
    clock.advance((listen + 5) * 1000);
    await recordListen(past, curator.id, c.id, { event: 'pause', position: listen + 5 });
    await approve(past, curator.id, c.id);
  }
  clock.advance(DAY);
  for (const c of created) {
    const playlist = playlists.find((p) => p.id === c.playlistId);
    if (!playlist) continue;
    await spotify.addPlacement(playlist.spotifyId, DEMO_COMPLETED_TRACK_ID, clock.now());
    await submit(past, curator.id, c.id);
  }
  // Verified an hour later, then the on-going and auditing periods, each step due when advanced.
  const steps = [
    (SPOTIFY_TIMING.verifyDelayMinutes + 1) * MINUTE,
    ...Array.from({ length: 28 }, () => DAY),
    3 * DAY + MINUTE,
  ];
  for (const step of steps) {
    clock.advance(step);
    for (const c of created) await advance(past, c.id);
  }
  await datedDemoHistory(deps, created, playlists);
  const done = await deps.database.db
    .select({ id: expressCampaigns.id })
    .from(expressCampaigns)
    .where(
      and(
        inArray(
          expressCampaigns.id,
          created.map((c) => c.id),
        ),
        eq(expressCampaigns.statusId, S.COMPLETED),
      ),
    );
  return done.length;
}

/**
 * The demo campaigns' daily history with the figures of each row's own day: the machine ran on a
 * clock 40 days back, but the sandbox provider reads its followers and popularity at the real today,
 * which would draw flat lines. The sandbox's deterministic histories give each past day its value.
 */
async function datedDemoHistory(
  deps: Deps,
  created: readonly { id: number; playlistId: number | null }[],
  playlists: readonly { id: number; spotifyId: string }[],
): Promise<void> {
  for (const c of created) {
    const playlist = playlists.find((p) => p.id === c.playlistId);
    if (!playlist) continue;
    const rows = await deps.database.db
      .select({ day: campaignChecks.day })
      .from(campaignChecks)
      .where(and(eq(campaignChecks.campaignId, c.id), eq(campaignChecks.present, true)));
    for (const { day } of rows) {
      const epochDay = Math.floor(Date.parse(day) / DAY);
      await deps.database.db
        .update(campaignChecks)
        .set({
          playlistFollowers: sandboxPlaylistFollowers(playlist.spotifyId, epochDay),
          trackPopularity: sandboxTrackPopularity(DEMO_COMPLETED_TRACK_ID, epochDay),
        })
        .where(and(eq(campaignChecks.campaignId, c.id), eq(campaignChecks.day, day)));
    }
  }
}
