import { type AdminPayout, ListScreen, payoutColumns, payoutStatusFilter, usePageTitle } from '@lm/ui';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePayoutBulk } from '../../hooks/use-payouts';
import { PayoutActions } from './PayoutActions';
import { PayoutRiskCell } from './PayoutRisk';

/** Requests | All payouts switch above both lists. */
export function PayoutsNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group gap="xs">
      {[
        { to: '/requests/list', label: 'payouts.admin.requests_title' },
        { to: '/payouts/list', label: 'payouts.admin.list_title' },
      ].map((l) => (
        <Button
          key={l.to}
          component={Link}
          to={l.to}
          size="xs"
          variant={pathname === l.to ? 'filled' : 'default'}
        >
          {t(l.label)}
        </Button>
      ))}
    </Group>
  );
}

function useColumns(withActions: boolean): DataTableColumn<AdminPayout>[] {
  const { i18n } = useTranslation();
  const columns = payoutColumns<AdminPayout>(i18n.language);
  return [
    columns.number,
    {
      accessor: 'user',
      title: 'payouts.admin.user',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} dir="auto">
            {p.user.name}
          </Text>
          <Text size="xs" c="dimmed" dir="ltr">
            {p.user.email}
          </Text>
        </Stack>
      ),
    },
    columns.date,
    columns.coins,
    columns.amount,
    columns.received,
    {
      accessor: 'recipient',
      title: 'payouts.bank_account',
      render: (p) => (
        <Text size="sm" dir="auto" truncate maw={220}>
          {p.recipient.label}
        </Text>
      ),
    },
    columns.status,
    {
      accessor: 'risk',
      title: 'payouts.admin.risk.column',
      render: (p: AdminPayout) => <PayoutRiskCell payout={p} />,
    },
    ...(withActions
      ? [
          {
            accessor: 'actions',
            title: '',
            render: (p: AdminPayout) => (p.status_id === 1 ? <PayoutActions id={p.id} size="xs" /> : null),
          },
        ]
      : []),
  ];
}

/**
 * /requests/list (INFLUENCER_VIEW_PAYOUT_PROFILE): pending payout requests with their risk in short;
 * approve or decline one by one or selected rows in bulk (payouts.decide).
 */
export function PayoutRequestsPage() {
  usePageTitle('payouts.admin.requests_title');
  const navigate = useNavigate();
  const columns = useColumns(true);
  const bulk = usePayoutBulk();
  return (
    <ListScreen<AdminPayout>
      title="payouts.admin.requests_title"
      bulk={{
        describe: (p) => `#${p.id} · ${p.user.name}`,
        actions: [
          {
            key: 'approve',
            label: 'payouts.admin.bulk_approve',
            color: 'green',
            confirm: 'payouts.admin.bulk_approve_confirm',
            run: (ids) => bulk.approve(ids),
          },
          {
            key: 'decline',
            label: 'payouts.admin.bulk_decline',
            color: 'red',
            confirm: 'payouts.admin.bulk_decline_confirm',
            reason: { label: 'payouts.admin.reason', min: 3, max: 500 },
            run: (ids, reason) => bulk.decline(ids, reason),
          },
        ],
      }}
      path="admin/payouts/requests"
      exportPath="admin/payouts/requests/export.csv"
      exportName="payout-requests"
      searchable
      header={<PayoutsNav />}
      onRowClick={(p) => navigate(`/payouts/${p.id}`)}
      columns={columns}
    />
  );
}

/** /payouts/list (INFLUENCER_VIEW_PAYOUT_PROFILE): every payout, filtered by status. */
export function PayoutsListPage() {
  const { t } = useTranslation();
  usePageTitle('payouts.admin.list_title');
  const navigate = useNavigate();
  const columns = useColumns(false);
  return (
    <ListScreen<AdminPayout>
      title="payouts.admin.list_title"
      path="admin/payouts"
      exportPath="admin/payouts/export.csv"
      exportName="payouts"
      searchable
      header={<PayoutsNav />}
      filters={[payoutStatusFilter(t)]}
      onRowClick={(p) => navigate(`/payouts/${p.id}`)}
      columns={columns}
    />
  );
}
