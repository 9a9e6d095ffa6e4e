import { InvoiceDetailScreen, usePageTitle } from '@lm/ui';
import { useParams } from 'react-router';
import { useAdminInvoice } from '../../hooks/use-wallet';

/** /invoices/{id} (invoices.show): one invoice and its PDF link. */
export function InvoiceDetailPage() {
  usePageTitle('wallet.invoices.detail');
  const invoice = useAdminInvoice(Number(useParams().id));
  return <InvoiceDetailScreen invoice={invoice} />;
}
