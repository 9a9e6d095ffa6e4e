import { socialConnectionStatus } from '@lm/contracts';
import {
  EmptyState,
  formatDate,
  getPlatform,
  ListTable,
  listPlatforms,
  type OfferKind,
  QualityScoreImprove,
  StatusBadge,
  TIKTOK,
  usePageTitle,
} from '@lm/ui';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlugConnected, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type SocialAccount,
  type SocialPlatform,
  type SocialTier,
  useAccountSettings,
  useChangeTier,
  useRevokeAccount,
  useSocialAccounts,
  useSocialTiers,
  useStartConnection,
} from '../../hooks/use-connections';
import { usePublicSettings } from '../../hooks/use-public-settings';
import { useEditAccountProfile } from '../../hooks/use-social-express';
import { OfferProfileEditor } from '../express/OfferProfileEditor';
import { DisconnectButton } from './DisconnectButton';

/** The platforms whose sellers connect accounts here; the first is shown without `?platform=`. */
const connectable = () => listPlatforms('video').filter((p) => p.connectionsPath !== null);

/**
 * /tiktok/connection/list (INFLUENCER_PERMISSION, spec section 2): the influencer's TikTok and Instagram
 * accounts (`?platform=instagram` for Instagram), each with its followers, tier (chosen here from the
 * platform's tiers the followers allow), status and a disconnect action; Connect opens the platform's
 * consent page. Cards on phones (ListTable).
 */
export function ConnectionsPage() {
  const { t } = useTranslation();
  usePageTitle('social.title');
  const [search, setSearch] = useSearchParams();
  const platforms = connectable();
  const first = platforms[0] ?? TIKTOK;
  const descriptor = platforms.find((p) => p.key === search.get('platform')) ?? first;
  // The connection hooks take the keys the connections API serves.
  const platform = descriptor.key as SocialPlatform;
  const settings = usePublicSettings();
  const available = settings.data?.[`${platform}_connect`] !== false;
  const start = useStartConnection(platform);
  const Icon = getPlatform(platform).Icon;
  const connect = async () => {
    const url = await start.mutateAsync().catch(() => null);
    if (url) window.location.assign(url);
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{t('social.title')}</Title>
        <Button
          leftSection={<Icon size={18} />}
          loading={start.isPending}
          disabled={!available}
          onClick={connect}
          data-testid={`connect-${platform}`}
        >
          {t(`social.connect_${platform}`)}
        </Button>
      </Group>
      <SegmentedControl
        value={platform}
        onChange={(value) => setSearch(value === first.key ? {} : { platform: value }, { replace: true })}
        data={platforms.map((p) => ({ value: p.key, label: t(p.labelKey) }))}
        maw={360}
        aria-label={t('social.platform')}
        data-testid="platform-switch"
      />
      {!available && (
        <Alert color="yellow" data-testid="platform-off">
          {t(`social.off_${platform}`)}
        </Alert>
      )}
      {descriptor.connectionNoteKey && available && (
        <Text size="sm" c="dimmed">
          {t(descriptor.connectionNoteKey)}
        </Text>
      )}
      <AccountsTable platform={platform} onConnect={available ? connect : undefined} />
    </Stack>
  );
}

