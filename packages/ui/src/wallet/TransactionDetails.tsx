import { Button, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconCoins, IconFileInvoice, IconSpeakerphone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatNumber } from '../i18n/format';
import { DetailField } from './DetailField';
import { PdfButton } from './PdfButton';
import { SignedTotal, TransactionTypeBadge } from './transactions';
import { describeTransaction, signedCoins, type WalletTransaction } from './wallet-types';

export interface TransactionLinks {
  /** Link of the transfer (payout) of a withdrawal, e.g. `/withdrawal/{quote}`. */
  transfer?: (quote: string) => string | undefined;
  /** Link of the campaign the transaction paid or refunded. */
  campaign?: (campaignId: string, campaignType: string | null) => string | undefined;
  /**
   * The invoice PDF link; the user app asks the API to make the PDF when the transaction has no
   * link yet (POST artist/invoice/{id}).
   */
  invoice?: (tx: WalletTransaction) => Promise<string | null>;
}

/**
 * The fields of a transaction (spec section 2 "Transaction Details modal"): amount in Liberty
 * Coins, type, transaction number, date and time, description by desc_id.
 */
export function TransactionFields({ tx }: { tx: WalletTransaction }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const coins = signedCoins(tx);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={52} radius="md" variant="light" color={coins < 0 ? 'red' : 'green'}>
          <IconCoins size={28} />
        </ThemeIcon>
        <div>
          <Text size="xs" c="dimmed" fw={500}>
            {t('wallet.tx.amount_coins')}
          </Text>
          <Text fz={26} fw={700} lh={1.1} data-testid="tx-detail-coins">
            <span dir="ltr">
              {coins < 0 ? '−' : '+'}
              {formatNumber(Math.abs(coins), lang)}
            </span>{' '}
            <Text span size="sm" c="dimmed" fw={500}>
              {t('wallet.coins_unit')}
            </Text>
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <DetailField label={t('wallet.tx.type')}>
          <TransactionTypeBadge type={tx.transaction_type} t={t} />
        </DetailField>
        <DetailField label={t('wallet.tx.number')}>
          <Text span ff="monospace" size="sm" dir="ltr" data-testid="tx-detail-number">
            {tx.transactions_id}
          </Text>
        </DetailField>
        <DetailField label={t('wallet.tx.date_time')}>
          {formatDateTime(tx.transaction_date, lang)}
        </DetailField>
        <DetailField label={t('wallet.tx.description')}>{describeTransaction(t, lang, tx)}</DetailField>
        {(tx.total || tx.amount !== null) && (
          <DetailField label={t('wallet.tx.total')}>
            <SignedTotal tx={tx} language={lang} t={t} />
          </DetailField>
        )}
        <DetailField label={t('wallet.tx.balance_after')}>
          {formatNumber(tx.balance_after, lang)} {t('wallet.coins_unit')}
        </DetailField>
        {tx.user && (
          <DetailField label={t('wallet.user')}>
            {tx.user.name}{' '}
            <Text span size="xs" c="dimmed" dir="ltr">
              {tx.user.email}
            </Text>
          </DetailField>
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** A light button that goes to another screen of the app (the transfer, the campaign). */
function LinkButton({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button variant="light" component={Link} to={to} leftSection={icon}>
      {children}
    </Button>
  );
}

/**
 * Buttons of the Transaction Details modal (spec section 2): View Invoice (coin purchases), View
 * Transfer (withdrawals), View Campaign (when the transaction names a campaign), Cancel.
 */
export function TransactionActions({
  tx,
  links,
  onClose,
}: {
  tx: WalletTransaction;
  links: TransactionLinks;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const quote = tx.transfer?.wise_quote_id;
  const transferHref = quote ? links.transfer?.(quote) : undefined;
  const campaignId = tx.transaction_details.campaign_id;
  const makeInvoice = links.invoice;
  const campaignHref = campaignId
    ? links.campaign?.(campaignId, tx.transaction_details.campaign_type)
    : undefined;

  return (
    <Group justify="flex-end" gap="sm" mt="xl">
      {tx.invoice && (links.invoice || tx.invoice.attachment_link) && (
        <PdfButton
          variant="light"
          link={tx.invoice.attachment_link}
          make={makeInvoice && (() => makeInvoice(tx))}
          icon={<IconFileInvoice size={16} />}
          testId="tx-view-invoice"
        >
          {t('wallet.tx.view_invoice')}
        </PdfButton>
      )}
      {transferHref && (
        <LinkButton to={transferHref} icon={<IconArrowsExchange size={16} />}>
          {t('wallet.tx.view_transfer')}
        </LinkButton>
      )}
      {campaignHref && (
        <LinkButton to={campaignHref} icon={<IconSpeakerphone size={16} />}>
          {t('wallet.tx.view_campaign')}
        </LinkButton>
      )}
      {onClose && (
        <Button variant="default" onClick={onClose} data-testid="tx-cancel">
          {t('ui.confirm.cancel')}
        </Button>
      )}
    </Group>
  );
}

/** The Transaction Details modal of the wallet lists (user app and back-office). */
export function TransactionDetailsModal({
  tx,
  onClose,
  links,
}: {
  tx: WalletTransaction | null;
  onClose(): void;
  links: TransactionLinks;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={tx !== null} onClose={onClose} title={t('wallet.tx.details')} size="lg" centered>
      {tx && (
        <div data-testid="tx-detail">
          <TransactionFields tx={tx} />
          <TransactionActions tx={tx} links={links} onClose={onClose} />
        </div>
      )}
    </Modal>
  );
}
