import type { SessionUser } from '@lm/contracts';
import { ERROR_CODES } from '@lm/contracts/api';
import {
  AuthLayout,
  applyServerErrors,
  fieldError,
  isApiError,
  useLazyZodForm,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAt, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect, useFinishLogin } from '../../../app/use-finish-login';
import { useLogin } from '../../../hooks/use-auth';
import { GoogleButton } from '../oauth/GoogleButton';
import { TwoFactorStep } from './TwoFactorStep';

/**
 * /login: e-mail and password; a second step asks for the emailed code when two-step sign-in is on;
 * an unverified account goes to /verify-user (a new code was sent).
 */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle('login.title');
  const session = useSession<SessionUser>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finish = useFinishLogin();
  const login = useLogin();
  const [secondStep, setSecondStep] = useState<{ email: string; password: string } | null>(null);
  const form = useLazyZodForm(() => import('@lm/contracts/auth').then((m) => m.loginSchema), {
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });
  const { errors } = form.formState;

  if (!session.loading && session.user) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await login.mutateAsync(values);
      if ('token' in result) finish(result);
      else setSecondStep({ email: result.email, password: values.password });
    } catch (error) {
      if (isApiError(error, 403, ERROR_CODES.NOT_VERIFIED)) {
        navigate(`/verify-user?email=${encodeURIComponent(values.email)}`);
        return;
      }
      applyServerErrors(error, form.setError, ['email', 'password']);
    }
  });

  if (secondStep) {
    return <TwoFactorStep credentials={secondStep} onBack={() => setSecondStep(null)} onDone={finish} />;
  }

  return (
    <AuthLayout title="login.title" subtitle="login.subtitle">
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap="md">
          <TextInput
            label={t('login.email')}
            placeholder="name@example.com"
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} />}
            error={fieldError(errors.email)}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            error={fieldError(errors.password)}
            {...form.register('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('login.submit')}
          </Button>
          <GoogleButton />
          <Text size="sm" ta="center">
            {t('login.no_account')}{' '}
            <Anchor component={Link} to="/register" fw={600}>
              {t('login.create_account')}
            </Anchor>
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            <Anchor component={Link} to="/privacy" c="dimmed" size="xs">
              {t('privacy.link')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
