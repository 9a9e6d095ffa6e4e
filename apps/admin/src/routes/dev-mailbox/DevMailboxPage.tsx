import { formatDateTime, ListScreen, useApi, usePageTitle, useTicketsCatalog, useTicketsT } from '@lm/ui';
import { Badge, Button, Code, Drawer, Group, ScrollArea, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An outbox mail as `GET admin/dev/mailbox` lists it. */
export interface OutboxMail {
  id: number;
  to: string;
  from?: string;
  /** A ticket mail's signed reply address. */
  reply_to?: string | null;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

/**
 * The sandbox inbound sender: answers a ticket mail as its recipient would from their mail
 * program (`POST admin/dev/mailbox/{id}/reply`); the reply arrives through the signed inbound webhook's path.
 */
function SandboxReply({ mail }: { mail: OutboxMail }) {
  const { t } = useTicketsT();
  const ready = useTicketsCatalog();
  const { api } = useApi();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: async () =>
      (await api.post<{ status: string }>(`admin/dev/mailbox/${mail.id}/reply`, { text })).data,
    onSuccess: () => setText(''),
  });
  if (!ready) return null;
  return (
    <Stack gap={6} data-testid="sandbox-reply">
      <Text size="sm">
        <Text span c="dimmed">
          {t('tickets.reply_to')}:
        </Text>{' '}
        <span dir="ltr">{mail.reply_to}</span>
      </Text>
      <Textarea
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder={t('tickets.sandbox_reply_hint')}
        aria-label={t('tickets.sandbox_reply')}
        autosize
        minRows={2}
        data-testid="sandbox-reply-text"
      />
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={!text.trim()}
          loading={send.isPending}
          onClick={() => send.mutate()}
          data-testid="sandbox-reply-send"
        >
          {t('tickets.sandbox_reply')}
        </Button>
      </Group>
      {send.data && (
        <Text size="xs" c="dimmed" data-testid="sandbox-reply-result">
          {t(`tickets.sandbox_outcome_${send.data.status}`)}
        </Text>
      )}
    </Stack>
  );
}

/** Mail detail: headers, the text body and the HTML body in a sandboxed frame. */
function MailDrawer({ mail, onClose }: { mail: OutboxMail | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  return (
    <Drawer
      opened={mail !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={mail?.subject}
      padding="lg"
    >
      {mail && (
        <Stack gap="md" data-testid="mail-detail">
          <Stack gap={4}>
            {mail.from && (
              <Text size="sm">
                <Text span c="dimmed">
                  {t('mailbox.from')}:
                </Text>{' '}
                {mail.from}
              </Text>
            )}
            <Text size="sm">
              <Text span c="dimmed">
                {t('mailbox.to')}:
              </Text>{' '}
              {mail.to}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t('mailbox.date')}:
              </Text>{' '}
              {formatDateTime(mail.created_at, i18n.language)}
            </Text>
          </Stack>
          {mail.reply_to && <SandboxReply mail={mail} />}
          <Tabs defaultValue="text">
            <Tabs.List>
              <Tabs.Tab value="text">{t('mailbox.text')}</Tabs.Tab>
              <Tabs.Tab value="html" disabled={!mail.html}>
                {t('mailbox.html')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="text" pt="md">
              <ScrollArea.Autosize mah="65vh">
                <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-text">
                  {mail.text}
                </Code>
              </ScrollArea.Autosize>
            </Tabs.Panel>
            {mail.html && (
              <Tabs.Panel value="html" pt="md">
                <iframe
                  title={mail.subject}
                  srcDoc={mail.html}
                  sandbox=""
                  style={{ width: '100%', height: '65vh', border: 0, background: 'white', borderRadius: 8 }}
                />
              </Tabs.Panel>
            )}
          </Tabs>
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * /dev/mailbox: the outbox of the default mail driver (to, subject, date, body), newest first. The
 * menu item and route exist only while `GET admin/dev/mailbox` answers 200.
 */
export function DevMailboxPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('mailbox.title');
  const [open, setOpen] = useState<OutboxMail | null>(null);
  return (
    <>
      <ListScreen<OutboxMail>
        title="mailbox.title"
        path="admin/dev/mailbox"
        header={
          <Group>
            <Badge variant="light" color="orange">
              {t('mailbox.dev_only')}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('mailbox.intro')}
            </Text>
          </Group>
        }
        onRowClick={setOpen}
        columns={[
          {
            accessor: 'to',
            title: 'mailbox.to',
            render: (m) => (
              <Text size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
                {m.to}
              </Text>
            ),
          },
          {
            accessor: 'subject',
            title: 'mailbox.subject',
            render: (m) => (
              <Stack gap={0} dir="auto">
                <Text size="sm" fw={500}>
                  {m.subject}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {m.text}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'created_at',
            title: 'mailbox.date',
            width: 200,
            render: (m) => <Text size="sm">{formatDateTime(m.created_at, i18n.language)}</Text>,
          },
        ]}
      />
      <MailDrawer mail={open} onClose={() => setOpen(null)} />
    </>
  );
}
