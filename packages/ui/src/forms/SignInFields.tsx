import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { IconAt, IconLock } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

type InputProps<P> = P & Omit<ComponentPropsWithRef<'input'>, keyof P | 'size'>;

/**
 * The e-mail field of the sign-in screens (both apps' sign-in, forgot password): labelled, an e-mail
 * keyboard, the @ icon. `autoComplete` defaults to "username", the half of the pair password managers
 * fill on a sign-in form; other props (the form's `register`, `error`, `placeholder`) go to the input.
 */
export function EmailField(props: InputProps<TextInputProps>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('login.email')}
      type="email"
      autoComplete="username"
      leftSection={<IconAt size={16} />}
      {...props}
    />
  );
}

/** The password field of both apps' sign-in: labelled, the lock icon, filled by password managers. */
export function SignInPasswordField(props: InputProps<PasswordInputProps>) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('login.password')}
      autoComplete="current-password"
      leftSection={<IconLock size={16} />}
      {...props}
    />
  );
}
