import { confirmAction, formatDateTime } from '@lm/ui';
import {
  ActionIcon,
  Badge,
  Button,
  Code,
  CopyButton,
  Divider,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteWebhookEndpoint,
  useRevealWebhookSecret,
  useRollWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  type WebhookEndpoint,
} from '../../hooks/use-webhooks';
import { DeliveryLog } from './DeliveryLog';
import { EndpointForm } from './EndpointForm';

/** The signing secret, shown only once asked for, with a copy button; rolling it shows the new one. */
function SigningSecret({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const reveal = useRevealWebhookSecret();
  const roll = useRollWebhookSecret();
  const [secret, setSecret] = useState<string | null>(null);
  const confirmRoll = async () => {
    const ok = await confirmAction({
      title: t('webhooks.roll_title'),
      message: t('webhooks.roll_text'),
      confirmLabel: t('webhooks.roll'),
      danger: true,
    });
    if (ok) setSecret(await roll.mutateAsync(endpointId));
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('webhooks.secret')}
      </Text>
      {secret ? (
        <Group gap="xs" wrap="nowrap">
          <Code dir="ltr" style={{ overflowWrap: 'anywhere' }} data-testid="webhook-secret">
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('webhooks.copied') : t('webhooks.copy')}>
                <ActionIcon variant="subtle" onClick={copy} aria-label={t('webhooks.copy')}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            loading={reveal.isPending}
            onClick={async () => setSecret(await reveal.mutateAsync(endpointId))}
            data-testid="webhook-reveal"
          >
            {t('webhooks.reveal')}
          </Button>
        </Group>
      )}
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {t('webhooks.secret_help')}
        </Text>
        <Button size="compact-xs" variant="subtle" color="red" loading={roll.isPending} onClick={confirmRoll}>
          {t('webhooks.roll')}
        </Button>
      </Group>
    </Stack>
  );
}

const STATE = {
  on: { label: 'webhooks.state.on', color: 'teal' },
  off: { label: 'webhooks.state.off', color: 'gray' },
  failing: { label: 'webhooks.state.failing', color: 'red' },
} as const;

/**
 * One endpoint: its address and state (on, off by its owner, or off after a day of failures), the
 * events it receives, its signing secret, on/off, edit, delete, "send test event", and its delivery log.
 */
export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendWebhookTest();
  const confirmDelete = async () => {
    const ok = await confirmAction({
      title: t('webhooks.delete_title'),
      message: t('webhooks.delete_text'),
      confirmLabel: t('webhooks.delete'),
      danger: true,
    });
    if (ok) remove.mutate(endpoint.id);
  };
  const state = STATE[endpoint.enabled ? 'on' : endpoint.disabled_reason === 'failing' ? 'failing' : 'off'];
  return (
    <Paper withBorder radius="md" p="md" data-testid="webhook-endpoint">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Group gap="xs">
              <Title order={4} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.url}
              </Title>
              <Badge color={state.color} variant="light">
                {t(state.label)}
              </Badge>
            </Group>
            {endpoint.description && (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            )}
            {endpoint.failing_since && (
              <Text size="sm" c="red">
                {t('webhooks.failing_since', { time: formatDateTime(endpoint.failing_since, i18n.language) })}
              </Text>
            )}
          </Stack>
          <Switch
            checked={endpoint.enabled}
            label={t('webhooks.enabled')}
            onChange={(e) => update.mutate({ id: endpoint.id, enabled: e.currentTarget.checked })}
          />
        </Group>
        <Group gap={6}>
          {endpoint.events.map((e) => (
            <Badge key={e} variant="outline" tt="none" dir="ltr">
              {e}
            </Badge>
          ))}
        </Group>
        {editing ? (
          <EndpointForm endpoint={endpoint} onDone={() => setEditing(false)} />
        ) : (
          <Group gap="xs">
            <Button
              size="compact-sm"
              loading={test.isPending}
              onClick={() => test.mutate(endpoint.id)}
              data-testid="webhook-test"
            >
              {t('webhooks.send_test')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
              {t('webhooks.edit')}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={confirmDelete}>
              {t('webhooks.delete')}
            </Button>
          </Group>
        )}
        <SigningSecret endpointId={endpoint.id} />
        <Divider label={t('webhooks.log_title')} labelPosition="left" />
        <DeliveryLog endpointId={endpoint.id} enabled={endpoint.enabled} />
      </Stack>
    </Paper>
  );
}
