import { FORM_STATUS_MESSAGE_MAX, formStatus } from '@lm/contracts';
import {
  ApiRequestError,
  CountedTextarea,
  confirmAction,
  formatDate,
  formatDateTime,
  isTooLong,
  PlaylistFormWizard,
  StatusBadge,
  usePageTitle,
  useSession,
} from '@lm/ui';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Drawer,
  Group,
  Image,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconEdit, IconForms, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { UserLink } from '../../components/UserCell';
import { type StaffForm, useFormActions, useFormStatuses, useStaffForm } from '../../hooks/use-forms';

/**
 * The Edit Form side panel (spec section 2: status only), CHANGE_STATUS: the form's status and those
 * staff may move it to (issue 36, from the API's status list), with the message to the artist when
 * the chosen status needs or takes one; the server's refusal shows under the field.
 */
function EditFormPanel({ form, opened, onClose }: { form: StaffForm; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const statuses = useFormStatuses();
  const [status, setStatus] = useState<string | null>(String(form.status_id));
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { status: change } = useFormActions(form.id);
  const options = statuses.data ?? [];
  const current = options.find((s) => s.id === form.status_id);
  const choices = options.filter((s) => s.id === form.status_id || current?.next.includes(s.id));
  const chosen = options.find((s) => String(s.id) === status);
  const changing = chosen !== undefined && chosen.id !== form.status_id;
  const save = async () => {
    setError(null);
    if (!changing) return onClose();
    if (chosen.needs_message && !message.trim()) {
      setError(t('forms.message_required'));
      return;
    }
    try {
      await change.mutateAsync({
        status: chosen.id,
        message: chosen.takes_message ? message.trim() : undefined,
      });
      setMessage('');
      onClose();
    } catch (err) {
      if (err instanceof ApiRequestError) setError(err.errors?.message?.[0] ?? err.message);
    }
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('forms_admin.edit_title')}
      position="right"
      data-testid="edit-form-panel"
    >
      <Stack gap="sm">
        {current && current.next.length === 0 ? (
          <Alert color="gray" data-testid="form-status-final">
            {t('forms_admin.final_hint')}
          </Alert>
        ) : (
          <Select
            label={t('playlist_forms.status')}
            data={choices.map((s) => ({ value: String(s.id), label: s.name }))}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setError(null);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="form-status-select"
          />
        )}
        {changing && chosen.takes_message && (
          <CountedTextarea
            max={FORM_STATUS_MESSAGE_MAX}
            label={t('forms_admin.message_label')}
            description={t(
              chosen.needs_message
                ? 'forms_admin.message_required_hint'
                : 'forms_admin.message_optional_hint',
            )}
            required={chosen.needs_message}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={error}
            minRows={4}
            autosize
            dir="auto"
            data-testid="form-status-message"
          />
        )}
        {error && !(changing && chosen.takes_message) && (
          <Text size="sm" c="red">
            {error}
          </Text>
        )}
        <FormActions
          onCancel={onClose}
          onClick={() => void save()}
          loading={change.isPending}
          disabled={isTooLong(message, FORM_STATUS_MESSAGE_MAX)}
          data-testid="form-status-save"
        >
          {t('forms_admin.save')}
        </FormActions>
      </Stack>
    </Drawer>
  );
}

