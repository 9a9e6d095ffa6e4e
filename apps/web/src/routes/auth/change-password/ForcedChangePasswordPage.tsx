import type { SessionUser } from '@lm/contracts';
import { AuthLayout, usePageTitle, useSession } from '@lm/ui';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../security/ChangePasswordForm';

/**
 * Shown instead of any signed-in screen while the session says `must_change_password`: a new
 * password without the current one, then the app continues.
 */
export function ForcedChangePasswordPage() {
  const { t } = useTranslation();
  usePageTitle('change_password.title');
  const session = useSession<SessionUser>();
  return (
    <AuthLayout title="change_password.title" subtitle="change_password.forced_text">
      <ChangePasswordForm forced onDone={() => void session.refresh()} />
      <Text ta="center" mt="md" size="sm">
        <Anchor component="button" type="button" onClick={() => void session.logout()}>
          {t('ui.topbar.logout')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
