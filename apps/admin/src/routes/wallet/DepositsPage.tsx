import {
  type Deposit,
  formatDateTime,
  formatMoney,
  formatNumber,
  ListScreen,
  StatusBadge,
  usePageTitle,
} from '@lm/ui';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { selectFilter } from '../../components/select-filter';
import { UserCell } from '../../components/UserCell';
import { WalletNav } from './WalletNav';

const STATUS_KEYS: Record<string, string> = {
  paid: 'wallet.payment_status.paid',
  pending: 'wallet.payment_status.pending',
  failed: 'wallet.payment_status.failed',
  cancelled: 'wallet.payment_status.cancelled',
  mismatch: 'wallet.payment_status.mismatch',
};

/** /wallet/deposit/list (main.wallet.show.all.transactions): coin purchases by card and PayPal. */
export function DepositsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('wallet.admin.deposits');
  const lang = i18n.language;
  return (
    <ListScreen<Deposit>
      title="wallet.admin.deposits"
      path="admin/wallet/deposits"
      header={<WalletNav />}
      searchable
      filters={[
        {
          type: 'select',
          name: 'status',
          label: 'wallet.invoices.status',
          options: Object.entries(STATUS_KEYS).map(([value, key]) => ({ value, label: t(key) })),
        },
        selectFilter(t, 'method', 'wallet.invoices.method', [
          ['card', 'wallet.method.card'],
          ['paypal', 'wallet.method.paypal'],
        ]),
      ]}
      columns={[
        {
          accessor: 'created_at',
          title: 'wallet.tx.date',
          render: (d) => formatDateTime(d.created_at, lang),
        },
        {
          accessor: 'user',
          title: 'wallet.user',
          render: (d) => <UserCell user={d.user} />,
        },
        {
          accessor: 'method',
          title: 'wallet.invoices.method',
          render: (d) => (
            <div>
              <Text size="sm">{t(d.method === 'card' ? 'wallet.method.card' : 'wallet.method.paypal')}</Text>
              {d.provider.startsWith('sandbox') && (
                <Badge size="xs" color="orange" variant="light">
                  {t('wallet.sandbox')}
                </Badge>
              )}
            </div>
          ),
        },
        { accessor: 'coins', title: 'wallet.tx.coins', render: (d) => formatNumber(d.coins, lang) },
        {
          accessor: 'amount',
          title: 'wallet.tx.total',
          render: (d) => (
            <Text size="sm" dir="ltr" span>
              {formatMoney(d.amount, d.currency, lang)}
            </Text>
          ),
        },
        {
          accessor: 'status',
          title: 'wallet.invoices.status',
          render: (d) => (
            <StatusBadge
              label={d.status}
              text={STATUS_KEYS[d.status] ? t(STATUS_KEYS[d.status]!) : d.status}
              data-testid="deposit-status"
            />
          ),
        },
      ]}
    />
  );
}
