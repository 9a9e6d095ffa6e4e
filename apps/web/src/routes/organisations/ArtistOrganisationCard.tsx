import { confirmAction, formatDate } from '@lm/ui';
import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orgImage } from '../../app/org-image';
import { useAnswerRosterInvitation, useLeaveOrganisation, useMyRoster } from '../../hooks/use-organisations';

/**
 * The artist's "Organisation" card (issue 35): who acts for me (organisation, since when) with
 * "Leave", and the organisations inviting me to their roster, to accept or refuse. Shown on the
 * account page of artists; nothing while there is nothing to show.
 */
export function ArtistOrganisationCard() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const mine = useMyRoster();
  const answer = useAnswerRosterInvitation();
  const leave = useLeaveOrganisation();
  const data = mine.data;
  if (!data || (!data.current && data.invitations.length === 0)) return null;
  return (
    <Card withBorder radius="md" data-testid="artist-organisation-card">
      <Stack gap="sm">
        <Title order={4}>{t('org.artist.title')}</Title>
        {data.current && (
          <Group justify="space-between" wrap="wrap">
            <Group wrap="nowrap">
              <Avatar radius="md" src={orgImage(data.current.logo_url)}>
                {data.current.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Stack gap={0}>
                <Text fw={600}>{data.current.name}</Text>
                <Text size="xs" c="dimmed">
                  {t('org.artist.acts_for_you', {
                    kind: t(`org.kinds.${data.current.kind}`),
                    date: formatDate(data.current.joined_at, lang),
                  })}
                </Text>
              </Stack>
            </Group>
            <Button
              variant="subtle"
              color="red"
              data-testid="artist-org-leave"
              onClick={async () => {
                const ok = await confirmAction({
                  message: t('org.artist.leave_confirm', { name: data.current?.name }),
                  danger: true,
                });
                if (ok) await leave.mutateAsync().catch(() => undefined);
              }}
            >
              {t('org.artist.leave')}
            </Button>
          </Group>
        )}
        {data.invitations.map((invitation) => (
          <Group
            key={invitation.id}
            justify="space-between"
            wrap="wrap"
            data-testid={`artist-invitation-${invitation.id}`}
          >
            <Group wrap="nowrap">
              <Avatar radius="md" src={orgImage(invitation.logo_url)}>
                {invitation.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Stack gap={0}>
                <Group gap={6}>
                  <Text fw={600}>{invitation.name}</Text>
                  <Badge size="xs" variant="light">
                    {t(`org.kinds.${invitation.kind}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('org.artist.invited_on', { date: formatDate(invitation.invited_at, lang) })}
                </Text>
              </Stack>
            </Group>
            <Group gap="xs">
              <Button
                size="compact-sm"
                data-testid={`artist-invitation-accept-${invitation.id}`}
                loading={answer.isPending}
                onClick={() =>
                  void answer.mutateAsync({ id: invitation.id, answer: 'accept' }).catch(() => undefined)
                }
              >
                {t('org.artist.accept')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                data-testid={`artist-invitation-refuse-${invitation.id}`}
                onClick={() =>
                  void answer.mutateAsync({ id: invitation.id, answer: 'refuse' }).catch(() => undefined)
                }
              >
                {t('org.artist.refuse')}
              </Button>
            </Group>
          </Group>
        ))}
        {data.current && data.invitations.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('org.artist.one_at_a_time')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
