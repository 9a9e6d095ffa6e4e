import { formatDateTime } from '@lm/ui';
import { Badge, Button, Group, Pagination, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useResendWebhookDelivery,
  useWebhookDeliveries,
  type WebhookDelivery,
} from '../../hooks/use-webhooks';

const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  pending: { label: 'webhooks.status.pending', color: 'blue' },
  succeeded: { label: 'webhooks.status.succeeded', color: 'teal' },
  failed: { label: 'webhooks.status.failed', color: 'red' },
};

/** Why an attempt got no usable answer (`error` of a delivery). */
const ERRORS: Record<string, string> = {
  url_invalid: 'webhooks.errors.url_invalid',
  address_refused: 'webhooks.errors.address_refused',
  dns: 'webhooks.errors.dns',
  timeout: 'webhooks.errors.timeout',
  connection: 'webhooks.errors.connection',
  endpoint_disabled: 'webhooks.errors.endpoint_disabled',
};

/** An attempt's outcome in words: the HTTP code, else why there was none. */
function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  if (delivery.response_status !== null)
    return (
      <Text size="sm" ff="monospace" dir="ltr" span>
        {delivery.response_status}
      </Text>
    );
  const error = delivery.error ? ERRORS[delivery.error] : undefined;
  if (error) return <Text size="sm">{t(error)}</Text>;
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/**
 * One endpoint's delivery log, newest first: the event, when, the answer's code, the attempts and
 * the status (with the next retry's time), and "send again" for each delivery.
 */
export function DeliveryLog({ endpointId, enabled }: { endpointId: number; enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const resend = useResendWebhookDelivery();
  const rows = deliveries.data?.data ?? [];
  const pages = deliveries.data?.pagination.total_pages ?? 1;
  if (deliveries.data && rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('webhooks.no_deliveries')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <ScrollArea type="auto">
        <Table striped verticalSpacing="xs" data-testid="webhook-deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.col_event')}</Table.Th>
              <Table.Th>{t('webhooks.col_response')}</Table.Th>
              <Table.Th>{t('webhooks.col_status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id} data-testid="webhook-delivery">
                <Table.Td>
                  <Text size="sm" ff="monospace" dir="ltr" span>
                    {d.event_type}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(d.created_at, i18n.language)}
                  </Text>
                </Table.Td>
                <Table.Td data-testid="webhook-delivery-response">
                  <Outcome delivery={d} />
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS[d.status].color} variant="light" data-testid="webhook-delivery-status">
                    {t(STATUS[d.status].label)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t('webhooks.attempts', { n: d.attempts })}
                  </Text>
                  {d.status === 'pending' && d.next_attempt_at && d.attempts > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.next_attempt', { time: formatDateTime(d.next_attempt_at, i18n.language) })}
                    </Text>
                  )}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    px={0}
                    disabled={!enabled || d.status === 'pending'}
                    loading={resend.isPending && resend.variables === d.id}
                    onClick={() => resend.mutate(d.id)}
                  >
                    {t('webhooks.send_again')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && (
        <Group justify="center">
          <Pagination size="sm" total={pages} value={page} onChange={setPage} />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('webhooks.log_help')}
      </Text>
    </Stack>
  );
}
