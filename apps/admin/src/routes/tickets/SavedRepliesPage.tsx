import { SAVED_REPLY_PLACEHOLDERS, TICKET_LIMITS } from '@lm/contracts/tickets';
import type { TicketSavedReply } from '@lm/contracts/tickets-api';
import type { Translations } from '@lm/contracts/translations';
import {
  ApiRequestError,
  confirmAction,
  LANGUAGE_LABEL,
  TranslatedField,
  useApi,
  usePageTitle,
  useTicketLookup,
  useTicketsT,
  withTicketsCatalog,
} from '@lm/ui';
import {
  ActionIcon,
  Code,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AddButton } from '../../components/AddButton';
import { FormActions } from '../../components/FormActions';
import { PagedTable } from '../users/PagedTable';

type Draft = {
  id?: number;
  department: string | null;
  title: string;
  body: string;
  translations: Translations<'title' | 'body'>;
};

const EMPTY: Draft = { department: null, title: '', body: '', translations: {} };

/**
 * /tickets/saved-replies (tickets.saved.replies.edit, issue 36 "Helpdesk"): the saved replies agents
 * insert into their answers, each for one department or every department, with a title and a body
 * in the five languages; the body's placeholders are listed under it and checked by the API.
 */
export const SavedRepliesPage = withTicketsCatalog(SavedReplies);

function useSavedReplyCall() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (call: { method: 'post' | 'put' | 'delete'; id?: number; body?: unknown }) =>
      call.method === 'delete'
        ? api.delete(`admin/ticket-saved-replies/${call.id}`)
        : call.method === 'put'
          ? api.put(`admin/ticket-saved-replies/${call.id}`, call.body)
          : api.post('admin/ticket-saved-replies', call.body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['list'] });
      void client.invalidateQueries({ queryKey: ['tickets'] });
    },
  });
}

/** The server's first message per field (`title`, `body`, `translations.body.fr`...). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.errors) return {};
  return Object.fromEntries(
    Object.entries(error.errors).flatMap(([key, messages]) => (messages?.[0] ? [[key, messages[0]]] : [])),
  );
}

function SavedReplies() {
  const { t } = useTicketsT();
  usePageTitle('tickets:tickets.saved_replies_title');
  const call = useSavedReplyCall();
  const departments = useTicketLookup('tickets_department_q');
  const [editing, setEditing] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = (draft: Draft) => {
    setErrors({});
    setEditing(draft);
  };
  const save = async () => {
    if (!editing) return;
    const body = {
      department_id: editing.department ? Number(editing.department) : null,
      title: editing.title,
      body: editing.body,
      translations: editing.translations,
    };
    setErrors({});
    try {
      await call.mutateAsync(editing.id ? { method: 'put', id: editing.id, body } : { method: 'post', body });
      setEditing(null);
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };
  const placeholders = (
    <Text size="xs" c="dimmed" component="div">
      {t('tickets.saved_reply_placeholders')}{' '}
      {SAVED_REPLY_PLACEHOLDERS.map((p) => (
        <Code key={p} mx={2} dir="ltr">{`{{${p}}}`}</Code>
      ))}
    </Text>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('tickets.saved_replies_title')}</Title>
        <AddButton onClick={() => open(EMPTY)} data-testid="saved-reply-new">
          {t('tickets.saved_reply_new')}
        </AddButton>
      </Group>
      <Text size="sm" c="dimmed">
        {t('tickets.saved_replies_hint')}
      </Text>
      <PagedTable<TicketSavedReply>
        path="admin/ticket-saved-replies"
        paged={false}
        columns={[
          {
            accessor: 'title',
            title: 'tickets:tickets.saved_reply_title',
            render: (r) => (
              <Text size="sm" fw={500} dir="auto">
                {r.title}
              </Text>
            ),
          },
          {
            accessor: 'department_name',
            title: 'tickets:tickets.department',
            render: (r) => (
              <Text size="sm" dir="auto">
                {r.department_name ?? t('tickets.all_departments')}
              </Text>
            ),
          },
          {
            accessor: 'body',
            title: 'tickets:tickets.saved_reply_body',
            render: (r) => (
              <Text size="sm" lineClamp={2} dir="auto" maw={420}>
                {r.body}
              </Text>
            ),
          },
          {
            accessor: 'actions',
            title: '',
            render: (r) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('tickets.edit')}
                  onClick={() =>
                    open({
                      id: r.id,
                      department: r.department_id ? String(r.department_id) : null,
                      title: r.title,
                      body: r.body,
                      translations: r.translations ?? {},
                    })
                  }
                  data-testid="saved-reply-edit"
                >
                  <IconEdit size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('tickets.delete')}
                  onClick={async () => {
                    if (await confirmAction({ danger: true })) call.mutate({ method: 'delete', id: r.id });
                  }}
                  data-testid="saved-reply-delete"
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.id ? 'tickets.saved_reply_edit' : 'tickets.saved_reply_new')}
        size="xl"
      >
        <Stack>
          <Select
            label={t('tickets.department')}
            data={(departments.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            value={editing?.department ?? null}
            onChange={(department) => setEditing((v) => (v ? { ...v, department } : v))}
            clearable
            placeholder={t('tickets.all_departments')}
            error={errors.department_id}
            data-testid="saved-reply-department"
          />
          <TranslatedField
            label={t('tickets.saved_reply_title')}
            field="title"
            value={editing?.translations ?? {}}
            onChange={(translations) => setEditing((v) => (v ? { ...v, translations } : v))}
            errors={errors}
            testId="saved-reply-title-translations"
            english={
              <TextInput
                label={LANGUAGE_LABEL.en}
                lang="en"
                dir="ltr"
                value={editing?.title ?? ''}
                maxLength={TICKET_LIMITS.savedReplyTitleMax}
                error={errors.title}
                onChange={(e) => {
                  const title = e.currentTarget.value;
                  setEditing((v) => (v ? { ...v, title } : v));
                }}
                data-testid="saved-reply-title"
              />
            }
          />
          <TranslatedField
            label={t('tickets.saved_reply_body')}
            field="body"
            multiline
            value={editing?.translations ?? {}}
            onChange={(translations) => setEditing((v) => (v ? { ...v, translations } : v))}
            errors={errors}
            testId="saved-reply-body-translations"
            english={
              <Textarea
                label={LANGUAGE_LABEL.en}
                lang="en"
                dir="ltr"
                value={editing?.body ?? ''}
                maxLength={TICKET_LIMITS.messageMax}
                autosize
                minRows={3}
                error={errors.body}
                onChange={(e) => {
                  const body = e.currentTarget.value;
                  setEditing((v) => (v ? { ...v, body } : v));
                }}
                data-testid="saved-reply-body"
              />
            }
          />
          {placeholders}
          <FormActions
            onCancel={() => setEditing(null)}
            onClick={() => void save()}
            loading={call.isPending}
            disabled={!editing?.title.trim() || !editing?.body.trim()}
            data-testid="saved-reply-save"
          >
            {t('tickets.save')}
          </FormActions>
        </Stack>
      </Modal>
    </Stack>
  );
}
