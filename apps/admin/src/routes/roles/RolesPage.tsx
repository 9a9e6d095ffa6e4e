import { isApiError, ListScreen, translateMessage, usePageTitle } from '@lm/ui';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { type Role, staffKeys, useCrud, usePermissions } from '../../hooks/use-staff';
import { buildMatrix, MATRIX_ACTIONS, rowNames } from './permission-matrix';

/** The permission matrix: areas by row, actions by column, one checkbox per permission. */
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
  const rows = useMemo(() => buildMatrix(names), [names]);
  const toggle = (list: string[], on: boolean) => {
    const next = new Set(value);
    for (const n of list) {
      if (on) next.add(n);
      else next.delete(n);
    }
    onChange(next);
  };
  const box = (name: string) => (
    <Tooltip label={name} withinPortal key={name}>
      <Checkbox
        aria-label={name}
        checked={value.has(name)}
        disabled={locked}
        onChange={(e) => toggle([name], e.currentTarget.checked)}
        data-testid={`perm-${name}`}
      />
    </Tooltip>
  );
  return (
    <ScrollArea.Autosize mah="55vh">
      <Table striped highlightOnHover withTableBorder verticalSpacing={6} data-testid="permission-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.roles.area')}</Table.Th>
            {MATRIX_ACTIONS.map((a) => (
              <Table.Th key={a} ta="center">
                {t(`staff.roles.action_${a}`)}
              </Table.Th>
            ))}
            <Table.Th ta="center">{t('staff.roles.all')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const all = rowNames(row);
            const held = all.filter((n) => value.has(n)).length;
            return (
              <Table.Tr key={row.area}>
                <Table.Td>
                  <Text size="sm" ff="monospace" dir="ltr">
                    {row.area}
                  </Text>
                </Table.Td>
                {MATRIX_ACTIONS.map((a) => (
                  <Table.Td key={a} ta="center">
                    <Group gap={4} justify="center">
                      {a === 'other' ? row.other.map(box) : row.cells[a] ? box(row.cells[a]) : null}
                    </Group>
                  </Table.Td>
                ))}
                <Table.Td ta="center">
                  <Group justify="center">
                    <Checkbox
                      aria-label={t('staff.roles.all_in', { area: row.area })}
                      checked={held === all.length}
                      indeterminate={held > 0 && held < all.length}
                      disabled={locked}
                      onChange={(e) => toggle(all, e.currentTarget.checked)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
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
      <Group align="flex-end" grow>
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
      </Group>
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
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('ui.confirm.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} data-testid="role-save">
          {t('staff.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /roles/list and /roles (view.main.roles.tab.list): roles and their permission matrix editor. */
export function RolesPage() {
  const { t } = useTranslation();
  usePageTitle('staff.roles.title');
  const { remove } = useCrud('roles', { keys: [staffKeys.roleOptions] });
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  return (
    <>
      <ListScreen<Role>
        title="staff.roles.title"
        path="roles"
        searchable
        defaultOrder="name:asc"
        filters={[
          {
            type: 'select',
            name: 'guard',
            label: 'staff.roles.guard',
            options: [
              { value: 'admin', label: t('staff.roles.guard_admin') },
              { value: 'user', label: t('staff.roles.guard_user') },
            ],
          },
        ]}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
            data-testid="role-new"
          >
            {t('staff.roles.new')}
          </Button>
        }
        columns={[
          {
            accessor: 'name',
            title: 'staff.roles.name',
            sortable: true,
            render: (r) => <Text fw={600}>{r.name}</Text>,
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
              <EditDeleteActions
                onEdit={() => setEditing(r)}
                onDelete={() => remove.mutate(r.id)}
                deleteMessage={t('staff.roles.delete_confirm', { name: r.name })}
              />
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing === 'new' ? 'staff.roles.new' : 'staff.roles.edit')}
        size="xl"
        centered
      >
        {editing !== null && (
          <RoleForm
            key={editing === 'new' ? 'new' : editing.id}
            role={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  );
}
