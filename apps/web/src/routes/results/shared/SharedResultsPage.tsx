import { formatDate, PublicPage, usePageTitle } from '@lm/ui';
import { Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSharedResults } from '../../../hooks/use-results-share';
import { SharedReportCard } from './SharedReportCard';

/**
 * `/shared/results/{token}` (public, no sign-in): what an artist's share link shows, read-only: one
 * campaign's report or all their campaigns' reports, with who shared it and until when. A link that no
 * longer works (revoked, expired, forged) shows one page that does not say why.
 */
export function SharedResultsPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const query = useSharedResults(token);
  const data = query.data;
  usePageTitle('resultsShare.shared_title');
  return (
    <PublicPage>
      <Container size="md" pb="xl">
        {query.isLoading ? (
          <Skeleton h={320} radius="lg" />
        ) : !data ? (
          <Paper p="xl" radius="lg" data-testid="shared-results-gone">
            <Stack align="center" gap="sm" ta="center">
              <IconLinkOff size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
              <Title order={2}>{t('resultsShare.gone_title')}</Title>
              <Text c="dimmed">{t('resultsShare.gone_text')}</Text>
            </Stack>
          </Paper>
        ) : (
          <Paper p={{ base: 'md', sm: 'xl' }} radius="lg" data-testid="shared-results">
            <Stack gap="lg">
              <div>
                <Title order={1} fz={{ base: 24, sm: 30 }}>
                  {t(
                    data.kind === 'campaign' ? 'resultsShare.campaign_title' : 'resultsShare.summary_title',
                    {
                      name: data.artist_name,
                    },
                  )}
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  {t('resultsShare.shared_by', {
                    name: data.artist_name,
                    date: formatDate(data.expires_at, i18n.language),
                  })}
                </Text>
              </div>
              <Text size="sm">{t('resultsShare.read_only')}</Text>
              {data.kind === 'campaign' ? (
                <SharedReportCard report={data.report} />
              ) : data.reports.length === 0 ? (
                <Text c="dimmed">{t('resultsShare.no_reports')}</Text>
              ) : (
                data.reports.map((r) => <SharedReportCard key={r.campaign_id} report={r} />)
              )}
              <Text c="dimmed" size="xs">
                {t('resultsShare.method')}
              </Text>
            </Stack>
          </Paper>
        )}
      </Container>
    </PublicPage>
  );
}
