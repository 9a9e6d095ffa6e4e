import { FAN_FINDER_SUBSCRIPTION_STATUSES } from '@lm/contracts';
import {
  type FanFinderSubscription,
  formatDate,
  formatDateTime,
  ListScreen,
  ListTable,
  StatusBadge,
  SubscriptionCard,
  statusLabelKey,
  usePageTitle,
} from '@lm/ui';
import { Center, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFilter } from '../../components/select-filter';
import { UserCell, UserLink } from '../../components/UserCell';
import {
  type AdminFanFinderSubscription,
  useAdminPlans,
  useAdminSubscription,
  useStaffAutoRenew,
  useUserSubscriptions,
} from '../../hooks/use-fan-finder';
import { FanAnalysisSection } from './FanFinderAnalysisPages';

/** The status a reader should see: an active subscription past its end awaits the renewal run. */
const shownStatus = (s: FanFinderSubscription) => (s.is_subscribed ? s.status : 'expired');

/** A subscription's card with the staff auto-renew switch, its subscriber and its charges. */
function SubscriptionDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const detail = useAdminSubscription(id);
  const autoRenew = useStaffAutoRenew();
  if (!detail.data)
    return (
      <Center mih={160}>
        <Loader />
      </Center>
    );
  const s = detail.data;
  return (
    <Stack gap="md">
      <Text size="sm">
        <UserLink user={s.user} />
      </Text>
      <SubscriptionCard
        subscription={s}
        busy={autoRenew.isPending}
        onAutoRenew={(on) => autoRenew.mutate({ id: s.id, auto_renew: on })}
      />
      <Title order={5}>{t('fan_finder_admin.charges')}</Title>
      <ListTable<NonNullable<AdminFanFinderSubscription['charges']>[number]>
        records={s.charges ?? []}
        noRecordsText={t('ui.list.empty')}
        minHeight={s.charges?.length ? undefined : 120}
        columns={[
          { accessor: 'number', title: t('fan_finder_admin.transaction') },
          {
            accessor: 'coins',
            title: t('fan_finder_admin.price'),
            render: (c) => t('common.coins', { count: c.coins }),
          },
          {
            accessor: 'created_at',
            title: t('fan_finder_admin.date'),
            render: (c) => formatDateTime(c.created_at, i18n.language),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * /fan/finder/subscriptions (view.main.fan.finder.tab.list): every subscription, newest
 * first, filtered by status, plan and auto-renew or searched by subscriber or plan; a row opens its
 * detail (dates, auto-renew switch, charges).
 */
export function FanFinderSubscriptionsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('fan_finder_admin.subscriptions_title');
  const plans = useAdminPlans();
  const [open, setOpen] = useState<number | null>(null);
  const lang = i18n.language;
  return (
    <>
      <ListScreen<AdminFanFinderSubscription>
        title="fan_finder_admin.subscriptions_title"
        path="admin/fan-finder/subscriptions"
        searchable
        onRowClick={(s) => setOpen(s.id)}
        filters={[
          {
            type: 'select',
            name: 'status',
            label: 'fan_finder_admin.status',
            options: FAN_FINDER_SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(statusLabelKey(s)) })),
          },
          {
            type: 'select',
            name: 'plan_id',
            label: 'fan_finder_admin.plan',
            options: (plans.data ?? []).map((p) => ({ value: String(p.id), label: p.plan_name })),
          },
          selectFilter(t, 'auto_renew', 'fan_finder_admin.auto_renew', [
            ['1', 'fan_finder_admin.yes'],
            ['0', 'fan_finder_admin.no'],
          ]),
        ]}
        columns={[
          {
            accessor: 'user',
            title: 'fan_finder_admin.subscriber',
            render: (s) => <UserCell user={s.user} />,
          },
          { accessor: 'plan', title: 'fan_finder_admin.plan', render: (s) => s.plan.plan_name },
          {
            accessor: 'start_data',
            title: 'fan_finder_admin.start',
            render: (s) => formatDate(s.start_data, lang),
          },
          {
            accessor: 'end_data',
            title: 'fan_finder_admin.end',
            render: (s) => formatDate(s.end_data, lang),
          },
          {
            accessor: 'auto_renew',
            title: 'fan_finder_admin.auto_renew',
            render: (s) => t(s.auto_renew ? 'fan_finder_admin.yes' : 'fan_finder_admin.no'),
          },
          {
            accessor: 'status',
            title: 'fan_finder_admin.status',
            render: (s) => <StatusBadge label={shownStatus(s)} />,
          },
        ]}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={t('fan_finder_admin.detail_title')}
        size="lg"
        centered
      >
        {open !== null && <SubscriptionDetail id={open} />}
      </Modal>
    </>
  );
}

/**
 * The user overview's Fan Finder Subscription tab (artists, spec section 2): the current subscription
 * with the staff auto-renew switch, then earlier ones, then the fan analysis ({@link FanAnalysisSection}:
 * connected accounts, the artist's own fan grid and the related artists' one).
 */
export function FanFinderUserTab({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const subs = useUserSubscriptions(userId);
  const autoRenew = useStaffAutoRenew();
  if (subs.isLoading)
    return (
      <Center mih={160}>
        <Loader />
      </Center>
    );
  const [current, ...older] = subs.data ?? [];
  if (!current)
    return (
      <Text c="dimmed" size="sm" data-testid="fan-finder-tab-empty">
        {t('fan_finder_admin.none')}
      </Text>
    );
  return (
    <Stack gap="md" data-testid="fan-finder-tab">
      <SubscriptionCard
        subscription={current}
        busy={autoRenew.isPending}
        onAutoRenew={(on) => autoRenew.mutate({ id: current.id, auto_renew: on })}
      />
      {older.length > 0 ? (
        <>
          <Title order={5}>{t('fan_finder_admin.history')}</Title>
          <ListTable<FanFinderSubscription>
            records={older}
            columns={[
              { accessor: 'plan', title: t('fan_finder_admin.plan'), render: (s) => s.plan.plan_name },
              {
                accessor: 'start_data',
                title: t('fan_finder_admin.start'),
                render: (s) => formatDate(s.start_data, i18n.language),
              },
              {
                accessor: 'end_data',
                title: t('fan_finder_admin.end'),
                render: (s) => formatDate(s.end_data, i18n.language),
              },
              {
                accessor: 'status',
                title: t('fan_finder_admin.status'),
                render: (s) => <StatusBadge label={shownStatus(s)} />,
              },
            ]}
          />
        </>
      ) : null}
      <FanAnalysisSection userId={userId} />
    </Stack>
  );
}
