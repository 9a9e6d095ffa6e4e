import {
  EXPRESS_ADMIN_PERMISSIONS as EXPRESS,
  USER_ADMIN_PERMISSIONS as PERM,
  type SessionAdmin,
} from '@lm/contracts';
import { confirmAction, useSession } from '@lm/ui';
import { Button, Group } from '@mantine/core';
import {
  IconForms,
  IconKey,
  IconLock,
  IconLockOpen,
  IconMail,
  IconPlaylistAdd,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AdminUser, type UserAction, useUserAction } from '../../../hooks/use-users';

/** Header actions: Invite, Reset Password, Disable / Enable, each behind its permission. */
export function HeaderActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const session = useSession<SessionAdmin>();
  const can = (p: string) => session.ability.can('call', p);
  const act = useUserAction(user.id);
  const run = async (action: UserAction, message: string) => {
    if (await confirmAction({ message: t(message, { name: user.name }) })) act.mutate({ action });
  };
  const invitable = user.status_key === 'not_registered' || user.status_key === 'invited';
  const approved = user.status_key === 'approved';
  return (
    <Group gap="sm">
      {approved && user.user_type_id === 1 && can(EXPRESS.campaigns) && (
        <Button
          component={Link}
          to={`/express/checkout?artist=${user.id}`}
          variant="light"
          leftSection={<IconShoppingCart size={16} />}
          data-testid="user-new-campaign"
        >
          {t('behalf.new_campaign')}
        </Button>
      )}
      {approved && user.user_type_id === 1 && can('INFLUENCER_ADD_FORM') && (
        <Button
          component={Link}
          to={`/forms/new?artist=${user.id}`}
          variant="light"
          leftSection={<IconForms size={16} />}
          data-testid="user-new-form"
        >
          {t('behalf.new_form')}
        </Button>
      )}
      {approved && user.user_type_id === 2 && can(EXPRESS.playlists) && (
        <Button
          component={Link}
          to={`/express/playlist/create?curator=${user.id}`}
          variant="light"
          leftSection={<IconPlaylistAdd size={16} />}
          data-testid="user-new-playlist"
        >
          {t('behalf.new_playlist')}
        </Button>
      )}
      {can(PERM.invite) && (
        <Button
          variant="light"
          leftSection={<IconMail size={16} />}
          disabled={!invitable}
          onClick={() => run('invite', 'users.actions.invite_confirm')}
          data-testid="user-invite"
        >
          {t('users.actions.invite')}
        </Button>
      )}
      {can(PERM.resetPassword) && (
        <Button
          variant="light"
          leftSection={<IconKey size={16} />}
          disabled={!user.has_password || user.status_key === 'disabled'}
          onClick={() => run('reset-password', 'users.actions.reset_confirm')}
          data-testid="user-reset-password"
        >
          {t('users.actions.reset_password')}
        </Button>
      )}
      {can(PERM.edit) &&
        (user.status_key === 'disabled' ? (
          <Button
            variant="light"
            color="green"
            leftSection={<IconLockOpen size={16} />}
            onClick={() => run('enable', 'users.actions.enable_confirm')}
            data-testid="user-enable"
          >
            {t('users.actions.enable')}
          </Button>
        ) : (
          <Button
            variant="light"
            color="red"
            leftSection={<IconLock size={16} />}
            onClick={() => run('disable', 'users.actions.disable_confirm')}
            data-testid="user-disable"
          >
            {t('users.actions.disable')}
          </Button>
        ))}
    </Group>
  );
}
