import { usePageTitle } from '@lm/ui';
import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** /security: change password, two-step sign-in on/off, active sessions with revoke. */
export function SecurityPage() {
  const { t } = useTranslation();
  usePageTitle('security.title');
  return (
    <Stack gap="lg" data-testid="security-page">
      <Title order={2}>{t('security.title')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card padding="lg" radius="md">
            <Title order={4}>{t('security.change_password_title')}</Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('security.change_password_text')}
            </Text>
            <ChangePasswordForm />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <TwoFactorCard />
            <SessionsCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
