import type { SessionAdmin } from '@lm/contracts';
import { emailSchema } from '@lm/contracts/auth';
import {
  applyServerErrors,
  confirmAction,
  fieldError,
  formatDate,
  isApiError,
  ListScreen,
  StatusBadge,
  translateMessage,
  usePageTitle,
  useSession,
  useZodForm,
} from '@lm/ui';
import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  MultiSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddButton } from '../../components/AddButton';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { FormActions } from '../../components/FormActions';
import { RecordFormModal, useRecordEditor } from '../../components/RecordFormModal';
import { selectFilter } from '../../components/select-filter';
import { type StaffAdmin, useAdminPasswordLink, useAdminRoleOptions, useCrud } from '../../hooks/use-staff';
import { roleLabel } from '../../i18n/labels';

const formSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(150, 'validation.too_long'),
  email: emailSchema,
  active: z.boolean(),
  role_ids: z.array(z.number()),
});
type FormValues = z.input<typeof formSchema>;

/**
 * Create or edit a staff account; the server's field errors land under their fields. There is no
 * password field: a new admin is e-mailed an invitation, and staff send password links from the list
 *.
 */
function AdminForm({ admin, onDone }: { admin: StaffAdmin | null; onDone(): void }) {
  const { t } = useTranslation();
  const roles = useAdminRoleOptions();
  const { save } = useCrud<Record<string, unknown>>('admin/admins');
  const form = useZodForm(formSchema, {
    defaultValues: {
      name: admin?.name ?? '',
      email: admin?.email ?? '',
      active: admin ? admin.status === 'active' : true,
      role_ids: admin?.roles.map((r) => r.id) ?? [],
    } satisfies FormValues,
  });
  const [roleError, setRoleError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setRoleError(null);
    try {
      await save.mutateAsync({
        id: admin?.id,
        body: {
          name: values.name,
          email: values.email,
          status: values.active ? 'active' : 'disabled',
          role_ids: values.role_ids,
        },
      });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'email']);
      if (isApiError(error) && error.errors) {
        const first = Object.entries(error.errors).find(([field]) => field.startsWith('role_ids'));
        if (first) setRoleError(first[1][0] ?? null);
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="admin-form">
      <Stack gap="md">
        <TextInput
          label={t('staff.admins.name')}
          withAsterisk
          {...form.register('name')}
          error={fieldError(form.formState.errors.name)}
        />
        <TextInput
          label={t('staff.admins.email')}
          withAsterisk
          dir="ltr"
          {...form.register('email')}
          error={fieldError(form.formState.errors.email)}
        />
        <Controller
          control={form.control}
          name="role_ids"
          render={({ field }) => (
            <MultiSelect
              label={t('staff.admins.roles')}
              data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: roleLabel(r.name, t) }))}
              value={field.value.map(String)}
              onChange={(v) => field.onChange(v.map(Number))}
              searchable
              clearable
              error={roleError ? translateMessage(roleError) : undefined}
              data-testid="admin-roles"
            />
          )}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('staff.admins.active')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="admin-password-note">
          {t(admin ? 'staff.admins.password_note' : 'staff.admins.invite_note')}
        </Alert>
        <FormActions onCancel={onDone} type="submit" loading={save.isPending} data-testid="admin-save">
          {t('staff.save')}
        </FormActions>
      </Stack>
    </form>
  );
}

/**
 * Sends the admin a link to choose a password (an invitation while they have none), after a confirm.
 * Staff never see or type the password.
 */
function PasswordLinkAction({ admin }: { admin: StaffAdmin }) {
  const { t } = useTranslation();
  const send = useAdminPasswordLink();
  const label = t(admin.invitation_pending ? 'staff.admins.send_invite' : 'staff.admins.send_link');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        disabled={admin.status !== 'active'}
        loading={send.isPending}
        data-testid={`admin-link-${admin.id}`}
        onClick={async () => {
          const message = t(
            admin.invitation_pending ? 'staff.admins.send_invite_confirm' : 'staff.admins.send_link_confirm',
            { name: admin.name },
          );
          if (await confirmAction({ message, confirmLabel: label })) send.mutate(admin.id);
        }}
      >
        <IconKey size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** /admin/list (view.main.admins.tab.list): staff accounts with their roles, created and edited in a modal. */
export function AdminsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('staff.admins.title');
  const roles = useAdminRoleOptions();
  const { remove } = useCrud('admin/admins');
  const me = useSession<SessionAdmin>().user?.id;
  const editor = useRecordEditor<StaffAdmin>();
  return (
    <>
      <ListScreen<StaffAdmin>
        title="staff.admins.title"
        path="admin/admins"
        searchable
        defaultOrder="name:asc"
        filters={[
          selectFilter(t, 'status', 'staff.admins.status', [
            ['active', 'staff.admins.status_active'],
            ['disabled', 'staff.admins.status_disabled'],
          ]),
          {
            type: 'select',
            name: 'role_id',
            label: 'staff.admins.role',
            options: (roles.data ?? []).map((r) => ({ value: String(r.id), label: roleLabel(r.name, t) })),
          },
        ]}
        actions={
          <AddButton onClick={() => editor.edit('new')} data-testid="admin-new">
            {t('staff.admins.new')}
          </AddButton>
        }
        columns={[
          {
            accessor: 'name',
            title: 'staff.admins.name',
            sortable: true,
            render: (a) => <Text fw={600}>{a.name}</Text>,
          },
          {
            accessor: 'email',
            title: 'staff.admins.email',
            sortable: true,
            render: (a) => (
              <Text size="sm" dir="ltr" span>
                {a.email}
              </Text>
            ),
          },
          {
            accessor: 'roles',
            title: 'staff.admins.roles',
            render: (a) => (
              <Group gap={4}>
                {a.roles.length ? (
                  a.roles.map((r) => (
                    <Badge key={r.id} variant="light">
                      {roleLabel(r.name, t)}
                    </Badge>
                  ))
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('admin.no_role')}
                  </Text>
                )}
              </Group>
            ),
          },
          {
            accessor: 'status',
            title: 'staff.admins.status',
            sortable: true,
            render: (a) => (
              <Group gap={4}>
                <StatusBadge
                  label={a.status === 'active' ? 'Active' : 'Disabled'}
                  text={t(
                    a.status === 'active' ? 'staff.admins.status_active' : 'staff.admins.status_disabled',
                  )}
                />
                {a.invitation_pending && (
                  <StatusBadge label="Pending" text={t('staff.admins.invitation_pending')} />
                )}
              </Group>
            ),
          },
          {
            accessor: 'created_at',
            title: 'staff.created_at',
            sortable: true,
            render: (a) => formatDate(a.created_at, i18n.language),
          },
          {
            accessor: 'actions',
            title: '',
            width: 140,
            render: (a) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <PasswordLinkAction admin={a} />
                <EditDeleteActions
                  onEdit={() => editor.edit(a)}
                  onDelete={() => remove.mutate(a.id)}
                  deleteMessage={t('staff.admins.delete_confirm', { name: a.name })}
                  deleteDisabled={a.id === me}
                />
              </Group>
            ),
          },
        ]}
      />
      <RecordFormModal editor={editor} titles={['staff.admins.new', 'staff.admins.edit']} size="lg">
        {(admin) => <AdminForm admin={admin} onDone={editor.close} />}
      </RecordFormModal>
    </>
  );
}
