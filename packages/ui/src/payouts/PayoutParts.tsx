import { PAYOUT_STATUSES } from '@lm/contracts';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatNumber } from '../i18n/format';
import type { FilterField } from '../list/SearchFilterPanel';
import { PayoutStatusBadge } from './PayoutStatusBadge';
import { majorToMinor, type Payout } from './payout-types';

/**
 * The columns a payouts list shows on both sides (number, date, coins, amount, amount received,
 * status), keyed by what they show so that each app places them around its own columns (the
 * back-office adds the user and the bank account).
 *
 * @param lang the reader's language, for dates, numbers and money.
 */
export function payoutColumns<T extends Payout>(lang: string) {
  const number: DataTableColumn<T> = { accessor: 'id', title: 'payouts.number', render: (p) => `#${p.id}` };
  const date: DataTableColumn<T> = {
    accessor: 'created_at',
    title: 'wallet.tx.date',
    render: (p) => formatDateTime(p.created_at, lang),
  };
  const coins: DataTableColumn<T> = {
    accessor: 'coins',
    title: 'wallet.tx.coins',
    render: (p) => formatNumber(p.coins, lang),
  };
  const amount: DataTableColumn<T> = {
    accessor: 'amount',
    title: 'payouts.amount',
    render: (p) => (
      <Text size="sm" dir="ltr" span>
        {formatMoney(p.amount_minor, p.currency, lang)}
      </Text>
    ),
  };
  const received: DataTableColumn<T> = {
    accessor: 'target_amount',
    title: 'payouts.received',
    render: (p) => (
      <Text size="sm" dir="ltr" span>
        {formatMoney(majorToMinor(p.target_amount), p.target_currency, lang)}
      </Text>
    ),
  };
  const status: DataTableColumn<T> = {
    accessor: 'status_id',
    title: 'payouts.status',
    render: (p) => <PayoutStatusBadge statusId={p.status_id} />,
  };
  return { number, date, coins, amount, received, status };
}

/** The status filter of a payouts list: one option per payout status, named in the reader's language. */
export function payoutStatusFilter(t: TFunction): FilterField {
  return {
    name: 'status_id',
    label: 'payouts.status',
    type: 'select',
    options: PAYOUT_STATUSES.map((s) => ({
      value: String(s.id),
      label: t(`ui.status.${s.label.toLowerCase()}`),
    })),
  };
}

/** A labelled value on a payout or quote card; an absent or empty value shows a dash. */
export function PayoutField({
  label,
  value,
  testId,
}: {
  label: string;
  value: string | null | undefined;
  testId?: string;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} dir="auto" data-testid={testId}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/** What a payout moves: coins, amount, amount received, Wise's fee and the rate (grid cells). */
export function PayoutAmountFields({ payout: p }: { payout: Payout }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <PayoutField label={t('payouts.coins_to_withdraw')} value={formatNumber(p.coins, lang)} />
      <PayoutField label={t('payouts.amount')} value={formatMoney(p.amount_minor, p.currency, lang)} />
      <PayoutField
        label={t('payouts.received')}
        value={formatMoney(majorToMinor(p.target_amount), p.target_currency, lang)}
      />
      <PayoutField label={t('payouts.fee')} value={formatMoney(majorToMinor(p.fee), p.currency, lang)} />
      <PayoutField label={t('payouts.rate')} value={`1 ${p.currency} = ${p.rate} ${p.target_currency}`} />
    </>
  );
}

/** When a payout was requested, funded and paid (grid cells; a dash until it happens). */
export function PayoutDateFields({ payout: p }: { payout: Payout }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <PayoutField label={t('payouts.requested_at')} value={formatDateTime(p.created_at, lang)} />
      <PayoutField
        label={t('payouts.funded_at')}
        value={p.funded_at ? formatDateTime(p.funded_at, lang) : null}
      />
      <PayoutField label={t('payouts.paid_at')} value={p.paid_at ? formatDateTime(p.paid_at, lang) : null} />
    </>
  );
}

/**
 * The title row of a payouts screen: the title and a button back to the app's list.
 *
 * @param title translation key of the title.
 * @param backTo the path the back button opens; `backLabel` its translation key.
 */
export function PayoutPageHeader({
  title,
  backTo,
  backLabel,
}: {
  title: string;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Title order={2}>{t(title)}</Title>
      <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
        {t(backLabel)}
      </Button>
    </Group>
  );
}

/**
 * The top of a payout's card on both apps: "Payout #id" with its status badge (`badgeGroup` keeps
 * the two together when something, such as staff actions, stands at the far end), then the
 * decline reason in a red notice when the payout was declined.
 */
export function PayoutCardTop({
  payout: p,
  badgeGroup,
  end,
}: {
  payout: Payout;
  badgeGroup?: boolean;
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = (
    <Text fw={700} size="lg">
      {t('payouts.payout_number', { id: p.id })}
    </Text>
  );
  return (
    <>
      <Group justify="space-between">
        {badgeGroup ? (
          <Group gap="sm">
            {title}
            <PayoutStatusBadge statusId={p.status_id} />
          </Group>
        ) : (
          <>
            {title}
            <PayoutStatusBadge statusId={p.status_id} />
          </>
        )}
        {end}
      </Group>
      {p.decline_reason && (
        <Alert color="red" title={t('payouts.declined_reason')}>
          {p.decline_reason}
        </Alert>
      )}
    </>
  );
}
