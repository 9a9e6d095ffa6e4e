import { ORGANISATION_ADMIN_PERMISSIONS, type SessionAdmin } from '@lm/contracts';
import {
  type AdminOrganisationDetail,
  adminOrganisationUpdateSchema,
} from '@lm/contracts/admin-organisations';
import {
  applyServerErrors,
  countryOptions,
  fieldError,
  formatDate,
  formatDateTime,
  formatNumber,
  LoadingOrNotFound,
  usePageTitle,
  useSession,
  useZodForm,
} from '@lm/ui';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { FormActions } from '../../components/FormActions';
import { NoteConfirmModal } from '../../components/NoteConfirmModal';
import { RowsTable } from '../../components/RowsTable';
import { useOrganisation, useOrganisationStatus, useUpdateOrganisation } from '../../hooks/use-organisations';
import { auditActionLabel } from '../../i18n/labels';
import { OrganisationStatusBadge } from './organisation-bits';

type Detail = AdminOrganisationDetail;

/** A titled card of the detail page. */
function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card padding="lg" radius="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A person or artist account, linking to its user overview. */
function UserAnchor({ id, name }: { id: number; name: string }) {
  return (
    <Anchor component={Link} to={`/users/${id}`} size="sm">
      {name}
    </Anchor>
  );
}

