import { Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOrganisation, useUpdateOrganisation } from '../../hooks/use-organisations';
import { LogoUpload } from './CreateOrganisationPage';
import { OrganisationForm } from './OrganisationForm';
import type { OrgContext } from './org-context';

/** The organisation's profile, billing details and logo (Organisation update). */
export function SettingsSection({ ctx }: { ctx: OrgContext }) {
  const { t } = useTranslation();
  const organisation = useOrganisation(ctx.org.id);
  const update = useUpdateOrganisation(ctx.org.id);
  if (!organisation.data) return <Skeleton h={320} radius="md" />;
  return (
    <Stack gap="lg" data-testid="settings-section">
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="sm">
          {t('org.step_details')}
        </Title>
        <OrganisationForm
          organisation={organisation.data}
          submitLabel={t('org.save')}
          onSubmit={(values) => update.mutateAsync(values)}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="sm">
          {t('org.step_logo')}
        </Title>
        <LogoUpload organisation={organisation.data} />
      </Paper>
    </Stack>
  );
}
