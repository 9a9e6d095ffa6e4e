import type { SessionUser } from '@lm/contracts';
import { isApiError, usePageTitle, useSession } from '@lm/ui';
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRenewCampaign, useRenewCheck } from '../../hooks/express';
import { useRefreshWallet, useWalletBalance } from '../../hooks/use-wallet';

/** /renew/express/campaign?campaign_id= (ARTIST_PERMISSION): renew check, then renew with coins. */
export function RenewPage() {
  const { t } = useTranslation();
  usePageTitle('express.renew.title');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const campaignId = Number(search.get('campaign_id'));
  const check = useRenewCheck(campaignId);
  const renew = useRenewCampaign();
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
      navigate(created[0] ? `/express-campaigns/${created[0].id}` : '/express/campaigns/list');
    } catch (e) {
      setError(isApiError(e) ? e.message : t('ui.errors.unexpected'));
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{t('express.renew.title')}</Title>
      <Card padding="lg" radius="md">
        {check.isLoading ? (
          <Center h={120}>
            <Loader />
          </Center>
        ) : !check.data ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {isApiError(check.error) ? check.error.message : t('express.renew.not_found')}
          </Alert>
        ) : (
          <Stack>
            <Group justify="space-between">
              <Text c="dimmed">{t('express.fields.track')}</Text>
              <Text fw={600}>{check.data.track.name}</Text>
            </Group>
            <Group justify="space-between">
              <Text c="dimmed">{t('express.fields.playlist')}</Text>
              <Text fw={600}>{check.data.playlist.name}</Text>
            </Group>
            <Group justify="space-between">
              <Text c="dimmed">{t('express.fields.price')}</Text>
              <Text fw={700}>{t('common.coins', { count: check.data.price })}</Text>
            </Group>
            <Group justify="space-between">
              <Text c="dimmed">{t('express.create.balance')}</Text>
              <Text>{t('common.coins', { count: balance })}</Text>
            </Group>
            {!check.data.renewable && (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
                {t('express.renew.not_renewable')}
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
              <Button variant="default" component={Link} to={`/express-campaigns/${campaignId}`}>
                {t('ui.confirm.cancel')}
              </Button>
              <Button
                leftSection={<IconRefresh size={16} />}
                disabled={!check.data.renewable}
                loading={renew.isPending}
                onClick={confirm}
              >
                {t('express.renew.confirm', { value: check.data.price })}
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
