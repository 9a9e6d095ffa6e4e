import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/app';
import { expressCampaigns } from './express.schema';
import { spotifyAdapter } from './platforms/index';

type Deps = Pick<AppDeps, 'database'>;

/**
 * Campaign stats for the user dashboard (`web/user/campaigns/dashboard`): the user's
 * Spotify express campaigns (the ones the dashboard lists; TikTok and Instagram have their own pages).
 */
export async function dashboardStats(deps: Deps, userId: number, role: 'artist' | 'curator') {
  const col = role === 'artist' ? expressCampaigns.artistId : expressCampaigns.curatorId;
  const [row] = await deps.database.db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${expressCampaigns.statusId} in (2, 3, 4, 5, 6))`.mapWith(
        Number,
      ),
      pendingPublishing: sql<number>`count(*) filter (where ${expressCampaigns.statusId} in (2, 3))`.mapWith(
        Number,
      ),
      publishing: sql<number>`count(*) filter (where ${expressCampaigns.statusId} in (4, 5))`.mapWith(Number),
      declined: sql<number>`count(*) filter (where ${expressCampaigns.statusId} in (7, 8))`.mapWith(Number),
      pendingApproval: sql<number>`count(*) filter (where ${expressCampaigns.statusId} = 1)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${expressCampaigns.statusId} = 6)`.mapWith(Number),
    })
    .from(expressCampaigns)
    // The Spotify campaigns, as the dashboard's "Last campaigns" beside them: counting other platforms
    // made the counter say 2 while the list showed 1 (a TikTok campaign counted but never listed).
    .where(and(eq(col, userId), eq(expressCampaigns.campaignTypeId, spotifyAdapter.typeId)));
  return {
    total_campaigns: row?.total ?? 0,
    total_campaigns_approved: row?.approved ?? 0,
    total_campaigns_pending_for_publishing: row?.pendingPublishing ?? 0,
    total_campaigns_publishing: row?.publishing ?? 0,
    total_campaigns_declined: row?.declined ?? 0,
    total_campaigns_invited: 0,
    total_campaigns_pending: row?.pendingApproval ?? 0,
    total_campaigns_pending_for_approval: row?.pendingApproval ?? 0,
    total_campaigns_completed: row?.completed ?? 0,
  };
}
