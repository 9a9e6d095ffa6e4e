import { resetPasswordSchema } from '@lm/contracts/auth';
import { Button, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { NewPasswordFields } from './NewPasswordFields';
import { applyServerErrors } from './server-errors';
import { useZodForm } from './use-zod-form';

export interface ResetPasswordFormProps {
  /** The account's e-mail and the link's token, both read from the link. */
  email: string;
  token: string;
  /** The app's reset call (user or staff endpoint) and whether it is under way. */
  reset: {
    mutateAsync(body: z.output<typeof resetPasswordSchema>): Promise<unknown>;
    isPending: boolean;
  };
  /** Called when the server refuses the link itself (spent, expired, unknown) rather than the password. */
  onRefused(error: unknown): void;
  /** Below the button: a link back, a note. */
  children?: ReactNode;
  'data-testid': string;
}

/**
 * The form of both apps' password-reset links: the e-mail (read only), the new password with its
 * confirmation, and the button. Once set, the person signs in again on /login with the e-mail
 * filled in; errors on the password show on its fields, any other refusal goes to `onRefused`.
 */
export function ResetPasswordForm({
  email,
  token,
  reset,
  onRefused,
  children,
  'data-testid': testId,
}: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(resetPasswordSchema, {
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      navigate(`/login?email=${encodeURIComponent(values.email)}`, { replace: true });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['password', 'password_confirmation'])) onRefused(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="md">
        <TextInput label={t('login.email')} value={email} readOnly variant="filled" dir="ltr" />
        <NewPasswordFields form={form} />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
