import { FORM_STATUSES } from '@lm/contracts';
import { ListScreen, usePageTitle, useSession } from '@lm/ui';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { StaffFormItem } from '../../hooks/use-forms';
import { formColumns } from './form-columns';

/**
 * /forms/list (VIEW_FORM; spec sections 2 and 3 "Form list item"): every playlist form with
 * its artist, author (artist or staff), status badge from the one palette, filters by status and text;
 * a row opens /forms/{id}.
 */
export function FormsListPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('forms_admin.title');
  const navigate = useNavigate();
  const session = useSession();
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
      onRowClick={(r) => navigate(`/forms/${r.id}`)}
      columns={formColumns(i18n.language)}
    />
  );
}
