import {
  ListScreen,
  transactionColumns,
  transactionFilterFields,
  usePageTitle,
  type WalletTransaction,
} from '@lm/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WalletNav } from './WalletNav';

/**
 * /wallet/transaction/list and /wallet/withdrawals/list (main.wallet.show.all.transactions): the
 * wallet transactions of every user; withdrawals are payout requests and withdrawn credits (desc 4, 6).
 */
function TransactionList({ withdrawals }: { withdrawals?: boolean }) {
  const { t, i18n } = useTranslation();
  const title = withdrawals ? 'wallet.admin.withdrawals' : 'wallet.admin.transactions';
  usePageTitle(title);
  const navigate = useNavigate();
  const view = (tx: WalletTransaction) => navigate(`/wallet/transaction/view?id=${tx.id}`);
  const fields = transactionFilterFields(t, withdrawals ? [4, 6] : undefined);
  return (
    <ListScreen<WalletTransaction>
      title={title}
      path={withdrawals ? 'admin/wallet/withdrawals' : 'admin/wallet/transactions'}
      exportPath={withdrawals ? undefined : 'admin/wallet/transactions/export.csv'}
      exportName="transactions"
      header={<WalletNav />}
      filters={withdrawals ? fields.filter((f) => f.name !== 'transaction_type') : fields}
      columns={transactionColumns(t, i18n.language, view, { withUser: true })}
      onRowClick={view}
    />
  );
}

export function TransactionsPage() {
  return <TransactionList />;
}

export function WithdrawalsPage() {
  return <TransactionList withdrawals />;
}
