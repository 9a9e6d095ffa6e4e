import { AuthLayout, isApiError, usePageTitle } from '@lm/ui';
import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFinishLogin } from '../../../app/use-finish-login';
import { useGoogleLogin } from '../../../hooks/use-auth';
import { GoogleButton } from './GoogleButton';
import { savePendingCompletion } from './mobile-oauth';

/**
 * /oauth?code=…&state=…: back from Google's consent page. Signs in (with this tab's binding secret), or
 * sends a new account to /complete/oauth to choose its type and gender. A refusal shows the API's
 * translated reason (e.g. a sign-in started in another browser) and a way to start again.
 */
export function OauthCallbackPage() {
  const { t } = useTranslation();
  usePageTitle('oauth.title');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finish = useFinishLogin();
  const googleLogin = useGoogleLogin();
  const started = useRef(false);
  // The reason shown when the sign-in is refused; '' for the generic message.
  const [failed, setFailed] = useState<string | null>(null);
  const code = params.get('code');
  const state = params.get('state') ?? undefined;

  useEffect(() => {
    // Codes are single-use: StrictMode's second effect run must not send it again.
    if (started.current) return;
    started.current = true;
    if (!code) {
      setFailed('');
      return;
    }
    googleLogin
      .mutateAsync({ code, state })
      .then((result) => {
        if ('needs_completion' in result) {
          savePendingCompletion(result);
          navigate('/complete/oauth', { replace: true });
        } else {
          finish(result);
        }
      })
      .catch((error: unknown) => setFailed(isApiError(error) && error.status > 0 ? error.message : ''));
  }, [code, state, finish, googleLogin, navigate]);

  return (
    <AuthLayout title="oauth.title">
      {failed !== null ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="oauth-failed">
            {failed || t('oauth.failed')}
          </Alert>
          <GoogleButton />
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('verify.back_to_login')}
          </Anchor>
        </Stack>
      ) : (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Loader />
            <Text c="dimmed">{t('oauth.signing_in')}</Text>
          </Stack>
        </Center>
      )}
    </AuthLayout>
  );
}
