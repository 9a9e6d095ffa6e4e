import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookEventType,
  webhookEndpointCreateBody,
} from '@lm/contracts/webhooks';
import { applyServerErrors, fieldError, useZodForm } from '@lm/ui';
import { Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  useCreateWebhookEndpoint,
  useUpdateWebhookEndpoint,
  type WebhookEndpoint,
} from '../../hooks/use-webhooks';

/** When each event is sent, in one line. */
const EVENT_HELP: Record<WebhookEventType, string> = {
  'campaign.created': 'webhooks.event_help.campaign_created',
  'campaign.status_changed': 'webhooks.event_help.campaign_status_changed',
  'placement.verified': 'webhooks.event_help.placement_verified',
  'video.verified': 'webhooks.event_help.video_verified',
  'campaign.completed': 'webhooks.event_help.campaign_completed',
  'campaign.refunded': 'webhooks.event_help.campaign_refunded',
  'message.received': 'webhooks.event_help.message_received',
  'payout.status_changed': 'webhooks.event_help.payout_status_changed',
  'ticket.replied': 'webhooks.event_help.ticket_replied',
};

/**
 * Add or change an endpoint: its address, what it is for, and the events it receives (each with a
 * line saying when it is sent). The contract's schema checks it here as on the server.
 */
export function EndpointForm({ endpoint, onDone }: { endpoint?: WebhookEndpoint; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const form = useZodForm(webhookEndpointCreateBody, {
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      if (endpoint) await update.mutateAsync({ id: endpoint.id, ...values });
      else await create.mutateAsync(values);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['url', 'description', 'events']);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="webhook-form">
      <Stack gap="sm">
        <TextInput
          label={t('webhooks.url')}
          description={t('webhooks.url_help')}
          placeholder="https://example.com/webhooks"
          dir="ltr"
          required
          maxLength={WEBHOOK_LIMITS.urlMax}
          error={fieldError(form.formState.errors.url)}
          data-testid="webhook-url"
          {...form.register('url')}
        />
        <Textarea
          label={t('webhooks.description')}
          autosize
          minRows={1}
          maxLength={WEBHOOK_LIMITS.descriptionMax}
          error={fieldError(form.formState.errors.description)}
          {...form.register('description')}
        />
        <Controller
          control={form.control}
          name="events"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label={t('webhooks.events')}
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldError(fieldState.error)}
              data-testid="webhook-events"
            >
              <Stack gap="xs" mt="xs">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox
                    key={type}
                    value={type}
                    label={
                      <Text size="sm" ff="monospace" dir="ltr" span>
                        {type}
                      </Text>
                    }
                    description={t(EVENT_HELP[type])}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('webhooks.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="webhook-save">
            {endpoint ? t('webhooks.save') : t('webhooks.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
