import { CUSTOM_CAMPAIGN_FILTER_STATUSES, coinsPriceMinor, type SessionUser } from '@lm/contracts';
import type {
  CustomCampaignDetail,
  CustomCampaignListItem,
  CustomCampaignStats,
  PublishedCampaign,
} from '@lm/contracts/custom-campaigns';
import {
  customKeys,
  formatDate,
  formatDateTime,
  formatMoney,
  ListenPanel,
  ListScreen,
  MadeWithAi,
  NotFoundPage,
  TrackLanguageName,
  useApi,
  usePageTitle,
  useSession,
} from '@lm/ui';
import {
  CustomCampaignView,
  CustomCampaignWizard,
  CustomNextSteps,
  CustomPaymentBadge,
  CustomReleaseBadge,
  CustomStatsCard,
  CustomStatusBadge,
  CustomWarningIcon,
  SongLink,
} from '@lm/ui/custom/index.ts';
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type CampaignCheckout, useListen } from '../../hooks/use-express';
import { usePublicSettings } from '../../hooks/use-public-settings';
import { type Settlement, useCoinPrice, useRefreshWallet } from '../../hooks/use-wallet';
import { OwnTrackPicker } from '../connections/OwnTrackPicker';
import { type CardConfirmation, useCampaignCardFlow } from '../express/CampaignPayment';

/** Nothing to restore after a cancelled card payment of an invoice; the key only marks the trip. */
const CARD_DRAFT_KEY = 'LC_CUSTOM_CARD_DRAFT';

function useIsCurator() {
  const session = useSession<SessionUser>();
  return (
    session.ability.can('call', 'CURATOR_PERMISSION') && !session.ability.can('call', 'ARTIST_PERMISSION')
  );
}

function useRefreshCustom() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: customKeys.all }),
      client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'list' }),
    ]);
}

/** /custom/spotify/campaign/create (ARTIST_PERMISSION): the 5-step wizard; done → /custom/campaigns/list. */
export function CustomCreatePage() {
  const { t } = useTranslation();
  usePageTitle('custom.ui.create_title');
  const navigate = useNavigate();
  const session = useSession<SessionUser>();
  const refresh = useRefreshCustom();
  const settings = usePublicSettings();
  const user = session.user;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('custom.ui.create_title')}</Title>
        <Text c="dimmed">{t('custom.ui.create_intro')}</Text>
      </div>
      <Card padding="lg">
        <CustomCampaignWizard
          mode="artist"
          artistName={user ? `${user.first_name} ${user.last_name}` : ''}
          trackPicker={(onPick) => <OwnTrackPicker onPick={onPick} />}
          durations={
            settings.data && {
              submission: settings.data.playlist_submission_days,
              ongoing: settings.data.on_going_days,
              auditing: settings.data.auditing_days,
            }
          }
          onDone={async () => {
            await refresh();
            navigate('/custom/campaigns/list');
          }}
        />
      </Card>
    </Stack>
  );
}

