import { FORM_STATUSES, formStatus } from '@lm/contracts';
import { formatDate, ListScreen, StatusBadge, usePageTitle } from '@lm/ui';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { StaffFormItem } from '../../hooks/use-forms';

/**
 * /forms/list (VIEW_FORM; spec sections 2 and 3 "Form list item", issue 13): every playlist form with
 * its artist, author (artist or staff), status badge from the one palette, filters by status and text;
 * a row opens /forms/{id}.
 */
export function FormsListPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('forms_admin.title');
  const navigate = useNavigate();
  return (
    <ListScreen<StaffFormItem>
      title="forms_admin.title"
      path="forms"
      searchable
      empty={{ title: 'forms_admin.empty_title', hint: 'forms_admin.empty_hint' }}
      filters={[
        {
          name: 'status_id',
          label: 'playlist_forms.status',
          type: 'select',
          options: FORM_STATUSES.map((s) => ({ value: String(s.id), label: t(`forms.status.${s.id}`) })),
        },
      ]}
      onRowClick={(r) => navigate(`/forms/${r.id}`)}
      columns={[
        { accessor: 'id', title: 'playlist_forms.number', render: (r) => `#${r.id}`, sortable: true },
        { accessor: 'form_type', title: 'forms_admin.form_type', render: (r) => r.form_type.name },
        {
          accessor: 'user',
          title: 'forms_admin.artist',
          render: (r) => (
            <Text size="sm" fw={500} dir="auto">
              {r.user.name}
            </Text>
          ),
        },
        {
          accessor: 'created_by',
          title: 'forms_admin.created_by',
          render: (r) => r.created_by_admin?.name ?? r.created_by?.name ?? '—',
        },
        {
          accessor: 'status_id',
          title: 'playlist_forms.status',
          render: (r) => <StatusBadge status={formStatus(r.status_id.id)} text={r.status_id.name} />,
        },
        {
          accessor: 'created_at',
          title: 'playlist_forms.created_at',
          sortable: true,
          render: (r) => formatDate(r.created_at, i18n.language),
        },
      ]}
    />
  );
}
