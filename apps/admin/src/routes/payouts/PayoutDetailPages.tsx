import {
  formatDateTime,
  formatMoney,
  formatNumber,
  PayoutAmountFields,
  PayoutCardTop,
  PayoutDateFields,
  PayoutField,
  PayoutPageHeader,
  PayoutStatusBadge,
  QueryContent,
  type QueryContentProps,
  TRANSACTION_DESC_KEYS,
  usePageTitle,
  wiseStateLabel,
} from '@lm/ui';
import { Badge, Button, Card, Divider, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminPayout, useAdminTransfer } from '../../hooks/use-payouts';
import { PayoutActions } from './PayoutActions';
import { PayoutRiskCard } from './PayoutRisk';

/** A provider's identifier: a short label and the code in small type, for support. */
function Reference({ label, value }: { label: string; value: string }) {
  return (
    <Text size="xs" c="dimmed">
      {label}:{' '}
      <Text span size="xs" ff="monospace" dir="ltr" data-testid="quote-reference">
        {value}
      </Text>
    </Text>
  );
}

/**
 * A payout record screen (a payout, a transfer), 980 px wide under its header, which leads back to the
 * payout requests: the record of `query` once loaded (`QueryContent`). `title` (an i18n key) is also
 * the document's title.
 */
function PayoutRecordPage<T>({ title, ...content }: QueryContentProps<T> & { title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="lg" maw={980}>
      <PayoutPageHeader title={title} backTo="/requests/list" backLabel="payouts.admin.back" />
      <QueryContent {...content} />
    </Stack>
  );
}

/**
 * /payouts/{id} (INFLUENCER_VIEW_PAYOUT_PROFILE): a payout with its user, bank account, Wise
 * references, held coins and ledger movements; Approve/Decline while pending.
 */
export function PayoutDetailPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const payout = useAdminPayout(Number(useParams().id));
  return (
    <PayoutRecordPage
      title="payouts.detail_title"
      query={payout}
      skeletonHeight={300}
      notFound="payouts.not_found"
    >
      {(p) => (
        <>
          <PayoutRiskCard payout={p} />
          <Card padding="lg" radius="md" data-testid="admin-payout">
            <Stack gap="md">
              <PayoutCardTop payout={p} badgeGroup end={p.status_id === 1 && <PayoutActions id={p.id} />} />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <PayoutField label={t('payouts.admin.user')} value={`${p.user.name} <${p.user.email}>`} />
                <PayoutField label={t('payouts.bank_account')} value={p.recipient.label} />
                <PayoutField label={t('payouts.email')} value={p.email} />
                <PayoutAmountFields payout={p} />
                <PayoutField
                  label={t('payouts.admin.hold')}
                  value={
                    p.hold
                      ? `${formatNumber(p.hold.amount, lang)} · ${t(`payouts.admin.hold_status.${p.hold.status}`)}`
                      : null
                  }
                  testId="hold-status"
                />
              </SimpleGrid>
              <Divider />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <PayoutField label={t('payouts.transfer_id')} value={p.wise_transfer_id} />
                <PayoutField
                  label={t('payouts.wise_status')}
                  value={wiseStateLabel(p.wise_status, t)}
                  testId="wise-status"
                />
                <PayoutField label={t('payouts.admin.account_id')} value={p.wise_account_id} />
                <PayoutDateFields payout={p} />
              </SimpleGrid>
              <Group>
                <Button
                  component={Link}
                  to={`/transfers/${encodeURIComponent(p.wise_quote_id)}`}
                  variant="light"
                  leftSection={<IconExternalLink size={16} />}
                >
                  {t('payouts.admin.view_transfer')}
                </Button>
                {p.attachment_link && (
                  <Button component="a" href={p.attachment_link} target="_blank" variant="default">
                    {t('payouts.receipt')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
          <Card padding="lg" radius="md">
            <Text fw={600} mb="sm">
              {t('payouts.admin.movements')}
            </Text>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('wallet.tx.number')}</Table.Th>
                  <Table.Th>{t('wallet.tx.description')}</Table.Th>
                  <Table.Th>{t('wallet.tx.coins')}</Table.Th>
                  <Table.Th>{t('wallet.tx.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.movements.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td dir="ltr">{m.number}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">
                        {t(TRANSACTION_DESC_KEYS[m.desc_id] ?? 'wallet.desc.other')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatNumber(m.coins, lang)}</Table.Td>
                    <Table.Td>{formatDateTime(m.created_at, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </>
      )}
    </PayoutRecordPage>
  );
}

/** /transfers/{quote} (transfers.show): the quote, its payout and the transfer's live state at Wise. */
export function TransferPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const transfer = useAdminTransfer(useParams().quote ?? '');
  return (
    <PayoutRecordPage
      title="payouts.admin.transfer_title"
      query={transfer}
      skeletonHeight={260}
      notFound="payouts.quote_not_found"
    >
      {(d) => (
        <Card padding="lg" radius="md" data-testid="transfer-card">
          <Stack gap="md">
            <Reference label={t('payouts.quote_id')} value={d.quote.id} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <PayoutField label={t('payouts.admin.user')} value={`${d.user.name} <${d.user.email}>`} />
              <PayoutField label={t('payouts.bank_account')} value={d.recipient.label} />
              <PayoutField label={t('payouts.coins_to_withdraw')} value={formatNumber(d.quote.coins, lang)} />
              <PayoutField
                label={t('payouts.amount')}
                value={formatMoney(d.quote.source_minor, d.quote.source_currency, lang)}
              />
              <PayoutField
                label={t('payouts.fee')}
                value={formatMoney(d.quote.fee_minor, d.quote.source_currency, lang)}
              />
              <PayoutField
                label={t('payouts.rate')}
                value={`1 ${d.quote.source_currency} = ${d.quote.rate} ${d.quote.target_currency}`}
              />
              <PayoutField
                label={t('payouts.received')}
                value={formatMoney(d.quote.target_minor, d.quote.target_currency, lang)}
              />
              <PayoutField
                label={t('payouts.admin.expires_at')}
                value={formatDateTime(d.quote.expires_at, lang)}
              />
            </SimpleGrid>
            <Divider />
            {d.payout ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {t('payouts.status')}
                  </Text>
                  <Group>
                    <PayoutStatusBadge statusId={d.payout.status_id} />
                  </Group>
                </Stack>
                <PayoutField label={t('payouts.transfer_id')} value={d.wise?.transfer_id} />
                <PayoutField
                  label={t('payouts.admin.live_status')}
                  value={wiseStateLabel(d.wise?.status, t)}
                  testId="live-status"
                />
                <Group>
                  <Button component={Link} to={`/payouts/${d.payout.id}`} variant="light">
                    {t('payouts.payout_number', { id: d.payout.id })}
                  </Button>
                </Group>
              </SimpleGrid>
            ) : (
              <Text size="sm" c="dimmed">
                {t('payouts.admin.no_payout')}
              </Text>
            )}
          </Stack>
        </Card>
      )}
    </PayoutRecordPage>
  );
}
