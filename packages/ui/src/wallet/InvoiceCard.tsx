import { paymentBadge } from '@lm/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatNumber } from '../i18n/format';
import { formatMoney } from './money';
import type { Invoice } from './wallet-types';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

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
  const [opening, setOpening] = useState(false);
  const openPdf = async () => {
    if (invoice.attachment_link) {
      window.open(invoice.attachment_link, '_blank', 'noopener');
      return;
    }
    if (!ensurePdf) return;
    const win = window.open('', '_blank');
    setOpening(true);
    try {
      const link = await ensurePdf();
      if (link && win) win.location.href = link;
      else win?.close();
    } catch {
      win?.close();
    } finally {
      setOpening(false);
    }
  };
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
        <Row label={t('wallet.tx.date')}>{formatDateTime(invoice.created_at, lang)}</Row>
        <Row label={t('wallet.tx.coins')}>{formatNumber(invoice.coins, lang)}</Row>
        <Row label={t('wallet.tx.total')}>
          <span dir="ltr">{formatMoney(invoice.amount, invoice.currency, lang)}</span>
        </Row>
        <Row label={t('wallet.invoices.method')}>
          {t(invoice.method === 'card' ? 'wallet.method.card' : 'wallet.method.paypal')}
        </Row>
        <Row label={t('wallet.user')}>
          {invoice.user.name}
          <Text size="xs" c="dimmed" dir="ltr">
            {invoice.user.email}
          </Text>
        </Row>
      </SimpleGrid>
      {(invoice.attachment_link || ensurePdf) && (
        <Group mt="xl">
          <Button
            leftSection={<IconFileTypePdf size={16} />}
            loading={opening}
            onClick={openPdf}
            data-testid="invoice-pdf"
          >
            {t('wallet.invoices.pdf')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
