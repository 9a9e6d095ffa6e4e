import type { SessionUser } from '@lm/contracts';
import { isApiError, usePageTitle, useSession } from '@lm/ui';
import { Alert, Anchor, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSocialRenew, useSocialRenewCheck } from '../../hooks/social-express';
import { useRefreshWallet, useWalletBalance } from '../../hooks/use-wallet';
import { type SocialPlatformInfo, TIKTOK } from './social-platforms';

/**
 * Renewing a TikTok or Instagram campaign (`artist/campaign/renew/check`, then `artist/campaign/renew`):
 * the song, the account and today's price against the wallet; renewed with coins, then the new
 * campaign's page.
 */
export function SocialRenewPanel({
  platform,
  campaignId,
  onCancel,
  onRenewed,
}: {
  platform: SocialPlatformInfo;
  campaignId: number;
  onCancel(): void;
  /** Called before going to the new campaign (a dialog closes itself). */
  onRenewed?(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useSocialRenewCheck(platform.key, campaignId);
  const renew = useSocialRenew(platform.key);
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
  return (
    <Stack data-testid="social-renew">
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed">{t('express.fields.track')}</Text>
        <Text fw={600} dir="auto" ta="end">
          {c.track.name}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed">{t('express.social.account')}</Text>
        <Text fw={600} dir="ltr">
          {c.account.name ?? '—'}
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
          {t('express.social_artist.not_renewable')}
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

/** The renewal in a dialog (Instagram: the spec has no renewal route of its own). */
export function SocialRenewModal({
  platform,
  campaignId,
  opened,
  onClose,
}: {
  platform: SocialPlatformInfo;
  campaignId: number;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('express.renew.title')} centered>
      {opened && (
        <SocialRenewPanel
          platform={platform}
          campaignId={campaignId}
          onCancel={onClose}
          onRenewed={onClose}
        />
      )}
    </Modal>
  );
}

/** /tiktok/renew/express/campaign?campaign_id= (ARTIST_PERMISSION): renew check, then renew with coins. */
export function TikTokRenewPage() {
  const { t } = useTranslation();
  usePageTitle('express.renew.title');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const campaignId = Number(search.get('campaign_id'));
  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{t('express.renew.title')}</Title>
      <Card padding="lg" radius="md">
        <SocialRenewPanel
          platform={TIKTOK}
          campaignId={campaignId}
          onCancel={() => navigate(campaignId > 0 ? TIKTOK.detailPath(campaignId) : TIKTOK.listPath)}
        />
      </Card>
    </Stack>
  );
}
