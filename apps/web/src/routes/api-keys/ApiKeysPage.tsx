import { ApiKeysPanel, usePageTitle } from '@lm/ui';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../hooks/use-api-keys';

/** /account/api-keys: the user's API keys (issue 34): create with scopes and a lifetime, see the last use, revoke. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  usePageTitle('apiKeys.title');
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
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
      />
    </Stack>
  );
}
