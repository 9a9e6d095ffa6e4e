import { type Invoice, ListScreen, useInvoiceColumns, usePageTitle } from '@lm/ui';
import { useNavigate } from 'react-router';
import { UserCell } from '../../components/UserCell';

/** /invoices/list (invoices.show): invoices of every coin purchase. */
export function InvoicesPage() {
  usePageTitle('wallet.invoices.title');
  const navigate = useNavigate();
  const col = useInvoiceColumns();
  return (
    <ListScreen<Invoice>
      title="wallet.invoices.title"
      path="admin/invoices"
      onRowClick={(inv) => navigate(`/invoices/${inv.id}`)}
      columns={[
        col.number,
        col.date,
        {
          accessor: 'user',
          title: 'wallet.user',
          render: (inv) => <UserCell user={inv.user} />,
        },
        col.coins,
        col.amount,
        col.status,
      ]}
    />
  );
}
