import { AuthLayout, usePageTitle } from '@lm/ui';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFinishLogin } from '../../../app/use-finish-login';
import { useGoogleLogin } from '../../../hooks/use-auth';
import { savePendingCompletion } from './mobile-oauth';

/**
 * /oauth?code=…&state=…: back from Google's consent page. Signs in, or sends a new account to
 * /complete/oauth to choose its type and gender.
 */
export function OauthCallbackPage() {
  const { t } = useTranslation();
  usePageTitle('oauth.title');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finish = useFinishLogin();
  const googleLogin = useGoogleLogin();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  const code = params.get('code');
  const state = params.get('state') ?? undefined;

  useEffect(() => {
    // Codes are single-use: StrictMode's second effect run must not send it again.
    if (started.current) return;
    started.current = true;
    if (!code) {
      setFailed(true);
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
      .catch(() => setFailed(true));
  }, [code, state, finish, googleLogin, navigate]);

  return (
    <AuthLayout title="oauth.title">
      {failed ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="oauth-failed">
            {t('oauth.failed')}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t('verify.back_to_login')}
          </Button>
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
