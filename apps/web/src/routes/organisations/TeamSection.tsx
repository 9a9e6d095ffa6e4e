import { ORGANISATION_ROLES, type OrganisationRole } from '@lm/contracts/organisations';
import type { OrganisationMember, TeamInvite } from '@lm/contracts/organisations-api';
import { teamInviteInputSchema } from '@lm/contracts/organisations-api';
import { applyServerErrors, confirmAction, formatDate, translateMessage } from '@lm/ui';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMailPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useInviteMember,
  useMembers,
  useRemoveMember,
  useRevokeInvite,
  useRoster,
  useTeamInvites,
  useUpdateMember,
} from '../../hooks/use-organisations';
import type { OrgContext } from './org-context';

/** Role and artist limit of a member or an invitation; with an e-mail for an invitation. */
function RoleForm({
  ctx,
  member,
  onDone,
}: {
  ctx: OrgContext;
  /** The member whose role changes; none: an invitation. */
  member?: OrganisationMember;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const roster = useRoster(ctx.org.id);
  const invite = useInviteMember(ctx.org.id);
  const update = useUpdateMember(ctx.org.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>(member?.role ?? 'campaign_manager');
  const [everyArtist, setEveryArtist] = useState(member ? member.artist_user_ids === null : true);
  const [artists, setArtists] = useState<string[]>((member?.artist_user_ids ?? []).map(String));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Only an Owner makes Owners (the server refuses otherwise).
  const roles = ORGANISATION_ROLES.filter((r) => r !== 'owner' || ctx.org.role === 'owner');
  const activeArtists = (roster.data ?? []).filter((a) => a.status === 'active');
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      email,
      role,
      artist_user_ids: everyArtist ? null : artists.map(Number),
    };
    const checked = member
      ? teamInviteInputSchema.omit({ email: true }).safeParse(body)
      : teamInviteInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues)
        found[String(issue.path[0])] = translateMessage(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (member) {
        await update.mutateAsync({ memberId: member.id, role, artist_user_ids: body.artist_user_ids });
      } else {
        await invite.mutateAsync(teamInviteInputSchema.parse(body));
      }
      onDone();
    } catch (error) {
      applyServerErrors(error, (name, e) => setErrors((x) => ({ ...x, [name]: e.message ?? '' })), [
        'email',
        'role',
        'artist_user_ids',
      ]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {!member && (
          <TextInput
            type="email"
            label={t('org.fields.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            data-testid="team-invite-email"
          />
        )}
        <Select
          label={t('org.team.role')}
          data={roles.map((r) => ({ value: r, label: t(`org.roles.${r}`) }))}
          value={role}
          onChange={(v) => v && setRole(v as OrganisationRole)}
          allowDeselect={false}
          error={errors.role}
          description={t(`org.role_help.${role}`)}
          data-testid="team-role"
        />
        {role !== 'owner' && (
          <>
            <Checkbox
              label={t('org.team.every_artist')}
              checked={everyArtist}
              onChange={(e) => setEveryArtist(e.currentTarget.checked)}
              data-testid="team-every-artist"
            />
            {!everyArtist && (
              <MultiSelect
                label={t('org.team.artists')}
                data={activeArtists.map((a) => ({ value: String(a.artist_user_id), label: a.artist_name }))}
                value={artists}
                onChange={setArtists}
                searchable
                error={errors.artist_user_ids}
                data-testid="team-artists"
              />
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="team-save">
            {member ? t('org.team.save') : t('org.team.send_invite')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The team (issue 35): members with their role and artist limit (change role, remove), invitations
 * by e-mail with a role and artists, pending invitations with revoke. Changes need Team manage; the
 * last Owner's protection is the server's (its message is shown).
 */
export function TeamSection({ ctx }: { ctx: OrgContext }) {
  const { t, i18n } = useTranslation();
  const manage = ctx.can('manage', 'Team');
  const members = useMembers(ctx.org.id);
  const invites = useTeamInvites(ctx.org.id, manage);
  const roster = useRoster(ctx.org.id);
  const remove = useRemoveMember(ctx.org.id);
  const revoke = useRevokeInvite(ctx.org.id);
  const [dialog, setDialog] = useState<{ member?: OrganisationMember } | null>(null);
  const names = new Map((roster.data ?? []).map((a) => [a.artist_user_id, a.artist_name]));
  const limit = (ids: number[] | null) =>
    ids === null
      ? t('org.team.every_artist')
      : ids.map((id) => names.get(id) ?? `#${id}`).join(', ') || t('org.team.no_artist');
  const pending = (invites.data ?? []).filter((i: TeamInvite) => i.status === 'pending');
  return (
    <Stack gap="md" data-testid="team-section">
      {manage && (
        <Group>
          <Button
            leftSection={<IconMailPlus size={16} />}
            onClick={() => setDialog({})}
            data-testid="team-invite"
          >
            {t('org.team.invite')}
          </Button>
        </Group>
      )}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.member ? t('org.team.change_role') : t('org.team.invite')}
      >
        {dialog && <RoleForm ctx={ctx} member={dialog.member} onDone={() => setDialog(null)} />}
      </Modal>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('org.team.member')}</Table.Th>
                <Table.Th>{t('org.team.role')}</Table.Th>
                <Table.Th>{t('org.team.artists')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(members.data ?? []).map((m) => (
                <Table.Tr key={m.id} data-testid={`member-${m.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {m.name}
                    </Text>
                    <Text size="xs" c="dimmed" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                      {m.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`org.roles.${m.role}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{limit(m.artist_user_ids)}</Text>
                  </Table.Td>
                  <Table.Td ta="end">
                    {manage && (m.role !== 'owner' || ctx.org.role === 'owner') && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setDialog({ member: m })}
                          data-testid={`member-edit-${m.id}`}
                        >
                          {t('org.team.change_role')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          data-testid={`member-remove-${m.id}`}
                          onClick={async () => {
                            const ok = await confirmAction({
                              message: t('org.team.remove_confirm', { name: m.name }),
                              danger: true,
                            });
                            if (ok) await remove.mutateAsync(m.id).catch(() => undefined);
                          }}
                        >
                          {t('org.team.remove')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {manage && (
        <Stack gap="xs">
          <Title order={4}>{t('org.team.pending')}</Title>
          {pending.length === 0 && <Text c="dimmed">{t('org.team.no_pending')}</Text>}
          {pending.map((invite) => (
            <Alert key={invite.id} variant="light" color="blue" data-testid={`invite-${invite.id}`}>
              <Group justify="space-between" gap="xs">
                <Stack gap={0}>
                  <Text size="sm" fw={500} dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                    {invite.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('org.team.invite_line', {
                      role: t(`org.roles.${invite.role}`),
                      artists: limit(invite.artist_user_ids),
                      date: formatDate(invite.expires_at, i18n.language),
                    })}
                  </Text>
                </Stack>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  data-testid={`invite-revoke-${invite.id}`}
                  onClick={async () => {
                    const ok = await confirmAction({
                      message: t('org.team.revoke_confirm', { email: invite.email }),
                      danger: true,
                    });
                    if (ok) await revoke.mutateAsync(invite.id).catch(() => undefined);
                  }}
                >
                  {t('org.team.revoke')}
                </Button>
              </Group>
            </Alert>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
