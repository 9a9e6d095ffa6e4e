import {
  PayoutAmountFields,
  PayoutCardTop,
  PayoutDateFields,
  PayoutField,
  PayoutPageHeader,
  PayoutsChart,
  QueryContent,
  usePageTitle,
  wiseStateLabel,
} from '@lm/ui';
import { Alert, Button, Card, Divider, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEnsureReceipt, usePayout, usePayoutStats } from '../../hooks/use-payouts';

/**
 * /payouts/{id}: one payout (`curator/payouts/{id}`): status, amounts, the Wise transfer and its state in
 * words (the quote's id means nothing to the payee and is not shown), dates, the
 * decline reason, and the receipt PDF once paid (`curator/payout/{id}`); the last 30 days chart below.
 */
export function PayoutDetailPage() {
  const { t } = useTranslation();
  usePageTitle('payouts.detail_title');
  const id = Number(useParams().id);
  const payout = usePayout(id);
  const receipt = useEnsureReceipt();
  const stats = usePayoutStats();
  return (
    <Stack gap="lg" maw={900}>
      <PayoutPageHeader
        title="payouts.detail_title"
        backTo="/payouts/list"
        backLabel="payouts.back_to_payouts"
      />
      <QueryContent query={payout} skeletonHeight={260} notFound="payouts.not_found">
        {(p) => (
          <Card padding="lg" radius="md" data-testid="payout-card">
            <Stack gap="md">
              <PayoutCardTop payout={p} />
              {p.status_id === 5 && <Alert color="red">{t('payouts.failed_note')}</Alert>}
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <PayoutAmountFields payout={p} />
                <PayoutField label={t('payouts.email')} value={p.email} />
              </SimpleGrid>
              <Divider />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <PayoutDateFields payout={p} />
                <PayoutField
                  label={t('payouts.transfer_id')}
                  value={p.wise_transfer_id}
                  testId="transfer-id"
                />
                <PayoutField
                  label={t('payouts.wise_status')}
                  value={wiseStateLabel(p.wise_status, t)}
                  testId="wise-status"
                />
              </SimpleGrid>
              {p.status_id === 3 && (
                <Group>
                  {p.attachment_link ? (
                    <Button
                      component="a"
                      href={p.attachment_link}
                      target="_blank"
                      leftSection={<IconDownload size={16} />}
                      data-testid="receipt"
                    >
                      {t('payouts.receipt')}
                    </Button>
                  ) : (
                    <Button
                      leftSection={<IconDownload size={16} />}
                      loading={receipt.isPending}
                      onClick={() => receipt.mutate(p.id)}
                      data-testid="make-receipt"
                    >
                      {t('payouts.receipt')}
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          </Card>
        )}
      </QueryContent>
      {stats.data && <PayoutsChart days={stats.data} />}
    </Stack>
  );
}