function AccountsTable({ platform, onConnect }: { platform: SocialPlatform; onConnect?: () => void }) {
  const { t, i18n } = useTranslation();
  const accounts = useSocialAccounts(platform);
  const tiers = useSocialTiers(platform);
  const changeTier = useChangeTier(platform);
  const settings = useAccountSettings(platform);
  const revoke = useRevokeAccount(platform);
  const Icon = getPlatform(platform).Icon;
  const [profileOf, setProfileOf] = useState<number | null>(null);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Card padding={0} radius="md">
      <Modal
        opened={profileOf !== null}
        onClose={() => setProfileOf(null)}
        title={t('offers.edit.account_title')}
        size="lg"
        fullScreen={phone}
      >
        {profileOf !== null && <AccountProfile platform={platform} id={profileOf} />}
      </Modal>
      <ListTable<SocialAccount>
        records={accounts.data ?? []}
        fetching={accounts.isLoading}
        minHeight={accounts.data?.length ? undefined : 220}
        emptyState={
          <EmptyState
            title={t(`social.empty_${platform}`)}
            hint={t(`social.empty_hint_${platform}`)}
            icon={<Icon size={24} />}
            action={
              onConnect && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={onConnect}
                  leftSection={<IconPlugConnected size={16} />}
                >
                  {t(`social.connect_${platform}`)}
                </Button>
              )
            }
          />
        }
        verticalSpacing="sm"
        horizontalSpacing="md"
        striped
        customRowAttributes={() => ({ 'data-testid': 'social-account-row' })}
        columns={[
          {
            accessor: 'display_name',
            title: t('social.account'),
            render: (a) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar src={a.avatar_url} radius="xl" size="sm" alt="">
                  {a.display_name.slice(0, 1).toUpperCase()}
                </Avatar>
                <div>
                  <Text size="sm" fw={500}>
                    {a.display_name}
                  </Text>
                  <Text size="xs" c="dimmed" dir="ltr">
                    @{a.user_name}
                  </Text>
                </div>
              </Group>
            ),
          },
          {
            accessor: 'follower_count',
            title: t('social.followers'),
            render: (a) => (a.follower_count === null ? '—' : t('social.count', { n: a.follower_count })),
          },
          {
            accessor: 'tier',
            title: t('social.tier'),
            render: (a) => (
              <TierSelect
                account={a}
                tiers={tiers.data ?? []}
                pending={changeTier.isPending && changeTier.variables?.account_id === a.id}
                onChange={(tierId) => changeTier.mutate({ account_id: a.id, tier_id: tierId })}
              />
            ),
          },
          {
            accessor: 'refuses_ai',
            title: t('express.ai.label'),
            render: (a) => (
              <Switch
                label={t('express.ai.refuses')}
                checked={a.refuses_ai}
                disabled={
                  a.status === 'revoked' || (settings.isPending && settings.variables?.account_id === a.id)
                }
                onChange={(e) => settings.mutate({ account_id: a.id, refuses_ai: e.currentTarget.checked })}
                data-testid={`account-refuses-ai-${a.id}`}
              />
            ),
          },
          {
            accessor: 'score',
            title: t('score.title'),
            // The influencer's own score and the part that would raise it most.
            render: (a) => (a.score ? <QualityScoreImprove score={a.score} /> : '—'),
          },
          {
            accessor: 'status',
            title: t('social.status'),
            render: (a) => <StatusBadge status={socialConnectionStatus(a.status)} />,
          },
          {
            accessor: 'connected_at',
            title: t('social.connected_at'),
            render: (a) => formatDate(a.connected_at, i18n.language),
          },
          {
            accessor: 'actions',
            title: '',
            render: (a) => (
              <Group gap="xs" wrap="nowrap">
                {a.status !== 'revoked' && a.tier && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconUserCircle size={16} />}
                    onClick={() => setProfileOf(a.id)}
                    data-testid={`account-profile-${a.id}`}
                  >
                    {t('offers.edit.open')}
                  </Button>
                )}
                <DisconnectButton
                  message={t('social.disconnect_confirm', { name: a.user_name })}
                  label={t('social.disconnect')}
                  onConfirm={() => revoke.mutate(a.id)}
                />
              </Group>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The account's tier: the platform's active tiers, those needing more followers shown but not choosable. */
function TierSelect({
  account,
  tiers,
  pending,
  onChange,
}: {
  account: SocialAccount;
  tiers: SocialTier[];
  pending: boolean;
  onChange: (tierId: number) => void;
}) {
  const { t } = useTranslation();
  const followers = account.follower_count ?? 0;
  return (
    <Select
      size="xs"
      w={220}
      placeholder={t('social.choose_tier')}
      aria-label={t('social.tier_of', { name: account.user_name })}
      value={account.tier_id === null ? null : String(account.tier_id)}
      disabled={pending || account.status !== 'connected'}
      allowDeselect={false}
      error={
        account.tier_id === null && account.status === 'connected' ? t('social.no_tier_hint') : undefined
      }
      data={tiers.map((tier) => ({
        value: String(tier.id),
        label:
          followers < tier.min_followers
            ? t('social.tier_needs', { name: tier.tier_name, n: tier.min_followers })
            : t('social.tier_option', { name: tier.tier_name, price: tier.price }),
        disabled: followers < tier.min_followers,
      }))}
      onChange={(value) => value && onChange(Number(value))}
      comboboxProps={{ withinPortal: true }}
      data-testid="tier-select"
    />
  );
}

/** A creator's account profile: what artists read, the preview, replies to reviews. */
function AccountProfile({ platform, id }: { platform: SocialPlatform; id: number }) {
  const edit = useEditAccountProfile(platform, id);
  return (
    <OfferProfileEditor
      kind={platform as OfferKind}
      id={id}
      withGenres
      save={(body) => edit.mutateAsync(body)}
    />
  );
}
