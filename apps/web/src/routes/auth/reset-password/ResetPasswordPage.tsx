import { AuthLayout, FullPageLoader, ResetPasswordForm, usePageTitle } from '@lm/ui';
import { Anchor } from '@mantine/core';
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
  if (!email || !token || check.isError) return <Navigate to="/expired/password/reset" replace />;
  if (check.isPending) return <FullPageLoader />;

  // A refusal that names the link (token or e-mail) means it expired or was used.
  const refused = (error: unknown) => {
    const fields = (error as { errors?: Record<string, unknown> }).errors;
    if (fields && ('token' in fields || 'email' in fields))
      navigate('/expired/password/reset', { replace: true });
  };

  return (
    <AuthLayout title="reset.title" subtitle="reset.subtitle">
      <ResetPasswordForm
        email={email}
        token={token}
        reset={reset}
        onRefused={refused}
        data-testid="reset-form"
      >
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('verify.back_to_login')}
        </Anchor>
      </ResetPasswordForm>
    </AuthLayout>
  );
}
