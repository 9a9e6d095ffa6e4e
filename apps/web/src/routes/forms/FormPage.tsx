import { FORM_STATUS, formStatus } from '@lm/contracts';
import type { FormAnswer } from '@lm/contracts/forms-api';
import { formatDateTime, PlaylistFormWizard, QueryContent, StatusBadge, usePageTitle } from '@lm/ui';
import { Alert, Button, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconEdit, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMyForm, useUpdateForm } from '../../hooks/use-forms';

const ALERT_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'yellow', 4: 'red' };

/** The status, what it means for the artist, and the team's latest message about it. */
function StatusNotice({ form }: { form: FormAnswer }) {
  const { t } = useTranslation();
  const latest = form.status_history.find((h) => h.to.id === form.status_id);
  return (
    <Alert
      color={ALERT_COLOR[form.status_id] ?? 'gray'}
      icon={<IconInfoCircle size={18} />}
      title={<StatusBadge status={formStatus(form.status_id)} text={form.status.name} />}
      data-testid="form-status-notice"
    >
      <Stack gap="xs">
        <Text size="sm">{t(`playlist_forms.help.${form.status_id}`)}</Text>
        {latest?.message && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('playlist_forms.team_message')}
            </Text>
            <Text
              size="sm"
              dir="auto"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="form-team-message"
            >
              {latest.message}
            </Text>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}

/** The form's status changes, newest first, with the team's messages. */
function History({ form }: { form: FormAnswer }) {
  const { t, i18n } = useTranslation();
  if (form.status_history.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="form-history">
      <Title order={4} mb="sm">
        {t('playlist_forms.history_title')}
      </Title>
      <Timeline active={form.status_history.length} bulletSize={14} lineWidth={2}>
        {form.status_history.map((h) => (
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
              {t(h.by.kind === 'artist' ? 'playlist_forms.history_you' : 'playlist_forms.history_team')} ·{' '}
              {formatDateTime(h.created_at, i18n.language)}
            </Text>
            {h.message && (
              <Text size="sm" mt={4} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {h.message}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}

/**
 * /forms/{formId} (issue 36): one of the artist's playlist forms: its status with what it means and
 * the team's message, the status history, and the wizard to edit it while Pending or to edit and
 * resubmit it when the team needs more information (a rejected or completed form is read only).
 */
export function FormPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().formId);
  usePageTitle('playlist_forms.title');
  const form = useMyForm(id);
  const update = useUpdateForm(id);
  const [editing, setEditing] = useState(false);
  const back = (
    <Button
      component={Link}
      to="/forms"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} className="lm-flip-rtl" />}
    >
      {t('playlist_forms.back_to_list')}
    </Button>
  );
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {back}
      </Group>
      <QueryContent query={form} skeletonHeight={240} notFound="errors.not_found">
        {(data) => {
          const needsInfo = data.status_id === FORM_STATUS.NEEDS_INFO;
          const editable = data.status_id === FORM_STATUS.PENDING || needsInfo;
          if (editing && editable) {
            return (
              <Stack gap="md">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2}>{t('playlist_forms.edit_title', { id: data.id })}</Title>
                  <Button variant="default" onClick={() => setEditing(false)}>
                    {t('ui.confirm.cancel')}
                  </Button>
                </Group>
                <StatusNotice form={data} />
                <Card withBorder padding="lg" data-testid="playlist-form-wizard">
                  <PlaylistFormWizard
                    initial={data}
                    onSubmit={async (body) => {
                      await update.mutateAsync(body);
                      setEditing(false);
                    }}
                  />
                </Card>
              </Stack>
            );
          }
          return (
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Title order={2}>{t('playlist_forms.form_n', { id: data.id })}</Title>
                {editable && (
                  <Button
                    leftSection={<IconEdit size={16} />}
                    color={needsInfo ? 'yellow' : undefined}
                    onClick={() => setEditing(true)}
                    data-testid="form-edit"
                  >
                    {t(needsInfo ? 'playlist_forms.edit_resubmit' : 'playlist_forms.edit')}
                  </Button>
                )}
              </Group>
              <StatusNotice form={data} />
              <Card withBorder padding="md">
                <Stack gap={4}>
                  <Text size="xs" c="dimmed">
                    {t('playlist_forms.fields.track_url')}
                  </Text>
                  <Text size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                    {data.track_url}
                  </Text>
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('playlist_forms.fields.type')}
                  </Text>
                  <Text size="sm">{t(`playlist_forms.types.${data.type.toLowerCase()}`)}</Text>
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('playlist_forms.created_at')}
                  </Text>
                  <Text size="sm">{formatDateTime(data.created_at, i18n.language)}</Text>
                </Stack>
              </Card>
              <History form={data} />
            </Stack>
          );
        }}
      </QueryContent>
    </Stack>
  );
}
