import { resetPasswordSchema } from '@lm/contracts';
import {
  AuthLayout,
  applyServerErrors,
  FullPageLoader,
  NewPasswordFields,
  usePageTitle,
  useZodForm,
} from '@lm/ui';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCheckResetToken, useResetPassword } from '../../../hooks/use-auth';

/**
 * /user/reset-password?token=…&email=…: the link from the reset e-mail. The token is checked first
 * (`check/reset/token`); an invalid or expired one goes to /expired/password/reset.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle('reset.title');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const check = useCheckResetToken(email, token);
  const reset = useResetPassword();
  const form = useZodForm(resetPasswordSchema, {
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });

  if (!email || !token || check.isError) return <Navigate to="/expired/password/reset" replace />;
  if (check.isPending) return <FullPageLoader />;

  const submit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      navigate(`/login?email=${encodeURIComponent(values.email)}`, { replace: true });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['password', 'password_confirmation'])) {
        const fields = (error as { errors?: Record<string, unknown> }).errors;
        if (fields && ('token' in fields || 'email' in fields))
          navigate('/expired/password/reset', { replace: true });
      }
    }
  });

  return (
    <AuthLayout title="reset.title" subtitle="reset.subtitle">
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <Stack gap="md">
          <TextInput label={t('login.email')} value={email} readOnly variant="filled" />
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('reset.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('verify.back_to_login')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
