import { TRUST_FLAG_NOTE_MAX, type TrustFlag, type TrustFlagDetail } from '@lm/contracts/trust-flags';
import {
  formatDate,
  formatNumber,
  ListScreen,
  ListTable,
  LoadingOrNotFound,
  StatusBadge,
  usePageTitle,
} from '@lm/ui';
import { LineChart } from '@mantine/charts';
import { Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { NoteConfirmModal } from '../../components/NoteConfirmModal';
import { useReviewTrustFlag, useTrustFlag } from '../../hooks/use-trust-flags';

const STATUS_LABEL = { pending: 'Pending', confirmed: 'Confirmed', dismissed: 'Dismissed' } as const;

function FlagStatusBadge({ status }: { status: TrustFlag['status'] }) {
  const { t } = useTranslation();
  return <StatusBadge label={STATUS_LABEL[status]} text={t(`trust_flags.status_${status}`)} />;
}

/** The sentence that explains a flag: which signal, when, and the numbers. */
export function FlagExplanation({ flag }: { flag: TrustFlag }) {
  const { t, i18n } = useTranslation();
  const e = flag.evidence as Record<string, number | string | number[]>;
  const n = (k: string) => (typeof e[k] === 'number' ? (e[k] as number) : 0);
  const day = (k: string) => (typeof e[k] === 'string' ? formatDate(e[k] as string, i18n.language) : '');
  const params: Record<string, unknown> = {
    follower_jump: {
      day: formatDate(flag.detected_on, i18n.language),
      before: n('followersBefore'),
      after: n('followersAfter'),
      growth: n('growth'),
      days: n('baselineDays'),
      median: n('medianDailyGrowth'),
      mad: n('madDailyGrowth'),
      z: n('robustZ'),
    },
    growth_without_effect: {
      percent: n('growthPercent'),
      from: n('followersFrom'),
      fromDay: day('fromDay'),
      to: n('followersTo'),
      day: formatDate(flag.detected_on, i18n.language),
      reviews: n('reviews'),
      rating: n('averageRating'),
    },
    lockstep_growth: {
      partners: Array.isArray(e.partnerIds) ? e.partnerIds.map((id) => `#${id}`).join(', ') : '',
      days: n('days'),
      correlation: n('correlation'),
    },
    bought_views: {
      views: n('medianViews'),
      followers: n('followers'),
      ratio: n('viewsPerFollower'),
      tierRatio: n('tierViewsPerFollower'),
      engagement: n('engagement'),
    },
    bought_followers: {
      views: n('medianViews'),
      followers: n('followers'),
      ratio: n('viewsPerFollower'),
      tierRatio: n('tierViewsPerFollower'),
    },
  }[flag.signal] as Record<string, unknown>;
  return (
    <Text size="sm" data-testid="flag-explanation">
      {t(`trust_flags.explain.${flag.signal}`, params)}
    </Text>
  );
}

/** /trust/flags (trust.flags.show): the fake-audience review queue, pending flags first. */
export function FlagsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('trust_flags.title');
  const navigate = useNavigate();
  return (
    <ListScreen<TrustFlag>
      title="trust_flags.title"
      path="admin/trust/flags"
      header={
        <Text size="sm" c="dimmed">
          {t('trust_flags.subtitle')}
        </Text>
      }
      filters={[
        {
          type: 'select',
          name: 'status',
          label: 'trust_flags.status',
          options: (['pending', 'confirmed', 'dismissed'] as const).map((s) => ({
            value: s,
            label: t(`trust_flags.status_${s}`),
          })),
        },
      ]}
      empty={{ title: 'trust_flags.empty_title', hint: 'trust_flags.empty_hint' }}
      onRowClick={(f) => navigate(`/trust/flags/${f.id}`)}
      columns={[
        {
          accessor: 'subject',
          title: 'trust_flags.subject',
          render: (f) => (
            <Text size="sm" fw={600}>
              {f.subject.name}
            </Text>
          ),
        },
        { accessor: 'owner', title: 'trust_flags.owner', render: (f) => f.owner.name },
        {
          accessor: 'signal',
          title: 'trust_flags.signal',
          render: (f) => t(`trust_flags.signals.${f.signal}`),
        },
        {
          accessor: 'detected_on',
          title: 'trust_flags.detected_on',
          render: (f) => formatDate(f.detected_on, i18n.language),
        },
        {
          accessor: 'open_campaigns',
          title: 'trust_flags.open_campaigns',
          render: (f) => formatNumber(f.open_campaigns, i18n.language),
        },
        {
          accessor: 'status',
          title: 'trust_flags.status',
          render: (f) => <FlagStatusBadge status={f.status} />,
        },
      ]}
    />
  );
}

