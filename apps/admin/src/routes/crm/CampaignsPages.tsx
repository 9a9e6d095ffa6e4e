import '@mantine/charts/styles.layer.css';
import type { StatusKind } from '@lm/contracts';
import {
  CAMPAIGN_STATUS_MAP,
  type CampaignRecipient,
  type CampaignState,
  campaignStatusId,
  RECIPIENT_STATUSES,
  type RecipientStatus,
} from '@lm/contracts/crm';
import {
  chartDirection,
  confirmAction,
  formatDateTime,
  formatNumber,
  isApiError,
  isolateLtr,
  LEGEND_PROPS,
  ListScreen,
  NotFoundPage,
  StatusBadge,
  translateMessage,
  usePageTitle,
} from '@lm/ui';
import { LineChart } from '@mantine/charts';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCalendarTime,
  IconMailForward,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AddButton } from '../../components/AddButton';
import { FormActions } from '../../components/FormActions';
import {
  type Campaign,
  type CampaignCounts,
  useCampaign,
  useCampaignActions,
  useCampaignAudience,
  useCampaignChoices,
  useSenders,
} from '../../hooks/use-crm';
import { CrmMarketingNav, CrmNameField } from './CrmBits';
import { EMPTY_SEGMENT_DRAFT, SegmentEditor, segmentFromDraft } from './SegmentEditor';
import { browserTimeZone, formatInZone, instantToZoned, timeZones, zonedToInstant } from './schedule-time';
import { segmentSentence } from './segment-words';

/** A campaign's status on the one palette. */
function CampaignStatusBadge({ status }: { status: CampaignState }) {
  return (
    <StatusBadge id={campaignStatusId(status)} map={CAMPAIGN_STATUS_MAP} data-testid="campaign-status" />
  );
}

/**
 * The new campaign form: name, leads list narrowed by a segment (issue 36 "E-mail campaigns"),
 * template and sender. A segment without conditions is not sent (the whole list).
 */
