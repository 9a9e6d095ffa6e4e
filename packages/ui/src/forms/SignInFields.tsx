import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { IconAt, IconLock } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

type InputProps<P> = P & Omit<ComponentPropsWithRef<'input'>, keyof P | 'size'>;

/**
 * The e-mail and password fields of the sign-in screens (both apps' sign-in; the forgot-password
 * screen passes no `password`): labelled, an e-mail keyboard, their icons, the autocomplete hints
 * password managers fill a sign-in with ("username" unless `email` says otherwise). Each prop object
 * goes to its input: the form's `register`, `error`, `placeholder`.
 */
export function SignInFields({
  email,
  password,
}: {
  email: InputProps<TextInputProps>;
  password?: InputProps<PasswordInputProps>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('login.email')}
        type="email"
        autoComplete="username"
        leftSection={<IconAt size={16} />}
        {...email}
      />
      {password && (
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          {...password}
        />
      )}
    </>
  );
}
