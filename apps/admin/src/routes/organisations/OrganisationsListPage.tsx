import type { AdminOrganisationListItem } from '@lm/contracts/admin-organisations';
import { ORGANISATION_KINDS } from '@lm/contracts/organisations';
import { countryOptions, formatDate, formatNumber, ListScreen, usePageTitle } from '@lm/ui';
import { Badge, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CountryFlag } from '../users/user-bits';
import { OrganisationStatusBadge } from './organisation-bits';

/**
 * /organisations (view.main.organisations.tab.list, issue 35): labels, management companies and
 * agencies with their kind, billing country, status, Owner, team size, active artists and wallet
 * coins; filters (kind, status, country), search (name, Owner), sort and CSV export like every list.
 */
export function OrganisationsListPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('organisations_admin.title');
  const navigate = useNavigate();
  const lang = i18n.language;
  const countries = useMemo(() => countryOptions(lang), [lang]);
  return (
    <ListScreen<AdminOrganisationListItem>
      title="organisations_admin.title"
      path="admin/organisations"
      exportPath="admin/organisations/export.csv"
      exportName="organisations"
      filters={[
        {
          type: 'multiselect',
          name: 'kind',
          label: 'organisations_admin.fields.kind',
          options: ORGANISATION_KINDS.map((k) => ({ value: k, label: t(`organisations_admin.kinds.${k}`) })),
        },
        {
          type: 'multiselect',
          name: 'status',
          label: 'organisations_admin.fields.status',
          options: (['active', 'suspended'] as const).map((s) => ({
            value: s,
            label: t(`organisations_admin.statuses.${s}`),
          })),
        },
        { type: 'select', name: 'country', label: 'organisations_admin.fields.country', options: countries },
      ]}
      onRowClick={(o) => navigate(`/organisations/${o.id}`)}
      columns={[
        { accessor: 'id', title: '#', width: 70, sortable: true },
        {
          accessor: 'name',
          title: 'organisations_admin.fields.name',
          sortable: true,
          render: (o) => (
            <Text size="sm" fw={600} lineClamp={2} data-testid={`organisation-${o.id}`}>
              {o.name}
            </Text>
          ),
        },
        {
          accessor: 'kind',
          title: 'organisations_admin.fields.kind',
          render: (o) => (
            <Badge variant="light" color="violet">
              {t(`organisations_admin.kinds.${o.kind}`)}
            </Badge>
          ),
        },
        {
          accessor: 'country',
          title: 'organisations_admin.fields.country',
          render: (o) => <CountryFlag code={o.country} language={lang} />,
        },
        {
          accessor: 'status',
          title: 'organisations_admin.fields.status',
          render: (o) => <OrganisationStatusBadge status={o.status} />,
        },
        {
          accessor: 'owner',
          title: 'organisations_admin.fields.owner',
          render: (o) =>
            o.owner ? (
              <div style={{ minWidth: 0 }}>
                <Text size="sm" lineClamp={1}>
                  {o.owner.name}
                </Text>
                <Text size="xs" c="dimmed" dir="ltr" lineClamp={1}>
                  {o.owner.email}
                </Text>
              </div>
            ) : (
              '—'
            ),
        },
        {
          accessor: 'members',
          title: 'organisations_admin.fields.members',
          sortable: true,
          render: (o) => formatNumber(o.members, lang),
        },
        {
          accessor: 'active_artists',
          title: 'organisations_admin.fields.active_artists',
          sortable: true,
          render: (o) => formatNumber(o.active_artists, lang),
        },
        {
          accessor: 'wallet_balance',
          title: 'organisations_admin.fields.wallet',
          sortable: true,
          render: (o) => formatNumber(o.wallet_balance, lang),
        },
        {
          accessor: 'created_at',
          title: 'organisations_admin.fields.created',
          sortable: true,
          render: (o) => formatDate(o.created_at, lang),
        },
      ]}
    />
  );
}
