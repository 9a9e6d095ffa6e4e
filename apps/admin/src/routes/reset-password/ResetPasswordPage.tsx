import { resetPasswordSchema } from '@lm/contracts/auth';
import {
  AuthLayout,
  applyServerErrors,
  FullPageLoader,
  NewPasswordFields,
  usePageTitle,
  useZodForm,
} from '@lm/ui';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAdminResetPassword, useCheckAdminResetToken } from '../../hooks/use-account';

/** The link cannot be used (unknown, used, expired, or the account was disabled). */
function InvalidLink() {
  const { t } = useTranslation();
  return (
    <AuthLayout title="admin.reset.invalid_title" admin>
      <Stack gap="md">
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="admin-reset-invalid">
          {t('admin.reset.invalid_text')}
        </Alert>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('verify.back_to_login')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}

/**
 * /reset-password?token=…&email=…[&invite=1] (public): the link an admin receives when invited or when
 * staff send a password link. The link is checked first; the new password follows the
 * product's rule; once set, every session of the admin ends and they sign in with it.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const check = useCheckAdminResetToken(email, token);
  const reset = useAdminResetPassword();
  const [spent, setSpent] = useState(false);
  const invitation = check.data?.invitation ?? params.get('invite') === '1';
  usePageTitle(invitation ? 'admin.reset.invite_title' : 'reset.title');
  const form = useZodForm(resetPasswordSchema, {
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });

  if (!email || !token || check.isError || spent) return <InvalidLink />;
  if (check.isPending) return <FullPageLoader />;

  const submit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      navigate(`/login?email=${encodeURIComponent(values.email)}`, { replace: true });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['password', 'password_confirmation'])) setSpent(true);
    }
  });

  return (
    <AuthLayout
      title={invitation ? 'admin.reset.invite_title' : 'reset.title'}
      subtitle={invitation ? 'admin.reset.invite_subtitle' : 'reset.subtitle'}
      admin
    >
      <form onSubmit={submit} noValidate data-testid="admin-reset-form">
        <Stack gap="md">
          <TextInput label={t('login.email')} value={email} readOnly variant="filled" dir="ltr" />
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('reset.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('admin.reset.sessions_end')}
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
