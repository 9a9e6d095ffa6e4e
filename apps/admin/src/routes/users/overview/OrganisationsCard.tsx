import { ORGANISATION_ADMIN_PERMISSIONS, type SessionAdmin } from '@lm/contracts';
import { formatDate, useSession } from '@lm/ui';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserOrganisations } from '../../../hooks/use-organisations';

/**
 * The user overview's organisations card (issue 35): the teams the user belongs to with the role, and
 * the organisation acting for the user as an artist (since when, managed profile or not). Names link
 * to the organisation for staff who may open it. Hidden when the user has neither.
 */
export function OrganisationsCard({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const session = useSession<SessionAdmin>();
  const canOpen = session.ability.can('call', ORGANISATION_ADMIN_PERMISSIONS.view);
  const query = useUserOrganisations(userId);
  const data = query.data;
  if (!data || (data.memberships.length === 0 && !data.acting_for)) return null;
  const name = (id: number, text: string): ReactNode =>
    canOpen ? (
      <Anchor component={Link} to={`/organisations/${id}`} size="sm" fw={600}>
        {text}
      </Anchor>
    ) : (
      <Text size="sm" fw={600} span>
        {text}
      </Text>
    );
  return (
    <Card padding="md" radius="md" data-testid="user-organisations">
      <Title order={5} mb="xs">
        {t('organisations_admin.user_card.title')}
      </Title>
      <Stack gap="xs">
        {data.acting_for && (
          <Stack gap={2} data-testid="user-acting-for">
            <Text size="xs" c="dimmed">
              {t('organisations_admin.user_card.acting_for')}
            </Text>
            <Group gap="xs">
              {name(data.acting_for.organisation_id, data.acting_for.name)}
              {data.acting_for.managed && <Badge variant="light">{t('organisations_admin.managed')}</Badge>}
            </Group>
            {data.acting_for.since && (
              <Text size="xs" c="dimmed">
                {t('organisations_admin.user_card.since', {
                  date: formatDate(data.acting_for.since, i18n.language),
                })}
              </Text>
            )}
          </Stack>
        )}
        {data.memberships.map((m) => (
          <Group key={m.organisation_id} gap="xs" justify="space-between" wrap="nowrap">
            {name(m.organisation_id, m.name)}
            <Badge variant="light" color="violet">
              {t(`organisations_admin.roles.${m.role}`)}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
