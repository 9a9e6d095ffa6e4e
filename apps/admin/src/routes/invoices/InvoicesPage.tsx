import { formatDateTime, formatMoney, formatNumber, type Invoice, ListScreen, usePageTitle } from '@lm/ui';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /invoices/list (invoices.show): invoices of every coin purchase. */
export function InvoicesPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('wallet.invoices.title');
  const navigate = useNavigate();
  const lang = i18n.language;
  return (
    <ListScreen<Invoice>
      title="wallet.invoices.title"
      path="admin/invoices"
      onRowClick={(inv) => navigate(`/invoices/${inv.id}`)}
      columns={[
        {
          accessor: 'number',
          title: 'wallet.invoices.number',
          render: (inv) => (
            <Text size="sm" ff="monospace" dir="ltr" span>
              {inv.number}
            </Text>
          ),
        },
        {
          accessor: 'created_at',
          title: 'wallet.tx.date',
          render: (inv) => formatDateTime(inv.created_at, lang),
        },
        {
          accessor: 'user',
          title: 'wallet.user',
          render: (inv) => (
            <div>
              <Text size="sm" fw={500}>
                {inv.user.name}
              </Text>
              <Text size="xs" c="dimmed" dir="ltr">
                {inv.user.email}
              </Text>
            </div>
          ),
        },
        { accessor: 'coins', title: 'wallet.tx.coins', render: (inv) => formatNumber(inv.coins, lang) },
        {
          accessor: 'amount',
          title: 'wallet.tx.total',
          render: (inv) => (
            <Text size="sm" dir="ltr" span>
              {formatMoney(inv.amount, inv.currency, lang)}
            </Text>
          ),
        },
        {
          accessor: 'is_paid',
          title: 'wallet.invoices.status',
          render: (inv) => (
            <Badge variant="light" color={inv.is_paid ? 'green' : 'orange'}>
              {t(inv.is_paid ? 'ui.status.paid' : 'ui.status.pending')}
            </Badge>
          ),
        },
      ]}
    />
  );
}
