import type { SessionUser } from '@lm/contracts';
import {
  ListScreen,
  TransactionDetailsModal,
  transactionColumns,
  transactionFilterFields,
  usePageTitle,
  useSession,
  type WalletTransaction,
} from '@lm/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRoute } from '../../app/routes';
import { useEnsureInvoicePdf } from '../../hooks/use-wallet';

/** Campaign screens of the user app by campaign type (spec section 2). */
function campaignPath(id: string, type: string | null): string {
  switch (type) {
    case 'tiktok':
      return `/tiktok/express-campaigns/${id}`;
    case 'instagram':
      return `/instagram/express-campaigns/${id}`;
    case 'custom':
      return `/campaigns/${id}`;
    default:
      return `/express-campaigns/${id}`;
  }
}

/**
 * /wallet/user/transaction (any signed-in user): the wallet's transactions with the Search Filter
 * panel (number, type, description, date range) and the Transaction Details modal.
 */
export function TransactionsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('wallet.tx.title');
  const session = useSession<SessionUser>();
  const ensurePdf = useEnsureInvoicePdf();
  const [open, setOpen] = useState<WalletTransaction | null>(null);
  const artist = session.ability.can('call', 'ARTIST_PERMISSION');

  return (
    <>
      <ListScreen<WalletTransaction>
        title="wallet.tx.title"
        path="wallet/user/transaction"
        empty={{ title: 'wallet.tx.empty_title', hint: 'wallet.tx.empty_hint' }}
        filters={transactionFilterFields(t)}
        columns={transactionColumns(t, i18n.language, setOpen)}
        onRowClick={setOpen}
      />
      <TransactionDetailsModal
        tx={open}
        onClose={() => setOpen(null)}
        links={{
          // Only artists may make the invoice PDF; others open an existing link.
          invoice: artist
            ? (tx) => (tx.invoice ? ensurePdf(tx.invoice.id) : Promise.resolve(null))
            : undefined,
          transfer: (quote) => {
            const path = `/withdrawal/${encodeURIComponent(quote)}`;
            return hasRoute(path) ? path : undefined;
          },
          campaign: (id, type) => {
            const path = campaignPath(encodeURIComponent(id), type);
            return hasRoute(path) ? path : undefined;
          },
        }}
      />
    </>
  );
}
