import { SUPER_ADMIN_ROLE } from '@lm/contracts/permissions';
import { isApiError, ListScreen, staffKeys, translateMessage, usePageTitle } from '@lm/ui';
import {
  Alert,
  Badge,
  Checkbox,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/AddButton';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { FormActions } from '../../components/FormActions';
import { RecordFormModal, useRecordEditor } from '../../components/RecordFormModal';
import { selectFilter } from '../../components/select-filter';
import { type Role, useCrud, usePermissions } from '../../hooks/use-staff';
import { permissionDescription, permissionLabel, roleLabel } from '../../i18n/labels';
import { groupPermissions } from './permission-groups';

/**
 * The permissions of a role, grouped by the screen they belong to: each one a checkbox with
 * its label in words and what it lets its holder do below (no raw permission codes),
 * and a box per screen to take or leave all of them.
 */
function PermissionMatrix({
  names,
  value,
  onChange,
  locked,
}: {
  names: string[];
  value: Set<string>;
  onChange(next: Set<string>): void;
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const sections = useMemo(() => groupPermissions(names), [names]);
  const toggle = (list: string[], on: boolean) => {
    const next = new Set(value);
    for (const n of list) {
      if (on) next.add(n);
      else next.delete(n);
    }
    onChange(next);
  };
  return (
    <ScrollArea.Autosize mah="55vh" offsetScrollbars>
      <Stack gap="sm" data-testid="permission-matrix">
        {sections.map((section) => {
          const held = section.names.filter((n) => value.has(n)).length;
          const title = t(`staff.permission_groups.${section.group}`);
          return (
            <Paper
              key={section.group}
              withBorder
              radius="md"
              p="sm"
              data-testid={`perm-group-${section.group}`}
            >
              <Checkbox
                fw={600}
                mb="xs"
                label={title}
                aria-label={t('staff.roles.all_in', { area: title })}
                checked={held === section.names.length}
                indeterminate={held > 0 && held < section.names.length}
                disabled={locked}
                onChange={(e) => toggle(section.names, e.currentTarget.checked)}
              />
              <SimpleGrid
                cols={{ base: 1, sm: 2 }}
                spacing="xs"
                verticalSpacing="xs"
                ps={{ base: 0, sm: 'lg' }}
              >
                {section.names.map((name) => (
                  <Checkbox
                    key={name}
                    size="sm"
                    label={permissionLabel(name, t)}
                    description={permissionDescription(name, t)}
                    // The code stays reachable for support (hover), never shown as the permission's words.
                    title={name}
                    checked={value.has(name)}
                    disabled={locked}
                    onChange={(e) => toggle([name], e.currentTarget.checked)}
                    data-testid={`perm-${name}`}
                  />
                ))}
              </SimpleGrid>
            </Paper>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** Create or edit a role: name, kind (admin/user, fixed once created) and its permissions. */
function RoleForm({ role, onDone }: { role: Role | null; onDone(): void }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const { save } = useCrud<{ name: string; guard: string; permissions: string[] }>('roles', {
    keys: [staffKeys.roleOptions],
  });
  const [name, setName] = useState(role?.name ?? '');
  const [guard, setGuard] = useState<'admin' | 'user'>(role?.guard ?? 'admin');
  const [chosen, setChosen] = useState<Set<string>>(new Set(role?.permissions ?? []));
  const [errors, setErrors] = useState<{ name?: string; other: string[] }>({ other: [] });
  const names = permissions.data?.find((g) => g.guard === guard)?.permissions.map((p) => p.name) ?? [];
  const submit = async () => {
    if (!name.trim()) {
      setErrors({ name: translateMessage('validation.required'), other: [] });
      return;
    }
    setErrors({ other: [] });
    try {
      await save.mutateAsync({
        id: role?.id,
        body: { name: name.trim(), guard, permissions: names.filter((n) => chosen.has(n)) },
      });
      onDone();
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors = error.errors ?? {};
        setErrors({
          name: fieldErrors.name?.[0],
          other: Object.entries(fieldErrors)
            .filter(([field]) => field !== 'name')
            .map(([, messages]) => messages[0] ?? ''),
        });
        if (!error.errors) setErrors({ other: [error.message] });
      }
    }
  };
  return (
    <Stack gap="md" data-testid="role-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="sm">
        <TextInput
          label={t('staff.roles.name')}
          withAsterisk
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          name="name"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('staff.roles.guard')}
          </Text>
          <SegmentedControl
            fullWidth
            value={guard}
            disabled={Boolean(role)}
            onChange={(v) => {
              setGuard(v as 'admin' | 'user');
              setChosen(new Set());
            }}
            data={[
              { value: 'admin', label: t('staff.roles.guard_admin') },
              { value: 'user', label: t('staff.roles.guard_user') },
            ]}
          />
        </Stack>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('staff.roles.chosen', { count: chosen.size })}
      </Text>
      <PermissionMatrix names={names} value={chosen} onChange={setChosen} />
      {errors.other.length > 0 && (
        <Alert color="red" variant="light">
          {errors.other.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      <FormActions onCancel={onDone} onClick={submit} loading={save.isPending} data-testid="role-save">
        {t('staff.save')}
      </FormActions>
    </Stack>
  );
}

/**
 * Why a role cannot be deleted, as the message key the API answers with (the button
 * was enabled and failed after the confirm): Super Admin, a role new users receive, a role still held.
 * Null when it may be deleted. The API refuses the same cases (`deleteRole`, 409).
 */
export function roleDeleteBlock(role: Role): { key: string; params?: Record<string, unknown> } | null {
  if (role.guard === 'admin' && role.name === SUPER_ADMIN_ROLE) return { key: 'roles.super_admin_protected' };
  if (role.default_for_user_type !== null) return { key: 'roles.default_role_protected' };
  const holders = (role.admins_count ?? 0) + (role.users_count ?? 0);
  if (holders > 0) return { key: 'roles.in_use', params: { count: holders } };
  return null;
}

/** A role row's Edit and Delete; Delete disabled, with the reason as its tooltip, when it cannot be. */
export function RoleActions({ role, onEdit, onDelete }: { role: Role; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation();
  const block = roleDeleteBlock(role);
  return (
    <EditDeleteActions
      onEdit={onEdit}
      onDelete={onDelete}
      deleteMessage={t('staff.roles.delete_confirm', { name: roleLabel(role.name, t) })}
      deleteDisabled={block !== null}
      {...(block ? { deleteTooltip: translateMessage(block.key, block.params) } : {})}
    />
  );
}

/** /roles/list and /roles (view.main.roles.tab.list): roles and their permission matrix editor. */
export function RolesPage() {
  const { t } = useTranslation();
  usePageTitle('staff.roles.title');
  const { remove } = useCrud('roles', { keys: [staffKeys.roleOptions] });
  const editor = useRecordEditor<Role>();
  return (
    <>
      <ListScreen<Role>
        title="staff.roles.title"
        path="roles"
        searchable
        defaultOrder="name:asc"
        filters={[
          selectFilter(t, 'guard', 'staff.roles.guard', [
            ['admin', 'staff.roles.guard_admin'],
            ['user', 'staff.roles.guard_user'],
          ]),
        ]}
        actions={
          <AddButton onClick={() => editor.edit('new')} data-testid="role-new">
            {t('staff.roles.new')}
          </AddButton>
        }
        columns={[
          {
            accessor: 'name',
            title: 'staff.roles.name',
            sortable: true,
            render: (r) => <Text fw={600}>{roleLabel(r.name, t)}</Text>,
          },
          {
            accessor: 'guard',
            title: 'staff.roles.guard',
            sortable: true,
            render: (r) => (
              <Badge variant="light" color={r.guard === 'admin' ? 'grape' : 'cyan'}>
                {t(r.guard === 'admin' ? 'staff.roles.guard_admin' : 'staff.roles.guard_user')}
              </Badge>
            ),
          },
          {
            accessor: 'permissions',
            title: 'staff.roles.permissions',
            render: (r) => t('staff.roles.permission_count', { count: r.permissions.length }),
          },
          {
            accessor: 'holders',
            title: 'staff.roles.holders',
            render: (r) => r.admins_count ?? r.users_count ?? 0,
          },
          {
            accessor: 'actions',
            title: '',
            width: 100,
            render: (r) => (
              <RoleActions role={r} onEdit={() => editor.edit(r)} onDelete={() => remove.mutate(r.id)} />
            ),
          },
        ]}
      />
      <RecordFormModal editor={editor} titles={['staff.roles.new', 'staff.roles.edit']} size="xl">
        {(role) => <RoleForm role={role} onDone={editor.close} />}
      </RecordFormModal>
    </>
  );
}
