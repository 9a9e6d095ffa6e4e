import { type SessionAdmin, USER_ADMIN_PERMISSIONS } from '@lm/contracts';
import { ApiKeysList, useSession } from '@lm/ui';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRevokeUserApiKey, useUserApiKeys } from '../../../hooks/use-api-keys';
import type { AdminUser } from '../../../hooks/use-users';

/**
 * API keys tab of the user overview (issue 34): the user's keys with their scopes and last use; staff
 * who may edit users revoke one (a leaked key) without disabling the account.
 */
export function ApiKeysTab({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const session = useSession<SessionAdmin>();
  const keys = useUserApiKeys(user.id);
  const revoke = useRevokeUserApiKey(user.id);
  const canRevoke = session.ability.can('call', USER_ADMIN_PERMISSIONS.edit);
  return (
    <Stack gap="md" data-testid="user-api-keys">
      <Text size="sm" c="dimmed">
        {t('apiKeys.overview_intro')}
      </Text>
      <ApiKeysList
        keys={keys.data}
        loading={keys.isLoading}
        revoke={canRevoke ? revoke.mutate : undefined}
        revokingId={revoke.isPending ? revoke.variables : undefined}
      />
    </Stack>
  );
}
