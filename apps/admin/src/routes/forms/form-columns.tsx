import { formStatus } from '@lm/contracts';
import { formatDate, StatusBadge } from '@lm/ui';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { StaffFormItem } from '../../hooks/use-forms';

/**
 * Columns of a playlist forms list (spec section 3 "Form list item"): the staff list
 * /forms/list and the user overview's Forms tab. Titles are i18n keys.
 */
export function formColumns(lang: string): DataTableColumn<StaffFormItem>[] {
  return [
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
      render: (r) => formatDate(r.created_at, lang),
    },
  ];
}
