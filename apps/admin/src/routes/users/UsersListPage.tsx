import {
  type SessionAdmin,
  USER_ADMIN_PERMISSIONS,
  USER_STATUS_LABELS,
  type UserStatus,
} from '@lm/contracts';
import {
  countryOptions,
  formatDate,
  ListScreen,
  StatusBadge,
  statusLabelKey,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { Avatar, Badge, Button, Group, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AdminUserRow, useTierOptions, useUserBulk } from '../../hooks/use-users';
import { UserModal } from './UserModal';
import { CountryFlag, initialsOf } from './user-bits';

/**
 * /users/list (view.main.users.tab.list): every user with the Search Filter panel (name, email, type,
 * status, tier, country, member-since dates) and status badges (USER_STATUS_LABELS); New User opens
 * the user modal (users.edit). Staff holding users.edit select rows and approve or decline them in
 * bulk (issue 36): each user goes through the single decision, which refuses anyone not pending.
 */
export function UsersListPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('users.list_title');
  const navigate = useNavigate();
  const session = useSession<SessionAdmin>();
  const canEdit = session.ability.can('call', USER_ADMIN_PERMISSIONS.edit);
  const [creating, setCreating] = useState(false);
  const bulk = useUserBulk();
  const tiers = useTierOptions();
  const lang = i18n.language;
  const countries = useMemo(() => countryOptions(lang), [lang]);
  const statusOptions = (Object.keys(USER_STATUS_LABELS) as UserStatus[]).map((key) => ({
    value: key,
    label: t(statusLabelKey(USER_STATUS_LABELS[key].label)),
  }));
  return (
    <>
      <ListScreen<AdminUserRow>
        title="users.list_title"
        path="admin/users"
        exportPath="admin/users/export.csv"
        exportName="users"
        {...(canEdit
          ? {
              bulk: {
                describe: (u: AdminUserRow) => `#${u.id} · ${u.name}`,
                actions: [
                  {
                    key: 'approve',
                    label: 'users.bulk_approve',
                    color: 'green',
                    confirm: 'users.bulk_approve_confirm',
                    run: (ids: number[]) => bulk.approve(ids),
                  },
                  {
                    key: 'decline',
                    label: 'users.bulk_decline',
                    color: 'red',
                    confirm: 'users.bulk_decline_confirm',
                    reason: { label: 'users.bulk_decline_reason', min: 0, max: 500 },
                    run: (ids: number[], reason: string) => bulk.decline(ids, reason),
                  },
                ],
              },
            }
          : {})}
        actions={
          canEdit && (
            <Button
              leftSection={<IconUserPlus size={16} />}
              onClick={() => setCreating(true)}
              data-testid="user-new"
            >
              {t('users.new_user')}
            </Button>
          )
        }
        filters={[
          { type: 'text', name: 'name', label: 'users.fields.name' },
          { type: 'text', name: 'email', label: 'users.fields.email' },
          {
            type: 'select',
            name: 'user_type_id',
            label: 'users.fields.user_type',
            options: ['1', '2', '3'].map((id) => ({ value: id, label: t(`user_types.${id}`) })),
          },
          { type: 'multiselect', name: 'status', label: 'users.fields.status', options: statusOptions },
          {
            type: 'select',
            name: 'tier_id',
            label: 'users.fields.tier',
            options: (tiers.data ?? []).map((tier) => ({ value: String(tier.id), label: tier.name })),
          },
          { type: 'select', name: 'country_code', label: 'users.fields.country', options: countries },
          { type: 'date', name: 'date_from', label: 'users.filters.date_from' },
          { type: 'date', name: 'date_to', label: 'users.filters.date_to' },
        ]}
        onRowClick={(u) => navigate(`/users/${u.id}`)}
        columns={[
          { accessor: 'id', title: '#', width: 70, sortable: true },
          {
            accessor: 'name',
            title: 'users.fields.name',
            sortable: true,
            render: (u) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar src={u.image} size={34} radius={34} color="violet">
                  {initialsOf(u.name)}
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} lineClamp={1}>
                    {u.name}
                  </Text>
                  <Text size="xs" c="dimmed" dir="ltr" lineClamp={1}>
                    {u.email}
                  </Text>
                </div>
              </Group>
            ),
          },
          {
            accessor: 'user_type',
            title: 'users.fields.user_type',
            render: (u) => (
              <Badge variant="light" color="violet">
                {t(`user_types.${u.user_type_id}`, { defaultValue: u.user_type.name })}
              </Badge>
            ),
          },
          { accessor: 'tier', title: 'users.fields.tier', render: (u) => u.tier?.name ?? '—' },
          {
            accessor: 'status',
            title: 'users.fields.status',
            sortable: true,
            render: (u) => (
              <StatusBadge
                status={USER_STATUS_LABELS[u.status_key as UserStatus]}
                data-testid={`status-${u.id}`}
              />
            ),
          },
          {
            accessor: 'country',
            title: 'users.fields.country',
            render: (u) => (u.country ? <CountryFlag code={u.country.code} language={lang} /> : '—'),
          },
          {
            accessor: 'created_at',
            title: 'users.fields.member_since',
            sortable: true,
            render: (u) => formatDate(u.member_since, lang),
          },
        ]}
      />
      <UserModal
        opened={creating}
        user={null}
        onClose={() => setCreating(false)}
        onSaved={(u) => navigate(`/users/${u.id}`)}
      />
    </>
  );
}
