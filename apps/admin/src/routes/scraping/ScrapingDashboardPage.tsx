import '@mantine/charts/styles.layer.css';
import { formatDate, formatNumber, usePageTitle } from '@lm/ui';
import { BarChart } from '@mantine/charts';
import {
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconHourglass, IconLoader, IconMicrophone2, IconUsersGroup } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrapingDashboard } from '../../hooks/use-scraping';
import { ScrapingNav } from './ScrapingBits';

function Stat({
  label,
  value,
  icon,
  color,
  testId,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
  testId: string;
}) {
  return (
    <Card padding="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={24} fw={700} lh={1} data-testid={testId}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon size={40} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/**
 * /scraping_dashboard (view.main.genres.tab.list, spec section 2): jobs running and queued, leads in
 * all, artists and curators found per day (chart, UTC days) and the top genres of the artists found.
 */
export function ScrapingDashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('scraping.dashboard.title');
  const lang = i18n.language;
  const [days, setDays] = useState('30');
  const dashboard = useScrapingDashboard(Number(days));
  const data = dashboard.data;
  return (
    <Stack gap="md">
      <ScrapingNav />
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('scraping.dashboard.title')}</Title>
        <SegmentedControl
          value={days}
          onChange={setDays}
          data={['7', '30', '90'].map((d) => ({
            value: d,
            label: t('scraping.dashboard.days', { count: Number(d) }),
          }))}
        />
      </Group>
      {!data ? (
        <Skeleton h={360} />
      ) : (
        <Stack gap="lg" data-testid="scraping-dashboard">
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
            <Stat
              label={t('scraping.dashboard.running')}
              value={formatNumber(data.running, lang)}
              icon={<IconLoader size={22} />}
              color="cyan"
              testId="dash-running"
            />
            <Stat
              label={t('scraping.dashboard.queued')}
              value={formatNumber(data.queued, lang)}
              icon={<IconHourglass size={22} />}
              color="gray"
              testId="dash-queued"
            />
            <Stat
              label={t('scraping.dashboard.artists')}
              value={formatNumber(data.artists, lang)}
              icon={<IconMicrophone2 size={22} />}
              color="grape"
              testId="dash-artists"
            />
            <Stat
              label={t('scraping.dashboard.curators')}
              value={formatNumber(data.curators, lang)}
              icon={<IconUsersGroup size={22} />}
              color="teal"
              testId="dash-curators"
            />
          </SimpleGrid>
          <Card padding="lg" data-testid="dash-per-day">
            <Title order={5} mb="md">
              {t('scraping.dashboard.per_day')}
            </Title>
            <BarChart
              h={260}
              dir="ltr"
              data={data.per_day.map((d) => ({ ...d, label: formatDate(d.day, lang, 'D MMM') }))}
              dataKey="label"
              type="stacked"
              valueFormatter={(v) => formatNumber(v, lang)}
              series={[
                { name: 'artists', label: t('scraping.dashboard.artists'), color: 'grape.6' },
                { name: 'curators', label: t('scraping.dashboard.curators'), color: 'teal.6' },
              ]}
              withLegend
            />
          </Card>
          <Card padding="lg" data-testid="dash-genres">
            <Title order={5} mb="md">
              {t('scraping.dashboard.top_genres')}
            </Title>
            {data.top_genres.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('scraping.dashboard.no_genres')}
              </Text>
            ) : (
              <BarChart
                h={Math.max(160, data.top_genres.length * 32)}
                dir="ltr"
                data={data.top_genres}
                dataKey="genre"
                orientation="vertical"
                yAxisProps={{ width: 110 }}
                valueFormatter={(v) => formatNumber(v, lang)}
                series={[{ name: 'count', label: t('scraping.dashboard.artists'), color: 'grape.6' }]}
              />
            )}
          </Card>
        </Stack>
      )}
    </Stack>
  );
}
