import { registerSoundCheck } from './modules/connections';
import { customCampaignPaymentPurpose } from './modules/custom-campaigns/custom-campaigns.wallet';
import { instagramAdapter, tiktokAdapter } from './modules/express';
import { campaignReferences, expressPaymentPurpose } from './modules/express/express.wallet';
import { resolveActing } from './modules/organisations';
import { payoutsOfQuotes } from './modules/payouts/payouts.wallet';
import { playlistsDelivered } from './modules/results';
import { registerDeliveredSource } from './modules/trust';
import { registerTransferReferences } from './modules/wallet/descriptions';
import { registerPaymentPurpose } from './modules/wallet/payment-purposes';
import { registerActingResolver } from './platform/access';

/**
 * Plug the modules built on the wallet into it, once per process before it serves or works (the API,
 * the worker, the tests' app): what a campaign payment does once credited, and where the campaigns
 * and payouts a wallet movement names are read. The wallet never imports those modules, so money has
 * no way to call back into what was bought with it except through these registrations. Likewise
 * connections, below the express engine, receives the platforms' music-link checks here.
 * Registering twice replaces each registration with itself.
 */
export function wireModules(): void {
  registerPaymentPurpose(expressPaymentPurpose);
  registerPaymentPurpose(customCampaignPaymentPurpose);
  registerTransferReferences({ campaigns: campaignReferences, payoutsOfQuotes });
  // Connections offers artists their own sounds, each passing the platform's music-link check; it
  // sits below the engine (whose adapters read its access tokens), so the checks are handed to it.
  registerSoundCheck(tiktokAdapter);
  registerSoundCheck(instagramAdapter);
  // The quality score's nightly pass reads what playlists delivered from the results module, above it.
  registerDeliveredSource(playlistsDelivered);
  // The access hook lets team members act for their roster's artists (issue 35, `X-Acting-For`).
  registerActingResolver(resolveActing);
}
