import type { CampaignChecks } from '@lm/contracts/campaign-checks';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignChecks as checksTable, expressCampaigns } from '../../db/schema';
import type { ExpressCampaignRow, ExpressCheck } from './platforms/adapter';
import { adapterFor } from './platforms/index';
import { acceptedAt } from './platforms/social';

/**
 * A campaign's daily history (issue "Results"): every proof, verification and presence check of the
 * engine and the audit's last read write the day's row of `campaign_checks`; a later check of the same
 * UTC day replaces the earlier one. See docs/decisions.md "Results: the daily history".
 */

/**
 * Writes what one check read as the campaign's row of the check's UTC day (upsert on campaign and
 * day: the day's latest check wins; an older check arriving late changes nothing). A check that did
 * not find the placement or video writes `present` false with the figures it had (usually none).
 * @param at the check's time (the engine's clock)
 */
export async function recordCheck(
  database: Database,
  campaignId: number,
  check: ExpressCheck,
  at: Date,
): Promise<void> {
  await database.db
    .insert(checksTable)
    .values({
      campaignId,
      day: at.toISOString().slice(0, 10),
      checkedAt: at,
      present: check.ok,
      position: check.ok ? check.position : null,
      playlistFollowers: check.playlistFollowers ?? null,
      trackPopularity: check.trackPopularity ?? null,
      views: check.views ?? null,
      likes: check.likes ?? null,
      comments: check.comments ?? null,
      shares: check.shares ?? null,
    })
    .onConflictDoUpdate({
      target: [checksTable.campaignId, checksTable.day],
      set: {
        checkedAt: sql`excluded.checked_at`,
        present: sql`excluded.present`,
        position: sql`excluded.position`,
        playlistFollowers: sql`excluded.playlist_followers`,
        trackPopularity: sql`excluded.track_popularity`,
        views: sql`excluded.views`,
        likes: sql`excluded.likes`,
        comments: sql`excluded.comments`,
        shares: sql`excluded.shares`,
      },
      setWhere: sql`${checksTable.checkedAt} <= excluded.checked_at`,
    });
}

/**
 * Whether a check's answer belongs in the history: every check that found the placement or video, and
 * every check once it had been found (Verifying, On Going, Auditing: finding it gone is history). The
 * checks of a campaign still waiting for its submission that find nothing are not: nothing was there
 * to be gone.
 */
export function belongsInHistory(c: ExpressCampaignRow, check: ExpressCheck): boolean {
  return check.ok || c.placementFoundAt !== null || c.onGoingStartedAt !== null;
}

/** Who may read a campaign's history: its artist or seller (`participantId`), or staff (`{}`). */
export interface ChecksScope {
  participantId?: number;
}

/**
 * The daily history of one express campaign (any platform), days ascending, with its own dates to
 * mark: acceptance, first seen, On Going's start and end, removal, the end.
 * @param scope `{ participantId }`: only when that user is the campaign's artist or seller
 * @returns null when there is no such campaign for the scope (the routes answer 404)
 */
export async function campaignChecks(
  database: Database,
  campaignId: number,
  scope: ChecksScope = {},
): Promise<CampaignChecks | null> {
  const { participantId } = scope;
  const [c] = await database.db
    .select()
    .from(expressCampaigns)
    .where(
      and(
        eq(expressCampaigns.id, campaignId),
        participantId === undefined
          ? undefined
          : or(eq(expressCampaigns.artistId, participantId), eq(expressCampaigns.curatorId, participantId)),
      ),
    );
  if (!c) return null;
  const adapter = adapterFor(c.campaignTypeId);
  const rows = await database.db
    .select()
    .from(checksTable)
    .where(eq(checksTable.campaignId, c.id))
    .orderBy(asc(checksTable.day));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    campaign_id: c.id,
    platform: adapter.key,
    promise: adapter.promise,
    marks: {
      accepted_at: iso(acceptedAt(c)),
      found_at: iso(c.placementFoundAt),
      on_going_from: iso(c.onGoingStartedAt),
      on_going_until: iso(c.onGoingUntil),
      removed_at: iso(c.removedAt),
      completed_at: iso(c.completedAt),
    },
    days: rows.map((r) => ({
      day: r.day,
      checked_at: r.checkedAt.toISOString(),
      present: r.present,
      position: r.position,
      playlist_followers: r.playlistFollowers,
      track_popularity: r.trackPopularity,
      views: r.views,
      likes: r.likes,
      comments: r.comments,
      shares: r.shares,
    })),
  };
}
