import { CampaignResults } from '@lm/ui';
import { useAdminCampaignReport } from '../hooks/use-results';

/** The back-office campaign pages' address of a campaign, per platform. */
const CAMPAIGN_PATHS = {
  spotify: (id: number) => `/express-campaigns/${id}`,
  tiktok: (id: number) => `/express-tiktok-campaigns/${id}`,
  instagram: (id: number) => `/express-instagram-campaigns/${id}`,
} as const;

/**
 * A campaign's "Results" on its back-office page (every platform): the shared `CampaignResults` on
 * the staff reading of the artist's report (no upload link: uploads are the artist's). Nothing when
 * the API refuses the reader.
 */
export function StaffCampaignResults({ campaignId }: { campaignId: number }) {
  const report = useAdminCampaignReport(campaignId);
  if (report.isError) return null;
  return (
    <CampaignResults
      report={report.data}
      loading={report.isLoading}
      campaignPath={(type, id) => CAMPAIGN_PATHS[type](id)}
    />
  );
}
