import { FORM_STATUS_MESSAGE_MAX, FORM_STATUSES } from '@lm/contracts';
import { type BulkAction, ListScreen, usePageTitle, useSession } from '@lm/ui';
import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type StaffFormItem, useFormBulkStatus, useFormStatuses } from '../../hooks/use-forms';
import { formColumns } from './form-columns';

/**
 * The bulk bar's one action (issue 36, CHANGE_STATUS): choose a status in the bar, confirm with the
 * count and, for a status that needs or takes one, the message to every artist; each form then goes
 * through the single change's rules on the server.
 */
function useBulkStatusAction(): BulkAction {
  const { t } = useTranslation();
  const statuses = useFormStatuses();
  const run = useFormBulkStatus();
  const [status, setStatus] = useState<string | null>(null);
  const chosen = statuses.data?.find((s) => String(s.id) === status);
  return {
    key: 'status',
    label: 'forms_admin.bulk_status',
    confirm: 'forms_admin.bulk_status_confirm',
    input: {
      control: (
        <Select
          size="xs"
          w={200}
          placeholder={t('forms_admin.bulk_status_pick')}
          aria-label={t('forms_admin.bulk_status_pick')}
          data={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={status}
          onChange={setStatus}
          comboboxProps={{ withinPortal: true }}
          data-testid="bulk-status-select"
        />
      ),
      value: status,
      ready: chosen !== undefined,
    },
    ...(chosen?.takes_message
      ? {
          reason: {
            label: 'forms_admin.message_label',
            min: chosen.needs_message ? 1 : 0,
            max: FORM_STATUS_MESSAGE_MAX,
          },
        }
      : {}),
    run: (ids, message) => run(ids, Number(status), message),
  };
}

/**
 * /forms/list (VIEW_FORM; spec sections 2 and 3 "Form list item"): every playlist form with
 * its artist, author (artist or staff), status badge from the one palette, filters by status and text;
 * a row opens /forms/{id}; staff holding CHANGE_STATUS select rows and set their status in bulk.
 */
export function FormsListPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('forms_admin.title');
  const navigate = useNavigate();
  const session = useSession();
  const bulkStatus = useBulkStatusAction();
  const canChange = session.ability.can('call', 'CHANGE_STATUS');
  return (
    <ListScreen<StaffFormItem>
      title="forms_admin.title"
      path="forms"
      searchable
      actions={
        session.ability.can('call', 'INFLUENCER_ADD_FORM') ? (
          <Button component={Link} to="/forms/new" leftSection={<IconPlus size={16} />}>
            {t('behalf.new_form')}
          </Button>
        ) : undefined
      }
      empty={{ title: 'forms_admin.empty_title', hint: 'forms_admin.empty_hint' }}
      filters={[
        {
          name: 'status_id',
          label: 'playlist_forms.status',
          type: 'select',
          options: FORM_STATUSES.map((s) => ({ value: String(s.id), label: t(`forms.status.${s.id}`) })),
        },
      ]}
      {...(canChange
        ? { bulk: { describe: (r: StaffFormItem) => `#${r.id} · ${r.user.name}`, actions: [bulkStatus] } }
        : {})}
      onRowClick={(r) => navigate(`/forms/${r.id}`)}
      columns={formColumns(i18n.language)}
    />
  );
}
