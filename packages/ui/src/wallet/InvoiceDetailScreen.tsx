import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryContent } from '../components/QueryContent';
import { InvoiceCard } from './InvoiceCard';
import type { Invoice } from './wallet-types';

/**
 * /invoices/{id} on both apps: the title, a button back to /invoices/list, and the invoice's card
 * (a skeleton while it loads, an alert when there is no such invoice).
 *
 * @param invoice the app's invoice query (the user's own invoice, or any invoice for staff).
 * @param ensurePdf makes the PDF when it has no link yet (the user app); staff only open a link.
 */
export function InvoiceDetailScreen({
  invoice,
  ensurePdf,
}: {
  invoice: { isLoading: boolean; data?: Invoice | null };
  ensurePdf?: () => Promise<string | null>;
}) {
  const { t } = useTranslation();
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
      <QueryContent query={invoice} skeletonHeight={260} notFound="wallet.invoices.not_found">
        {(data) => <InvoiceCard invoice={data} ensurePdf={ensurePdf} />}
      </QueryContent>
    </Stack>
  );
}
