import { ERROR_CODES } from '@lm/contracts/api';
import { TICKET_LIMITS, TICKET_STATUSES } from '@lm/contracts/tickets';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Rating,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowMerge, IconLock, IconMail, IconPaperclip, IconPencil, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { type ComponentType, type ReactNode, useState } from 'react';
import { isApiError } from '../api/api-error';
import { useFileUpload } from '../api/use-file-upload';
import { CountedTextarea, isTooLong } from '../components/CountedTextarea';
import { FileDropZone } from '../components/FileDropZone';
import type { FileRules } from '../components/file-rules';
import { StatusBadge } from '../components/StatusBadge';
import { WHOLE_BADGE_STYLES } from '../components/status-colors';
import { formatDateTime, formatFileSize } from '../i18n/format';
import type { Ticket, TicketAttachment, TicketCampaignOption, TicketReplyItem } from './ticket-types';
import {
  useCreateTicket,
  useDownloadAttachment,
  useReplyingAgents,
  useReplyTicket,
  useTicketAction,
  useTicketLookup,
  useTicketReplies,
} from './use-tickets';
import { useTicketsCatalog, useTicketsT } from './use-tickets-catalog';

/** Ticket attachments on the client: the server's types and limits (the server checks the bytes). */
export const TICKET_FILE_RULES: FileRules = {
  extensions: ['png', 'jpg', 'jpeg', 'gif', 'pdf'],
  maxBytes: TICKET_LIMITS.attachmentMaxBytes,
  maxFiles: TICKET_LIMITS.attachmentsPerMessage,
};

/** Renders children once the ticket texts of the current language are loaded. */
export function TicketsCatalogGate({ children }: { children: ReactNode }) {
  const ready = useTicketsCatalog();
  return ready ? children : <Loader m="xl" data-testid="tickets-loading" />;
}

/** `Screen` behind {@link TicketsCatalogGate}: a screen that needs the tickets catalog to draw. */
export function withTicketsCatalog(Screen: ComponentType): ComponentType {
  return function TicketsCatalogScreen() {
    return (
      <TicketsCatalogGate>
        <Screen />
      </TicketsCatalogGate>
    );
  };
}

/** The status badge of the one palette, with the API's translated name. */
export function TicketStatusBadge({ ticket }: { ticket: Pick<Ticket, 'status_id' | 'tickets_status'> }) {
  if (ticket.status_id === undefined || !ticket.tickets_status) return null;
  const entry = TICKET_STATUSES.find((s) => s.id === ticket.status_id);
  return <StatusBadge status={entry} text={ticket.tickets_status.name} data-testid="ticket-status" />;
}

/** The priority badge (`tickets_priority{name,color}`). */
export function TicketPriorityBadge({ ticket }: { ticket: Pick<Ticket, 'tickets_priority'> }) {
  if (!ticket.tickets_priority) return null;
  return (
    <Badge
      variant="outline"
      color={ticket.tickets_priority.color}
      styles={WHOLE_BADGE_STYLES}
      data-testid="ticket-priority"
    >
      {ticket.tickets_priority.name}
    </Badge>
  );
}

