import { changePasswordSchema } from '@lm/contracts';
import { applyServerErrors, NewPasswordFields, useZodForm } from '@lm/ui';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../../hooks/use-auth';

export interface ChangePasswordFormProps {
  /** A forced change (must_change_password) does not ask for the current password. */
  forced?: boolean;
  onDone?(): void;
}

/** Change password (POST user/reset/password/login). */
export function ChangePasswordForm({ forced, onDone }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useZodForm(changePasswordSchema, {
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    if (!forced && !values.current_password) {
      form.setError('current_password', { message: 'validation.required' });
      return;
    }
    try {
      await change.mutateAsync(
        forced ? { password: values.password, password_confirmation: values.password_confirmation } : values,
      );
      form.reset();
      onDone?.();
    } catch (error) {
      applyServerErrors(error, form.setError, ['current_password', 'password', 'password_confirmation']);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <Stack gap="md">
        <NewPasswordFields form={form} withCurrent={!forced} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} fullWidth={forced}>
            {t('security.change_password_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
