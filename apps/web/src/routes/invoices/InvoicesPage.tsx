import { formatDateTime, formatMoney, formatNumber, type Invoice, ListScreen, usePageTitle } from '@lm/ui';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /invoices/list (ARTIST_PERMISSION): invoices of the artist's coin purchases. */
export function InvoicesPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('wallet.invoices.title');
  const navigate = useNavigate();
  const lang = i18n.language;
  return (
    <ListScreen<Invoice>
      title="wallet.invoices.title"
      path="artist/invoices"
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
          accessor: 'method',
          title: 'wallet.invoices.method',
          render: (inv) => t(inv.method === 'card' ? 'wallet.method.card' : 'wallet.method.paypal'),
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
        {
          accessor: 'actions',
          title: '',
          width: 70,
          render: (inv) => (
            <Group justify="flex-end">
              <Tooltip label={t('wallet.tx.view')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('wallet.tx.view')}
                  onClick={(e) => {
                    e.stopPropagation();
                    navigate(`/invoices/${inv.id}`);
                  }}
                >
                  <IconEye size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}