/** The artist's custom campaigns (list screen); the stats card on /campaigns/list. */
function ArtistCustomList({ withStats }: { withStats?: boolean }) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const navigate = useNavigate();
  const stats = useQuery({
    enabled: !!withStats,
    queryKey: customKeys.stats,
    queryFn: async () => (await api.get<CustomCampaignStats>('campaigns', { silent: true })).data,
  });
  const statusOptions = CUSTOM_CAMPAIGN_FILTER_STATUSES.map((s) => ({
    value: String(s.id),
    label: t(`custom.ui.status_label.${s.id}`),
  }));
  const create = (
    <Button
      component={Link}
      to="/custom/spotify/campaign/create"
      leftSection={<IconPlus size={16} />}
      data-testid="custom-new"
    >
      {t('custom.ui.new')}
    </Button>
  );
  return (
    <ListScreen<CustomCampaignListItem>
      title="custom.ui.list_title"
      path="artist/campaigns"
      searchable
      header={withStats ? <CustomStatsCard stats={stats.data} /> : undefined}
      filters={[{ type: 'select', name: 'status', label: 'custom.ui.status', options: statusOptions }]}
      onRowClick={(c) => navigate(`/campaigns/${c.id}`)}
      actions={create}
      empty={{ title: 'custom.ui.empty', hint: 'custom.ui.empty_hint', action: create }}
      columns={[
        {
          accessor: 'name',
          title: 'custom.ui.song_name',
          render: (c) => (
            <Group gap={6} wrap="nowrap">
              <CustomWarningIcon show={c.warning} />
              <Text size="sm" fw={600} lineClamp={1}>
                {c.name}
              </Text>
            </Group>
          ),
        },
        { accessor: 'tier', title: 'custom.ui.tier', render: (c) => c.tier.name },
        {
          accessor: 'price',
          title: 'custom.ui.price',
          noWrap: true,
          render: (c) => t('common.coins', { count: c.price }),
        },
        { accessor: 'status', title: 'custom.ui.status', render: (c) => <CustomStatusBadge campaign={c} /> },
        {
          accessor: 'is_paid',
          title: 'custom.ui.payment',
          render: (c) => <CustomPaymentBadge paid={c.is_paid} status={c.status.id} />,
        },
        {
          accessor: 'is_released',
          title: 'custom.ui.release',
          render: (c) => <CustomReleaseBadge released={c.is_released === 1} />,
        },
        {
          accessor: 'start_date',
          title: 'custom.ui.start_date',
          render: (c) => formatDate(c.start_date, i18n.language),
        },
      ]}
    />
  );
}

/** /campaigns/list: artists see their custom campaigns with the stats card; curators the open ones. */
export function CampaignsListPage() {
  usePageTitle('custom.ui.list_title');
  return useIsCurator() ? <PublishedCampaignsPage /> : <ArtistCustomList withStats />;
}

/** /my-custom/campaigns/list and /custom/campaigns/list: the artist's list; a curator's open campaigns. */
export function MyCustomCampaignsPage() {
  usePageTitle('custom.ui.list_title');
  return useIsCurator() ? <PublishedCampaignsPage /> : <ArtistCustomList />;
}

function useDetail(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    enabled,
    queryKey: customKeys.detail(id),
    queryFn: async () => (await api.get<CustomCampaignDetail>(`campaign/${id}`, { silent: true })).data,
    retry: false,
  });
}

/** /campaigns/{id}: the artist's campaign with Pay with my coins when approved; a curator's part. */
export function CampaignDetailPage() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const curator = useIsCurator();
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return curator ? <CuratorCampaignPage id={id} /> : <ArtistCampaignPage id={id} preview={false} />;
}

/** /preview/campaigns/{id}: the artist's campaign, read only. */
export function CampaignPreviewPage() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return <ArtistCampaignPage id={id} preview />;
}

