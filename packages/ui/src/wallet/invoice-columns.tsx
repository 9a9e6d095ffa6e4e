import { paymentBadge } from '@lm/contracts';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatNumber } from '../i18n/format';
import { formatMoney } from './money';
import type { Invoice } from './wallet-types';

/**
 * The invoice list's columns shared by the user app (/invoices/list) and the back-office
 * (/invoices/list): number, date, coins, amount (money in the invoice's currency), payment method
 * and paid/pending status. Screens pick the ones they show and add their own (user, actions).
 */
export function useInvoiceColumns(): Record<
  'number' | 'date' | 'coins' | 'amount' | 'method' | 'status',
  DataTableColumn<Invoice>
> {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return {
    number: {
      accessor: 'number',
      title: 'wallet.invoices.number',
      render: (inv) => (
        <Text size="sm" ff="monospace" dir="ltr" span>
          {inv.number}
        </Text>
      ),
    },
    date: {
      accessor: 'created_at',
      title: 'wallet.tx.date',
      render: (inv) => formatDateTime(inv.created_at, lang),
    },
    coins: { accessor: 'coins', title: 'wallet.tx.coins', render: (inv) => formatNumber(inv.coins, lang) },
    amount: {
      accessor: 'amount',
      title: 'wallet.tx.total',
      render: (inv) => (
        <Text size="sm" dir="ltr" span>
          {formatMoney(inv.amount, inv.currency, lang)}
        </Text>
      ),
    },
    method: {
      accessor: 'method',
      title: 'wallet.invoices.method',
      render: (inv) => t(inv.method === 'card' ? 'wallet.method.card' : 'wallet.method.paypal'),
    },
    status: {
      accessor: 'is_paid',
      title: 'wallet.invoices.status',
      render: (inv) => <StatusBadge status={paymentBadge(inv.is_paid)} />,
    },
  };
}