function Attachments({ files }: { files: TicketAttachment[] }) {
  const { i18n } = useTicketsT();
  const download = useDownloadAttachment();
  if (files.length === 0) return null;
  return (
    <Group gap="xs" mt={6}>
      {files.map((f) => (
        <Anchor
          key={f.id}
          component="button"
          type="button"
          onClick={() => download.mutate(f)}
          size="sm"
          data-testid="ticket-attachment"
        >
          <Group gap={4} wrap="nowrap">
            <IconPaperclip size={14} />
            <span dir="auto">{f.name}</span>
            <Text span size="xs" c="dimmed">
              ({formatFileSize(f.size, i18n.language)})
            </Text>
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

/** Picks files, uploads each through `file/upload`, and keeps the stored keys. */
export function AttachmentPicker({
  value,
  onChange,
}: {
  value: { key: string; name: string }[];
  onChange(next: { key: string; name: string }[]): void;
}) {
  const { t } = useTicketsT();
  const upload = useFileUpload();
  const [busy, setBusy] = useState(false);
  const add = async (files: File[]) => {
    setBusy(true);
    try {
      const next = [...value];
      for (const file of files) {
        if (next.length >= TICKET_LIMITS.attachmentsPerMessage) break;
        const stored = await upload.mutateAsync(file);
        next.push({ key: stored.file, name: file.name });
      }
      onChange(next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={6}>
      <FileDropZone
        rules={TICKET_FILE_RULES}
        onFiles={(files) => void add(files)}
        loading={busy}
        disabled={value.length >= TICKET_LIMITS.attachmentsPerMessage}
        label="tickets:tickets.attach"
      />
      {value.length > 0 && (
        <Group gap="xs">
          {value.map((f) => (
            <Badge
              key={f.key}
              variant="light"
              leftSection={<IconPaperclip size={12} />}
              rightSection={
                <IconX
                  size={12}
                  style={{ cursor: 'pointer' }}
                  aria-label={t('tickets.remove_file')}
                  onClick={() => onChange(value.filter((v) => v.key !== f.key))}
                />
              }
              data-testid="picked-file"
              styles={WHOLE_BADGE_STYLES}
            >
              {f.name}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** Client-side form messages: the same keys the server answers (spec section 5). */
function formProblems(v: {
  subject: string;
  department: string | null;
  priority: string | null;
  message: string;
}) {
  const out: Record<string, string> = {};
  if (!v.subject.trim()) out.subject = 'tickets.subject_required';
  if (!v.department) out.department = 'tickets.department_required';
  if (!v.priority) out.priority = 'tickets.priority_required';
  if (!v.message.trim()) out.message = 'tickets.message_required';
  return out;
}

/** Platforms' brand names (not translated). */
const PLATFORM_NAMES = { spotify: 'Spotify', tiktok: 'TikTok', instagram: 'Instagram' } as const;

/** The picker's value (`express:5`, `custom:3`) as the body's `campaign_id` or `custom_campaign_id`. */
function campaignIds(value: string | null): { campaign_id: number | null; custom_campaign_id?: number } {
  const [kind, id] = (value ?? '').split(':');
  if (kind === 'custom' && id) return { campaign_id: null, custom_campaign_id: Number(id) };
  return { campaign_id: kind === 'express' && id ? Number(id) : null };
}

/**
 * The new-ticket form (spec sections 2 and 5): subject, department, priority (default Low, hidden from
 * users of type above 1 whose tickets stay Low), a campaign of the user's own (express campaigns with
 * their platform and custom campaigns), message, attachments;
 * staff may name the assignee. `userId` is the ticket's user (the signed-in user, or the user whose
 * overview staff came from).
 */
export function TicketForm({
  userId,
  staff,
  showPriority,
  onCreated,
  onCancel,
}: {
  userId: number;
  staff?: boolean;
  showPriority: boolean;
  onCreated(id: number): void;
  onCancel?: () => void;
}) {
  const { t } = useTicketsT();
  const departments = useTicketLookup('tickets_department_q');
  const priorities = useTicketLookup('tickets_priority_q');
  const campaigns = useTicketLookup<TicketCampaignOption>(`campaign/getUserCampaignWithQ/${userId}`, '', {
    include_custom: '1',
  });
  const create = useCreateTicket();
  const [subject, setSubject] = useState('');
  const [department, setDepartment] = useState<string | null>(null);
  const [priority, setPriority] = useState<string | null>('3');
  const [campaign, setCampaign] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<{ key: string; name: string }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const problems = formProblems({ subject, department, priority, message });
    setErrors(problems);
    if (Object.keys(problems).length > 0 || isTooLong(message, TICKET_LIMITS.messageMax)) return;
    const created = await create.mutateAsync({
      ...(staff ? { user_id: userId } : {}),
      ticket_subject: subject,
      department_id: Number(department),
      priority_id: Number(priority),
      ...campaignIds(campaign),
      initial_message: message,
      attachments: files.map((f) => f.key),
    });
    onCreated(created.id);
  };
  const err = (field: string) => (errors[field] ? t(errors[field]!) : undefined);
  return (
    <Stack gap="sm" data-testid="ticket-form">
      <TextInput
        label={t('tickets.subject')}
        value={subject}
        onChange={(e) => setSubject(e.currentTarget.value)}
        error={err('subject')}
        maxLength={TICKET_LIMITS.subjectMax}
        withAsterisk
        data-testid="ticket-subject"
      />
      <Group grow align="flex-start">
        <Select
          label={t('tickets.department')}
          data={(departments.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
          value={department}
          onChange={setDepartment}
          error={err('department')}
          withAsterisk
          searchable
          nothingFoundMessage={t('tickets.no_departments')}
          data-testid="ticket-department"
        />
        {showPriority && (
          <Select
            label={t('tickets.priority')}
            data={(priorities.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={priority}
            onChange={setPriority}
            error={err('priority')}
            withAsterisk
            allowDeselect={false}
            data-testid="ticket-priority-select"
          />
        )}
      </Group>
      <Select
        label={t('tickets.campaign')}
        description={t('tickets.campaign_hint')}
        data={(campaigns.data ?? []).map((c) => ({
          value: `${c.kind}:${c.id}`,
          label: t(c.kind === 'custom' ? 'tickets.campaign_option_custom' : 'tickets.campaign_option', {
            id: c.id,
            name: c.track_name,
            platform: PLATFORM_NAMES[c.platform],
          }),
        }))}
        value={campaign}
        onChange={setCampaign}
        clearable
        searchable
        nothingFoundMessage={t('tickets.no_campaigns')}
        data-testid="ticket-campaign"
      />
      <CountedTextarea
        label={t('tickets.message')}
        max={TICKET_LIMITS.messageMax}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        error={err('message')}
        autosize
        minRows={4}
        withAsterisk
        data-testid="ticket-message"
      />
      <AttachmentPicker value={files} onChange={setFiles} />
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('ui.confirm.cancel')}
          </Button>
        )}
        <Button onClick={() => void submit()} loading={create.isPending} data-testid="ticket-submit">
          {t('tickets.send')}
        </Button>
      </Group>
    </Stack>
  );
}

function ReplyCard({ reply, staffView }: { reply: TicketReplyItem; staffView: boolean }) {
  const { t, i18n } = useTicketsT();
  const mine = reply.author.kind === (staffView ? 'admin' : 'user');
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid={reply.is_internal ? 'ticket-note' : 'ticket-reply'}
      bg={
        reply.is_internal
          ? 'var(--mantine-color-yellow-light)'
          : mine
            ? undefined
            : 'var(--mantine-color-blue-light)'
      }
    >
      <Group justify="space-between" gap="xs" mb={4}>
        <Group gap={6}>
          <Text fw={600} size="sm" dir="auto">
            {reply.author.name}
          </Text>
          {reply.author.kind === 'admin' && !staffView && (
            <Badge size="xs" variant="light">
              {t('tickets.support_team')}
            </Badge>
          )}
          {reply.is_internal && (
            <Badge size="xs" color="yellow" leftSection={<IconLock size={10} />}>
              {t('tickets.internal_note')}
            </Badge>
          )}
          {reply.via === 'email' && (
            <Badge size="xs" variant="outline" color="gray" leftSection={<IconMail size={10} />}>
              {t('tickets.by_email')}
            </Badge>
          )}
          {reply.merged_from_ticket_id !== null && (
            <Badge
              size="xs"
              variant="outline"
              color="grape"
              leftSection={<IconArrowMerge size={10} />}
              data-testid="reply-merged-from"
            >
              {t('tickets.merged_from', { id: reply.merged_from_ticket_id })}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(reply.created_at, i18n.language)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
        {reply.message}
      </Text>
      <Attachments files={reply.attachments} />
    </Paper>
  );
}

/**
 * A ticket's conversation: the first message, every reply (internal notes only for staff, set apart),
 * and the answer box (staff may write an internal note instead). Closed tickets reopen on a reply.
 * `composerTools` renders above the answer box with a function putting a text into it (the
 * back-office's saved replies): into an empty box as is, after what is already written otherwise,
 * so the agent edits it before sending.
 */
export function TicketConversation({
  ticket,
  staffView,
  composerTools,
}: {
  ticket: Ticket;
  staffView: boolean;
  composerTools?: (insert: (text: string) => void) => ReactNode;
}) {
  const { t, i18n } = useTicketsT();
  const replies = useTicketReplies(ticket.id);
  const reply = useReplyTicket(ticket.id);
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<{ key: string; name: string }[]>([]);
  const [error, setError] = useState<string | undefined>();
  /** After a 409 collision: the newest reply id the agent had when it was refused. */
  const [collided, setCollided] = useState(false);
  const typing = staffView && message.trim() !== '';
  const replying = useReplyingAgents(ticket.id, typing, staffView);
  const lastShown = (replies.data ?? []).reduce<number | null>(
    (max, r) => (max === null || r.id > max ? r.id : max),
    null,
  );
  const send = async (anyway = false) => {
    if (!message.trim()) return setError(t('tickets.message_required'));
    if (isTooLong(message, TICKET_LIMITS.messageMax)) return;
    setError(undefined);
    try {
      await reply.mutateAsync({
        message,
        is_internal: internal,
        attachments: files.map((f) => f.key),
        ...(staffView ? { last_seen_reply_id: lastShown, send_anyway: anyway } : {}),
      });
    } catch (err) {
      if (isApiError(err, 409, ERROR_CODES.TICKET_REPLY_COLLISION)) setCollided(true);
      return;
    }
    setCollided(false);
    setMessage('');
    setFiles([]);
    setInternal(false);
  };
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md" data-testid="ticket-first-message">
        <Group justify="space-between" gap="xs" mb={4}>
          <Text fw={600} size="sm" dir="auto">
            {ticket.user_name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(ticket.created_at, i18n.language)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
          {ticket.initial_message}
        </Text>
        <Attachments files={ticket.attachments} />
      </Paper>
      {replies.isLoading && <Loader size="sm" />}
      {(replies.data ?? []).map((r) => (
        <ReplyCard key={r.id} reply={r} staffView={staffView} />
      ))}
      <Card withBorder padding="md" radius="md">
        <Stack gap="xs">
          <Title order={5}>{staffView ? t('tickets.answer') : t('tickets.write_reply')}</Title>
          {!staffView && ticket.is_closed && (
            <Text size="sm" c="dimmed">
              {t('tickets.reopen_hint')}
            </Text>
          )}
          {(replying.data ?? []).length > 0 && (
            <Group gap={6} data-testid="ticket-replying">
              <IconPencil size={14} />
              <Text size="sm" c="dimmed">
                {t('tickets.is_replying', {
                  names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                    (replying.data ?? []).map((r) => r.name),
                  ),
                  count: (replying.data ?? []).length,
                })}
              </Text>
            </Group>
          )}
          {composerTools?.((text) =>
            setMessage((current) => (current.trim() ? `${current}\n\n${text}` : text)),
          )}
          <CountedTextarea
            max={TICKET_LIMITS.messageMax}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={error}
            autosize
            minRows={3}
            aria-label={t('tickets.message')}
            data-testid="reply-message"
          />
          <AttachmentPicker value={files} onChange={setFiles} />
          {collided && (
            <Alert color="orange" title={t('tickets.collision_title')} data-testid="reply-collision">
              <Stack gap="xs">
                <Text size="sm">{t('tickets.collision_hint')}</Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    color="orange"
                    onClick={() => void send(true)}
                    loading={reply.isPending}
                    data-testid="reply-send-anyway"
                  >
                    {t('tickets.send_anyway')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setCollided(false)}>
                    {t('tickets.collision_review')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Group justify="space-between">
            {staffView ? (
              <Switch
                checked={internal}
                onChange={(e) => setInternal(e.currentTarget.checked)}
                label={t('tickets.internal_switch')}
                description={t('tickets.internal_hint')}
                color="yellow"
                data-testid="reply-internal"
              />
            ) : (
              <span />
            )}
            <Button
              onClick={() => void send()}
              loading={reply.isPending}
              data-testid="reply-send"
              color={internal ? 'yellow' : undefined}
            >
              {internal ? t('tickets.add_note') : t('tickets.send')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** The ticket's facts beside the conversation: badges, department, campaign, assignee, dates, due. */
export function TicketFacts({
  ticket,
  staffView,
  extra,
}: {
  ticket: Ticket;
  staffView: boolean;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTicketsT();
  const line = (label: string, value: ReactNode, testId?: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="end" dir="auto" data-testid={testId} component="div">
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap={8}>
        <Group gap="xs">
          <TicketStatusBadge ticket={ticket} />
          <TicketPriorityBadge ticket={ticket} />
        </Group>
        {line(t('tickets.department'), ticket.tickets_department.department_name, 'ticket-department-name')}
        {ticket.campaign_name && line(t('tickets.campaign'), ticket.campaign_name)}
        {staffView && line(t('tickets.user'), `${ticket.user_name} · ${ticket.user_email}`)}
        {staffView &&
          line(t('tickets.assignee'), ticket.admin_name ?? t('tickets.unassigned'), 'ticket-assignee')}
        {line(t('tickets.created'), formatDateTime(ticket.created_at, i18n.language))}
        {staffView &&
          ticket.due_at &&
          line(
            t('tickets.due'),
            <Text span size="sm" c={ticket.overdue ? 'red' : undefined} fw={ticket.overdue ? 700 : undefined}>
              {formatDateTime(ticket.due_at, i18n.language)}
              {ticket.overdue ? ` · ${t('tickets.overdue')}` : ''}
            </Text>,
            'ticket-due',
          )}
        {ticket.rating !== null &&
          line(t('tickets.rating'), <Rating value={ticket.rating} readOnly size="sm" />)}
        {extra}
      </Stack>
    </Card>
  );
}

/** After resolution the user rates the help, 1-5 with a comment. */
export function TicketRatingCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTicketsT();
  const action = useTicketAction(ticket.id);
  const [value, setValue] = useState(ticket.rating ?? 0);
  const [comment, setComment] = useState(ticket.rating_comment ?? '');
  if (!ticket.can_rate) return null;
  return (
    <Alert
      color="green"
      title={ticket.rating ? t('tickets.rated_title') : t('tickets.rate_title')}
      data-testid="ticket-rating"
    >
      <Stack gap="xs">
        <Rating value={value} onChange={setValue} size="lg" data-testid="rating-stars" />
        <CountedTextarea
          max={TICKET_LIMITS.ratingCommentMax}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          placeholder={t('tickets.rating_comment')}
          aria-label={t('tickets.rating_comment')}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button
            size="xs"
            disabled={value < 1 || isTooLong(comment, TICKET_LIMITS.ratingCommentMax)}
            loading={action.isPending}
            onClick={() =>
              action.mutate({
                method: 'post',
                path: `user/tickets/${ticket.id}/rating`,
                body: { rating: value, comment },
              })
            }
            data-testid="rating-send"
          >
            {t('tickets.rate_send')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The subject column of the ticket lists on both apps, in the direction of its own words. */
export const ticketSubjectColumn: DataTableColumn<Ticket> = {
  accessor: 'ticket_subject',
  title: 'tickets:tickets.subject',
  render: (r) => (
    <Text size="sm" fw={500} dir="auto" data-testid="ticket-row-subject">
      {r.ticket_subject}
    </Text>
  ),
};
