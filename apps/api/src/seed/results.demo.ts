import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { expressCampaigns, trackStatUploads, users } from '../db/schema';
import { uploadStats } from '../modules/results';
import type { AppDeps } from '../platform/app';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

const DAY_MS = 86_400_000;
/** Days of the song's timeline before its first demo campaign went live (the baseline and more). */
const DAYS_BEFORE = 60;

/**
 * The demo artist's song timeline of the track of their completed demo campaigns, as Spotify for
 * Artists would export it (`date,streams`, UTF-8 with a byte-order mark, LF) and uploaded through the
 * real upload (`uploadStats`): 60 days of a quiet baseline (about 90 streams a day, busier at
 * weekends), a rise while the placements were live, a slow fall after, up to yesterday. Deterministic
 * for a given day; once per artist (nothing when they uploaded any song timeline of the track).
 */
export async function seedResultsDemo(deps: Deps): Promise<void> {
  const [campaign] = await deps.database.db
    .select({
      artistId: expressCampaigns.artistId,
      trackId: expressCampaigns.trackId,
      trackName: expressCampaigns.trackName,
      liveFrom: expressCampaigns.onGoingStartedAt,
      liveUntil: expressCampaigns.onGoingUntil,
    })
    .from(expressCampaigns)
    .innerJoin(users, eq(users.id, expressCampaigns.artistId))
    .where(
      and(
        eq(users.email, 'artist@demo.test'),
        eq(expressCampaigns.campaignTypeId, 1),
        isNotNull(expressCampaigns.onGoingStartedAt),
      ),
    )
    .orderBy(asc(expressCampaigns.onGoingStartedAt))
    .limit(1);
  if (!campaign?.liveFrom) return;
  const [uploaded] = await deps.database.db
    .select({ id: trackStatUploads.id })
    .from(trackStatUploads)
    .where(
      and(eq(trackStatUploads.artistId, campaign.artistId), eq(trackStatUploads.trackId, campaign.trackId)),
    )
    .limit(1);
  if (uploaded) return;

  const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
  const liveFrom = dayOf(campaign.liveFrom.getTime());
  const liveUntil = dayOf((campaign.liveUntil ?? campaign.liveFrom).getTime());
  const yesterday = dayOf(deps.clock.now().getTime()) - 1;
  const rows: string[] = [];
  for (let day = liveFrom - DAYS_BEFORE; day <= yesterday; day += 1) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 1.18 : 1;
    // A fixed wobble of ±12 % per day, the same on every run.
    const wobble = 1 + 0.12 * Math.sin(day * 12.9898);
    let level = 90;
    if (day >= liveFrom && day <= liveUntil) level = 90 + 170 * Math.min(1, (day - liveFrom + 1) / 5);
    else if (day > liveUntil) level = 90 + 170 * 0.55 ** ((day - liveUntil) / 3) + 25;
    const streams = Math.round(level * weekend * wobble);
    rows.push(`${new Date(day * DAY_MS).toISOString().slice(0, 10)},${streams}`);
  }
  const csv = `\uFEFFdate,streams\n${rows.join('\n')}\n`;
  await uploadStats(deps, {
    artistId: campaign.artistId,
    trackId: campaign.trackId,
    fileName: `${campaign.trackName}-timeline.csv`,
    bytes: Buffer.from(csv, 'utf8'),
  });
}
