import type { CustomCampaignListItem } from '@lm/contracts/custom-campaigns';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AdminUser } from '../../../hooks/use-users';
import { customCampaignColumns } from '../../custom/custom-columns';
import { PagedTable } from '../PagedTable';

/**
 * Custom campaigns tab (artists): the staff list's own call filtered by the artist server-side, so the
 * tab shows exactly what the custom campaigns screen would; a row opens the campaign.
 */
export function CustomCampaignsTab({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <PagedTable<CustomCampaignListItem>
      path="admin/custom-campaigns"
      filter={{ artist_id: String(user.id) }}
      columns={customCampaignColumns(t, i18n.language)}
      onRowClick={(c) => navigate(`/campaigns/custom/${c.id}`)}
    />
  );
}
