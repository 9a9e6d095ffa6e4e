import { PasswordInput, TextInput } from '@mantine/core';
import { IconAt, IconLock } from '@tabler/icons-react';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from './use-zod-form';

/**
 * The `email` and `password` fields of a sign-in form (both apps' sign-in; the forgot-password
 * screen asks `withoutPassword`): labelled, an e-mail keyboard, their icons, each field's error, and
 * the autocomplete hints password managers fill a sign-in with (`autoComplete` of the e-mail,
 * "username" by default).
 */
export function SignInFields<T extends FieldValues>({
  form,
  placeholder,
  autoComplete = 'username',
  withoutPassword = false,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  /** An example address in the e-mail field. */
  placeholder: string;
  autoComplete?: string;
  withoutPassword?: boolean;
}) {
  const { t } = useTranslation();
  const errors = form.formState.errors as Partial<Record<'email' | 'password', FieldError>>;
  return (
    <>
      <TextInput
        label={t('login.email')}
        type="email"
        autoComplete={autoComplete}
        placeholder={placeholder}
        leftSection={<IconAt size={16} />}
        error={fieldError(errors.email)}
        {...form.register('email' as Path<T>)}
      />
      {!withoutPassword && (
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          error={fieldError(errors.password)}
          {...form.register('password' as Path<T>)}
        />
      )}
    </>
  );
}
