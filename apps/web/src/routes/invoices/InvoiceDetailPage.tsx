import { InvoiceCard, usePageTitle } from '@lm/ui';
import { Alert, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useEnsureInvoicePdf, useInvoice } from '../../hooks/use-wallet';

/** /invoices/{id} (ARTIST_PERMISSION): one invoice and its PDF (made on demand). */
export function InvoiceDetailPage() {
  const { t } = useTranslation();
  usePageTitle('wallet.invoices.detail');
  const id = Number(useParams().id);
  const invoice = useInvoice(id);
  const ensurePdf = useEnsureInvoicePdf();
  return (
    <Stack gap="lg" maw={820}>
      <Group justify="space-between">
        <Title order={2}>{t('wallet.invoices.detail')}</Title>
        <Button
          component={Link}
          to="/invoices/list"
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('wallet.invoices.back')}
        </Button>
      </Group>
      {invoice.isLoading ? (
        <Skeleton h={260} radius="md" />
      ) : invoice.data ? (
        <InvoiceCard invoice={invoice.data} ensurePdf={() => ensurePdf(id)} />
      ) : (
        <Alert color="red">{t('wallet.invoices.not_found')}</Alert>
      )}
    </Stack>
  );
}
