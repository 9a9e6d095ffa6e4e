import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Group,
  Image,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBrandInstagram, IconBrandSpotify, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../components/StatusBadge';
import { formatDate } from '../i18n/format';
import { EmptyState } from '../list/EmptyState';
import {
  FAN_BAND_LIST,
  type Fan,
  type FanBand,
  type FanFinderConnection,
  type FanFinderConnections,
  type FanPage,
} from './fan-finder-types';

/**
 * Columns of a fan grid (spec section 9): 4 wide, 3 below 1200 px, 2 below 768 px (Mantine's `lg` and
 * `sm` breakpoints are 75em and 48em).
 */
export const FAN_GRID_COLS = { base: 2, sm: 3, lg: 4 } as const;

/** One fan: avatar, username, rating badge (the one status palette), NEW, components. */
function FanCard({ fan }: { fan: Fan }) {
  const { t } = useTranslation();
  const c = fan.components;
  return (
    <Card padding="sm" radius="md" withBorder data-testid="fan-card">
      <Stack gap={6} align="center">
        <Avatar
          src={fan.instagram_profile_s3_url}
          alt=""
          radius="xl"
          size="lg"
          color="initials"
          name={fan.instagram_username}
        />
        <Anchor
          href={`https://www.instagram.com/${encodeURIComponent(fan.instagram_username)}/`}
          target="_blank"
          rel="noreferrer noopener"
          size="sm"
          fw={600}
          maw="100%"
          truncate="end"
          dir="ltr"
        >
          @{fan.instagram_username}
        </Anchor>
        <Group gap={4} justify="center">
          <Tooltip
            multiline
            w={220}
            label={t('fan_finder.grid.components', {
              posts: c.posts,
              artists: c.artists,
              quality: c.quality,
              recency: c.recency,
            })}
          >
            <StatusBadge
              label={fan.rating}
              text={t('fan_finder.grid.rating', {
                band: t(`fan_finder.rating_${fan.rating.toLowerCase()}`),
                value: fan.rating_percentage,
              })}
              data-testid="fan-rating"
            />
          </Tooltip>
          {fan.is_new ? (
            <StatusBadge label="new" text={t('fan_finder.grid.new')} data-testid="fan-new" />
          ) : null}
          {fan.status === 'pending' ? <StatusBadge label="pending" /> : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('fan_finder.grid.comments', { count: fan.comments_count })}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * A paged fan grid (own fans or related fans, 12 a page, 4/3/2 columns) with the band filter,
 * the last sync, the pending or unavailable state and an optional CSV export.
 */
export function FanGrid({
  title,
  page,
  loading,
  band,
  onBand,
  onPage,
  onExport,
  exporting,
  emptyHint,
  testId,
}: {
  title: string;
  page: FanPage | undefined;
  loading: boolean;
  band: FanBand | null;
  onBand: (band: FanBand | null) => void;
  onPage: (page: number) => void;
  onExport?: () => void;
  exporting?: boolean;
  emptyHint: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm" data-testid={testId}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Title order={3}>{title}</Title>
          <Text size="xs" c="dimmed" data-testid={`${testId}-sync`}>
            {page?.last_sync
              ? t('fan_finder.grid.last_sync', { date: formatDate(page.last_sync, i18n.language) })
              : t('fan_finder.grid.never_synced')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {page?.pending ? <StatusBadge label="pending" text={t('fan_finder.grid.analysing')} /> : null}
          {onExport ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={onExport}
              loading={exporting}
              disabled={!page || page.pagination.total === 0}
              data-testid={`${testId}-export`}
            >
              {t('fan_finder.grid.export')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <SegmentedControl
        size="xs"
        w="fit-content"
        maw="100%"
        value={band ?? 'all'}
        onChange={(v) => onBand(v === 'all' ? null : (v as FanBand))}
        data={[
          { value: 'all', label: t('fan_finder.grid.all') },
          ...FAN_BAND_LIST.map((b) => ({ value: b, label: t(`fan_finder.rating_${b.toLowerCase()}`) })),
        ]}
        aria-label={t('fan_finder.grid.filter')}
        data-testid={`${testId}-band`}
      />
      {loading && !page ? (
        <SimpleGrid cols={FAN_GRID_COLS}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={150} />
          ))}
        </SimpleGrid>
      ) : page?.unavailable ? (
        <Alert icon={<IconInfoCircle size={18} />} color="gray" data-testid={`${testId}-unavailable`}>
          {t('fan_finder.grid.unavailable')}
        </Alert>
      ) : !page || page.data.length === 0 ? (
        <EmptyState
          title={page?.pending ? t('fan_finder.grid.analysing') : t('fan_finder.grid.empty')}
          hint={emptyHint}
        />
      ) : (
        <>
          <SimpleGrid cols={FAN_GRID_COLS} spacing="sm" data-testid={`${testId}-cards`}>
            {page.data.map((f) => (
              <FanCard key={f.id} fan={f} />
            ))}
          </SimpleGrid>
          {page.pagination.total_pages > 1 ? (
            <Pagination
              total={page.pagination.total_pages}
              value={page.pagination.current_page}
              onChange={onPage}
              getControlProps={(control) =>
                control === 'previous' || control === 'next'
                  ? { 'aria-label': t(`fan_finder.grid.${control}`) }
                  : {}
              }
              size="sm"
              data-testid={`${testId}-pages`}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** One connected account or related artist, with its analysis state. */
export function ConnectionCard({
  connection: c,
  actions,
}: {
  connection: FanFinderConnection;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const status = c.kind === 'spotify' ? null : c.sync_status === 'done' ? 'analysed' : c.sync_status;
  return (
    <Card padding="sm" radius="md" withBorder data-testid={`connection-${c.kind}`}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        {c.spotify_image ? (
          <Image src={c.spotify_image} alt="" w={48} h={48} radius="sm" />
        ) : (
          <Avatar
            radius="sm"
            size={48}
            color="initials"
            name={c.spotify_name ?? c.instagram_username ?? ''}
          />
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          {c.spotify_name ? (
            <Group gap={4} wrap="nowrap">
              <IconBrandSpotify size={14} aria-hidden />
              <Text size="sm" fw={600} truncate="end">
                {c.spotify_name}
              </Text>
            </Group>
          ) : null}
          {c.instagram_username ? (
            <Group gap={4} wrap="nowrap">
              <IconBrandInstagram size={14} aria-hidden />
              <Text size="sm" truncate="end" dir="ltr">
                @{c.instagram_username}
              </Text>
            </Group>
          ) : null}
          {c.followers !== null && c.kind !== 'spotify' ? (
            <Text size="xs" c="dimmed">
              {t('fan_finder.connection.followers', { count: c.followers })}
            </Text>
          ) : null}
          {status ? (
            <Group gap={6}>
              <StatusBadge label={status} text={t(`fan_finder.connection.sync_${status}`)} size="sm" />
              {c.last_sync ? (
                <Text size="xs" c="dimmed">
                  {formatDate(c.last_sync, i18n.language)}
                </Text>
              ) : null}
            </Group>
          ) : null}
        </Stack>
        {actions}
      </Group>
    </Card>
  );
}

/** Connected accounts and related artists (dashboard, staff detail, user overview tab). */
export function ConnectionsOverview({
  connections,
  actions,
}: {
  connections: FanFinderConnections;
  actions?: (c: FanFinderConnection) => ReactNode;
}) {
  const { t } = useTranslation();
  const own = [connections.spotify, connections.instagram].filter((c): c is FanFinderConnection => !!c);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="xs" data-testid="fan-finder-accounts">
        <Title order={4}>{t('fan_finder.connection.accounts')}</Title>
        {own.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('fan_finder.connection.none')}
          </Text>
        ) : (
          own.map((c) => <ConnectionCard key={c.id} connection={c} actions={actions?.(c)} />)
        )}
      </Stack>
      <Stack gap="xs" data-testid="fan-finder-related">
        <Title order={4}>{t('fan_finder.connection.related')}</Title>
        {connections.related.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('fan_finder.connection.no_related')}
          </Text>
        ) : (
          connections.related.map((c) => <ConnectionCard key={c.id} connection={c} actions={actions?.(c)} />)
        )}
      </Stack>
    </SimpleGrid>
  );
}
