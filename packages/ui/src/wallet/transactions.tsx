import { Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDateTime, formatNumber } from '../i18n/format';
import type { FilterField } from '../list/SearchFilterPanel';
import { viewColumn } from '../list/view-column';
import { formatSignedMoney } from './money';
import {
  describeTransaction,
  signedCoins,
  TRANSACTION_DESC_KEYS,
  type WalletTransaction,
} from './wallet-types';

/** Badge of a transaction type: credit green, debit red. */
export function TransactionTypeBadge({ type, t }: { type: 'credit' | 'debit'; t: TFunction }) {
  return (
    <Badge variant="light" color={type === 'credit' ? 'green' : 'red'} data-testid="tx-type">
      {t(type === 'credit' ? 'wallet.type.credit' : 'wallet.type.debit')}
    </Badge>
  );
}

/** Signed coins, green for credits and red for debits. */
export function SignedCoins({ tx, language }: { tx: WalletTransaction; language: string }) {
  const coins = signedCoins(tx);
  return (
    <Text size="sm" fw={600} c={coins < 0 ? 'red' : 'green'} dir="ltr" span>
      {coins < 0 ? '−' : '+'}
      {formatNumber(Math.abs(coins), language)}
    </Text>
  );
}

/**
 * Signed money of a transaction: what was paid, or the coins' value (marked ≈) at the
 * wallet's basis; a debit shows its amount with a minus, never "—".
 */
export function SignedTotal({ tx, language, t }: { tx: WalletTransaction; language: string; t: TFunction }) {
  const minor =
    tx.total?.minor ?? (tx.amount === null ? null : tx.transaction_type === 'debit' ? -tx.amount : tx.amount);
  if (minor === null)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const money = formatSignedMoney(minor, tx.total?.currency ?? tx.currency ?? 'GBP', language);
  const estimated = tx.total !== undefined && tx.total.basis !== 'paid';
  return (
    <Text size="sm" fw={500} c={minor < 0 ? 'red' : 'green'} span data-testid="tx-total">
      <span dir="ltr">{estimated ? t('wallet.approx_value', { value: money }) : money}</span>
    </Text>
  );
}

/**
 * Search Filter fields of the transaction lists (spec section 2): transaction number, type,
 * description (desc_id 1-7) and a date range; they travel as filter[transactions_id],
 * filter[transaction_type], filter[desc_id], filter[date_from], filter[date_to].
 */
export function transactionFilterFields(t: TFunction, descIds = [1, 2, 3, 4, 5, 6, 7]): FilterField[] {
  return [
    {
      type: 'text',
      name: 'transactions_id',
      label: 'wallet.tx.number',
      placeholder: 'wallet.tx.number_hint',
    },
    {
      type: 'select',
      name: 'transaction_type',
      label: 'wallet.tx.type',
      options: [
        { value: 'credit', label: t('wallet.type.credit') },
        { value: 'debit', label: t('wallet.type.debit') },
      ],
    },
    {
      type: 'select',
      name: 'desc_id',
      label: 'wallet.tx.description',
      options: descIds.map((id) => ({ value: String(id), label: t(TRANSACTION_DESC_KEYS[id]!) })),
    },
    { type: 'date', name: 'date_from', label: 'wallet.tx.date_from' },
    { type: 'date', name: 'date_to', label: 'wallet.tx.date_to' },
  ];
}

/**
 * Columns of the transaction lists (spec section 2): date, transaction number, type, total with
 * + or − by credit or debit, coins, and a View action. `withUser` adds the wallet owner (back-office).
 */
export function transactionColumns(
  t: TFunction,
  language: string,
  onView: (tx: WalletTransaction) => void,
  options: { withUser?: boolean } = {},
): DataTableColumn<WalletTransaction>[] {
  const columns: DataTableColumn<WalletTransaction>[] = [
    {
      accessor: 'transaction_date',
      title: 'wallet.tx.date',
      render: (tx) => <Text size="sm">{formatDateTime(tx.transaction_date, language)}</Text>,
    },
    {
      accessor: 'transactions_id',
      title: 'wallet.tx.number',
      render: (tx) => (
        <Text size="sm" ff="monospace" dir="ltr" span>
          {tx.transactions_id}
        </Text>
      ),
    },
  ];
  if (options.withUser) {
    columns.push({
      accessor: 'user',
      title: 'wallet.user',
      render: (tx) =>
        tx.user ? (
          <div>
            <Text size="sm" fw={500}>
              {tx.user.name}
            </Text>
            <Text size="xs" c="dimmed" dir="ltr">
              {tx.user.email}
            </Text>
          </div>
        ) : (
          '—'
        ),
    });
  }
  columns.push(
    {
      accessor: 'description',
      title: 'wallet.tx.description',
      render: (tx) => (
        <Text size="sm" data-testid="tx-description" style={{ overflowWrap: 'anywhere' }}>
          {describeTransaction(t, language, tx)}
        </Text>
      ),
    },
    {
      accessor: 'transaction_type',
      title: 'wallet.tx.type',
      render: (tx) => <TransactionTypeBadge type={tx.transaction_type} t={t} />,
    },
    {
      accessor: 'amount',
      title: 'wallet.tx.total',
      render: (tx) => <SignedTotal tx={tx} language={language} t={t} />,
    },
    {
      accessor: 'coins',
      title: 'wallet.tx.coins',
      render: (tx) => <SignedCoins tx={tx} language={language} />,
    },
    viewColumn(t, onView, (tx) => `tx-view-${tx.transactions_id}`),
  );
  return columns;
}
