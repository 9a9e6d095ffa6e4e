import {
  EXPRESS_ADMIN_PERMISSIONS as EXPRESS,
  USER_ADMIN_PERMISSIONS as PERM,
  type SessionAdmin,
  socialConnectionStatus,
  spotifyConnectionStatus,
  USER_STATUS_LABELS,
  type UserStatus,
} from '@lm/contracts';
import type { CustomCampaignListItem } from '@lm/contracts/custom-campaigns';
import {
  badgeColor,
  CountedTextarea,
  confirmAction,
  EXPRESS_PLAYLIST_STATUSES,
  type ExpressCampaign,
  type ExpressPlaylist,
  ExpressStatusBadge,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  isTooLong,
  NotFoundPage,
  QualityScoreBadge,
  StatusBadge,
  TransactionDetailsModal,
  transactionColumns,
  usePageTitle,
  useSession,
  WalletBalanceCard,
  type WalletTransaction,
} from '@lm/ui';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Divider,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconActivity,
  IconArrowLeft,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBrandX,
  IconCheck,
  IconEdit,
  IconForms,
  IconKey,
  IconLayoutDashboard,
  IconLifebuoy,
  IconLock,
  IconLockOpen,
  IconMail,
  IconPlaylist,
  IconPlaylistAdd,
  IconPlugConnected,
  IconShoppingCart,
  IconSpeakerphone,
  IconUsersGroup,
  IconWallet,
  IconX,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { StaffFormItem } from '../../hooks/use-forms';
import {
  type AdminUser,
  type UserAction,
  type UserActivity,
  useAdminUser,
  useUserAction,
  useUserConnections,
  useWalletSummary,
} from '../../hooks/use-users';
import { customCampaignColumns } from '../custom/custom-columns';
import { FanFinderUserTab } from '../fan-finder/FanFinderSubscriptionsPage';
import { formColumns } from '../forms/form-columns';
import { UserTicketsTab } from '../tickets/UserTicketsTab';
import { PagedTable } from './PagedTable';
import { UserModal } from './UserModal';
import { CountryFlag, initialsOf } from './user-bits';

const WALLET_PERMISSION = 'main.wallet.show.all.transactions';

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={500}
        component="div"
        ta="end"
        style={{ minWidth: 0, wordBreak: 'break-word' }}
        data-testid={testId}
      >
        {children}
      </Text>
    </Group>
  );
}

