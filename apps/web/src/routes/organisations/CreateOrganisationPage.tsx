import type { Organisation } from '@lm/contracts/organisations-api';
import { AVATAR_RULES, FileDropZone, usePageTitle } from '@lm/ui';
import { Avatar, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orgImage } from '../../app/org-image';
import { useCreateOrganisation, useUploadOrganisationLogo } from '../../hooks/use-organisations';
import { OrganisationForm } from './OrganisationForm';

/** The logo step: upload an image (as avatars), or skip it. */
export function LogoUpload({ organisation, onDone }: { organisation: Organisation; onDone?: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadOrganisationLogo(organisation.id);
  const [logo, setLogo] = useState(organisation.logo_url);
  return (
    <Stack gap="sm" maw={560}>
      <Group>
        <Avatar size={64} radius="md" src={orgImage(logo)}>
          {organisation.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Text size="sm" c="dimmed">
          {t('org.logo_help')}
        </Text>
      </Group>
      <FileDropZone
        rules={AVATAR_RULES}
        loading={upload.isPending}
        onFiles={(files) => {
          const file = files[0];
          if (file) void upload.mutateAsync(file).then((o) => setLogo(o.logo_url));
        }}
      />
      {onDone && (
        <Group>
          <Button onClick={onDone} data-testid="org-logo-done">
            {logo ? t('org.continue') : t('org.skip_logo')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** /organisations/new (issue 35): profile and billing details, then the logo; I become its Owner. */
export function CreateOrganisationPage() {
  const { t } = useTranslation();
  usePageTitle('org.create');
  const navigate = useNavigate();
  const create = useCreateOrganisation();
  const [created, setCreated] = useState<Organisation | null>(null);
  return (
    <Stack gap="lg" data-testid="create-organisation-page">
      <Title order={2}>{t('org.create')}</Title>
      <Paper withBorder radius="md" p="md">
        <Stepper active={created ? 1 : 0} size="sm" mb="md">
          <Stepper.Step label={t('org.step_details')} />
          <Stepper.Step label={t('org.step_logo')} />
        </Stepper>
        {created ? (
          <LogoUpload organisation={created} onDone={() => navigate(`/organisations/${created.id}`)} />
        ) : (
          <OrganisationForm
            submitLabel={t('org.create')}
            onSubmit={async (values) => setCreated(await create.mutateAsync(values))}
          />
        )}
      </Paper>
    </Stack>
  );
}
