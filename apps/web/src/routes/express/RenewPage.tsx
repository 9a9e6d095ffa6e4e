import type { SessionUser } from '@lm/contracts';
import {
  isApiError,
  NotFoundPage,
  type PlatformDescriptor,
  platformOfPath,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { Alert, Anchor, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useRenewCampaign, useRenewCheck } from '../../hooks/express';
import { useSocialRenew, useSocialRenewCheck } from '../../hooks/social-express';
import { useRefreshWallet, useWalletBalance } from '../../hooks/use-wallet';

/** What the renewal shows of the campaign, whatever the platform: its rows, price and whether it may. */
interface RenewFacts {
  track: { name: string };
  /** The row naming where the song was placed: the playlist, or the seller's account. */
  placement: { label: string; name: string | null };
  price: number;
  renewable: boolean;
  /** Why it may not be renewed, worded for the platform's kind of placement. */
  notRenewable: string;
}

/** The renewal's check and its action, read by the hooks of the platform's kind of placement. */
interface RenewSource {
  check: { isLoading: boolean; error: unknown; data: RenewFacts | undefined };
  renew: { isPending: boolean; run(): Promise<{ id: number }[]> };
}

type RenewProps = {
  platform: PlatformDescriptor;
  campaignId: number;
  onCancel(): void;
  /** Called before going to the new campaign (a dialog closes itself). */
  onRenewed?(): void;
};

/** A playlist campaign's renewal (`express/artist/campaign/renew/check`, then `.../renew`). */
function PlaylistRenew(props: RenewProps) {
  const { t } = useTranslation();
  const check = useRenewCheck(props.campaignId);
  const renew = useRenewCampaign();
  const d = check.data;
  return (
    <RenewView
      {...props}
      source={{
        check: {
          isLoading: check.isLoading,
          error: check.error,
          data: d && {
            track: d.track,
            placement: { label: t('express.fields.playlist'), name: d.playlist.name },
            price: d.price,
            renewable: d.renewable,
            notRenewable: t('express.renew.not_renewable'),
          },
        },
        renew: { isPending: renew.isPending, run: () => renew.mutateAsync(props.campaignId) },
      }}
    />
  );
}

/** A video campaign's renewal (`express-{platform}/artist/campaign/renew/check`, then `.../renew`). */
function VideoRenew(props: RenewProps) {
  const { t } = useTranslation();
  const check = useSocialRenewCheck(props.platform.key, props.campaignId);
  const renew = useSocialRenew(props.platform.key);
  const d = check.data;
  return (
    <RenewView
      {...props}
      source={{
        check: {
          isLoading: check.isLoading,
          error: check.error,
          data: d && {
            track: d.track,
            placement: { label: t('express.social.account'), name: d.account.name },
            price: d.price,
            renewable: d.renewable,
            notRenewable: t('express.social_artist.not_renewable'),
          },
        },
        renew: { isPending: renew.isPending, run: () => renew.mutateAsync(props.campaignId) },
      }}
    />
  );
}

/** The song, where it was placed and today's price against the wallet; renewed with coins. */
function RenewView({ platform, onCancel, onRenewed, source }: RenewProps & { source: RenewSource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useWalletBalance();
  const refreshWallet = useRefreshWallet();
  const session = useSession<SessionUser>();
  const [error, setError] = useState<string | null>(null);
  const balance = wallet.data?.balance ?? session.balance ?? 0;
  const { check, renew } = source;

  const confirm = async () => {
    setError(null);
    try {
      const created = await renew.run();
      await refreshWallet();
      notifications.show({ color: 'green', message: t('express.renew.done') });
      onRenewed?.();
      navigate(created[0] ? platform.detailPath(created[0].id) : platform.listPath);
    } catch (e) {
      setError(isApiError(e) ? e.message : t('ui.errors.unexpected'));
    }
  };

  if (check.isLoading)
    return (
      <Center h={120}>
        <Loader />
      </Center>
    );
  if (!check.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {isApiError(check.error) ? check.error.message : t('express.renew.not_found')}
      </Alert>
    );
  const c = check.data;
  return (
    <Stack data-testid="social-renew">
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed">{t('express.fields.track')}</Text>
        <Text fw={600} dir="auto" ta="end">
          {c.track.name}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed">{c.placement.label}</Text>
        <Text fw={600} dir="auto" ta="end">
          {c.placement.name ?? '—'}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed">{t('express.fields.price')}</Text>
        <Text fw={700}>{t('common.coins', { count: c.price })}</Text>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed">{t('express.create.balance')}</Text>
        <Text>{t('common.coins', { count: balance })}</Text>
      </Group>
      {!c.renewable && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {c.notRenewable}
        </Alert>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {error}{' '}
          <Anchor component={Link} to="/wallet/coins/packages">
            {t('express.create.buy_coins')}
          </Anchor>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('ui.confirm.cancel')}
        </Button>
        <Button
          leftSection={<IconRefresh size={16} />}
          disabled={!c.renewable}
          loading={renew.isPending}
          onClick={confirm}
          data-testid="confirm-renew"
        >
          {t('express.renew.confirm', { value: c.price })}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Renewing a campaign on any platform (renew check, then renew with coins): the song, where it was
 * placed and today's price against the wallet; renewed with coins, then the new campaign's page.
 */
export function RenewPanel(props: RenewProps) {
  return props.platform.placement === 'playlist' ? <PlaylistRenew {...props} /> : <VideoRenew {...props} />;
}

/** The renewal in a dialog, for platforms whose renewal has no route of its own (Instagram). */
export function RenewModal({
  platform,
  campaignId,
  opened,
  onClose,
}: {
  platform: PlatformDescriptor;
  campaignId: number;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('express.renew.title')} centered>
      {opened && (
        <RenewPanel platform={platform} campaignId={campaignId} onCancel={onClose} onRenewed={onClose} />
      )}
    </Modal>
  );
}

/**
 * One renewal page for every platform that has one: /renew/express/campaign?campaign_id= (Spotify),
 * /tiktok/renew/express/campaign?campaign_id= (ARTIST_PERMISSION), chosen by the platform whose renewal
 * path is the current address.
 */
export function RenewPage() {
  const { t } = useTranslation();
  usePageTitle('express.renew.title');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const platform = platformOfPath(useLocation().pathname, 'renew');
  const campaignId = Number(search.get('campaign_id'));
  if (!platform) return <NotFoundPage />;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{t('express.renew.title')}</Title>
      <Card padding="lg" radius="md">
        <RenewPanel
          platform={platform}
          campaignId={campaignId}
          onCancel={() => navigate(campaignId > 0 ? platform.detailPath(campaignId) : platform.listPath)}
        />
      </Card>
    </Stack>
  );
}
