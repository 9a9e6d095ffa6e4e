import { AuthLayout, FullPageLoader, ResetPasswordForm, usePageTitle } from '@lm/ui';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
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
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const check = useCheckAdminResetToken(email, token);
  const reset = useAdminResetPassword();
  const [spent, setSpent] = useState(false);
  const invitation = check.data?.invitation ?? params.get('invite') === '1';
  usePageTitle(invitation ? 'admin.reset.invite_title' : 'reset.title');
  if (!email || !token || check.isError || spent) return <InvalidLink />;
  if (check.isPending) return <FullPageLoader />;

  return (
    <AuthLayout
      title={invitation ? 'admin.reset.invite_title' : 'reset.title'}
      subtitle={invitation ? 'admin.reset.invite_subtitle' : 'reset.subtitle'}
      admin
    >
      <ResetPasswordForm
        email={email}
        token={token}
        reset={reset}
        onRefused={() => setSpent(true)}
        data-testid="admin-reset-form"
      >
        <Text size="xs" c="dimmed" ta="center">
          {t('admin.reset.sessions_end')}
        </Text>
      </ResetPasswordForm>
    </AuthLayout>
  );
}
