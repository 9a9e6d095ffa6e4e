import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CampaignReference, PaymentPurpose } from '../wallet';
import { campaignsFromPayment } from './express.checkout';
import { expressCampaigns, expressPlaylists } from './express.schema';

/**
 * A card payment of an express campaign request (Spotify, TikTok, Instagram: meta `track_link`)
 * creates its campaigns as soon as it is credited, whichever path credited it: the webhook too, so an
 * artist who pays and never comes back to the return page still gets the campaigns they paid for.
 * `campaignsFromPayment` decides once (the payment row is locked, the outcome kept in its meta); the
 * return call then answers that outcome. Should it fail here (the sound's provider unreachable), the
 * coins are credited all the same and the return call tries again.
 */
export const expressPaymentPurpose: PaymentPurpose = {
  name: 'express_campaigns',
  // A custom campaign's payment carries no track link; the check keeps the two apart should one ever do.
  claims: (meta) => Boolean(meta.track_link) && !meta.custom_campaign_id,
  async onCredited(deps, payment) {
    try {
      await campaignsFromPayment(deps, payment.userId, payment.id);
    } catch (err) {
      console.warn(
        `payment ${payment.id}: campaigns not created at credit (${(err as Error).message}); the return call retries`,
      );
    }
  },
};

/**
 * The Spotify express campaigns a wallet page's movements name (track, playlist, fee), read for the
 * wallet's descriptions in one query.
 */
export async function campaignReferences(database: Database, ids: number[]): Promise<CampaignReference[]> {
  return database.db
    .select({
      id: expressCampaigns.id,
      track: expressCampaigns.trackName,
      playlist: expressPlaylists.name,
      feePercent: expressCampaigns.feePercent,
    })
    .from(expressCampaigns)
    .innerJoin(expressPlaylists, eq(expressPlaylists.id, expressCampaigns.playlistId))
    .where(inArray(expressCampaigns.id, ids));
}
