import { CampaignHistory } from '@lm/ui';
import { useAdminCampaignChecks } from '../hooks/use-express';

/** A campaign's daily history on its back-office page (any platform): the shared `CampaignHistory`. */
export function StaffCampaignHistory({ campaignId }: { campaignId: number }) {
  const checks = useAdminCampaignChecks(campaignId);
  return <CampaignHistory history={checks.data} loading={checks.isLoading} />;
}
