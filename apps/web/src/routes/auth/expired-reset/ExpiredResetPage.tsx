import { AuthLayout, usePageTitle } from '@lm/ui';
import { Anchor, Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /expired/password/reset: the reset link is invalid or expired; offers a new one. */
export function ExpiredResetPage() {
  const { t } = useTranslation();
  usePageTitle('expired.title');
  return (
    <AuthLayout title="expired.title">
      <Stack gap="md" data-testid="expired-reset">
        <Center>
          <ThemeIcon size={64} radius="xl" variant="light" color="orange">
            <IconClockExclamation size={36} />
          </ThemeIcon>
        </Center>
        <Text ta="center" c="dimmed">
          {t('expired.text')}
        </Text>
        <Button component={Link} to="/forgot-password" fullWidth>
          {t('expired.request_new')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('verify.back_to_login')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
