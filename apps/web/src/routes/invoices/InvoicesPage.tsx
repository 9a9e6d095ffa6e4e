import { type Invoice, ListScreen, useInvoiceColumns, usePageTitle, viewColumn } from '@lm/ui';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** /invoices/list (ARTIST_PERMISSION): invoices of the artist's coin purchases. */
export function InvoicesPage() {
  const { t } = useTranslation();
  usePageTitle('wallet.invoices.title');
  const navigate = useNavigate();
  const col = useInvoiceColumns();
  return (
    <ListScreen<Invoice>
      title="wallet.invoices.title"
      path="artist/invoices"
      empty={{
        title: 'wallet.invoices.empty_title',
        hint: 'wallet.invoices.empty_hint',
        action: (
          <Button component={Link} to="/wallet/coins/packages" size="xs">
            {t('wallet.custom.buy')}
          </Button>
        ),
      }}
      onRowClick={(inv) => navigate(`/invoices/${inv.id}`)}
      columns={[
        col.number,
        col.date,
        col.coins,
        col.amount,
        col.method,
        col.status,
        viewColumn<Invoice>(t, (inv) => navigate(`/invoices/${inv.id}`)),
      ]}
    />
  );
}