export function NewCampaignModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choices = useCampaignChoices(opened);
  const senders = useSenders();
  const actions = useCampaignActions();
  const [name, setName] = useState('');
  const [listId, setListId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [senderId, setSenderId] = useState<string | null>(null);
  const [draft, setDraft] = useState(EMPTY_SEGMENT_DRAFT);
  const { segment, error: segmentError } = segmentFromDraft(draft);
  const error = actions.create.error;
  const create = () =>
    actions.create.mutate(
      {
        name: name.trim(),
        list_id: Number(listId),
        template_id: Number(templateId),
        sender_id: Number(senderId),
        ...(Object.keys(segment).length > 0 ? { segment } : {}),
      },
      { onSuccess: (c) => navigate(`/marketing-campaign/${c.id}`) },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('crm.campaigns.new')} centered size="lg">
      <Stack gap="md" data-testid="campaign-form">
        <CrmNameField
          label={t('crm.campaigns.name')}
          value={name}
          onChange={setName}
          data-testid="campaign-name"
        />
        <Select
          label={t('crm.campaigns.list')}
          data={(choices.data?.lists ?? []).map((l) => ({
            value: String(l.id),
            label: `${l.name} (${l.addresses})`,
          }))}
          value={listId}
          onChange={(id) => {
            setListId(id);
            setDraft(EMPTY_SEGMENT_DRAFT);
          }}
          searchable
          required
          data-testid="campaign-list"
        />
        <SegmentEditor listId={listId === null ? null : Number(listId)} value={draft} onChange={setDraft} />
        <Select
          label={t('crm.campaigns.template')}
          data={(choices.data?.templates ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
          value={templateId}
          onChange={setTemplateId}
          searchable
          required
          data-testid="campaign-template"
        />
        <Select
          label={t('crm.campaigns.sender')}
          description={t('crm.senders.rule')}
          data={(senders.data ?? []).map((s) => ({
            value: String(s.id),
            label: `${s.name} <${s.email}>`,
            disabled: !s.usable,
          }))}
          value={senderId}
          onChange={setSenderId}
          required
          data-testid="campaign-sender"
        />
        {isApiError(error) && (
          <Alert color="red">
            {error.errors ? translateMessage(Object.values(error.errors)[0]?.[0] ?? '') : error.message}
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          onClick={create}
          loading={actions.create.isPending}
          disabled={!name.trim() || !listId || !templateId || !senderId || segmentError !== null}
          data-testid="campaign-create"
        >
          {t('crm.campaigns.create')}
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** /marketing-campaigns (crm.marketing.show): every campaign with its status and main counts. */
export function CampaignsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('crm.campaigns.title');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <Stack gap="md">
      <CrmMarketingNav />
      <ListScreen<Campaign>
        title="crm.campaigns.title"
        path="admin/crm/campaigns"
        actions={
          <AddButton onClick={() => setCreating(true)} data-testid="campaign-new">
            {t('crm.campaigns.new')}
          </AddButton>
        }
        empty={{ title: 'crm.campaigns.empty', hint: 'crm.campaigns.empty_hint' }}
        onRowClick={(c) => navigate(`/marketing-campaign/${c.id}`)}
        refetchInterval={(rows) => (rows.some((r) => r.status === 'sending') ? 3_000 : false)}
        columns={[
          { accessor: 'name', title: 'crm.campaigns.name', render: (c) => <Text fw={600}>{c.name}</Text> },
          {
            accessor: 'status',
            title: 'crm.campaigns.status',
            render: (c) => <CampaignStatusBadge status={c.status} />,
          },
          { accessor: 'list_name', title: 'crm.campaigns.list' },
          { accessor: 'sent', title: 'crm.campaigns.count.sent', render: (c) => n(c.counts.sent) },
          { accessor: 'opened', title: 'crm.campaigns.count.opened', render: (c) => n(c.counts.opened) },
          { accessor: 'clicked', title: 'crm.campaigns.count.clicked', render: (c) => n(c.counts.clicked) },
          {
            accessor: 'created_at',
            title: 'crm.fields.created_at',
            render: (c) => formatDateTime(c.created_at, i18n.language),
          },
        ]}
      />
      <NewCampaignModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/**
 * The confirmation of "Send now" / "Schedule": the number of recipients the server
 * counts today, and a warning per merge tag the template uses without a fallback while some of them
 * have no value for it ("Hi ,"). Confirming sends that number: the server refuses if the list changed.
 */
export function SendConfirmModal({
  campaign,
  scheduledAt,
  timeZone,
  onClose,
  onConfirm,
  sending,
}: {
  campaign: Pick<Campaign, 'id' | 'name' | 'segment'> | null;
  /** ISO date of a schedule, or null to send now. */
  scheduledAt: string | null;
  /** The IANA zone the schedule is read in (shown beside the date). */
  timeZone?: string;
  onClose(): void;
  onConfirm(recipients: number): void;
  sending: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const audience = useCampaignAudience(campaign?.id ?? 0, campaign !== null);
  const data = audience.data;
  return (
    <Modal
      opened={campaign !== null}
      onClose={onClose}
      title={t(scheduledAt ? 'crm.campaigns.confirm.title_schedule' : 'crm.campaigns.confirm.title_now')}
      centered
    >
      <Stack gap="md" data-testid="campaign-send-confirm">
        {!data ? (
          <Group justify="center" p="md">
            <Loader size="sm" />
          </Group>
        ) : (
          <>
            <Text data-testid="campaign-send-count">
              {scheduledAt
                ? t('crm.campaigns.confirm.schedule', {
                    count: data.recipients,
                    name: campaign?.name,
                    date: timeZone
                      ? `${formatInZone(scheduledAt, lang, timeZone)} (${isolateLtr(timeZone, lang)})`
                      : formatDateTime(scheduledAt, lang),
                  })
                : t('crm.campaigns.confirm.now', { count: data.recipients, name: campaign?.name })}
            </Text>
            <Text size="sm" data-testid="campaign-send-segment">
              {t('crm.segments.label', { segment: segmentSentence(campaign?.segment, t, lang) })}
            </Text>
            <Text size="sm" data-testid="campaign-send-sender">
              {t('crm.campaigns.confirm.from', {
                sender: data.sender ? isolateLtr(`${data.sender.name} <${data.sender.email}>`, lang) : '—',
              })}
            </Text>
            {data.empty_tags.map((e) => (
              <Alert
                key={e.tag}
                color="orange"
                icon={<IconAlertTriangle size={18} />}
                data-testid="campaign-empty-tag"
              >
                {t('crm.campaigns.confirm.empty_tag', {
                  count: e.recipients,
                  total: formatNumber(data.recipients, lang),
                  tag: `{{${e.tag}}}`,
                  example: `{{${e.tag} | "${t('crm.campaigns.confirm.fallback_example')}"}}`,
                })}
              </Alert>
            ))}
          </>
        )}
        <FormActions
          onCancel={onClose}
          leftSection={<IconSend size={16} />}
          disabled={!data || data.recipients === 0}
          loading={sending}
          onClick={() => data && onConfirm(data.recipients)}
          data-testid="campaign-send-confirm-yes"
        >
          {data
            ? t(scheduledAt ? 'crm.campaigns.confirm.button_schedule' : 'crm.campaigns.confirm.button_now', {
                count: data.recipients,
              })
            : t('crm.campaigns.send_now')}
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** A date-and-time input beside the choice of its time zone (issue 36 item 2). */
function ScheduleFields({
  local,
  zone,
  onLocal,
  onZone,
}: {
  local: string;
  zone: string;
  onLocal(value: string): void;
  onZone(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        type="datetime-local"
        aria-label={t('crm.campaigns.schedule_at')}
        value={local}
        onChange={(e) => onLocal(e.currentTarget.value)}
        data-testid="campaign-schedule-at"
      />
      <Select
        aria-label={t('crm.campaigns.time_zone')}
        data={timeZones()}
        value={zone}
        onChange={(v) => v && onZone(v)}
        searchable
        allowDeselect={false}
        w={200}
        data-testid="campaign-time-zone"
      />
    </>
  );
}

/** Move a scheduled campaign to another time and zone, prefilled with the current one. */
function RescheduleModal({
  campaign,
  onClose,
}: {
  campaign: Pick<Campaign, 'id' | 'scheduled_at' | 'schedule_time_zone'> | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const actions = useCampaignActions();
  const startZone = campaign?.schedule_time_zone ?? browserTimeZone();
  const [zone, setZone] = useState(startZone);
  const [local, setLocal] = useState(
    campaign?.scheduled_at ? instantToZoned(campaign.scheduled_at, startZone) : '',
  );
  const instant = zonedToInstant(local, zone);
  const error = actions.reschedule.error;
  return (
    <Modal opened={campaign !== null} onClose={onClose} title={t('crm.campaigns.reschedule_title')} centered>
      <Stack gap="md" data-testid="campaign-reschedule">
        <Group gap="xs" wrap="wrap">
          <ScheduleFields local={local} zone={zone} onLocal={setLocal} onZone={setZone} />
        </Group>
        {isApiError(error) && (
          <Alert color="red">
            {error.errors ? translateMessage(Object.values(error.errors)[0]?.[0] ?? '') : error.message}
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          disabled={!instant || !campaign}
          loading={actions.reschedule.isPending}
          onClick={() =>
            instant &&
            campaign &&
            actions.reschedule.mutate(
              { id: campaign.id, scheduled_at: instant.toISOString(), time_zone: zone },
              { onSuccess: onClose },
            )
          }
          data-testid="campaign-reschedule-save"
        >
          {t('crm.campaigns.reschedule_save')}
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** The palette kind of each recipient status: delivered and engaged green, bounced red, waiting yellow. */
const RECIPIENT_KINDS: Record<RecipientStatus, StatusKind> = {
  queued: 'waiting',
  sent: 'success',
  opened: 'success',
  clicked: 'success',
  bounced: 'failure',
  unsubscribed: 'neutral',
  skipped: 'neutral',
};

/** The latest thing that happened to a recipient's message (ISO 8601), or null while it waits. */
function lastActivity(r: CampaignRecipient): string | null {
  const times = [r.sent_at, r.opened_at, r.clicked_at, r.bounced_at, r.unsubscribed_at].filter(
    (v): v is string => v !== null,
  );
  // ISO 8601 instants in UTC sort as text: the last one after sorting is the latest.
  return times.sort().at(-1) ?? null;
}

/**
 * A campaign's recipients (issue 36): one row per message with what became of it (the most advanced
 * state wins, see docs/decisions.md), filterable by status and searchable by address; the state lives
 * in the URL like every list screen.
 */
function CampaignRecipients({ id, live }: { id: number; live: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div data-testid="campaign-recipients">
      <ListScreen<CampaignRecipient>
        title="crm.campaigns.recipients"
        path={`admin/crm/campaigns/${id}/recipients`}
        searchable
        refetchInterval={live ? 5_000 : false}
        empty={{ title: 'crm.campaigns.recipients_empty', hint: 'crm.campaigns.recipients_empty_hint' }}
        filters={[
          {
            type: 'multiselect',
            name: 'status',
            label: 'crm.campaigns.status',
            options: RECIPIENT_STATUSES.map((s) => ({
              value: s,
              label: t(`crm.campaigns.recipient_status.${s}`),
            })),
          },
        ]}
        columns={[
          {
            accessor: 'email',
            title: 'crm.campaigns.email',
            sortable: true,
            render: (r) => <Text size="sm">{isolateLtr(r.email, lang)}</Text>,
          },
          { accessor: 'name', title: 'crm.campaigns.artist', render: (r) => r.name ?? '—' },
          {
            accessor: 'status',
            title: 'crm.campaigns.status',
            render: (r) => (
              <StatusBadge
                label={r.status}
                kind={RECIPIENT_KINDS[r.status]}
                text={t(`crm.campaigns.recipient_status.${r.status}`)}
                data-testid="recipient-status"
              />
            ),
          },
          {
            accessor: 'last_activity',
            title: 'crm.campaigns.last_activity',
            render: (r) => {
              const at = lastActivity(r);
              return at ? formatDateTime(at, lang) : '—';
            },
          },
        ]}
      />
    </div>
  );
}

/**
 * A campaign's rates (issue 36 item 5), as e-mail tools state them: delivered and bounced out of the
 * messages sent, opened, clicked and unsubscribed out of those delivered. Null while nothing is in the
 * denominator (shown as a dash, not 0 %).
 */
export function campaignRates(c: CampaignCounts) {
  const of = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  return {
    delivered: of(c.delivered, c.sent),
    open: of(c.opened, c.delivered),
    click: of(c.clicked, c.delivered),
    bounce: of(c.bounced, c.sent),
    unsubscribe: of(c.unsubscribed, c.delivered),
  };
}

const COUNT_KEYS: (keyof CampaignCounts)[] = [
  'recipients',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'unsubscribed',
  'skipped',
  'failed',
];

/**
 * /marketing-campaign/{campaignId} (crm.marketing.show): a campaign's list, template and sender, its
 * counts (sent, delivered, opened, clicked, bounced, unsubscribed …) and a chart of them per hour,
 * asked again while it sends; send now or schedule a draft, pause and resume.
 */
export function CampaignPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const axes = chartDirection(lang, 'horizontal', { counts: true });
  usePageTitle('crm.campaigns.detail');
  const id = Number(useParams().campaignId);
  const campaign = useCampaign(id);
  const actions = useCampaignActions();
  const [scheduleAt, setScheduleAt] = useState('');
  const [zone, setZone] = useState(browserTimeZone);
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const data = campaign.data;
  if (campaign.isLoading) return <Loader />;
  if (!data) return <NotFoundPage />;
  const error =
    actions.start.error ??
    actions.test.error ??
    actions.unschedule.error ??
    actions.pause.error ??
    actions.resume.error ??
    actions.cancel.error;
  const scheduleInstant = scheduleAt ? zonedToInstant(scheduleAt, zone) : null;
  return (
    <Stack gap="md" data-testid="campaign-page">
      <CrmMarketingNav />
      <Group justify="space-between">
        <Group gap="sm">
          <Button
            component={Link}
            to="/marketing-campaigns"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('crm.campaigns.title')}
          </Button>
          <Title order={2}>{data.name}</Title>
          <CampaignStatusBadge status={data.status} />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconMailForward size={16} />}
            loading={actions.test.isPending}
            onClick={() => actions.test.mutate(id)}
            data-testid="campaign-test-send"
          >
            {t('crm.campaigns.test_send')}
          </Button>
          {data.status === 'draft' && (
            <>
              <ScheduleFields local={scheduleAt} zone={zone} onLocal={setScheduleAt} onZone={setZone} />
              <Button
                leftSection={<IconSend size={16} />}
                loading={actions.start.isPending}
                onClick={() => setConfirming(true)}
                data-testid="campaign-start"
              >
                {t(scheduleAt ? 'crm.campaigns.schedule' : 'crm.campaigns.send_now')}
              </Button>
            </>
          )}
          {data.status === 'scheduled' && (
            <>
              <Button
                variant="light"
                leftSection={<IconCalendarTime size={16} />}
                onClick={() => setMoving(true)}
                data-testid="campaign-reschedule-open"
              >
                {t('crm.campaigns.change_time')}
              </Button>
              <Button
                variant="light"
                loading={actions.unschedule.isPending}
                onClick={async () => {
                  const ok = await confirmAction({
                    title: t('crm.campaigns.unschedule'),
                    message: t('crm.campaigns.unschedule_confirm', { name: data.name }),
                  });
                  if (ok) actions.unschedule.mutate(id);
                }}
                data-testid="campaign-unschedule"
              >
                {t('crm.campaigns.unschedule')}
              </Button>
            </>
          )}
          {(data.status === 'sending' || data.status === 'scheduled') && (
            <Button
              variant="light"
              leftSection={<IconPlayerPause size={16} />}
              onClick={() => actions.pause.mutate(id)}
              data-testid="campaign-pause"
            >
              {t('crm.campaigns.pause')}
            </Button>
          )}
          {data.status === 'paused' && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => actions.resume.mutate(id)}
              data-testid="campaign-resume"
            >
              {t('crm.campaigns.resume')}
            </Button>
          )}
          {(data.status === 'scheduled' || data.status === 'paused') && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              loading={actions.cancel.isPending}
              onClick={async () => {
                const ok = await confirmAction({
                  title: t('crm.campaigns.cancel'),
                  message: t('crm.campaigns.cancel_confirm', { name: data.name }),
                  danger: true,
                });
                if (ok) actions.cancel.mutate(id);
              }}
              data-testid="campaign-cancel"
            >
              {t('crm.campaigns.cancel')}
            </Button>
          )}
        </Group>
      </Group>
      {isApiError(error) && (
        <Alert color="red">
          {error.errors ? translateMessage(Object.values(error.errors)[0]?.[0] ?? '') : error.message}
        </Alert>
      )}
      <SendConfirmModal
        campaign={confirming ? data : null}
        scheduledAt={scheduleInstant ? scheduleInstant.toISOString() : null}
        timeZone={zone}
        onClose={() => setConfirming(false)}
        sending={actions.start.isPending}
        onConfirm={(recipients) =>
          actions.start.mutate(
            {
              id,
              scheduled_at: scheduleInstant ? scheduleInstant.toISOString() : undefined,
              time_zone: zone,
              recipients,
            },
            { onSettled: () => setConfirming(false) },
          )
        }
      />
      {moving && <RescheduleModal campaign={data} onClose={() => setMoving(false)} />}
      <Text size="sm" c="dimmed" data-testid="campaign-summary">
        {t('crm.campaigns.summary', {
          list: data.list_name ?? '—',
          template: data.template_name ?? '—',
          sender: data.sender ?? '—',
        })}
        {data.status === 'scheduled' && data.scheduled_at
          ? ` · ${t('crm.campaigns.scheduled_for', {
              date: data.schedule_time_zone
                ? `${formatInZone(data.scheduled_at, lang, data.schedule_time_zone)} (${isolateLtr(data.schedule_time_zone, lang)})`
                : formatDateTime(data.scheduled_at, lang),
            })}`
          : ''}
      </Text>
      <Text size="sm" c="dimmed" data-testid="campaign-segment">
        {t('crm.segments.label', { segment: segmentSentence(data.segment, t, lang) })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5, lg: 9 }} spacing="sm" data-testid="campaign-counts">
        {COUNT_KEYS.map((key) => (
          <Paper key={key} withBorder p="sm" data-testid={`count-${key}`}>
            <Text size="xs" c="dimmed">
              {t(`crm.campaigns.count.${key}`)}
            </Text>
            <Text fw={700} size="xl">
              {formatNumber(data.counts[key], lang)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" data-testid="campaign-rates">
        {Object.entries(campaignRates(data.counts)).map(([key, rate]) => (
          <Paper key={key} withBorder p="sm" data-testid={`rate-${key}`}>
            <Text size="xs" c="dimmed">
              {t(`crm.campaigns.rates.${key}`)}
            </Text>
            <Text fw={700} size="xl">
              {rate === null ? '—' : formatNumber(rate, lang, { style: 'percent', maximumFractionDigits: 1 })}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="md">
        <Text fw={600} mb="sm">
          {t('crm.campaigns.over_time')}
        </Text>
        {data.timeline.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('crm.campaigns.no_activity')}
          </Text>
        ) : (
          <LineChart
            h={260}
            {...axes}
            {...LEGEND_PROPS}
            data={data.timeline.map((p) => ({ ...p, hour: formatDateTime(p.hour, lang) }))}
            dataKey="hour"
            series={[
              { name: 'sent', label: t('crm.campaigns.count.sent'), color: 'blue.6' },
              { name: 'opened', label: t('crm.campaigns.count.opened'), color: 'teal.6' },
              { name: 'clicked', label: t('crm.campaigns.count.clicked'), color: 'grape.6' },
              { name: 'bounced', label: t('crm.campaigns.count.bounced'), color: 'red.6' },
              { name: 'unsubscribed', label: t('crm.campaigns.count.unsubscribed'), color: 'gray.6' },
            ]}
            withLegend
            data-testid="campaign-chart"
          />
        )}
      </Paper>
      <CampaignRecipients id={id} live={data.status === 'sending'} />
    </Stack>
  );
}