/** Label and value, stacked. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The correction dialog: name and billing details, the server's field errors under their fields. */
function EditOrganisationForm({ org, onDone }: { org: Detail; onDone(): void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateOrganisation(org.id);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const form = useZodForm(adminOrganisationUpdateSchema, {
    defaultValues: {
      name: org.name,
      billing_name: org.billing_name,
      billing_address: org.billing_address,
      billing_country: org.billing_country,
      vat_number: org.vat_number ?? '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, Object.keys(adminOrganisationUpdateSchema.shape));
    }
  });
  const e = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate data-testid="organisation-form">
      <Stack gap="md">
        <TextInput
          label={t('organisations_admin.fields.name')}
          withAsterisk
          {...form.register('name')}
          error={fieldError(e.name)}
        />
        <TextInput
          label={t('organisations_admin.fields.billing_name')}
          withAsterisk
          {...form.register('billing_name')}
          error={fieldError(e.billing_name)}
        />
        <Textarea
          label={t('organisations_admin.fields.billing_address')}
          withAsterisk
          autosize
          minRows={2}
          {...form.register('billing_address')}
          error={fieldError(e.billing_address)}
        />
        <Controller
          control={form.control}
          name="billing_country"
          render={({ field, fieldState }) => (
            <Select
              label={t('organisations_admin.fields.country')}
              withAsterisk
              searchable
              data={countries}
              value={field.value}
              onChange={(v) => field.onChange(v ?? '')}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <TextInput
          label={t('organisations_admin.fields.vat_number')}
          dir="ltr"
          {...form.register('vat_number')}
          error={fieldError(e.vat_number)}
        />
        <FormActions
          onCancel={onDone}
          type="submit"
          loading={update.isPending}
          data-testid="organisation-save"
        >
          {t('staff.save')}
        </FormActions>
      </Stack>
    </form>
  );
}

/** Suspend or reactivate, with the reason asked in a confirmation. */
function StatusAction({ org }: { org: Detail }) {
  const { t } = useTranslation();
  const change = useOrganisationStatus(org.id);
  const [opened, setOpened] = useState(false);
  const [note, setNote] = useState('');
  const suspending = org.status === 'active';
  const verb = suspending ? 'suspend' : 'reactivate';
  return (
    <>
      <Button
        color={suspending ? 'red' : 'green'}
        variant="light"
        leftSection={suspending ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
        onClick={() => {
          setNote('');
          setOpened(true);
        }}
        data-testid={`organisation-${verb}`}
      >
        {t(`organisations_admin.${verb}`)}
      </Button>
      <NoteConfirmModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t(`organisations_admin.${verb}_title`, { name: org.name })}
        text={t(`organisations_admin.${verb}_text`)}
        note={{
          label: t('organisations_admin.note'),
          value: note,
          onChange: setNote,
          max: 500,
          required: true,
        }}
        confirmLabel={t(`organisations_admin.${verb}`)}
        color={suspending ? 'red' : 'green'}
        loading={change.isPending}
        onConfirm={() => change.mutate({ verb, note: note.trim() }, { onSuccess: () => setOpened(false) })}
      />
    </>
  );
}

/**
 * /organisations/{id} (view.main.organisations.tab.list, issue 35): profile and billing, team with
 * roles and artist limits, pending invitations, roster in every status, wallet and budgets (coins from
 * their ledger accounts), and the audit entries about the organisation. Staff holding
 * organisations.edit correct the name and billing details and suspend or reactivate it.
 */
export function OrganisationDetailPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('organisations_admin.title');
  const lang = i18n.language;
  const id = Number(useParams().id);
  const session = useSession<SessionAdmin>();
  const canEdit = session.ability.can('call', ORGANISATION_ADMIN_PERMISSIONS.edit);
  const query = useOrganisation(id);
  const [editing, setEditing] = useState(false);
  if (!query.data) return <LoadingOrNotFound loading={query.isLoading} h={240} homePath="/organisations" />;
  const o = query.data;
  const number = (n: number) => formatNumber(n, lang);
  const date = (d: string | null) => (d ? formatDate(d, lang) : '—');
  return (
    <Stack gap="lg">
      <BackLink to="/organisations">{t('organisations_admin.title')}</BackLink>
      <Card padding="lg" radius="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} data-testid="organisation-name">
                {o.name}
              </Title>
              <OrganisationStatusBadge status={o.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {t(`organisations_admin.kinds.${o.kind}`)} ·{' '}
              {t('organisations_admin.created_on', { date: date(o.created_at) })}
            </Text>
          </Stack>
          {canEdit && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => setEditing(true)}
                data-testid="organisation-edit"
              >
                {t('staff.edit')}
              </Button>
              <StatusAction org={o} />
            </Group>
          )}
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('organisations_admin.sections.billing')} testId="organisation-billing">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label={t('organisations_admin.fields.billing_name')}>{o.billing_name}</Field>
            <Field label={t('organisations_admin.fields.country')}>{o.billing_country}</Field>
            <Field label={t('organisations_admin.fields.billing_address')}>{o.billing_address}</Field>
            <Field label={t('organisations_admin.fields.vat_number')}>
              <span dir="ltr">{o.vat_number ?? '—'}</span>
            </Field>
            <Field label={t('organisations_admin.fields.created_by')}>
              {o.created_by ? <UserAnchor id={o.created_by.id} name={o.created_by.name} /> : '—'}
            </Field>
          </SimpleGrid>
        </Section>
        <Section title={t('organisations_admin.sections.wallet')} testId="organisation-wallet">
          <SimpleGrid cols={2} mb="sm">
            <Field label={t('organisations_admin.fields.wallet')}>{number(o.wallet_balance)}</Field>
            <Field label={t('organisations_admin.fields.budgets_balance')}>{number(o.budgets_balance)}</Field>
          </SimpleGrid>
          {o.budgets.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('organisations_admin.no_budgets')}
            </Text>
          ) : (
            <RowsTable
              rows={o.budgets}
              rowKey={(b) => b.id}
              columns={[
                {
                  title: t('organisations_admin.fields.artist'),
                  cell: (b) => <UserAnchor id={b.artist_user_id} name={b.artist_name} />,
                },
                {
                  title: t('organisations_admin.fields.monthly_coins'),
                  cell: (b) => number(b.monthly_coins),
                },
                { title: t('organisations_admin.fields.budget_left'), cell: (b) => number(b.balance) },
              ]}
            />
          )}
        </Section>
      </SimpleGrid>
      <Section title={t('organisations_admin.sections.team')} testId="organisation-team">
        <RowsTable
          rows={o.team}
          rowKey={(m) => m.member_id}
          columns={[
            {
              title: t('organisations_admin.fields.member'),
              cell: (m) => <UserAnchor id={m.user_id} name={m.name} />,
            },
            {
              title: t('organisations_admin.fields.role'),
              cell: (m) => <Badge variant="light">{t(`organisations_admin.roles.${m.role}`)}</Badge>,
            },
            {
              title: t('organisations_admin.fields.artists'),
              cell: (m) =>
                m.all_artists
                  ? t('organisations_admin.all_artists')
                  : m.artists.map((a) => a.artist_name).join(', '),
            },
            { title: t('organisations_admin.fields.since'), cell: (m) => date(m.since) },
          ]}
        />
        {o.invites.length > 0 && (
          <Stack gap={4} mt="md">
            <Text size="sm" fw={600}>
              {t('organisations_admin.pending_invites')}
            </Text>
            {o.invites.map((i) => (
              <Text key={i.id} size="sm">
                <span dir="ltr">{i.email}</span> · {t(`organisations_admin.roles.${i.role}`)} ·{' '}
                {t('organisations_admin.expires', { date: date(i.expires_at) })}
              </Text>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('organisations_admin.sections.roster')} testId="organisation-roster">
        {o.roster.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('organisations_admin.no_roster')}
          </Text>
        ) : (
          <RowsTable
            rows={o.roster}
            rowKey={(r) => r.id}
            columns={[
              {
                title: t('organisations_admin.fields.artist'),
                cell: (r) => <UserAnchor id={r.artist_user_id} name={r.artist_name} />,
              },
              {
                title: t('organisations_admin.fields.roster_status'),
                cell: (r) => (
                  <Badge variant="light" color={r.status === 'active' ? 'green' : 'gray'}>
                    {t(`organisations_admin.roster_statuses.${r.status}`)}
                  </Badge>
                ),
              },
              {
                title: t('organisations_admin.fields.profile'),
                cell: (r) =>
                  r.managed ? t('organisations_admin.managed') : <span dir="ltr">{r.email}</span>,
              },
              { title: t('organisations_admin.fields.joined'), cell: (r) => date(r.joined_at) },
            ]}
          />
        )}
      </Section>
      <Section title={t('organisations_admin.sections.audit')} testId="organisation-audit">
        {o.audit.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('organisations_admin.no_audit')}
          </Text>
        ) : (
          <RowsTable
            rows={o.audit}
            rowKey={(a) => a.id}
            columns={[
              {
                title: t('organisations_admin.fields.date'),
                cell: (a) => formatDateTime(a.created_at, lang),
              },
              { title: t('organisations_admin.fields.action'), cell: (a) => auditActionLabel(a.action, t) },
              { title: t('organisations_admin.fields.actor'), cell: (a) => a.actor_name ?? '—' },
              {
                title: t('organisations_admin.note'),
                cell: (a) => (typeof a.meta?.note === 'string' ? a.meta.note : ''),
              },
            ]}
          />
        )}
      </Section>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('organisations_admin.edit_title')}
        centered
      >
        {editing && <EditOrganisationForm org={o} onDone={() => setEditing(false)} />}
      </Modal>
    </Stack>
  );
}
