import { formatNumber, useSwitchActing } from '@lm/ui';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orgImage } from '../../app/org-image';
import { useRosterDashboard } from '../../hooks/use-organisations';
import type { OrgContext } from './org-context';

/**
 * The roster dashboard (issue 35): per artist, open campaigns, this month's spend against the budget
 * as a bar, results of finished campaigns (placements, streams), and "Act for" for the artists I
 * may act for.
 */
export function DashboardSection({ ctx }: { ctx: OrgContext }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dashboard = useRosterDashboard(ctx.org.id);
  const switchTo = useSwitchActing();
  const navigate = useNavigate();
  if (dashboard.isLoading) return <Skeleton h={160} radius="md" />;
  // A failed read was said in a toast; "no artist" would be untrue.
  if (!dashboard.data) return null;
  const rows = dashboard.data;
  if (rows.length === 0)
    return (
      <Text c="dimmed" data-testid="dashboard-empty">
        {t('org.dashboard.empty')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="roster-dashboard">
      {rows.map((row) => {
        const actable = ctx.org.artists.find((a) => a.user_id === row.artist_user_id);
        const ratio =
          row.monthly_budget && row.monthly_budget > 0
            ? Math.min(100, (row.spent_this_month / row.monthly_budget) * 100)
            : 0;
        return (
          <Card
            key={row.artist_user_id}
            withBorder
            radius="md"
            data-testid={`dashboard-${row.artist_user_id}`}
          >
            <Stack gap="sm">
              <Group wrap="nowrap" justify="space-between">
                <Group wrap="nowrap" gap="sm" miw={0}>
                  <Avatar radius="xl" src={orgImage(row.avatar_url)}>
                    {row.artist_name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Stack gap={0} miw={0}>
                    <Text fw={600} truncate>
                      {row.artist_name}
                    </Text>
                    {row.managed && (
                      <Badge size="xs" variant="light">
                        {t('org.roster.managed')}
                      </Badge>
                    )}
                  </Stack>
                </Group>
                {actable && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconUserShare size={14} />}
                    data-testid={`act-for-${row.artist_user_id}`}
                    onClick={() =>
                      void switchTo({
                        organisationId: ctx.org.id,
                        organisationName: ctx.org.name,
                        organisationLogoUrl: ctx.org.logo_url,
                        artistUserId: actable.user_id,
                        artistName: actable.artist_name,
                      }).then(() => navigate('/my-campaigns'))
                    }
                  >
                    {t('org.dashboard.act_for')}
                  </Button>
                )}
              </Group>
              <Group gap="lg">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('org.dashboard.open')}
                  </Text>
                  <Text fw={600}>{formatNumber(row.open_campaigns, lang)}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('org.dashboard.finished')}
                  </Text>
                  <Text fw={600}>{formatNumber(row.finished_campaigns, lang)}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('org.dashboard.placements')}
                  </Text>
                  <Text fw={600}>{formatNumber(row.placements, lang)}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('org.dashboard.streams')}
                  </Text>
                  <Text fw={600}>{row.streams === null ? '—' : formatNumber(row.streams, lang)}</Text>
                </Stack>
              </Group>
              <Stack gap={4}>
                <Text size="sm">
                  {row.monthly_budget === null
                    ? t('org.dashboard.spent_no_budget', { coins: row.spent_this_month })
                    : t('org.dashboard.spent_of_budget', {
                        coins: row.spent_this_month,
                        budget: row.monthly_budget,
                      })}
                </Text>
                {row.monthly_budget !== null && (
                  <Progress
                    value={ratio}
                    color={ratio >= 100 ? 'red' : ratio >= 80 ? 'orange' : 'violet'}
                    aria-label={t('org.dashboard.budget_bar')}
                  />
                )}
              </Stack>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
