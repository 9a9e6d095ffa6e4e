import type { CampaignReport } from '@lm/contracts/results';
import { adminResultsKeys } from '@lm/ui';
import { isRecordId, useGet } from './use-admin-api';

/** GET admin/results/campaigns/{id}: what a campaign did for its artist (staff who read campaigns). */
export function useAdminCampaignReport(id: number) {
  return useGet<CampaignReport>(adminResultsKeys.campaign(id), `admin/results/campaigns/${id}`, {
    enabled: isRecordId(id),
    silent: true,
    retry: false,
  });
}
