import type { SessionAdmin } from '@lm/contracts';
import { LIMITS } from '@lm/contracts/limits';
import { USER_ADMIN_PERMISSIONS } from '@lm/contracts/permissions';
import { formatDateTime, useSession } from '@lm/ui';
import { Button, Card, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminUser, useAddUserNote, useUserNotes } from '../../../hooks/use-users';

/**
 * The overview's Notes tab (issue 36, users.notes.show): what staff wrote about the user, newest
 * first, with author and time; staff holding users.notes.add write a new one. Users never see notes.
 */
export function NotesTab({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const session = useSession<SessionAdmin>();
  const notes = useUserNotes(user.id);
  const add = useAddUserNote(user.id);
  const [body, setBody] = useState('');
  const canAdd = session.ability.can('call', USER_ADMIN_PERMISSIONS.notesAdd);
  const text = body.trim();
  return (
    <Stack gap="md" data-testid="user-notes">
      {canAdd && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text) add.mutate(text, { onSuccess: () => setBody('') });
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('users.notes.new')}
              description={t('users.notes.private')}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              maxLength={LIMITS.userNoteMax}
              autosize
              minRows={2}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending} disabled={!text}>
                {t('users.notes.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {notes.isLoading ? (
        <Loader size="sm" />
      ) : notes.data && notes.data.length > 0 ? (
        notes.data.map((note) => (
          <Card key={note.id} withBorder padding="sm" radius="md">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.body}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('users.notes.by', {
                name: note.author.name,
                time: formatDateTime(note.created_at, i18n.language),
              })}
            </Text>
          </Card>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          {t('users.notes.empty')}
        </Text>
      )}
    </Stack>
  );
}
