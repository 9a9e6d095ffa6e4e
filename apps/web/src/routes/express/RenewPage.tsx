import type { SessionUser } from '@lm/contracts';
import { isApiError, type PlatformDescriptor, PlatformScreen, usePageTitle, useSession } from '@lm/ui';
import { Alert, Anchor, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRenewCampaign, useRenewCheck } from '../../hooks/use-express';
import { useSocialRenew, useSocialRenewCheck } from '../../hooks/use-social-express';
import { useRefreshWallet, useWalletBalance } from '../../hooks/use-wallet';
import { LastTimeResult } from '../results/LastTimeResult';

/** What every platform's renew check answers, besides where the song was placed. */
interface RenewCheckAnswer {
  track: { name: string };
  price: number;
  renewable: boolean;
}

type RenewProps = {
  platform: PlatformDescriptor;
  campaignId: number;
  onCancel(): void;
  /** Called before going to the new campaign (a dialog closes itself). */
  onRenewed?(): void;
};

/** The renewal's check and its action, read by the hooks of the platform's kind of placement. */
interface RenewSource<C extends RenewCheckAnswer> {
  check: { isLoading: boolean; error: unknown; data: C | undefined };
  renew: { isPending: boolean; mutateAsync(campaignId: number): Promise<{ id: number }[]> };
  /** The row naming where the song was placed: the playlist, or the seller's account. */
  placement(check: C): { label: string; name: string | null };
  /** Translation key of why it may not be renewed, worded for the kind of placement. */
  notRenewable: string;
}

/** A playlist campaign's renewal (`express/artist/campaign/renew/check`, then `.../renew`). */
function PlaylistRenew(props: RenewProps) {
  const { t } = useTranslation();
  return (
    <RenewView
      {...props}
      check={useRenewCheck(props.campaignId)}
      renew={useRenewCampaign()}
      placement={(c) => ({ label: t('express.fields.playlist'), name: c.playlist.name })}
      notRenewable="express.renew.not_renewable"
    />
  );
}

/** A video campaign's renewal (`express-{platform}/artist/campaign/renew/check`, then `.../renew`). */
function VideoRenew(props: RenewProps) {
  const { t } = useTranslation();
  return (
    <RenewView
      {...props}
      check={useSocialRenewCheck(props.platform.key, props.campaignId)}
      renew={useSocialRenew(props.platform.key)}
      placement={(c) => ({ label: t('express.social.account'), name: c.account.name })}
      notRenewable="express.social_artist.not_renewable"
    />
  );
}

/** The song, where it was placed and today's price against the wallet; renewed with coins. */
function RenewView<C extends RenewCheckAnswer>({
  platform,
  campaignId,
  onCancel,
  onRenewed,
  check,
  renew,
  placement,
  notRenewable,
}: RenewProps & RenewSource<C>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useWalletBalance();
  const refreshWallet = useRefreshWallet();
  const session = useSession<SessionUser>();
  const [error, setError] = useState<string | null>(null);
  const balance = wallet.data?.balance ?? session.balance ?? 0;

  const confirm = async () => {
    setError(null);
    try {
      const created = await renew.mutateAsync(campaignId);
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
  const placed = placement(c);
  return (
    <Stack data-testid="social-renew">
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed">{t('express.fields.track')}</Text>
        <Text fw={600} dir="auto" ta="end">
          {c.track.name}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed">{placed.label}</Text>
        <Text fw={600} dir="auto" ta="end">
          {placed.name ?? '—'}
        </Text>
      </Group>
      <LastTimeResult campaignId={campaignId} />
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
          {t(notRenewable)}
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
  const campaignId = Number(search.get('campaign_id'));
  return (
    <PlatformScreen screen="renew">
      {(platform) => (
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
      )}
    </PlatformScreen>
  );
}
