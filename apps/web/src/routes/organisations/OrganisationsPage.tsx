import { EmptyState, usePageTitle } from '@lm/ui';
import { Avatar, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orgImage } from '../../app/org-image';
import { useMyOrganisations } from '../../hooks/use-organisations';

/**
 * /organisations (issue 35): the organisations I belong to (logo, name, kind, my role, the number of
 * artists I may act for), each opening its roster dashboard, and the way to create one.
 */
export function OrganisationsPage() {
  const { t } = useTranslation();
  usePageTitle('org.title');
  const mine = useMyOrganisations();
  const list = mine.data ?? [];
  return (
    <Stack gap="lg" data-testid="organisations-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          <Title order={2}>{t('org.title')}</Title>
          <Text c="dimmed">{t('org.intro')}</Text>
        </Stack>
        <Button
          component={Link}
          to="/organisations/new"
          leftSection={<IconPlus size={16} />}
          data-testid="org-create"
        >
          {t('org.create')}
        </Button>
      </Group>
      {mine.isLoading && <Skeleton h={120} radius="md" />}
      {mine.data && list.length === 0 && (
        <EmptyState
          icon={<IconBuildingCommunity size={22} />}
          title={t('org.empty_title')}
          hint={t('org.empty_text')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.map((org) => (
          <Card
            key={org.id}
            withBorder
            radius="md"
            component={Link}
            to={`/organisations/${org.id}`}
            data-testid={`org-card-${org.id}`}
          >
            <Group wrap="nowrap">
              <Avatar size={48} radius="md" src={orgImage(org.logo_url)}>
                {org.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Stack gap={2} miw={0}>
                <Text fw={600} truncate>
                  {org.name}
                </Text>
                <Group gap={6}>
                  <Badge variant="light">{t(`org.kinds.${org.kind}`)}</Badge>
                  <Badge variant="outline">{t(`org.roles.${org.role}`)}</Badge>
                  {org.status === 'suspended' && <Badge color="red">{t('org.suspended')}</Badge>}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('org.artists_count', { count: org.artists.length })}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
