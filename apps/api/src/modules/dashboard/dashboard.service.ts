import type { AppDeps } from '../../platform/app';
import { campaignStats } from '../custom-campaigns';
import { dashboardStats, listCampaigns, unreadTotal } from '../express';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/**
 * The user dashboard's campaigns block (`web/user/campaigns/dashboard`): stats of the user's side
 * (curators: incoming campaigns; others: their own), the same figures for custom campaigns
 * (`custom_stats`: the artist's own; a curator's, those they placed the track in) and the five newest
 * express campaigns, with the user's unread campaign messages. It sits above both campaign modules because it shows both: the custom module is
 * built on the express one, so express cannot read custom campaigns itself.
 * @param role the side of the marketplace the user is on (curators see what they receive)
 */
export async function dashboard(deps: Deps, userId: number, role: 'artist' | 'curator') {
  const scope = role === 'curator' ? { curatorId: userId } : { artistId: userId };
  const last = await listCampaigns(
    deps.database,
    { page: 1, limit: 5, filter: undefined, order: undefined, q: undefined },
    scope,
  );
  return {
    // Unread messages of every platform's campaigns, either side (the campaign lists carry each one's).
    stats: {
      ...(await dashboardStats(deps, userId, role)),
      unread_messages: await unreadTotal(deps.database, userId),
    },
    custom_stats: await campaignStats(deps.database, scope),
    last_campaigns: last.data,
  };
}
