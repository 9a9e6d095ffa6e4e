import type { PaymentPurpose } from '../wallet';
import { type CustomCardMeta, campaignFromCardPayment } from './custom-campaigns.service';

/**
 * A card payment of a custom campaign's invoice (meta `custom_campaign_id`) holds its coins for the
 * campaign as soon as it is credited, whichever path credited it (return call, cancel-URL return,
 * webhook): {@link campaignFromCardPayment} applies it once (outcome kept in the payment's meta).
 */
export const customCampaignPaymentPurpose: PaymentPurpose = {
  name: 'custom_campaign',
  claims: (meta) => Boolean((meta as CustomCardMeta).custom_campaign_id),
  onCredited: async (deps, payment) => {
    await campaignFromCardPayment(deps, payment.userId, payment.id);
  },
};
