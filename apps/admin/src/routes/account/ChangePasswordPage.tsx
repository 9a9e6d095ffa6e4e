import { adminChangePasswordSchema } from '@lm/contracts/auth';
import { applyServerErrors, NewPasswordFields, usePageTitle, useZodForm } from '@lm/ui';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChangeOwnPassword } from '../../hooks/use-account';

/**
 * /account/password (any signed-in admin, from the user menu): change one's own password with the
 * current one; the admin's other sessions end (the only way staff set a password
 * themselves).
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  usePageTitle('admin.password.title');
  const change = useChangeOwnPassword();
  const form = useZodForm(adminChangePasswordSchema, {
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
    } catch (error) {
      applyServerErrors(error, form.setError, ['current_password', 'password', 'password_confirmation']);
    }
  });

  return (
    <Stack gap="lg" maw={520}>
      <Title order={2}>{t('admin.password.title')}</Title>
      <Card padding="lg">
        <form onSubmit={submit} noValidate data-testid="admin-password-form">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('admin.password.text')}
            </Text>
            <NewPasswordFields form={form} withCurrent />
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending} data-testid="admin-password-save">
                {t('security.change_password_submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
