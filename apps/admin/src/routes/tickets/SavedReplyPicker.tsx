import type { TicketSavedReplyFilled } from '@lm/contracts/tickets-api';
import { LANGUAGE_LABEL, useApi, useSession, useTicketsT } from '@lm/ui';
import { Group, Select, Text } from '@mantine/core';
import { IconMessageBolt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * The saved replies of one ticket above its answer box (issue 36 "Helpdesk"), for staff who may
 * answer (tickets.add): choosing one puts its body, written in the ticket user's language with the
 * placeholders filled by the API, into the box, where the agent edits it before sending. Nothing is
 * shown when the ticket has no saved reply.
 */
export function SavedReplyPicker({ ticketId, onInsert }: { ticketId: number; onInsert(text: string): void }) {
  const { t } = useTicketsT();
  const { api } = useApi();
  const session = useSession();
  const allowed = session.ability.can('call', 'tickets.add');
  const [value, setValue] = useState<string | null>(null);
  const [inserted, setInserted] = useState<string | null>(null);
  const replies = useQuery({
    queryKey: ['tickets', 'saved-replies', ticketId],
    queryFn: async () =>
      (await api.get<TicketSavedReplyFilled[]>(`admin/tickets/${ticketId}/saved-replies`)).data,
    enabled: allowed,
  });
  const list = replies.data ?? [];
  if (!allowed || list.length === 0) return null;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={t('tickets.saved_reply_insert')}
        placeholder={t('tickets.saved_reply_choose')}
        leftSection={<IconMessageBolt size={16} />}
        data={list.map((r) => ({ value: String(r.id), label: r.title }))}
        value={value}
        searchable
        onChange={(id) => {
          const reply = list.find((r) => String(r.id) === id);
          if (reply) {
            onInsert(reply.body);
            setInserted(reply.language);
          }
          setValue(null);
        }}
        style={{ flex: '1 1 240px' }}
        data-testid="saved-reply-picker"
      />
      {inserted && (
        <Text size="xs" c="dimmed" pb={8} data-testid="saved-reply-inserted">
          {t('tickets.saved_reply_language', {
            language: LANGUAGE_LABEL[inserted as keyof typeof LANGUAGE_LABEL] ?? inserted,
          })}
        </Text>
      )}
    </Group>
  );
}
