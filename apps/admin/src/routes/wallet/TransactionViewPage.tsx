import {
  findPlatform,
  QueryContent,
  SPOTIFY,
  TransactionActions,
  TransactionFields,
  usePageTitle,
} from '@lm/ui';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hasAdminRoute } from '../../app/routes';
import { useAdminTransaction } from '../../hooks/use-wallet';

/** /wallet/transaction/view?id= (main.wallet.show.all.transactions): one wallet transaction. */
export function TransactionViewPage() {
  const { t } = useTranslation();
  usePageTitle('wallet.tx.details');
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const tx = useAdminTransaction(id);
  const route = (path: string) => (hasAdminRoute(path, false) ? path : undefined);
  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between">
        <Title order={2}>{t('wallet.tx.details')}</Title>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
          {t('wallet.invoices.back')}
        </Button>
      </Group>
      <QueryContent query={tx} skeletonHeight={260} notFound="wallet.tx.not_found">
        {(data) => (
          <Card padding="xl" radius="md" data-testid="tx-detail">
            <TransactionFields tx={data} />
            <TransactionActions
              tx={data}
              links={{
                transfer: (quote) => route(`/transfers/${encodeURIComponent(quote)}`),
                campaign: (cid, type) =>
                  route(
                    type === 'custom'
                      ? `/campaigns/custom/${cid}`
                      : (findPlatform(type) ?? SPOTIFY).adminDetailPath(cid),
                  ),
              }}
            />
          </Card>
        )}
      </QueryContent>
    </Stack>
  );
}
