import { eq, inArray } from 'drizzle-orm';
import { withTransaction } from '../db/client';
import { expressCampaigns, expressPlaylists, users } from '../db/schema';
import { assignDefaultRoles } from '../modules/rbac';
import { recomputeAll } from '../modules/trust';
import type { AppDeps } from '../platform/app';
import { hashPassword } from '../platform/crypto';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** The demo playlist whose placements have been measured (from the marketplace demo's catalogue). */
export const DEMO_RESULTS_PLAYLIST = '37iDemoIndieNightDrive';
/** The artists who uploaded their Spotify for Artists audience timelines, signing in with the demo password. */
const DEMO_RESULTS_ARTISTS = [
  { email: 'mina.okafor@demo.test', firstName: 'Mina', lastName: 'Okafor', countryCode: 'NG', usual: 5200 },
  { email: 'leo.brandt@demo.test', firstName: 'Leo', lastName: 'Brandt', countryCode: 'DE', usual: 9000 },
  { email: 'yuki.sato@demo.test', firstName: 'Yuki', lastName: 'Sato', countryCode: 'JP', usual: 3100 },
] as const;
/**
 * Each artist's placements on the playlist: days before today it went live, the rise in the artist's
 * daily listeners while it was live (over their usual ones), and the day it was removed (none: stayed
 * the 28 days).
 */
const PLACEMENTS: readonly { artist: number; ago: number; rise: number; removedAfter?: number }[] = [
  { artist: 0, ago: 200, rise: 1350 },
  { artist: 0, ago: 80, rise: 1800 },
  { artist: 1, ago: 170, rise: 1100 },
  { artist: 1, ago: 60, rise: 2100, removedAfter: 19 },
  { artist: 2, ago: 140, rise: 1500 },
  { artist: 2, ago: 45, rise: 1250 },
];
const DAY_MS = 86_400_000;
const TRACK_PREFIX = 'DemoResults';

/**
 * Demo data for "what a playlist delivers" (issue "Results"): three artists with completed placements on
 * Indie Night Drive and their audience timelines (the usual listeners with a small weekly wave, and a
 * rise while each placement was live), so the playlist's profile shows listeners delivered per placement
 * and the time tracks stay from six campaigns of three artists; then the scores are recomputed, as the
 * nightly job does. The campaigns are written straight into the tables as finished history (no coins
 * moved). Idempotent: nothing is written when the placements exist.
 */
export async function seedPlaylistResultsDemo(deps: Deps, password: string): Promise<void> {
  const db = deps.database.db;
  const [playlist] = await db
    .select()
    .from(expressPlaylists)
    .where(eq(expressPlaylists.spotifyPlaylistId, DEMO_RESULTS_PLAYLIST));
  if (!playlist) return;
  const [existing] = await db
    .select({ id: expressCampaigns.id })
    .from(expressCampaigns)
    .where(eq(expressCampaigns.trackId, `${TRACK_PREFIX}0000000000001`))
    .limit(1);
  if (existing) return;
  const passwordHash = await hashPassword(password);
  const today = Date.UTC(
    deps.clock.now().getUTCFullYear(),
    deps.clock.now().getUTCMonth(),
    deps.clock.now().getUTCDate(),
  );
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  await withTransaction(deps.database, async (tx) => {
    for (const { usual: _, ...a } of DEMO_RESULTS_ARTISTS) {
      const [created] = await tx.db
        .insert(users)
        .values({ ...a, userTypeId: 1, passwordHash, status: 'approved', emailVerifiedAt: new Date() })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created) await assignDefaultRoles(tx, created.id, 1);
    }
    const artists = await tx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_RESULTS_ARTISTS.map((a) => a.email),
        ),
      );
    const idOf = (i: number) => artists.find((a) => a.email === DEMO_RESULTS_ARTISTS[i]!.email)!.id;
    for (const [n, p] of PLACEMENTS.entries()) {
      const found = new Date(today - p.ago * DAY_MS + 9 * 3_600_000);
      const until = new Date(found.getTime() + 28 * DAY_MS);
      const removed = p.removedAfter ? new Date(found.getTime() + p.removedAfter * DAY_MS) : null;
      const trackId = `${TRACK_PREFIX}${String(n + 1).padStart(13, '0')}`;
      await tx.client.query(
        `insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, tier_id, track_id,
            track_url, track_name, track_artist, status_id, price, fee_percent, playlist_submission_days,
            on_going_days, auditing_days, submission_deadline, placement_found_at, on_going_started_at,
            on_going_until, removed_at, created_at, completed_at, paid_coins)
         select $1::int, 1, p.curator_id, p.id, p.tier_id, $3::text, 'https://open.spotify.com/track/' || $3::text,
                $4::text, $5::text, 6, t.price, 20, 3, 28, 2, $6::timestamptz, $6::timestamptz, $6::timestamptz,
                $7::timestamptz, $8::timestamptz, $6::timestamptz - interval '2 days',
                coalesce($8::timestamptz, $7::timestamptz) + interval '2 days', t.price
           from express_playlists p join express_tiers t on t.id = p.tier_id where p.id = $2`,
        [
          idOf(p.artist),
          playlist.id,
          trackId,
          `Night Song ${n + 1}`,
          DEMO_RESULTS_ARTISTS[p.artist]!.firstName,
          found,
          until,
          removed,
        ],
      );
    }
    for (const [i, artist] of DEMO_RESULTS_ARTISTS.entries()) {
      const own = PLACEMENTS.filter((p) => p.artist === i);
      const first = today - 260 * DAY_MS;
      const days: string[] = [];
      const listeners: number[] = [];
      for (let ms = first; ms < today; ms += DAY_MS) {
        const ago = Math.round((today - ms) / DAY_MS);
        const live = own.find((p) => ago <= p.ago && ago >= p.ago - (p.removedAfter ?? 28));
        const usual = artist.usual;
        // A weekly wave, as real listening has (weekends differ).
        const wave = Math.round(usual * 0.05 * Math.sin((2 * Math.PI * ago) / 7));
        days.push(day(ms));
        listeners.push(usual + wave + (live?.rise ?? 0));
      }
      const { rows } = await tx.client.query<{ id: number }>(
        `insert into track_stat_uploads (artist_id, track_id, format, file_name, file_sha256, days, first_day, last_day)
         values ($1, null, 'audience_timeline', 'audience-timeline.csv', md5($5) || md5('demo'), $2, $3, $4)
         returning id`,
        [idOf(i), days.length, days[0], days[days.length - 1], `demo-results-${artist.email}`],
      );
      await tx.client.query(
        `insert into artist_daily_audience (artist_id, day, listeners, streams, upload_id)
         select $1, d, l, l * 3, $4 from unnest($2::date[], $3::int[]) as t(d, l)
         on conflict do nothing`,
        [idOf(i), days, listeners, rows[0]!.id],
      );
    }
  });
  await recomputeAll(deps.database, deps.clock.now());
}
