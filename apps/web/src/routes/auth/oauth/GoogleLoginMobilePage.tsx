import { AuthLayout, usePageTitle } from '@lm/ui';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoogleRedirect } from '../../../hooks/use-auth';
import { markMobileOauth } from './mobile-oauth';

/**
 * /google/login/mobile: opened by the mobile app to sign in with Google in the browser. Marks the
 * tab as a mobile sign-in and goes to Google's consent page (keeping the tab's binding secret, like the
 * web button); /oauth then ends at /mobile/callbacks.
 */
export function GoogleLoginMobilePage() {
  const { t } = useTranslation();
  usePageTitle('oauth.title');
  const redirect = useGoogleRedirect();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);

  const start = () => {
    setFailed(false);
    markMobileOauth();
    redirect
      .mutateAsync('login')
      .then((url) => window.location.assign(url))
      .catch(() => setFailed(true));
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  });

  return (
    <AuthLayout title="oauth.title">
      {failed ? (
        <Stack gap="md">
          <Alert color="red">{t('oauth.failed')}</Alert>
          <Button onClick={start} fullWidth>
            {t('oauth.retry')}
          </Button>
        </Stack>
      ) : (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Loader />
            <Text c="dimmed">{t('oauth.redirecting')}</Text>
          </Stack>
        </Center>
      )}
    </AuthLayout>
  );
}