/** The form's status changes, newest first: the two statuses, who, when and staff's message. */
function StatusHistory({ history }: { history: StaffForm['status_history'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="form-status-history">
      <Title order={4} mb="sm">
        {t('forms_admin.history_title')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('forms_admin.history_empty')}
        </Text>
      ) : (
        <Timeline active={history.length} bulletSize={14} lineWidth={2}>
          {history.map((h) => (
            <Timeline.Item
              key={h.id}
              title={
                <Group gap={6} wrap="wrap">
                  {h.from && <StatusBadge status={formStatus(h.from.id)} text={h.from.name} size="sm" />}
                  <IconArrowRight size={14} className="lm-flip-rtl" aria-hidden />
                  <StatusBadge status={formStatus(h.to.id)} text={h.to.name} size="sm" />
                </Group>
              }
            >
              <Text size="xs" c="dimmed">
                {h.by.kind === 'artist' ? t('forms_admin.history_artist') : h.by.name} ·{' '}
                {formatDateTime(h.created_at, i18n.language)}
              </Text>
              {h.message && (
                <Text
                  size="sm"
                  mt={4}
                  dir="auto"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {h.message}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }} component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

const link = (href: string | null | undefined) =>
  href ? (
    <Anchor href={href} target="_blank" rel="noreferrer" dir="ltr">
      {href}
    </Anchor>
  ) : null;

/**
 * /forms/{id} (VIEW_FORM; spec sections 2 and 3): every field of a playlist form by step,
 * its cover, track and references; Edit Form side panel for the status (CHANGE_STATUS), the Edit Form
 * wizard (EDIT_FORM) and delete (DELETE_FORM).
 */
export function FormDetailPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('forms_admin.detail_title');
  const params = useParams();
  const id = Number(params.formId);
  const form = useStaffForm(id);
  const actions = useFormActions(id);
  const session = useSession();
  const navigate = useNavigate();
  const can = (p: string) => session.ability.can('call', p);
  const [panel, setPanel] = useState(false);
  const [editing, setEditing] = useState(false);
  const data = form.data;
  if (!data) return form.isLoading ? <Loader /> : null;
  const f = (name: string) => t(`playlist_forms.fields.${name}`);

  if (editing) {
    return (
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={2}>{t('forms_admin.edit_form', { id })}</Title>
          <Button variant="default" onClick={() => setEditing(false)}>
            {t('forms_admin.cancel')}
          </Button>
        </Group>
        <Card withBorder padding="lg">
          <PlaylistFormWizard
            initial={data}
            onSubmit={async (body) => {
              await actions.edit.mutateAsync(body);
              setEditing(false);
            }}
          />
        </Card>
      </Stack>
    );
  }

  const remove = async () => {
    if (!(await confirmAction({ confirmLabel: t('forms_admin.delete') }))) return;
    await actions.remove.mutateAsync();
    navigate('/forms/list');
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Button
            component={Link}
            to="/forms/list"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} className="lm-flip-rtl" />}
          >
            {t('forms_admin.back')}
          </Button>
          <Title order={2}>
            <IconForms size={22} /> {t('forms_admin.form_n', { id: data.id })}
          </Title>
          <StatusBadge
            status={formStatus(data.status_id)}
            text={data.status.name}
            data-testid="form-status"
          />
        </Group>
        <Group gap="xs">
          {can('CHANGE_STATUS') && (
            <Button
              leftSection={<IconEdit size={16} />}
              onClick={() => setPanel(true)}
              data-testid="form-edit-status"
            >
              {t('forms_admin.edit_status')}
            </Button>
          )}
          {can('EDIT_FORM') && (
            <Button variant="light" onClick={() => setEditing(true)} data-testid="form-edit">
              {t('forms_admin.edit')}
            </Button>
          )}
          {can('DELETE_FORM') && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => void remove()}
              data-testid="form-delete"
            >
              {t('forms_admin.delete')}
            </Button>
          )}
        </Group>
      </Group>

      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          {t('playlist_forms.steps.personal')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Field label={t('forms_admin.artist')}>
            <UserLink user={data.user} emailSize="xs" />
          </Field>
          <Field label={f('phone_number')}>
            <span dir="ltr">{data.phone_number}</span>
          </Field>
          <Field label={f('location_timezone')}>
            {t(`playlist_forms.locations.${data.location_timezone}`)}
          </Field>
          <Field label={f('track_url')}>{link(data.track_url)}</Field>
          <Field label={f('facebook_link')}>{link(data.facebook_link)}</Field>
          <Field label={f('instagram_link')}>{link(data.instagram_link)}</Field>
          <Field label={f('twitter_link')}>{link(data.twitter_link)}</Field>
          <Field label={f('tiktok_link')}>{link(data.tiktok_link)}</Field>
        </SimpleGrid>
      </Card>

      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          {t('playlist_forms.steps.song')}
        </Title>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Image src={data.cover_image_url} w={120} h={120} radius="md" alt={f('cover_image')} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ flex: 1 }}>
            <Field label={f('type')}>{t(`playlist_forms.types.${String(data.type).toLowerCase()}`)}</Field>
            <Field label={f('release_date')}>{formatDate(String(data.release_date), i18n.language)}</Field>
            <Field label={f('genre')}>{data.genre}</Field>
            <Field label={f('track_mood')}>{data.track_mood}</Field>
            <Field label={f('track_bio')}>{data.track_bio}</Field>
            <Field label={f('track_file')}>
              {/* biome-ignore lint/a11y/useMediaCaption: the artist's own unreleased audio has no captions */}
              <audio controls preload="none" src={data.track_file_url} style={{ maxWidth: '100%' }} />
            </Field>
          </SimpleGrid>
        </Group>
      </Card>

      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          {t('playlist_forms.steps.artist')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Field label={f('promotion')}>{data.promotion}</Field>
          <Field label={f('previous_achievements')}>{data.previous_achievements}</Field>
          <Field label={f('distributor')}>{data.distributor}</Field>
          <Field label={f('upc_code')}>{data.upc_code}</Field>
          <Field label={f('isrc_code')}>{data.isrc_code}</Field>
          <Field label={t('forms_admin.references')}>
            {data.reference.length > 0 ? (
              <Stack gap={2} data-testid="form-references">
                {data.reference.map((r) => (
                  <Text key={r.reference} size="sm" dir="auto">
                    {r.reference}
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Field>
        </SimpleGrid>
      </Card>

      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          {t('playlist_forms.steps.extra')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Field label={f('apple_track_id')}>{data.apple_track_id}</Field>
          <Field label={f('soundcloud_link')}>{link(data.soundcloud_link)}</Field>
          <Field label={f('label')}>{data.label}</Field>
          <Field label={f('extra_info')}>{data.extra_info}</Field>
          <Field label={t('playlist_forms.created_at')}>{formatDate(data.created_at, i18n.language)}</Field>
        </SimpleGrid>
      </Card>
      <StatusHistory history={data.status_history} />
      {panel && <EditFormPanel form={data} opened={panel} onClose={() => setPanel(false)} />}
    </Stack>
  );
}
