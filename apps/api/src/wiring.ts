import { customCampaignPaymentPurpose } from './modules/custom-campaigns/custom-campaigns.wallet';
import { campaignReferences, expressPaymentPurpose } from './modules/express/express.wallet';
import { payoutsOfQuotes } from './modules/payouts/payouts.wallet';
import { registerTransferReferences } from './modules/wallet/descriptions';
import { registerPaymentPurpose } from './modules/wallet/payment-purposes';

/**
 * Plug the modules built on the wallet into it, once per process before it serves or works (the API,
 * the worker, the tests' app): what a campaign payment does once credited, and where the campaigns
 * and payouts a wallet movement names are read. The wallet never imports those modules, so money has
 * no way to call back into what was bought with it except through these registrations.
 * Registering twice replaces each registration with itself.
 */
export function wireModules(): void {
  registerPaymentPurpose(expressPaymentPurpose);
  registerPaymentPurpose(customCampaignPaymentPurpose);
  registerTransferReferences({ campaigns: campaignReferences, payoutsOfQuotes });
}
