import type { SessionUser } from '@lm/contracts';
import { usePageTitle, useSession } from '@lm/ui';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * /reset-password (verified user with ARTIST_ALL_PERMISSION, spec section 2): a signed-in user sets a
 * new password, e.g. after staff sent a reset or when they want a fresh one, without going through the
 * mailed link. The current password is asked (someone at an unlocked screen cannot take the account)
 * unless the session must change it; the other sessions end and the user lands on the dashboard.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle('set_password.title');
  const navigate = useNavigate();
  const session = useSession<SessionUser>();
  const forced = session.user?.must_change_password === true;
  return (
    <Stack gap="lg" maw={560} data-testid="set-password-page">
      <Title order={2}>{t('set_password.title')}</Title>
      <Card padding="lg" radius="md">
        <Text size="sm" c="dimmed" mb="md">
          {t('set_password.text')}
        </Text>
        <ChangePasswordForm
          forced={forced}
          onDone={() => {
            void session.refresh();
            navigate('/dashboard', { replace: true });
          }}
        />
      </Card>
      {!forced && (
        <Text size="sm" c="dimmed">
          {t('set_password.forgot', { link: t('login.forgot') })}
        </Text>
      )}
    </Stack>
  );
}
