import { CRM_PERMISSIONS as P, type SessionAdmin } from '@lm/contracts';
import {
  CONSENT_STATES,
  type LeadFilter,
  SUPPRESSION_REASONS,
  type SuppressionReason,
} from '@lm/contracts/crm';
import {
  confirmAction,
  formatDateTime,
  formatNumber,
  isApiError,
  ListScreen,
  NumberField,
  translateMessage,
  useApi,
  usePageTitle,
  useSession,
} from '@lm/ui';
import {
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconFileImport, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddButton } from '../../components/AddButton';
import { FormActions } from '../../components/FormActions';
import { RowsTable } from '../../components/RowsTable';
import {
  type CrmLead,
  type CrmLeadList,
  useCreateLeadList,
  useDeleteLeadList,
  useExportList,
  useSuppress,
  useSuppressions,
} from '../../hooks/use-crm';
import { ConsentBadge, CrmLeadsNav, CrmNameField } from './CrmBits';
import { CsvImportModal } from './CsvImportModal';

/** A new static list, or a saved filter (kind, genre, followers, address, consent). */
function NewListModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const create = useCreateLeadList();
  const [name, setName] = useState('');
  const [type, setType] = useState<'static' | 'filter'>('static');
  const [filter, setFilter] = useState<LeadFilter>({});
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setType('static');
    setFilter({});
    setError(null);
    onClose();
  };
  const submit = async () => {
    setError(null);
    try {
      await create.mutateAsync(type === 'static' ? { type, name } : { type, name, filter });
      close();
    } catch (e) {
      if (isApiError(e))
        setError(e.errors ? translateMessage(Object.values(e.errors)[0]?.[0] ?? '') : e.message);
    }
  };
  const set = (patch: Partial<LeadFilter>) => setFilter((f) => ({ ...f, ...patch }));
  return (
    <Modal opened={opened} onClose={close} title={t('crm.lists.new')} size="lg" centered>
      <Stack gap="md" data-testid="new-list-form">
        <CrmNameField
          label={t('crm.lists.name')}
          value={name}
          onChange={setName}
          error={error}
          data-testid="list-name"
        />
        <Radio.Group
          label={t('crm.lists.type')}
          value={type}
          onChange={(v) => setType(v as 'static' | 'filter')}
        >
          <Stack gap={4} mt="xs">
            <Radio
              value="static"
              label={t('crm.lists.type_static')}
              description={t('crm.lists.type_static_hint')}
            />
            <Radio
              value="filter"
              label={t('crm.lists.type_filter')}
              description={t('crm.lists.type_filter_hint')}
            />
          </Stack>
        </Radio.Group>
        {type === 'filter' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('crm.fields.kind')}
              data={(['artist', 'curator'] as const).map((k) => ({
                value: k,
                label: t(`scraping.kind.${k}`),
              }))}
              value={filter.kind ?? null}
              onChange={(v) => set({ kind: (v ?? undefined) as LeadFilter['kind'] })}
              clearable
            />
            <TextInput
              label={t('crm.fields.genre')}
              value={filter.genre ?? ''}
              onChange={(e) => set({ genre: e.currentTarget.value || undefined })}
            />
            <NumberField
              label={t('crm.fields.min_followers')}
              value={filter.min_followers}
              onChange={(v) => set({ min_followers: v ?? undefined })}
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberField
              label={t('crm.fields.max_followers')}
              value={filter.max_followers}
              onChange={(v) => set({ max_followers: v ?? undefined })}
              allowDecimal={false}
              allowNegative={false}
            />
            <Select
              label={t('crm.fields.consent')}
              data={CONSENT_STATES.map((c) => ({ value: c, label: t(`crm.consent_state.${c}`) }))}
              value={filter.consent ?? null}
              onChange={(v) => set({ consent: (v ?? undefined) as LeadFilter['consent'] })}
              clearable
            />
            <Select
              label={t('crm.fields.has_email')}
              data={[
                { value: 'true', label: t('crm.fields.with_email') },
                { value: 'false', label: t('crm.fields.without_email') },
              ]}
              value={filter.has_email === undefined ? null : String(filter.has_email)}
              onChange={(v) => set({ has_email: v === null ? undefined : v === 'true' })}
              clearable
            />
          </SimpleGrid>
        )}
        <FormActions
          onCancel={close}
          onClick={submit}
          loading={create.isPending}
          disabled={!name.trim()}
          data-testid="list-create"
        >
          {t('crm.lists.create')}
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** The global suppression list: how many addresses per reason, a lookup, and suppressing one by hand. */
function SuppressionCard() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [looked, setLooked] = useState('');
  const [reason, setReason] = useState<SuppressionReason>('unsubscribe');
  const summary = useSuppressions(looked);
  const suppress = useSuppress();
  const lookup = summary.data?.lookup;
  return (
    <Paper withBorder p="md" data-testid="suppression-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('crm.suppression.title')}</Text>
          <Group gap="xs">
            {(summary.data?.counts ?? []).map((c) => (
              <Badge key={c.reason} variant="light" color="gray">
                {t(`crm.suppression.reason.${c.reason}`)}: {formatNumber(c.count, i18n.language)}
              </Badge>
            ))}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('crm.suppression.hint')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('crm.fields.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            dir="ltr"
            w={260}
            data-testid="suppression-email"
          />
          <Select
            label={t('crm.suppression.reason_label')}
            data={SUPPRESSION_REASONS.map((r) => ({ value: r, label: t(`crm.suppression.reason.${r}`) }))}
            value={reason}
            onChange={(v) => v && setReason(v as SuppressionReason)}
            w={200}
            allowDeselect={false}
          />
          <Button variant="default" onClick={() => setLooked(email.trim())} disabled={!email.trim()}>
            {t('crm.suppression.check')}
          </Button>
          <Button
            color="red"
            leftSection={<IconShieldOff size={16} />}
            disabled={!email.trim()}
            loading={suppress.isPending}
            onClick={async () => {
              const ok = await confirmAction({
                title: t('crm.suppression.add'),
                message: t('crm.suppression.add_confirm', { email: email.trim() }),
                danger: true,
              });
              if (ok) {
                await suppress.mutateAsync({ email: email.trim(), reason }).catch(() => undefined);
                setLooked(email.trim());
              }
            }}
            data-testid="suppression-add"
          >
            {t('crm.suppression.add')}
          </Button>
        </Group>
        {lookup && (
          <Text size="sm" data-testid="suppression-lookup">
            {lookup.suppressed
              ? t('crm.suppression.is_suppressed', {
                  email: lookup.email,
                  reason: t(`crm.suppression.reason.${lookup.reason ?? 'unsubscribe'}`),
                })
              : t('crm.suppression.not_suppressed', { email: lookup.email })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The leads of one list (first 100) with export and delete. */
function ListDrawer({ list, onClose }: { list: CrmLeadList | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const exportList = useExportList();
  const remove = useDeleteLeadList();
  const members = useQuery({
    queryKey: ['crm', 'list-leads', list?.id],
    queryFn: async () =>
      (await api.list<CrmLead>(`admin/crm/lists/${list!.id}/leads`, { query: { limit: 100 } })).data,
    enabled: list !== null,
  });
  return (
    <Drawer
      opened={list !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={list?.name ?? ''}
      padding="lg"
    >
      {list && (
        <Stack gap="md" data-testid="list-drawer">
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => exportList.mutate(list.id)}
              loading={exportList.isPending}
              data-testid="list-export"
            >
              {t('crm.lists.export')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={async () => {
                const ok = await confirmAction({
                  title: t('crm.lists.delete'),
                  message: t('crm.lists.delete_confirm', { name: list.name }),
                  danger: true,
                });
                if (ok) {
                  await remove.mutateAsync(list.id).catch(() => undefined);
                  onClose();
                }
              }}
            >
              {t('crm.lists.delete')}
            </Button>
          </Group>
          {members.isLoading ? (
            <Loader />
          ) : (members.data ?? []).length === 0 ? (
            <Text c="dimmed">{t('crm.lists.no_leads')}</Text>
          ) : (
            <RowsTable
              striped
              rows={members.data ?? []}
              rowKey={(lead) => lead.id}
              columns={[
                {
                  title: t('crm.fields.name'),
                  cell: (lead) =>
                    lead.kind === 'artist' ? (
                      <Anchor component={Link} to={`/artist/profile/${lead.id}`} size="sm">
                        {lead.name}
                      </Anchor>
                    ) : (
                      lead.name
                    ),
                },
                { title: t('crm.fields.email'), td: { dir: 'ltr' }, cell: (lead) => lead.email ?? '—' },
                {
                  title: t('crm.fields.consent'),
                  cell: (lead) => <ConsentBadge consent={lead.consent} suppressed={lead.suppressed} />,
                },
              ]}
            />
          )}
          <Text size="xs" c="dimmed">
            {t('crm.lists.counts', {
              leads: formatNumber(list.leads, i18n.language),
              addresses: formatNumber(list.addresses, i18n.language),
            })}
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * /crm/leads-lists (view.main.crm.leads.tab.list): the leads lists (static, or saved filters counted
 * live) with how many leads and addresses each holds; staff holding crm.leads.show import a CSV, make
 * lists, open a list (its leads, export, delete) and manage the global suppression list.
 */
export function LeadsListsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('crm.lists.title');
  const session = useSession<SessionAdmin>();
  const canManage = session.ability.can('call', P.leads);
  const [importing, setImporting] = useState(false);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<CrmLeadList | null>(null);
  return (
    <Stack gap="md">
      <CrmLeadsNav />
      <ListScreen<CrmLeadList>
        title="crm.lists.title"
        path="admin/crm/lists"
        searchable
        header={canManage ? <SuppressionCard /> : undefined}
        actions={
          canManage ? (
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconFileImport size={16} />}
                onClick={() => setImporting(true)}
                data-testid="crm-import-open"
              >
                {t('crm.import.button')}
              </Button>
              <AddButton onClick={() => setCreating(true)} data-testid="crm-new-list">
                {t('crm.lists.new')}
              </AddButton>
            </Group>
          ) : undefined
        }
        empty={{ title: 'crm.lists.empty', hint: 'crm.lists.empty_hint' }}
        onRowClick={canManage ? setOpen : undefined}
        columns={[
          { accessor: 'name', title: 'crm.lists.name', render: (l) => <Text fw={600}>{l.name}</Text> },
          {
            accessor: 'type',
            title: 'crm.lists.type',
            render: (l) => (
              <Badge variant="light" color="gray">
                {t(l.type === 'static' ? 'crm.lists.type_static' : 'crm.lists.type_filter')}
              </Badge>
            ),
          },
          {
            accessor: 'leads',
            title: 'crm.lists.leads',
            render: (l) => formatNumber(l.leads, i18n.language),
          },
          {
            accessor: 'addresses',
            title: 'crm.lists.addresses',
            render: (l) => formatNumber(l.addresses, i18n.language),
          },
          {
            accessor: 'created_at',
            title: 'crm.fields.created_at',
            render: (l) => formatDateTime(l.created_at, i18n.language),
          },
        ]}
      />
      <CsvImportModal opened={importing} onClose={() => setImporting(false)} />
      <NewListModal opened={creating} onClose={() => setCreating(false)} />
      <ListDrawer list={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
