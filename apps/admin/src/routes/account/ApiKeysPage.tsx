import { ADMIN_PERMISSIONS, type SessionAdmin } from '@lm/contracts';
import { ApiKeysPanel, usePageTitle, useSession } from '@lm/ui';
import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../hooks/use-api-keys';
import { permissionLabel } from '../../i18n/labels';

/**
 * /account/api-keys: the staff member's own API keys (issue 34), each carrying some of their own
 * permissions (the picker offers only those; the API checks again at creation and at every use).
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  usePageTitle('apiKeys.title');
  const session = useSession<SessionAdmin>();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const held = session.user?.abilities;
  const permissions = useMemo(() => {
    const mine = new Set((held ?? []).map((rule) => rule.subject));
    return ADMIN_PERMISSIONS.filter((p) => mine.has(p)).map((p) => ({
      value: p,
      label: permissionLabel(p, t),
    }));
  }, [held, t]);
  return (
    <Stack gap="lg" data-testid="api-keys-page">
      <Title order={2}>{t('apiKeys.title')}</Title>
      <ApiKeysPanel
        keys={keys.data}
        loading={keys.isLoading}
        create={create.mutateAsync}
        creating={create.isPending}
        revoke={revoke.mutate}
        revokingId={revoke.isPending ? revoke.variables : undefined}
        permissions={permissions}
      />
    </Stack>
  );
}
