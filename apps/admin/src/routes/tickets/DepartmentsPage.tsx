import { TICKET_LIMITS } from '@lm/contracts/tickets';
import type { TicketDepartment } from '@lm/contracts/tickets-api';
import type { Translations } from '@lm/contracts/translations';
import {
  confirmAction,
  LANGUAGE_LABEL,
  type TicketCall,
  TranslatedField,
  translationErrors,
  useApi,
  usePageTitle,
  useTicketLookup,
  useTicketsT,
  withTicketsCatalog,
} from '@lm/ui';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEdit, IconTrash, IconUserPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AddButton } from '../../components/AddButton';
import { PagedTable } from '../users/PagedTable';

type Department = TicketDepartment;

type Draft = { id?: number; name: string; translations: Translations<'department_name'> };

/**
 * /tickets/departments (view.main.departments.tab.list): departments with their admins (new tickets
 * go to the one with the fewest open tickets), create, rename, delete (refused while tickets use it),
 * assign and remove admins.
 */
export const DepartmentsPage = withTicketsCatalog(Departments);

function useDepartmentCall() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (call: TicketCall) =>
      call.method === 'delete'
        ? api.delete(call.path)
        : call.method === 'put'
          ? api.put(call.path, call.body)
          : api.post(call.path, call.body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['list'] });
      void client.invalidateQueries({ queryKey: ['tickets'] });
    },
  });
}

function Departments() {
  const { t } = useTicketsT();
  usePageTitle('tickets:tickets.departments_title');
  const call = useDepartmentCall();
  const admins = useTicketLookup('admin/getAllAdminsWithQ');
  const [editing, setEditing] = useState<Draft | null>(null);
  const [translationError, setTranslationError] = useState<Record<string, string>>({});
  const [assigning, setAssigning] = useState<Department | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const save = async () => {
    if (!editing) return;
    const body = { department_name: editing.name, translations: editing.translations };
    setTranslationError({});
    try {
      await call.mutateAsync(
        editing.id
          ? { method: 'put', path: `tickets_departments/${editing.id}`, body }
          : { method: 'post', path: 'tickets_departments', body },
      );
      setEditing(null);
    } catch (error) {
      setTranslationError(translationErrors(error));
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('tickets.departments_title')}</Title>
        <AddButton onClick={() => setEditing({ name: '', translations: {} })} data-testid="department-new">
          {t('tickets.department_new')}
        </AddButton>
      </Group>
      <Text size="sm" c="dimmed">
        {t('tickets.departments_hint')}
      </Text>
      <PagedTable<Department>
        path="tickets_departments"
        paged={false}
        columns={[
          {
            accessor: 'department_name',
            title: 'tickets:tickets.department',
            render: (d) => (
              <Text size="sm" fw={500} dir="auto">
                {d.department_name}
              </Text>
            ),
          },
          {
            accessor: 'admins',
            title: 'tickets:tickets.department_admins',
            render: (d) =>
              d.admins.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('tickets.no_admins')}
                </Text>
              ) : (
                <Group gap={4}>
                  {d.admins.map((a) => (
                    <Badge
                      key={a.id}
                      variant="light"
                      rightSection={
                        <IconX
                          size={12}
                          style={{ cursor: 'pointer' }}
                          aria-label={t('tickets.remove_admin', { name: a.name })}
                          onClick={() =>
                            call.mutate({
                              method: 'post',
                              path: 'remove_assigned_admins_tickets_departments',
                              body: { department_id: d.id, admin_ids: [a.id] },
                            })
                          }
                        />
                      }
                    >
                      {a.name}
                    </Badge>
                  ))}
                </Group>
              ),
          },
          { accessor: 'open_tickets', title: 'tickets:tickets.open_tickets' },
          {
            accessor: 'actions',
            title: '',
            render: (d) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('tickets.assign_admins')}
                  onClick={() => {
                    setChosen([]);
                    setAssigning(d);
                  }}
                  data-testid="department-assign"
                >
                  <IconUserPlus size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('tickets.rename')}
                  onClick={() =>
                    setEditing({ id: d.id, name: d.department_name, translations: d.translations ?? {} })
                  }
                >
                  <IconEdit size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('tickets.delete')}
                  disabled={d.tickets > 0}
                  onClick={async () => {
                    if (await confirmAction({ danger: true }))
                      call.mutate({ method: 'delete', path: `delete_department/${d.id}` });
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.id ? 'tickets.rename' : 'tickets.department_new')}
        size="xl"
      >
        <Stack>
          <TranslatedField
            label={t('tickets.department_name')}
            field="department_name"
            value={editing?.translations ?? {}}
            onChange={(translations) => setEditing((v) => (v ? { ...v, translations } : v))}
            errors={translationError}
            testId="department-name-translations"
            english={
              <TextInput
                label={LANGUAGE_LABEL.en}
                value={editing?.name ?? ''}
                maxLength={TICKET_LIMITS.departmentNameMax}
                onChange={(e) => {
                  const name = e.currentTarget.value;
                  setEditing((v) => (v ? { ...v, name } : v));
                }}
                data-testid="department-name"
              />
            }
          />
          <Group justify="flex-end">
            <Button
              onClick={() => void save()}
              loading={call.isPending}
              disabled={!editing?.name.trim()}
              data-testid="department-save"
            >
              {t('tickets.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={assigning !== null}
        onClose={() => setAssigning(null)}
        title={t('tickets.assign_admins')}
      >
        <Stack>
          <MultiSelect
            label={t('tickets.department_admins')}
            data={(admins.data ?? [])
              .filter((a) => !assigning?.admins.some((x) => x.id === a.id))
              .map((a) => ({ value: String(a.id), label: a.name }))}
            value={chosen}
            onChange={setChosen}
            searchable
            data-testid="department-admins"
          />
          <Group justify="flex-end">
            <Button
              disabled={chosen.length === 0}
              loading={call.isPending}
              onClick={async () => {
                if (!assigning) return;
                await call.mutateAsync({
                  method: 'post',
                  path: 'assign_admins_tickets_departments',
                  body: { department_id: assigning.id, admin_ids: chosen.map(Number) },
                });
                setAssigning(null);
              }}
              data-testid="department-assign-save"
            >
              {t('tickets.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
