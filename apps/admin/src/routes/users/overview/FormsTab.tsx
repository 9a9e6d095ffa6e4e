import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { StaffFormItem } from '../../../hooks/use-forms';
import type { AdminUser } from '../../../hooks/use-users';
import { formColumns } from '../../forms/form-columns';
import { PagedTable } from '../PagedTable';

/** Forms tab (artists): the artist's playlist forms from the staff forms list's call; a row opens the form. */
export function FormsTab({ user }: { user: AdminUser }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <PagedTable<StaffFormItem>
      path={`indexAllForms/${user.id}`}
      columns={formColumns(i18n.language)}
      onRowClick={(f) => navigate(`/forms/${f.id}`)}
    />
  );
}
