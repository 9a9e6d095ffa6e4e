import { AuthLayout, usePageTitle, useProductName } from '@lm/ui';
import { Alert, Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconDeviceMobile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MOBILE_APP_CALLBACK } from './mobile-oauth';

/**
 * /mobile/callbacks#token=…: end of a Google sign-in started by the mobile app. The app's web view
 * reads the token from this URL, or the user opens the app through the deep link.
 */
export function MobileCallbacksPage() {
  const { t } = useTranslation();
  const product = useProductName();
  usePageTitle('oauth.mobile_title');
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');

  return (
    <AuthLayout title="oauth.mobile_title">
      {token ? (
        <Stack gap="md" align="stretch">
          <Center>
            <ThemeIcon size={64} radius="xl" color="green" variant="light">
              <IconCircleCheck size={36} />
            </ThemeIcon>
          </Center>
          <Text ta="center">{t('oauth.mobile_done', { product })}</Text>
          <Button
            component="a"
            href={`${MOBILE_APP_CALLBACK}#token=${encodeURIComponent(token)}`}
            leftSection={<IconDeviceMobile size={18} />}
            fullWidth
          >
            {t('oauth.open_app')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="orange">{t('oauth.mobile_missing')}</Alert>
          <Button component={Link} to="/google/login/mobile" fullWidth>
            {t('oauth.retry')}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
