import { type Invoice, ListScreen, useInvoiceColumns, usePageTitle } from '@lm/ui';
import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';

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
        col.coins,
        col.amount,
        col.status,
      ]}
    />
  );
}