/** Decline with an optional reason (mailed to the user). */
function DeclineButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const act = useUserAction(user.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <>
      <Button
        color="red"
        variant="light"
        size="xs"
        leftSection={<IconX size={14} />}
        onClick={() => setOpen(true)}
        data-testid="user-decline"
      >
        {t('users.actions.decline')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('users.actions.decline_title')} centered>
        <Stack>
          <CountedTextarea
            label={t('users.actions.decline_reason')}
            value={reason}
            max={500}
            autosize
            minRows={3}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('ui.confirm.cancel')}
            </Button>
            <Button
              color="red"
              loading={act.isPending}
              disabled={isTooLong(reason, 500)}
              data-testid="user-decline-confirm"
              onClick={async () => {
                await act.mutateAsync({ action: 'decline', body: { reason: reason.trim() || undefined } });
                setOpen(false);
              }}
            >
              {t('users.actions.decline')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Left profile card of the overview (spec section 2 "User overview"). */
function ProfileCard({ user, onEdit }: { user: AdminUser; onEdit(): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useSession<SessionAdmin>();
  const can = (p: string) => session.ability.can('call', p);
  const act = useUserAction(user.id);
  const pending = user.status_key === 'pending_approval';
  const links = [
    { href: user.spotify_link, icon: IconBrandSpotify, label: 'Spotify' },
    { href: user.instagram_link, icon: IconBrandInstagram, label: 'Instagram' },
    { href: user.facebook_link, icon: IconBrandFacebook, label: 'Facebook' },
    { href: user.tiktok_link, icon: IconBrandTiktok, label: 'TikTok' },
    { href: user.twitter_link, icon: IconBrandX, label: 'Twitter' },
  ].filter((l) => l.href);
  return (
    <Card padding="lg" radius="md" data-testid="profile-card">
      <Stack align="center" gap="xs">
        <Avatar src={user.image} size={110} radius={110} color="violet" data-testid="user-avatar">
          {initialsOf(user.name)}
        </Avatar>
        <Title order={3} ta="center" data-testid="user-name">
          {user.name}
        </Title>
        <Badge variant="light" color="violet">
          {t(`user_types.${user.user_type_id}`, { defaultValue: user.user_type.name })}
        </Badge>
        {pending && can(PERM.edit) && (
          <Group gap="xs" mt={4}>
            <Button
              color="green"
              size="xs"
              leftSection={<IconCheck size={14} />}
              loading={act.isPending}
              onClick={async () => {
                if (await confirmAction({ message: t('users.actions.approve_confirm', { name: user.name }) }))
                  act.mutate({ action: 'approve' });
              }}
              data-testid="user-approve"
            >
              {t('users.actions.approve')}
            </Button>
            <DeclineButton user={user} />
          </Group>
        )}
      </Stack>
      <Paper withBorder p="sm" radius="md" mt="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('users.overview.wallet_balance')}
          </Text>
          <Text fw={700} data-testid="user-balance">
            {t('common.coins', { count: user.balance.balance })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" ta="end" dir="auto" data-testid="user-balance-value">
          {t('wallet.approx_value', {
            value: formatMoney(user.balance.total_minor, user.balance.currency, lang),
          })}
        </Text>
      </Paper>
      <Divider my="md" label={t('users.overview.details')} labelPosition="center" />
      <Stack gap="sm">
        <Line label={t('users.fields.email')}>
          <span dir="ltr">{user.email}</span>
        </Line>
        <Line label={t('users.fields.phone')}>
          <span dir="ltr">
            {user.phone_number
              ? (parsePhoneNumberFromString(user.phone_number)?.formatInternational() ?? user.phone_number)
              : '—'}
          </span>
        </Line>
        <Line label={t('users.fields.status')}>
          <StatusBadge status={USER_STATUS_LABELS[user.status_key as UserStatus]} data-testid="user-status" />
        </Line>
        <Line label={t('users.fields.member_since')}>{formatDate(user.member_since, lang)}</Line>
        <Line label={t('users.fields.country')}>
          {user.country ? <CountryFlag code={user.country.code} language={lang} /> : '—'}
        </Line>
        <Line label={t('users.fields.oauth_type')}>
          {user.oauth_type?.name ?? t('users.overview.password_login')}
        </Line>
        {user.tier && <Line label={t('users.fields.tier')}>{user.tier.name}</Line>}
        {user.artist_name && (
          <Line label={t('users.fields.artist_name')}>
            <span dir="auto" data-testid="user-artist-name">
              {user.artist_name}
            </span>
          </Line>
        )}
        {user.genres.length > 0 && (
          <Line label={t('users.fields.genres')}>
            <Group gap={4} justify="flex-end">
              {user.genres.map((g) => (
                <Badge key={g.id} size="sm" variant="outline">
                  {g.name}
                </Badge>
              ))}
            </Group>
          </Line>
        )}
        {user.bio && (
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('users.fields.bio')}
            </Text>
            <Text
              size="sm"
              dir="auto"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="user-bio"
            >
              {user.bio}
            </Text>
          </Stack>
        )}
      </Stack>
      {links.length > 0 && (
        <Group justify="center" gap="xs" mt="md">
          {links.map(({ href, icon: Icon, label }) => (
            <Tooltip key={label} label={label}>
              <ActionIcon
                component="a"
                href={href!}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                aria-label={label}
              >
                <Icon size={18} />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
      )}
      {can(PERM.edit) && (
        <Button
          mt="lg"
          fullWidth
          leftSection={<IconEdit size={16} />}
          onClick={onEdit}
          data-testid="user-edit"
        >
          {t('users.overview.edit_profile')}
        </Button>
      )}
    </Card>
  );
}

function campaignColumns(t: TFunction, lang: string, withArtist: boolean) {
  const columns: DataTableColumn<ExpressCampaign>[] = [
    { accessor: 'id', title: '#', width: 70 },
    {
      accessor: 'campaign_name',
      title: 'express.fields.track',
      render: (c) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={c.track.cover_url} size={30} radius="sm" />
          <Text size="sm" fw={600} lineClamp={1}>
            {c.track.name}
          </Text>
        </Group>
      ),
    },
  ];
  columns.push(
    withArtist
      ? { accessor: 'artist', title: 'express.fields.artist', render: (c) => c.artist.name }
      : { accessor: 'curator', title: 'express.fields.curator', render: (c) => c.curator.name },
    { accessor: 'playlist', title: 'express.fields.playlist', render: (c) => c.playlist.name },
    {
      accessor: 'price',
      title: 'express.fields.price',
      noWrap: true,
      render: (c) => t('common.coins', { count: c.price }),
    },
    {
      accessor: 'status',
      title: 'express.fields.status',
      noWrap: true,
      render: (c) => <ExpressStatusBadge statusId={c.status.id} />,
    },
    {
      accessor: 'created_at',
      title: 'express.fields.created_at',
      render: (c) => formatDateTime(c.created_at, lang),
    },
  );
  return columns;
}

function WalletTab({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const [tx, setTx] = useState<WalletTransaction | null>(null);
  const [number, setNumber] = useState('');
  const [applied, setApplied] = useState('');
  const summary = useWalletSummary(user.id);
  const lang = i18n.language;
  return (
    <Stack gap="md" data-testid="user-wallet">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <WalletBalanceCard
          coins={user.balance.balance}
          valueMinor={user.balance.total_minor}
          currency={user.balance.currency}
          basis={user.balance}
          depositTo="/wallet/transaction/list"
        />
        <Card padding="lg" radius="md" data-testid="wallet-totals">
          <Text size="sm" c="dimmed" fw={500}>
            {t('users.wallet.totals', { count: summary.data?.transactions ?? 0 })}
          </Text>
          <Group mt="sm" gap="xl">
            <div>
              <Text size="xs" c="dimmed">
                {t('users.wallet.credits')}
              </Text>
              <Text fw={700} c="green" dir="ltr">
                +{formatNumber(summary.data?.credits ?? 0, lang)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('users.wallet.debits')}
              </Text>
              <Text fw={700} c="red" dir="ltr">
                −{formatNumber(summary.data?.debits ?? 0, lang)}
              </Text>
            </div>
          </Group>
        </Card>
      </SimpleGrid>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(number.trim());
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('wallet.tx.number')}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            dir="ltr"
            data-testid="tx-number-filter"
          />
          <Button type="submit" variant="light">
            {t('users.overview.filter')}
          </Button>
        </Group>
      </form>
      <PagedTable<WalletTransaction>
        path={`wallet/admin/transaction/user/${user.id}`}
        filter={applied ? { transactions_id: applied } : undefined}
        columns={transactionColumns(t, i18n.language, setTx)}
        onRowClick={setTx}
      />
      <TransactionDetailsModal
        tx={tx}
        onClose={() => setTx(null)}
        links={{
          campaign: (id, type) => (type === 'spotify' || !type ? `/express-campaigns/${id}` : undefined),
        }}
      />
    </Stack>
  );
}

/**
 * Connections tab (spec section 2 "Connections (Spotify, TikTok, Instagram accounts)"), for every user
 * type: each platform's accounts with their status, and for TikTok and Instagram the followers and tier.
 */
function ConnectionsTab({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const connections = useUserConnections(user.id);
  if (connections.isLoading) return <Loader />;
  const spotify = connections.data?.spotify ?? [];
  const none = (
    <Text c="dimmed" size="sm">
      {t('users.connections.none')}
    </Text>
  );
  return (
    <Stack gap="lg">
      <Stack gap="sm" data-testid="connections-spotify">
        <Title order={4}>
          <Group gap={6}>
            <IconBrandSpotify size={20} /> {t('users.connections.spotify')}
          </Group>
        </Title>
        {spotify.length === 0
          ? none
          : spotify.map((c) => (
              <Paper key={c.id} withBorder p="sm" radius="md">
                <Group justify="space-between">
                  <div>
                    <Text fw={600}>{c.name}</Text>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {c.user_email ?? c.user_name}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {formatDate(c.created_at, i18n.language)}
                    </Text>
                    <Badge variant="light" color={badgeColor(spotifyConnectionStatus(c.is_active).kind)}>
                      {t(c.is_active === 1 ? 'users.connections.active' : 'users.connections.inactive')}
                    </Badge>
                  </Group>
                </Group>
              </Paper>
            ))}
      </Stack>
      {(['tiktok', 'instagram'] as const).map((platform) => {
        const rows = connections.data?.[platform] ?? [];
        const Icon = platform === 'tiktok' ? IconBrandTiktok : IconBrandInstagram;
        return (
          <Stack gap="sm" key={platform} data-testid={`connections-${platform}`}>
            <Title order={4}>
              <Group gap={6}>
                <Icon size={20} /> {t(`nav.${platform}`)}
              </Group>
            </Title>
            {rows.length === 0
              ? none
              : rows.map((c) => (
                  <Paper key={c.id} withBorder p="sm" radius="md" data-testid="social-connection">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <div>
                        <Text fw={600}>{c.display_name}</Text>
                        <Text size="xs" c="dimmed" dir="ltr">
                          @{c.user_name}
                        </Text>
                      </div>
                      <Group gap="xs" wrap="wrap">
                        <Text size="xs" c="dimmed">
                          {c.follower_count === null
                            ? '—'
                            : `${t('social.count', { n: c.follower_count })} ${t('social.followers')}`}
                        </Text>
                        <Badge variant="outline" color="gray">
                          {c.tier?.tier_name ?? t('users.connections.no_tier')}
                        </Badge>
                        {c.score ? <QualityScoreBadge score={c.score} /> : null}
                        <Text size="xs" c="dimmed">
                          {formatDate(c.connected_at, i18n.language)}
                        </Text>
                        <StatusBadge status={socialConnectionStatus(c.status)} />
                      </Group>
                    </Group>
                  </Paper>
                ))}
          </Stack>
        );
      })}
    </Stack>
  );
}

function activityColumns(t: TFunction, lang: string) {
  const columns: DataTableColumn<UserActivity>[] = [
    {
      accessor: 'device',
      title: 'users.activities.device',
      render: (a) => a.device ?? t('users.activities.unknown'),
    },
    {
      accessor: 'action',
      title: 'users.activities.action',
      render: (a) => t(`users.activity_actions.${a.action}`, { defaultValue: a.action }),
    },
    {
      accessor: 'country',
      title: 'users.activities.location',
      render: (a) =>
        a.country ? <CountryFlag code={a.country.code} language={lang} /> : t('users.activities.unknown'),
    },
    {
      accessor: 'ip',
      title: 'users.activities.ip',
      render: (a) => (
        <Text size="sm" ff="monospace" dir="ltr" span>
          {a.ip ?? '—'}
        </Text>
      ),
    },
    {
      accessor: 'created_at',
      title: 'users.activities.date',
      render: (a) => formatDateTime(a.created_at, lang),
    },
  ];
  return columns;
}

/** Header actions: Invite, Reset Password, Disable / Enable, each behind its permission. */
function HeaderActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const session = useSession<SessionAdmin>();
  const can = (p: string) => session.ability.can('call', p);
  const act = useUserAction(user.id);
  const run = async (action: UserAction, message: string) => {
    if (await confirmAction({ message: t(message, { name: user.name }) })) act.mutate({ action });
  };
  const invitable = user.status_key === 'not_registered' || user.status_key === 'invited';
  const approved = user.status_key === 'approved';
  return (
    <Group gap="sm">
      {approved && user.user_type_id === 1 && can(EXPRESS.campaigns) && (
        <Button
          component={Link}
          to={`/express/checkout?artist=${user.id}`}
          variant="light"
          leftSection={<IconShoppingCart size={16} />}
          data-testid="user-new-campaign"
        >
          {t('behalf.new_campaign')}
        </Button>
      )}
      {approved && user.user_type_id === 1 && can('INFLUENCER_ADD_FORM') && (
        <Button
          component={Link}
          to={`/forms/new?artist=${user.id}`}
          variant="light"
          leftSection={<IconForms size={16} />}
          data-testid="user-new-form"
        >
          {t('behalf.new_form')}
        </Button>
      )}
      {approved && user.user_type_id === 2 && can(EXPRESS.playlists) && (
        <Button
          component={Link}
          to={`/express/playlist/create?curator=${user.id}`}
          variant="light"
          leftSection={<IconPlaylistAdd size={16} />}
          data-testid="user-new-playlist"
        >
          {t('behalf.new_playlist')}
        </Button>
      )}
      {can(PERM.invite) && (
        <Button
          variant="light"
          leftSection={<IconMail size={16} />}
          disabled={!invitable}
          onClick={() => run('invite', 'users.actions.invite_confirm')}
          data-testid="user-invite"
        >
          {t('users.actions.invite')}
        </Button>
      )}
      {can(PERM.resetPassword) && (
        <Button
          variant="light"
          leftSection={<IconKey size={16} />}
          disabled={!user.has_password || user.status_key === 'disabled'}
          onClick={() => run('reset-password', 'users.actions.reset_confirm')}
          data-testid="user-reset-password"
        >
          {t('users.actions.reset_password')}
        </Button>
      )}
      {can(PERM.edit) &&
        (user.status_key === 'disabled' ? (
          <Button
            variant="light"
            color="green"
            leftSection={<IconLockOpen size={16} />}
            onClick={() => run('enable', 'users.actions.enable_confirm')}
            data-testid="user-enable"
          >
            {t('users.actions.enable')}
          </Button>
        ) : (
          <Button
            variant="light"
            color="red"
            leftSection={<IconLock size={16} />}
            onClick={() => run('disable', 'users.actions.disable_confirm')}
            data-testid="user-disable"
          >
            {t('users.actions.disable')}
          </Button>
        ))}
    </Group>
  );
}

/**
 * /users/{userId} (view.main.users.tab.list): the user overview of spec section 2. Tabs follow the
 * viewed user's type: Dashboard (last five campaigns) and Campaigns for artists and curators, Express
 * Playlists for curators, Connections for every type (issue 12), Wallet (with main.wallet.show.all.transactions) and
 * Activities for everyone, Fan Finder Subscription for artists (issue 15), Custom campaigns
 * (custom.campaigns.show) and Forms (VIEW_FORM) for artists (issue 13). The header offers staff's
 * actions for an approved user (issue 13 "Staff"): a Spotify campaign or a playlist form for an artist,
 * a playlist for a curator, each behind its screen's permission.
 */
export function UserOverviewPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.userId);
  const user = useAdminUser(id);
  const session = useSession<SessionAdmin>();
  const [editing, setEditing] = useState(false);
  usePageTitle('users.overview.title');
  if (user.isLoading)
    return (
      <Center mih={300}>
        <Loader />
      </Center>
    );
  if (!user.data) return <NotFoundPage />;
  const u = user.data;
  const type = u.user_type_id;
  const artist = type === 1;
  const curator = type === 2;
  const lastFivePath = artist
    ? `artist/campaigns/indexLastFiveForArtist/${u.id}`
    : `curator/campaigns/indexLastFiveForCurator/${u.id}`;
  const allPath = artist
    ? `artist/campaigns/indexAllListByAdminForArtist/${u.id}`
    : `curator/campaigns/all/${u.id}`;
  const openCampaign = (c: ExpressCampaign) =>
    session.ability.can('call', EXPRESS.campaigns) ? navigate(`/express-campaigns/${c.id}`) : undefined;
  const tabs: { value: string; label: string; icon: typeof IconWallet; panel: ReactNode }[] = [];
  if (artist || curator) {
    tabs.push(
      {
        value: 'dashboard',
        label: 'users.tabs.dashboard',
        icon: IconLayoutDashboard,
        panel: (
          <PagedTable<ExpressCampaign>
            path={lastFivePath}
            paged={false}
            columns={campaignColumns(t, lang, curator)}
            onRowClick={openCampaign}
          />
        ),
      },
      {
        value: 'campaigns',
        label: 'users.tabs.campaigns',
        icon: IconSpeakerphone,
        panel: (
          <PagedTable<ExpressCampaign>
            path={allPath}
            columns={campaignColumns(t, lang, curator)}
            onRowClick={openCampaign}
          />
        ),
      },
    );
  }
  if (curator) {
    tabs.push({
      value: 'playlists',
      label: 'users.tabs.playlists',
      icon: IconPlaylist,
      panel: (
        <PagedTable<ExpressPlaylist>
          path={`express/users/all/playlists/${u.id}`}
          onRowClick={(p) =>
            session.ability.can('call', EXPRESS.playlists)
              ? navigate(`/express/playlist/view/${p.id}`)
              : undefined
          }
          columns={[
            {
              accessor: 'name',
              title: 'express.fields.playlist',
              render: (p) => (
                <Text fw={600} size="sm">
                  {p.name}
                </Text>
              ),
            },
            {
              accessor: 'followers',
              title: 'express.fields.followers',
              render: (p) => formatNumber(p.followers, lang),
            },
            { accessor: 'tier', title: 'express.fields.tier', render: (p) => p.tier.tier_name },
            {
              accessor: 'score',
              title: 'score.column',
              render: (p) => <QualityScoreBadge score={p.score} />,
            },
            {
              accessor: 'status',
              title: 'express.fields.status',
              render: (p) => <StatusBadge id={p.status_id} map={EXPRESS_PLAYLIST_STATUSES} />,
            },
          ]}
        />
      ),
    });
  }
  // Issue 13: the artist's custom campaigns and playlist forms, from the staff lists' own calls
  // filtered by the user server-side, behind the lists' permissions.
  if (artist && session.ability.can('call', 'custom.campaigns.show')) {
    tabs.push({
      value: 'custom-campaigns',
      label: 'behalf.tab_custom_campaigns',
      icon: IconSpeakerphone,
      panel: (
        <PagedTable<CustomCampaignListItem>
          path="admin/custom-campaigns"
          filter={{ artist_id: String(u.id) }}
          columns={customCampaignColumns(t, lang)}
          onRowClick={(c) => navigate(`/campaigns/custom/${c.id}`)}
        />
      ),
    });
  }
  if (artist && session.ability.can('call', 'VIEW_FORM')) {
    tabs.push({
      value: 'forms',
      label: 'behalf.tab_forms',
      icon: IconForms,
      panel: (
        <PagedTable<StaffFormItem>
          path={`indexAllForms/${u.id}`}
          columns={formColumns(lang)}
          onRowClick={(f) => navigate(`/forms/${f.id}`)}
        />
      ),
    });
  }
  if (session.ability.can('call', WALLET_PERMISSION)) {
    tabs.push({
      value: 'wallet',
      label: 'users.tabs.wallet',
      icon: IconWallet,
      panel: <WalletTab user={u} />,
    });
  }
  // Every user type: artists and curators connect Spotify, influencers TikTok and Instagram (issue 12).
  tabs.push({
    value: 'connections',
    label: 'users.tabs.connections',
    icon: IconPlugConnected,
    panel: <ConnectionsTab user={u} />,
  });
  if (session.ability.can('call', 'tickets.show')) {
    tabs.push({
      value: 'tickets',
      label: 'nav.tickets',
      icon: IconLifebuoy,
      panel: <UserTicketsTab userId={u.id} />,
    });
  }
  if (artist && session.ability.can('call', 'view.main.fan.finder.tab.list')) {
    tabs.push({
      value: 'fan-finder',
      label: 'fan_finder_admin.tab',
      icon: IconUsersGroup,
      panel: <FanFinderUserTab userId={u.id} />,
    });
  }
  tabs.push({
    value: 'activities',
    label: 'users.tabs.activities',
    icon: IconActivity,
    panel: <PagedTable<UserActivity> path={`users/activities/${u.id}`} columns={activityColumns(t, lang)} />,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Anchor component={Link} to="/users/list" aria-label={t('users.back')}>
            <IconArrowLeft size={20} style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
          </Anchor>
          <Title order={2}>{t('users.overview.title')}</Title>
        </Group>
        <HeaderActions user={u} />
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileCard user={u} onEdit={() => setEditing(true)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="md" radius="md">
            <Tabs defaultValue={tabs[0]?.value} keepMounted={false}>
              <Tabs.List>
                {tabs.map(({ value, label, icon: Icon }) => (
                  <Tabs.Tab
                    key={value}
                    value={value}
                    leftSection={<Icon size={16} />}
                    data-testid={`tab-${value}`}
                  >
                    {t(label)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {tabs.map(({ value, panel }) => (
                <Tabs.Panel key={value} value={value} pt="md">
                  {panel}
                </Tabs.Panel>
              ))}
            </Tabs>
          </Card>
        </Grid.Col>
      </Grid>
      <UserModal opened={editing} user={u} onClose={() => setEditing(false)} />
    </Stack>
  );
}
