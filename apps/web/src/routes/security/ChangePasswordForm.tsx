import { changePasswordSchema } from '@lm/contracts';
import { applyServerErrors, fieldError, useZodForm } from '@lm/ui';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
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
  const { errors } = form.formState;

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
        {!forced && (
          <PasswordInput
            label={t('security.current_password')}
            autoComplete="current-password"
            error={fieldError(errors.current_password)}
            {...form.register('current_password')}
          />
        )}
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
          <Button type="submit" loading={change.isPending} fullWidth={forced}>
            {t('security.change_password_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
