import type { SessionUser } from '@lm/contracts';
import { CampaignResults, getPlatform, useSession } from '@lm/ui';
import { useCampaignReport } from '../../hooks/use-results';
import { RESULT_UPLOADS_PATH } from '../results/paths';

/**
 * The campaign page's "Results" (every platform), for the campaign's artist only: the shared
 * `CampaignResults` of `@lm/ui` on the artist's report, with the upload page linked where figures are
 * missing. Sellers see nothing (the API does not answer them either).
 */
export function CampaignResultsSection({ campaignId }: { campaignId: number }) {
  const session = useSession<SessionUser>();
  const artist = session.ability.can('call', 'ARTIST_PERMISSION');
  const report = useCampaignReport(campaignId, artist);
  if (!artist || report.isError) return null;
  return (
    <CampaignResults
      report={report.data}
      loading={report.isLoading}
      campaignPath={(type, id) => getPlatform(type).detailPath(id)}
      uploadsPath={RESULT_UPLOADS_PATH}
    />
  );
}
