import '@mantine/charts/styles.layer.css';
import { formatDate, formatNumber, usePageTitle } from '@lm/ui';
import { BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHourglass, IconLoader, IconMicrophone2, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '../../components/FigureCard';
import { useScrapingDashboard } from '../../hooks/use-scraping';
import { ScrapingNav } from './ScrapingBits';

/** The four counts above the charts: what is running and queued, and the leads found in all. */
const FIGURES = [
  { key: 'running', label: 'scraping.dashboard.running', icon: IconLoader, color: 'cyan' },
  { key: 'queued', label: 'scraping.dashboard.queued', icon: IconHourglass, color: 'gray' },
  { key: 'artists', label: 'scraping.dashboard.artists', icon: IconMicrophone2, color: 'grape' },
  { key: 'curators', label: 'scraping.dashboard.curators', icon: IconUsersGroup, color: 'teal' },
] as const;

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
            {FIGURES.map(({ key, label, icon: Icon, color }) => (
              <FigureCard
                key={key}
                label={t(label)}
                value={formatNumber(data[key], lang)}
                icon={<Icon size={22} />}
                color={color}
                valueTestId={`dash-${key}`}
              />
            ))}
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
