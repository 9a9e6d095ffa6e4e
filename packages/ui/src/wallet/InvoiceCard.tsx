import { paymentBadge } from '@lm/contracts';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatNumber } from '../i18n/format';
import { DetailField } from './DetailField';
import { formatMoney } from './money';
import { PdfButton } from './PdfButton';
import type { Invoice } from './wallet-types';

/**
 * An invoice of a coin purchase (user app and back-office): number, date, coins, amount, method,
 * buyer, paid state and the PDF (made on demand by `ensurePdf` when there is no link yet).
 */
export function InvoiceCard({
  invoice,
  ensurePdf,
}: {
  invoice: Invoice;
  ensurePdf?: () => Promise<string | null>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card padding="xl" radius="md" data-testid="invoice-card">
      <Group justify="space-between" mb="lg">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={500} tt="uppercase">
            {t('wallet.invoices.number')}
          </Text>
          <Text fz="xl" fw={700} ff="monospace" dir="ltr">
            {invoice.number}
          </Text>
        </Stack>
        <StatusBadge size="lg" status={paymentBadge(invoice.is_paid)} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        <DetailField label={t('wallet.tx.date')}>{formatDateTime(invoice.created_at, lang)}</DetailField>
        <DetailField label={t('wallet.tx.coins')}>{formatNumber(invoice.coins, lang)}</DetailField>
        <DetailField label={t('wallet.tx.total')}>
          <span dir="ltr">{formatMoney(invoice.amount, invoice.currency, lang)}</span>
        </DetailField>
        <DetailField label={t('wallet.invoices.method')}>
          {t(invoice.method === 'card' ? 'wallet.method.card' : 'wallet.method.paypal')}
        </DetailField>
        <DetailField label={t('wallet.user')}>
          {invoice.user.name}
          <Text size="xs" c="dimmed" dir="ltr">
            {invoice.user.email}
          </Text>
        </DetailField>
      </SimpleGrid>
      {(invoice.attachment_link || ensurePdf) && (
        <Group mt="xl">
          <PdfButton
            link={invoice.attachment_link}
            make={ensurePdf}
            icon={<IconFileTypePdf size={16} />}
            testId="invoice-pdf"
          >
            {t('wallet.invoices.pdf')}
          </PdfButton>
        </Group>
      )}
    </Card>
  );
}
