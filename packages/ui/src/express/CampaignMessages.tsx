import type { CampaignMessage } from '@lm/contracts/campaign-messages';
import { LIMITS } from '@lm/contracts/limits';
import { Badge, Box, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMessages, IconSend } from '@tabler/icons-react';
import { type FormEvent, Fragment, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format';

/** The token the API stores where it removed an e-mail address or a phone number. */
export const CONTACT_TOKEN = '[contact removed]';

/**
 * A stored message as React text: the removed-contact token shown as the translated marker, the rest
 * as typed (plain text, never HTML).
 */
function MessageBody({ body }: { body: string }) {
  const { t } = useTranslation();
  const parts = body.split(CONTACT_TOKEN);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never move.
        <Fragment key={i}>
          {i > 0 && (
            <Text span fs="italic" c="dimmed" size="sm" dir="auto" data-testid="contact-removed">
              {t('express.messages.contact_removed')}
            </Text>
          )}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}

/** The conversation as the panel shows it: messages oldest first, and what the reader may do. */
export interface CampaignMessagesThread {
  /** The reader's side (the messages of that side are "mine"); null for staff, who only read. */
  side: 'artist' | 'seller' | null;
  messages: CampaignMessage[];
  has_more: boolean;
  unread: number;
  last_read_id: number;
  can_write: boolean;
}

export interface CampaignMessagesProps {
  /** The thread, oldest first; undefined while loading. */
  thread: CampaignMessagesThread | undefined;
  /** Sends a message; resolves when stored (the panel then empties the composer). */
  onSend?: (body: string) => Promise<unknown>;
  /** Marks the thread read up to a message id (called once the page shows unread messages). */
  onRead?: (upToId: number) => void;
  /** Loads the page before the oldest message shown. */
  onLoadOlder?: () => void;
  loadingOlder?: boolean;
  sending?: boolean;
}

/**
 * The "Messages" panel of a campaign page, on every platform, in both apps: the conversation between
 * the artist and the curator or creator as a log (each message with its author and time), the
 * composer (labelled, with the length limit) for a participant while the thread is open, read-only for
 * staff. Messages are React text: nothing typed is ever rendered as HTML.
 */
export function CampaignMessages({
  thread,
  onSend,
  onRead,
  onLoadOlder,
  loadingOlder,
  sending,
}: CampaignMessagesProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState('');
  const titleId = useId();
  const max = LIMITS.campaignMessages.bodyMax;
  const side = thread?.side ?? undefined;
  const newest = thread?.messages.at(-1)?.id ?? 0;
  const unread = thread?.unread ?? 0;
  // Shown: what the other side wrote is read now.
  useEffect(() => {
    if (onRead && unread > 0 && newest > 0) onRead(newest);
  }, [onRead, unread, newest]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = draft.trim();
    if (!body || !onSend) return;
    await onSend(body);
    setDraft('');
  };
  const writable = Boolean(onSend && side && thread?.can_write);

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="campaign-messages"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconMessages size={18} aria-hidden />
          <Title order={3} size="h4" id={titleId}>
            {t('express.messages.title')}
          </Title>
          <UnreadMessagesBadge count={unread} />
        </Group>
        {thread?.has_more && onLoadOlder && (
          <Button
            variant="subtle"
            size="xs"
            onClick={onLoadOlder}
            loading={loadingOlder}
            style={{ alignSelf: 'center' }}
          >
            {t('express.messages.older')}
          </Button>
        )}
        {/* Focusable: a long thread scrolls, and keyboard users scroll it too. */}
        <Box
          role="log"
          aria-live="polite"
          aria-labelledby={titleId}
          tabIndex={0}
          style={{ maxHeight: 420, overflowY: 'auto' }}
        >
          <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {thread && thread.messages.length === 0 && (
              <Text component="li" size="sm" c="dimmed">
                {t('express.messages.empty')}
              </Text>
            )}
            {thread?.messages.map((m) => {
              const mine = side !== undefined && m.side === side;
              return (
                <Box
                  component="li"
                  key={m.id}
                  mb="xs"
                  data-testid="campaign-message"
                  style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
                >
                  <Box
                    p="xs"
                    style={{
                      maxWidth: '85%',
                      borderRadius: 8,
                      background: mine
                        ? 'var(--mantine-color-blue-light)'
                        : 'var(--mantine-color-gray-light)',
                    }}
                  >
                    <Group gap={6} wrap="wrap">
                      <Text size="xs" fw={600} dir="auto">
                        {mine ? t('express.messages.you') : m.sender.name}
                      </Text>
                      <Text size="xs" c="dimmed" component="time" dateTime={m.created_at}>
                        {formatDateTime(m.created_at, i18n.language)}
                      </Text>
                    </Group>
                    <MessageBody body={m.body} />
                  </Box>
                </Box>
              );
            })}
          </Box>
        </Box>
        {writable ? (
          <form onSubmit={submit}>
            <Stack gap={6}>
              <Textarea
                label={t('express.messages.composer')}
                description={t('express.messages.hint')}
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={max}
                dir="auto"
              />
              <Group justify="space-between" wrap="nowrap">
                <Text size="xs" c="dimmed" aria-live="polite">
                  {t('express.messages.length', { count: draft.length, max })}
                </Text>
                <Button
                  type="submit"
                  size="sm"
                  leftSection={<IconSend size={14} className="lm-flip-rtl" aria-hidden />}
                  loading={sending}
                  disabled={draft.trim() === ''}
                >
                  {t('express.messages.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          thread &&
          side && (
            <Text size="sm" c="dimmed">
              {t('express.messages.thread_closed')}
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}

/** The number of unread messages beside a campaign in a list (nothing when none). */
export function UnreadMessagesBadge({ count }: { count?: number }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <Badge color="red" variant="filled" size="xs" leftSection={<IconMessages size={10} aria-hidden />}>
      {t('express.messages.unread', { count })}
    </Badge>
  );
}
