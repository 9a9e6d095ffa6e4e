import type { SessionAdmin } from '@lm/contracts';
import {
  AuthLayout,
  applyServerErrors,
  fieldError,
  useApi,
  useLazyZodForm,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAt, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';

function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/dashboard';
}

/** Back-office /login (POST admin/login); the token is stored under USER_TOKEN. */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle('admin.login_title');
  const { api } = useApi();
  const session = useSession<SessionAdmin>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      (await api.post<{ token: string; admin: SessionAdmin }>('admin/login', body)).data,
  });
  const form = useLazyZodForm(() => import('@lm/contracts/auth').then((m) => m.loginSchema), {
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  if (!session.loading && session.user) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await login.mutateAsync(values);
      session.login(result.token, result.admin);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'password']);
    }
  });

  return (
    <AuthLayout title="admin.login_title" subtitle="admin.login_subtitle" admin>
      <form onSubmit={submit} noValidate data-testid="admin-login-form">
        <Stack gap="md">
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            placeholder="admin@example.com"
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
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('login.submit')}
          </Button>
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