function ArtistCampaignPage({ id, preview }: { id: number; preview: boolean }) {
  const { t, i18n } = useTranslation();
  usePageTitle('custom.ui.detail_title');
  const { api } = useApi();
  const detail = useDetail(id);
  const refresh = useRefreshCustom();
  const refreshWallet = useRefreshWallet();
  const pay = useMutation({
    mutationFn: async () => (await api.get(`pay/coins/custom/campaign/${id}`)).data,
    onSuccess: async () => {
      await Promise.all([refresh(), refreshWallet()]);
    },
  });
  const coinPrice = useCoinPrice();
  // The invoice paid by card the way express campaigns are: the card buys the coins, then they are held.
  const cardStart = useMutation({
    mutationFn: async () =>
      (await api.post<CampaignCheckout>('stripe/custom/campaign/checkout', { campaign_id: id })).data,
  });
  const cardConfirm = useMutation({
    mutationFn: async (sessionId: string): Promise<CardConfirmation> => {
      const answer = await api.post<{
        payment: Settlement;
        campaign_id: number;
        paid: boolean;
        not_paid: boolean;
      }>('stripe/custom/campaign/checkout/check/pay', { session_id: sessionId }, { silent: true });
      return {
        payment: answer.data.payment,
        campaigns: answer.data.paid ? [answer.data.campaign_id] : [],
        not_created: answer.data.not_paid,
        message: answer.message,
      };
    },
    onSuccess: () => refresh(),
  });
  const card = useCampaignCardFlow<{ campaign: number }>({
    draftKey: CARD_DRAFT_KEY,
    confirm: (sessionId) => cardConfirm.mutateAsync(sessionId),
    confirming: cardConfirm.isPending,
    onCreated: () => notifications.show({ color: 'green', message: t('custom.paid') }),
    onRestore: () => undefined,
  });
  if (detail.isLoading)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!detail.data) return <NotFoundPage />;
  const c = detail.data;
  const payable = !preview && c.status.id === 3 && !c.is_paid;
  return (
    <Stack gap="md">
      {card.banner}
      <CustomNextSteps campaign={c} />
      <CustomCampaignView
        campaign={c}
        placementLink={(expressId) => `/express-campaigns/${expressId}`}
        actions={
          <>
            {payable && (
              <Button onClick={() => pay.mutate()} loading={pay.isPending} data-testid="custom-pay">
                {t('custom.ui.pay', { n: c.price })}
              </Button>
            )}
            {payable && (
              <Button
                variant="light"
                leftSection={<IconCreditCard size={16} />}
                loading={cardStart.isPending || card.redirecting}
                onClick={() =>
                  cardStart.mutate(undefined, {
                    onSuccess: (start) => card.redirect(start, { campaign: id }),
                  })
                }
                data-testid="custom-pay-card"
              >
                {coinPrice.data
                  ? t('express.create.method_card_price', {
                      coins: c.price,
                      price: formatMoney(
                        coinsPriceMinor(c.price, coinPrice.data.pence_per_coin),
                        'GBP',
                        i18n.language,
                      ),
                    })
                  : t('express.create.method_card', { coins: c.price })}
              </Button>
            )}
            <Button component={Link} to="/custom/campaigns/list" variant="default">
              {t('custom.ui.back')}
            </Button>
          </>
        }
      />
    </Stack>
  );
}

/**
 * Hear it first: the track's player and the listening the server counted, before the
 * opt-in (the curator's decision to take the campaign), whose button opens once it is long enough.
 */
function OptInAfterListening({
  campaign: c,
  children,
}: {
  campaign: PublishedCampaign;
  children(canDecide: boolean): ReactNode;
}) {
  const { view, report } = useListen(c.id, true, 'custom');
  if (!view.data) return view.isLoading ? <Loader size="sm" /> : null;
  return (
    <Stack gap="xs">
      <ListenPanel
        track={c.name}
        player={view.data.player}
        progress={view.data}
        // The pitch, genres and language are on the campaign's card above: the artist's own words here.
        about={{ pitch: null, artist: view.data.artist }}
        onEvent={(event, position) =>
          report.mutate({ event, position: Math.max(0, Math.min(86_400, position)) })
        }
      />
      {children(view.data.can_decide)}
    </Stack>
  );
}

