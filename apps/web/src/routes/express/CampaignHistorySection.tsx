import { CampaignHistory } from '@lm/ui';
import { useCampaignChecks } from '../../hooks/use-express';

/**
 * The campaign page's daily history (every platform, artist and seller alike): the shared
 * `CampaignHistory` of `@lm/ui` on this app's hook. Nothing for a reader the API does not let in.
 */
export function CampaignHistorySection({ campaignId }: { campaignId: number }) {
  const checks = useCampaignChecks(campaignId);
  return <CampaignHistory history={checks.data} loading={checks.isLoading} />;
}
