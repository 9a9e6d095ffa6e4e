import {
  formatDateTime,
  formatMoney,
  formatNumber,
  majorToMinor,
  PayoutStatusBadge,
  PayoutsChart,
  usePageTitle,
  wiseStateLabel,
} from '@lm/ui';
import { Alert, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useEnsureReceipt, usePayout, usePayoutStats } from '../../hooks/use-payouts';

function Field({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} dir="auto" data-testid={testId}>
        {value ?? '—'}
      </Text>
    </Stack>
  );
}

/**
 * /payouts/{id}: one payout (`curator/payouts/{id}`): status, amounts, the Wise transfer and its state in
 * words (the quote's id means nothing to the payee and is not shown), dates, the
 * decline reason, and the receipt PDF once paid (`curator/payout/{id}`); the last 30 days chart below.
 */
export function PayoutDetailPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  usePageTitle('payouts.detail_title');
  const id = Number(useParams().id);
  const payout = usePayout(id);
  const receipt = useEnsureReceipt();
  const stats = usePayoutStats();
  const p = payout.data;
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between">
        <Title order={2}>{t('payouts.detail_title')}</Title>
        <Button
          component={Link}
          to="/payouts/list"
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('payouts.back_to_payouts')}
        </Button>
      </Group>
      {payout.isLoading ? (
        <Skeleton h={260} radius="md" />
      ) : !p ? (
        <Alert color="red">{t('payouts.not_found')}</Alert>
      ) : (
        <Card padding="lg" radius="md" data-testid="payout-card">
          <Stack gap="md">
            <Group justify="space-between">
              <Text fw={700} size="lg">
                {t('payouts.payout_number', { id: p.id })}
              </Text>
              <PayoutStatusBadge statusId={p.status_id} />
            </Group>
            {p.decline_reason && (
              <Alert color="red" title={t('payouts.declined_reason')}>
                {p.decline_reason}
              </Alert>
            )}
            {p.status_id === 5 && <Alert color="red">{t('payouts.failed_note')}</Alert>}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Field label={t('payouts.coins_to_withdraw')} value={formatNumber(p.coins, lang)} />
              <Field label={t('payouts.amount')} value={formatMoney(p.amount_minor, p.currency, lang)} />
              <Field
                label={t('payouts.received')}
                value={formatMoney(majorToMinor(p.target_amount), p.target_currency, lang)}
              />
              <Field label={t('payouts.fee')} value={formatMoney(majorToMinor(p.fee), p.currency, lang)} />
              <Field label={t('payouts.rate')} value={`1 ${p.currency} = ${p.rate} ${p.target_currency}`} />
              <Field label={t('payouts.email')} value={p.email} />
            </SimpleGrid>
            <Divider />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Field label={t('payouts.requested_at')} value={formatDateTime(p.created_at, lang)} />
              <Field
                label={t('payouts.funded_at')}
                value={p.funded_at ? formatDateTime(p.funded_at, lang) : null}
              />
              <Field
                label={t('payouts.paid_at')}
                value={p.paid_at ? formatDateTime(p.paid_at, lang) : null}
              />
              <Field label={t('payouts.transfer_id')} value={p.wise_transfer_id} testId="transfer-id" />
              <Field
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
      {stats.data && <PayoutsChart days={stats.data} />}
    </Stack>
  );
}