/** One published campaign as a curator sees it: opt in, choose the playlist, say it is added. */
function PublishedCard({ campaign: c }: { campaign: PublishedCampaign }) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const refresh = useRefreshCustom();
  const [playlist, setPlaylist] = useState<string | null>(
    c.eligible_playlists[0] ? String(c.eligible_playlists[0].id) : null,
  );
  const optIn = useMutation({
    mutationFn: async () =>
      (await api.post<{ id: number }>('curator/curators_vs_campaigns', { campaign_id: c.id })).data,
    onSuccess: refresh,
  });
  const choose = useMutation({
    mutationFn: async (optId: number) =>
      (await api.put(`curator/curator_vs_campaign/playlist/${optId}`, { playlist_id: Number(playlist) }))
        .data,
    onSuccess: refresh,
  });
  const submit = useMutation({
    mutationFn: async (playlistId: number) =>
      (await api.put(`curator/curator_vs_campaign/playlist/submit/${c.id}/${playlistId}`)).data,
    onSuccess: refresh,
  });
  const mine = c.my_opt_in;
  return (
    <Card padding="lg" data-testid="published-campaign">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>{c.name}</Title>
            <Text size="sm" c="dimmed">
              Spotify · {c.tier.name} · {c.genres.map((g) => g.name).join(', ')}
            </Text>
          </div>
          <Badge variant="light">{t('custom.ui.earn', { n: c.price_per_placement })}</Badge>
        </Group>
        <Text size="sm" fs="italic" dir="auto">
          “{c.pitch}”
        </Text>
        <Group gap="xs">
          <Text size="sm">{t('express.language.label')}:</Text>
          <TrackLanguageName language={c.language} />
        </Group>
        <MadeWithAi value={c.made_with_ai} />
        <SongLink link={c.link} />
        <Text size="xs" c="dimmed">
          {t('custom.ui.open_info', {
            count: c.free_placements,
            date: c.opt_in_until ? formatDateTime(c.opt_in_until, i18n.language) : '—',
            days: c.on_going_days,
          })}
        </Text>
        {!mine && (
          <OptInAfterListening campaign={c}>
            {(canDecide) => (
              <Group>
                <Button
                  onClick={() => optIn.mutate()}
                  loading={optIn.isPending}
                  disabled={!canDecide}
                  data-testid="custom-opt-in"
                >
                  {t('custom.ui.opt_in')}
                </Button>
              </Group>
            )}
          </OptInAfterListening>
        )}
        {mine && mine.playlist_id === null && (
          <Group align="flex-end">
            <Select
              label={t('custom.ui.choose_playlist')}
              data={c.eligible_playlists.map((p) => ({ value: String(p.id), label: p.name }))}
              value={playlist}
              onChange={setPlaylist}
              data-testid="custom-playlist"
            />
            <Button
              onClick={() => choose.mutate(mine.id)}
              loading={choose.isPending}
              disabled={!playlist}
              data-testid="custom-choose"
            >
              {t('custom.ui.choose')}
            </Button>
          </Group>
        )}
        {mine && mine.playlist_id !== null && (
          <Group>
            <Button
              onClick={() => submit.mutate(mine.playlist_id!)}
              loading={submit.isPending}
              data-testid="custom-submit-placement"
            >
              {t('custom.ui.submit_placement')}
            </Button>
            {mine.express_campaign_id && (
              <Button
                component={Link}
                to={`/express-campaigns/${mine.express_campaign_id}`}
                variant="default"
              >
                {t('custom.ui.open_placement')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Curators: published campaigns open to them (`published/campaigns`), by tier and genre. */
export function PublishedCampaignsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const list = useQuery({
    queryKey: customKeys.published,
    queryFn: async () => (await api.get<PublishedCampaign[]>('published/campaigns', { silent: true })).data,
  });
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('custom.ui.published_title')}</Title>
        <Text c="dimmed">{t('custom.ui.published_intro')}</Text>
      </div>
      {list.isLoading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (list.data ?? []).length === 0 ? (
        <Card padding="xl">
          <Stack gap={4} align="center">
            <Text fw={600}>{t('custom.ui.published_empty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('custom.ui.published_empty_hint')}
            </Text>
            <Button component={Link} to="/express/my/playlists/list" variant="light" mt="sm">
              {t('custom.ui.my_playlists')}
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {list.data!.map((c) => (
            <PublishedCard key={c.id} campaign={c} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** A curator's part of one campaign (`curator/campaign/{id}`). */
function CuratorCampaignPage({ id }: { id: number }) {
  usePageTitle('custom.ui.detail_title');
  const { api } = useApi();
  const one = useQuery({
    queryKey: ['custom', 'curator', id],
    queryFn: async () => (await api.get<PublishedCampaign>(`curator/campaign/${id}`, { silent: true })).data,
    retry: false,
  });
  if (one.isLoading)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!one.data) return <NotFoundPage />;
  return <PublishedCard campaign={one.data} />;
}
