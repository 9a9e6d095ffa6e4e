import { PasswordInput } from '@mantine/core';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from './use-zod-form';

/** The fields a new-password form holds (the current password only when it is asked). */
export interface NewPasswordValues extends FieldValues {
  password: string;
  password_confirmation: string;
  current_password?: string;
}

export interface NewPasswordFieldsProps<T extends NewPasswordValues> {
  /** The react-hook-form of the screen (e.g. from `useZodForm(changePasswordSchema)`). */
  form: UseFormReturn<T, unknown, unknown>;
  /** Also ask for the current password (a change while signed in, unless forced). */
  withCurrent?: boolean;
}

/**
 * The password fields of every screen that sets a password (user reset and change, admin reset and
 * change): the current password when asked, the new one with the product's rule as its
 * hint, and its confirmation; each with the autocomplete hint password managers expect and the
 * field's translated error.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  withCurrent = false,
}: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation();
  const errors = form.formState.errors as Partial<Record<keyof NewPasswordValues, FieldError>>;
  const field = (name: keyof NewPasswordValues) => form.register(name as Path<T>);
  return (
    <>
      {withCurrent && (
        <PasswordInput
          label={t('security.current_password')}
          autoComplete="current-password"
          error={fieldError(errors.current_password)}
          {...field('current_password')}
        />
      )}
      <PasswordInput
        label={t('reset.password')}
        description={t('register.password_hint')}
        autoComplete="new-password"
        error={fieldError(errors.password)}
        {...field('password')}
      />
      <PasswordInput
        label={t('register.password_confirmation')}
        autoComplete="new-password"
        error={fieldError(errors.password_confirmation)}
        {...field('password_confirmation')}
      />
    </>
  );
}
