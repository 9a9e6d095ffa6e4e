import { FAN_FINDER_FEATURE_COUNTS, type FanFinderFeature } from '@lm/contracts';
import { Card, Group, List, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../components/StatusBadge';
import { formatDate } from '../i18n/format';
import type { FanFinderSubscription } from './fan-finder-types';

/** Catalog key of a plan feature (`fan_finder.feature_*` of the shared catalog). */
const FEATURE_KEYS: Readonly<Record<FanFinderFeature, string>> = {
  weekly_updates: 'fan_finder.feature_weekly',
  latest_posts: 'fan_finder.feature_posts',
  comments_per_post: 'fan_finder.feature_comments',
  related_artists: 'fan_finder.feature_related',
  csv_export: 'fan_finder.feature_csv',
};

/** The text of a plan feature in the reader's language, with its count where it has one. */
export function useFeatureLabel(): (feature: FanFinderFeature) => string {
  const { t } = useTranslation();
  return (feature) => {
    const count = FAN_FINDER_FEATURE_COUNTS[feature];
    return count === null ? t(FEATURE_KEYS[feature]) : t(FEATURE_KEYS[feature], { count });
  };
}

/** A plan's features as a checked list. */
export function PlanFeatures({ features }: { features: readonly FanFinderFeature[] }) {
  const label = useFeatureLabel();
  if (features.length === 0) return null;
  return (
    <List
      spacing={6}
      size="sm"
      icon={
        <ThemeIcon size={20} radius="xl" color="green" variant="light">
          <IconCheck size={12} />
        </ThemeIcon>
      }
    >
      {features.map((f) => (
        <List.Item key={f}>{label(f)}</List.Item>
      ))}
    </List>
  );
}

/**
 * A subscription's card (artist's subscribe page, staff screens): plan, status, dates, days left and the
 * auto-renew switch (shown when `onAutoRenew` is given; disabled once the subscription has ended).
 */
export function SubscriptionCard({
  subscription: s,
  onAutoRenew,
  busy,
  actions,
}: {
  subscription: FanFinderSubscription;
  onAutoRenew?: (on: boolean) => void;
  busy?: boolean;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card padding="lg" radius="md" data-testid="fan-finder-subscription">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>{s.plan.plan_name}</Title>
          <StatusBadge label={s.status === 'active' && !s.is_subscribed ? 'expired' : s.status} />
        </Group>
        <Group gap="xl" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('fan_finder.sub.start')}
            </Text>
            <Text size="sm">{formatDate(s.start_data, lang)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('fan_finder.sub.end')}
            </Text>
            <Text size="sm">{formatDate(s.end_data, lang)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('fan_finder.sub.remaining')}
            </Text>
            <Text size="sm" data-testid="fan-finder-remaining">
              {t('fan_finder.sub.days', { count: s.remaining_days })}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('fan_finder.sub.price')}
            </Text>
            <Text size="sm">{t('fan_finder.sub.coins', { value: s.price })}</Text>
          </Stack>
        </Group>
        {onAutoRenew ? (
          <Switch
            checked={s.auto_renew}
            disabled={!s.is_subscribed || busy}
            onChange={(e) => onAutoRenew(e.currentTarget.checked)}
            label={t('fan_finder.sub.auto_renew')}
            description={t(
              s.auto_renew ? 'fan_finder.sub.auto_renew_on_hint' : 'fan_finder.sub.auto_renew_off_hint',
              {
                date: formatDate(s.end_data, lang),
              },
            )}
            data-testid="fan-finder-auto-renew"
          />
        ) : null}
        {actions}
      </Stack>
    </Card>
  );
}
