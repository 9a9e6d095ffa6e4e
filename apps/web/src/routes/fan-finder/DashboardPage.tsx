import { ConnectionsOverview, type FanBand, FanGrid, SubscriptionCard, usePageTitle } from '@lm/ui';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import {
  useExportFans,
  useFanConnections,
  useFanFinderSubscription,
  useFans,
  useSetAutoRenew,
} from '../../hooks/use-fan-finder';

/** One of the two grids with its own page and band. */
function Grid({ scope, title, emptyHint }: { scope: 'own' | 'related'; title: string; emptyHint: string }) {
  const [page, setPage] = useState(1);
  const [band, setBand] = useState<FanBand | null>(null);
  const fans = useFans(scope, page, band);
  const exportFans = useExportFans();
  return (
    <Card padding="lg" radius="md">
      <FanGrid
        title={title}
        page={fans.data}
        loading={fans.isLoading}
        band={band}
        onBand={(b) => {
          setBand(b);
          setPage(1);
        }}
        onPage={setPage}
        onExport={() => exportFans.mutate({ scope, band })}
        exporting={exportFans.isPending}
        emptyHint={emptyHint}
        testId={scope === 'own' ? 'fans-own' : 'fans-related'}
      />
    </Card>
  );
}

/**
 * /fan-finder/dashboard (artists): the plan card with the auto-renew switch, the connected
 * accounts and related artists (link to /fan-finder/connection), and the two paged fan grids (own fans,
 * related artists' fans: 12 a page, 4/3/2 columns) with band filter, NEW, last sync and CSV export.
 * Without a subscription the landing page is shown instead.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle('fan_finder.dashboard.title');
  const subscription = useFanFinderSubscription();
  const connections = useFanConnections();
  const setAutoRenew = useSetAutoRenew();

  if (subscription.isLoading || connections.isLoading) return <Skeleton h={320} />;
  const s = subscription.data;
  if (!s?.is_subscribed) return <Navigate to="/fan-finder/landing/page" replace />;
  const c = connections.data;

  return (
    <Stack gap="lg" data-testid="fan-finder-dashboard">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('fan_finder.dashboard.title')}</Title>
        <Button
          component={Link}
          to="/fan-finder/connection"
          variant="light"
          leftSection={<IconPlugConnected size={16} />}
          data-testid="manage-connections"
        >
          {t('fan_finder.dashboard.manage_connections')}
        </Button>
      </Group>
      <SubscriptionCard
        subscription={s}
        busy={setAutoRenew.isPending}
        onAutoRenew={(on) => setAutoRenew.mutate({ id: s.id, auto_renew: on })}
        actions={
          <Button component={Link} to="/fan-finder/subscribe" variant="subtle" size="xs" w="fit-content">
            {t('fan_finder.manage')}
          </Button>
        }
      />
      {c && !c.instagram ? (
        <Alert icon={<IconInfoCircle size={18} />} color="yellow" data-testid="connect-first">
          <Stack gap="xs">
            <Text size="sm">{t('fan_finder.dashboard.connect_first')}</Text>
            <Button component={Link} to="/fan-finder/connection" size="xs" w="fit-content">
              {t('fan_finder.connection.connect_instagram')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {c ? (
        <Card padding="lg" radius="md">
          <ConnectionsOverview connections={c} />
        </Card>
      ) : null}
      <Grid
        scope="own"
        title={t('fan_finder.dashboard.own_fans')}
        emptyHint={t('fan_finder.dashboard.own_empty')}
      />
      <Grid
        scope="related"
        title={t('fan_finder.dashboard.related_fans')}
        emptyHint={t('fan_finder.dashboard.related_empty')}
      />
    </Stack>
  );
}
