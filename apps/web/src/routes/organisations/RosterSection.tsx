import type { StatusKind } from '@lm/contracts';
import type { ManagedArtistInput, RosterArtist } from '@lm/contracts/organisations-api';
import { managedArtistInputSchema, rosterInviteInputSchema } from '@lm/contracts/organisations-api';
import {
  applyServerErrors,
  confirmAction,
  countryOptions,
  FormField,
  fieldError,
  formatDate,
  StatusBadge,
  useZodForm,
} from '@lm/ui';
import {
  Avatar,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMailPlus, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgImage } from '../../app/org-image';
import {
  useAddManagedArtist,
  useInviteArtist,
  useRemoveArtist,
  useRoster,
} from '../../hooks/use-organisations';
import type { OrgContext } from './org-context';

/** Roster statuses on the one status palette. */
const STATUS_KINDS: Record<RosterArtist['status'], StatusKind> = {
  invited: 'waiting',
  active: 'success',
  refused: 'neutral',
  left: 'neutral',
  removed: 'failure',
};

function ManagedArtistForm({ orgId, onDone }: { orgId: number; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const add = useAddManagedArtist(orgId);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const form = useZodForm(managedArtistInputSchema, {
    defaultValues: { artist_name: '', country_code: null } as ManagedArtistInput,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['artist_name', 'country_code']);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('org.roster.managed_help')}
        </Text>
        <TextInput
          label={t('org.roster.artist_name')}
          {...form.register('artist_name')}
          error={fieldError(form.formState.errors.artist_name)}
          data-testid="managed-name"
        />
        <FormField
          control={form.control}
          name="country_code"
          render={(f) => (
            <Select label={t('org.fields.country')} data={countries} searchable clearable {...f} />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="managed-save">
            {t('org.roster.add_managed')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InviteArtistForm({ orgId, onDone }: { orgId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const invite = useInviteArtist(orgId);
  const form = useZodForm(rosterInviteInputSchema, { defaultValues: { email: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['email']);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('org.roster.invite_help')}
        </Text>
        <TextInput
          type="email"
          label={t('org.fields.email')}
          {...form.register('email')}
          error={fieldError(form.formState.errors.email)}
          data-testid="roster-invite-email"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="roster-invite-send">
            {t('org.roster.invite')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The roster (issue 35): artists with their status (invited, active, refused, left, removed) and
 * whether the organisation manages their profile; add a managed profile, invite an existing artist
 * by e-mail, take an artist off the roster (Roster manage).
 */
export function RosterSection({ ctx }: { ctx: OrgContext }) {
  const { t, i18n } = useTranslation();
  const roster = useRoster(ctx.org.id);
  const remove = useRemoveArtist(ctx.org.id);
  const [dialog, setDialog] = useState<'managed' | 'invite' | null>(null);
  const manage = ctx.can('manage', 'Roster');
  const rows = roster.data ?? [];
  return (
    <Stack gap="md" data-testid="roster-section">
      {manage && (
        <Group>
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setDialog('managed')}
            data-testid="roster-add-managed"
          >
            {t('org.roster.add_managed')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconMailPlus size={16} />}
            onClick={() => setDialog('invite')}
            data-testid="roster-invite"
          >
            {t('org.roster.invite')}
          </Button>
        </Group>
      )}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'managed' ? t('org.roster.add_managed') : t('org.roster.invite')}
      >
        {dialog === 'managed' && <ManagedArtistForm orgId={ctx.org.id} onDone={() => setDialog(null)} />}
        {dialog === 'invite' && <InviteArtistForm orgId={ctx.org.id} onDone={() => setDialog(null)} />}
      </Modal>
      {roster.data && rows.length === 0 && <Text c="dimmed">{t('org.roster.empty')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('org.roster.artist')}</Table.Th>
                  <Table.Th>{t('org.roster.status')}</Table.Th>
                  <Table.Th>{t('org.roster.since')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((a) => (
                  <Table.Tr key={a.id} data-testid={`roster-${a.artist_user_id}`}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar size={30} radius="xl" src={orgImage(a.avatar_url)}>
                          {a.artist_name.slice(0, 1).toUpperCase()}
                        </Avatar>
                        <Text size="sm" fw={500}>
                          {a.artist_name}
                        </Text>
                        {a.managed && (
                          <Badge size="xs" variant="light">
                            {t('org.roster.managed')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge
                        label={a.status}
                        kind={STATUS_KINDS[a.status]}
                        text={t(`org.roster.statuses.${a.status}`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(a.joined_at ?? a.invited_at, i18n.language)}</Text>
                    </Table.Td>
                    <Table.Td ta="end">
                      {manage && (a.status === 'active' || a.status === 'invited') && (
                        <Button
                          size="compact-sm"
                          color="red"
                          variant="subtle"
                          data-testid={`roster-remove-${a.artist_user_id}`}
                          onClick={async () => {
                            const ok = await confirmAction({
                              message: t('org.roster.remove_confirm', { name: a.artist_name }),
                              danger: true,
                            });
                            if (ok) await remove.mutateAsync(a.artist_user_id).catch(() => undefined);
                          }}
                        >
                          {t('org.roster.remove')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
