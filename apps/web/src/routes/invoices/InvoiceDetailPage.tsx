import { InvoiceDetailScreen, usePageTitle } from '@lm/ui';
import { useParams } from 'react-router';
import { useEnsureInvoicePdf, useInvoice } from '../../hooks/use-wallet';

/** /invoices/{id} (ARTIST_PERMISSION): one invoice and its PDF (made on demand). */
export function InvoiceDetailPage() {
  usePageTitle('wallet.invoices.detail');
  const id = Number(useParams().id);
  const invoice = useInvoice(id);
  const ensurePdf = useEnsureInvoicePdf();
  return <InvoiceDetailScreen invoice={invoice} ensurePdf={() => ensurePdf(id)} />;
}