/** Confirm (hide and refund) or dismiss (note required) a pending flag. */
function ReviewActions({ flag }: { flag: TrustFlagDetail }) {
  const { t } = useTranslation();
  const review = useReviewTrustFlag();
  const [asking, setAsking] = useState<'confirm' | 'dismiss' | null>(null);
  const [note, setNote] = useState('');
  const [refunded, setRefunded] = useState<number | null>(null);
  const [alsoConfirmed, setAlsoConfirmed] = useState(0);
  const run = async () => {
    if (!asking) return;
    await review
      .mutateAsync({ id: flag.id, decision: asking, note })
      .then((r) => {
        if (asking === 'confirm') {
          setRefunded(r.refunded ?? 0);
          setAlsoConfirmed(r.also_confirmed?.length ?? 0);
        }
        setAsking(null);
      })
      .catch(() => undefined);
  };
  if (flag.status !== 'pending')
    return refunded !== null ? (
      <Stack gap={4}>
        <Text size="sm" data-testid="flag-refunded">
          {t('trust_flags.refunded', { count: refunded })}
        </Text>
        {alsoConfirmed > 0 && (
          <Text size="sm" data-testid="flag-also-confirmed">
            {t('trust_flags.also_confirmed', { count: alsoConfirmed })}
          </Text>
        )}
      </Stack>
    ) : null;
  const open = (a: 'confirm' | 'dismiss') => {
    setNote('');
    setAsking(a);
  };
  return (
    <Group gap="xs">
      <Button color="red" leftSection={<IconEyeOff size={16} />} onClick={() => open('confirm')}>
        {t('trust_flags.confirm')}
      </Button>
      <Button variant="default" leftSection={<IconCheck size={16} />} onClick={() => open('dismiss')}>
        {t('trust_flags.dismiss')}
      </Button>
      <NoteConfirmModal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`trust_flags.${asking}`) : ''}
        text={t(asking === 'confirm' ? 'trust_flags.confirm_text' : 'trust_flags.dismiss_text')}
        note={{
          label: t('trust_flags.note'),
          placeholder: t('trust_flags.note_placeholder'),
          value: note,
          onChange: setNote,
          max: TRUST_FLAG_NOTE_MAX,
          required: asking === 'dismiss',
        }}
        color={asking === 'confirm' ? 'red' : undefined}
        loading={review.isPending}
        onConfirm={run}
      />
    </Group>
  );
}

/** /trust/flags/:id (trust.flags.show): a flag's explanation, the subject's history, the decision. */
export function FlagDetailPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('trust_flags.title');
  const lang = i18n.language;
  const id = Number(useParams().id);
  const flag = useTrustFlag(id);
  if (!flag.data) return <LoadingOrNotFound loading={flag.isLoading} h={240} homePath="/dashboard" />;
  const f = flag.data;
  return (
    <Stack gap="lg">
      <BackLink to="/trust/flags">{t('trust_flags.title')}</BackLink>
      <Card padding="lg" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={3}>{f.subject.name}</Title>
              <Text size="sm" c="dimmed">
                {t('trust_flags.owner')}: {f.owner.name} · {t('trust_flags.open_campaigns')}:{' '}
                {formatNumber(f.open_campaigns, lang)}
              </Text>
            </Stack>
            <FlagStatusBadge status={f.status} />
          </Group>
          <Text fw={600}>{t(`trust_flags.signals.${f.signal}`)}</Text>
          <FlagExplanation flag={f} />
          {f.staff_note && (
            <Text size="sm" c="dimmed">
              {t('trust_flags.note')}: {f.staff_note}
            </Text>
          )}
          {f.reviewed_at && (
            <Text size="sm" c="dimmed">
              {t('trust_flags.reviewed', { date: formatDate(f.reviewed_at, lang) })}
            </Text>
          )}
          <ReviewActions flag={f} />
        </Stack>
      </Card>
      {f.history.length > 1 && (
        <Paper p="md">
          <Title order={4} mb="sm">
            {t('trust_flags.history')}
          </Title>
          <LineChart
            h={240}
            data={f.history.map((p) => ({ day: formatDate(p.day, lang), followers: p.followers }))}
            dataKey="day"
            series={[{ name: 'followers', label: t('trust_flags.followers'), color: 'blue.6' }]}
            curveType="linear"
            withDots={false}
            yAxisProps={{ width: 90, domain: ['auto', 'auto'] }}
            valueFormatter={(v) => formatNumber(v, lang)}
          />
          <ListTable<TrustFlagDetail['history'][number]>
            mt="md"
            records={f.history.slice(-14).reverse()}
            idAccessor="day"
            columns={[
              { accessor: 'day', title: t('trust_flags.day'), render: (p) => formatDate(p.day, lang) },
              {
                accessor: 'followers',
                title: t('trust_flags.followers'),
                render: (p) => formatNumber(p.followers, lang),
              },
            ]}
          />
        </Paper>
      )}
    </Stack>
  );
}
