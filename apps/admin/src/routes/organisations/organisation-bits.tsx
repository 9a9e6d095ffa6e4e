import type { OrganisationStatus } from '@lm/contracts/admin-organisations';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An organisation's status as a badge: green active, red suspended. */
export function OrganisationStatusBadge({ status }: { status: OrganisationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'active' ? 'green' : 'red'} variant="light" data-testid="organisation-status">
      {t(`organisations_admin.statuses.${status}`)}
    </Badge>
  );
}
