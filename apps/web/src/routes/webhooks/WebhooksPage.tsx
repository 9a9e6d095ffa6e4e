import { WEBHOOK_LIMITS } from '@lm/contracts/webhooks';
import { EmptyState, usePageTitle } from '@lm/ui';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebhookEndpoints } from '../../hooks/use-webhooks';
import { EndpointCard } from './EndpointCard';
import { EndpointForm } from './EndpointForm';

/**
 * /account/webhooks (issue 34 "Webhooks"): the account's endpoints, each with its events, signing
 * secret, test event and delivery log, and a form to add one (at most
 * `WEBHOOK_LIMITS.endpointsPerAccount`).
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  usePageTitle('webhooks.title');
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const list = endpoints.data ?? [];
  const full = list.length >= WEBHOOK_LIMITS.endpointsPerAccount;
  return (
    <Stack gap="lg" data-testid="webhooks-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          <Title order={2}>{t('webhooks.title')}</Title>
          <Text c="dimmed">{t('webhooks.intro')}</Text>
        </Stack>
        {!adding && (
          <Button onClick={() => setAdding(true)} disabled={full} data-testid="webhook-add">
            {t('webhooks.add')}
          </Button>
        )}
      </Group>
      {full && (
        <Text size="sm" c="dimmed">
          {t('webhooks.limit_reached', { max: WEBHOOK_LIMITS.endpointsPerAccount })}
        </Text>
      )}
      {adding && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3}>{t('webhooks.add_title')}</Title>
            <EndpointForm onDone={() => setAdding(false)} />
          </Stack>
        </Paper>
      )}
      {endpoints.data && list.length === 0 && !adding && (
        <EmptyState
          icon={<IconWebhook size={22} />}
          title={t('webhooks.empty_title')}
          hint={t('webhooks.empty_text')}
        />
      )}
      {list.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} />
      ))}
    </Stack>
  );
}
