import { adminChangePasswordSchema } from '@lm/contracts/auth';
import { applyServerErrors, fieldError, usePageTitle, useZodForm } from '@lm/ui';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChangeOwnPassword } from '../../hooks/use-account';

/**
 * /account/password (any signed-in admin, from the user menu): change one's own password with the
 * current one; the admin's other sessions end (issue 11 item 2: the only way staff set a password
 * themselves).
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  usePageTitle('admin.password.title');
  const change = useChangeOwnPassword();
  const form = useZodForm(adminChangePasswordSchema, {
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

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
            <PasswordInput
              label={t('security.current_password')}
              autoComplete="current-password"
              error={fieldError(errors.current_password)}
              {...form.register('current_password')}
            />
            <PasswordInput
              label={t('reset.password')}
              description={t('register.password_hint')}
              autoComplete="new-password"
              error={fieldError(errors.password)}
              {...form.register('password')}
            />
            <PasswordInput
              label={t('register.password_confirmation')}
              autoComplete="new-password"
              error={fieldError(errors.password_confirmation)}
              {...form.register('password_confirmation')}
            />
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
