import {
  ConnectionsOverview,
  type FanBand,
  FanGrid,
  formatDate,
  ListScreen,
  SubscriptionCard,
  usePageTitle,
} from '@lm/ui';
import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { UserCell, UserLink } from '../../components/UserCell';
import { type AnalysedArtistRow, useAnalysedArtist, useArtistFans } from '../../hooks/use-fan-finder';

/** One of an artist's two grids, paged and filtered on its own. */
function StaffGrid({ userId, scope }: { userId: number; scope: 'own' | 'related' }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [band, setBand] = useState<FanBand | null>(null);
  const fans = useArtistFans(userId, scope, page, band);
  return (
    <FanGrid
      title={t(scope === 'own' ? 'fan_finder.dashboard.own_fans' : 'fan_finder.dashboard.related_fans')}
      page={fans.data}
      loading={fans.isLoading}
      band={band}
      onBand={(b) => {
        setBand(b);
        setPage(1);
      }}
      onPage={setPage}
      emptyHint={t('fan_finder_admin.analysis.no_fans')}
      testId={scope === 'own' ? 'staff-fans-own' : 'staff-fans-related'}
    />
  );
}

/**
 * An artist's Fan Finder analysis for staff: connected accounts, related artists and the two paged fan
 * grids. Used by /fan/finder/details/{searchArtist} and the user overview's tab.
 */
export function FanAnalysisSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const detail = useAnalysedArtist(userId);
  if (detail.isLoading)
    return (
      <Center mih={120}>
        <Loader />
      </Center>
    );
  if (!detail.data) return null;
  return (
    <Stack gap="md" data-testid="fan-analysis">
      <Title order={5}>{t('fan_finder_admin.analysis.title')}</Title>
      <ConnectionsOverview connections={detail.data.connections} />
      <StaffGrid userId={userId} scope="own" />
      <StaffGrid userId={userId} scope="related" />
    </Stack>
  );
}

/**
 * /fan/finder/search (view.main.fan.finder.tab.list): artists with Fan Finder connections,
 * searched by name, email, Spotify profile or Instagram username; a row opens the details.
 */
export function FanFinderSearchPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('fan_finder_admin.analysis.search_title');
  const navigate = useNavigate();
  return (
    <ListScreen<AnalysedArtistRow>
      title="fan_finder_admin.analysis.search_title"
      path="admin/fan-finder/artists"
      searchable
      onRowClick={(r) => navigate(`/fan/finder/details/${r.id}`)}
      columns={[
        {
          accessor: 'name',
          title: t('fan_finder_admin.analysis.artist'),
          render: (r) => <UserCell user={r} fw={600} />,
        },
        {
          accessor: 'spotify_name',
          title: t('fan_finder_admin.analysis.spotify'),
          render: (r) => r.spotify_name ?? '—',
        },
        {
          accessor: 'instagram_username',
          title: t('fan_finder_admin.analysis.instagram'),
          render: (r) => (r.instagram_username ? `@${r.instagram_username}` : '—'),
        },
        {
          accessor: 'related_artists',
          title: t('fan_finder_admin.analysis.related'),
          render: (r) => r.related_artists.join(', ') || '—',
        },
        {
          accessor: 'fans',
          title: t('fan_finder_admin.analysis.fans'),
          render: (r) => t('fan_finder_admin.analysis.fan_counts', { own: r.fans, related: r.related_fans }),
        },
        {
          accessor: 'last_sync',
          title: t('fan_finder_admin.analysis.last_sync'),
          render: (r) => (r.last_sync ? formatDate(r.last_sync, i18n.language) : '—'),
        },
      ]}
    />
  );
}

/** /fan/finder/details/{searchArtist}: one artist's subscription, connections and both fan grids. */
export function FanFinderDetailsPage() {
  const { t } = useTranslation();
  usePageTitle('fan_finder_admin.analysis.details_title');
  const userId = Number(useParams().searchArtist);
  const detail = useAnalysedArtist(userId);
  if (detail.isLoading)
    return (
      <Center mih={200}>
        <Loader />
      </Center>
    );
  if (!detail.data)
    return (
      <Text c="dimmed" data-testid="fan-details-missing">
        {t('fan_finder_admin.analysis.not_found')}
      </Text>
    );
  const d = detail.data;
  return (
    <Stack gap="lg" data-testid="fan-finder-details">
      <Stack gap={2}>
        <Title order={2}>{t('fan_finder_admin.analysis.details_title')}</Title>
        <Text size="sm">
          <UserLink user={d.user} />
        </Text>
      </Stack>
      {d.subscription ? <SubscriptionCard subscription={d.subscription} /> : null}
      <Card padding="lg" radius="md">
        <FanAnalysisSection userId={d.user.id} />
      </Card>
    </Stack>
  );
}
