import { getPlatform, isApiError, usePageTitle } from '@lm/ui';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type SocialPlatform, useFinishConnection } from '../../hooks/use-connections';

/**
 * /tiktok/callback/ and /instagram/oauth/ (spec section 2): back from the platform's consent page. Sends
 * the code and state with this tab's binding secret, then shows the accounts; a refusal (personal
 * Instagram account, account held by someone else, state of another browser) is shown translated.
 */
export function ConnectionCallbackPage() {
  const { t } = useTranslation();
  usePageTitle('social.title');
  const { pathname } = useLocation();
  const platform: SocialPlatform = pathname.startsWith('/instagram') ? 'instagram' : 'tiktok';
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishConnection(platform);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const list = getPlatform(platform).connectionsPath ?? '/tiktok/connection/list';
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    if (!code || !state) {
      setError(t(search.get('error') ? 'social.denied' : 'social.failed'));
      return;
    }
    finish
      .mutateAsync({ code, state })
      .then(() => navigate(list, { replace: true }))
      .catch((e) => setError(isApiError(e) ? e.message : t('social.failed')));
  }, [finish, navigate, search, t, list]);
  return (
    <Center mih="50vh">
      {error ? (
        <Alert color="red" title={t('social.failed')} maw={480} data-testid="connection-error">
          <Stack gap="sm">
            <Text size="sm">{error}</Text>
            <Button variant="light" onClick={() => navigate(list)}>
              {t('social.back')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack align="center">
          <IconPlugConnected size={32} />
          <Loader />
          <Text c="dimmed">{t('social.connecting')}</Text>
        </Stack>
      )}
    </Center>
  );
}
