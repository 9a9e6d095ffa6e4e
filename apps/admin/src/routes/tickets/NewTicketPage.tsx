import { TicketForm, usePageTitle, useTicketsT, withTicketsCatalog } from '@lm/ui';
import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';

/** /tickets/new-ticket/{userId} (tickets.add): staff open a ticket for a user; it is mailed to them. */
export const NewTicketPage = withTicketsCatalog(NewTicket);

function NewTicket() {
  const { t } = useTicketsT();
  const userId = Number(useParams().userId);
  const navigate = useNavigate();
  usePageTitle('tickets:tickets.new_for_user');
  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={`/users/${userId}`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('tickets.back_user')}
        </Group>
      </Anchor>
      <Title order={2}>{t('tickets.new_for_user')}</Title>
      <Card padding="lg" radius="md">
        <TicketForm
          userId={userId}
          staff
          showPriority
          onCancel={() => navigate(`/users/${userId}`)}
          onCreated={(id) => navigate(`/tickets/details/${id}`)}
        />
      </Card>
    </Stack>
  );
}
