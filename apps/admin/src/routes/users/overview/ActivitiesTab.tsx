import { formatDateTime } from '@lm/ui';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UserActivity } from '../../../hooks/use-users';
import { PagedTable } from '../PagedTable';
import { CountryFlag } from '../user-bits';

function activityColumns(t: TFunction, lang: string) {
  const columns: DataTableColumn<UserActivity>[] = [
    {
      accessor: 'device',
      title: 'users.activities.device',
      render: (a) => a.device ?? t('users.activities.unknown'),
    },
    {
      accessor: 'action',
      title: 'users.activities.action',
      render: (a) => t(`users.activity_actions.${a.action}`, { defaultValue: a.action }),
    },
    {
      accessor: 'country',
      title: 'users.activities.location',
      render: (a) =>
        a.country ? <CountryFlag code={a.country.code} language={lang} /> : t('users.activities.unknown'),
    },
    {
      accessor: 'ip',
      title: 'users.activities.ip',
      render: (a) => (
        <Text size="sm" ff="monospace" dir="ltr" span>
          {a.ip ?? '—'}
        </Text>
      ),
    },
    {
      accessor: 'created_at',
      title: 'users.activities.date',
      render: (a) => formatDateTime(a.created_at, lang),
    },
  ];
  return columns;
}

/** Activities tab: the user's sign-ins and actions with device, place and IP, newest first. */
export function ActivitiesTab({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  return (
    <PagedTable<UserActivity>
      path={`users/activities/${user.id}`}
      columns={activityColumns(t, i18n.language)}
    />
  );
}
