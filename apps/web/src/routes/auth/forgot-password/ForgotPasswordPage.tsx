import { emailOnlySchema } from '@lm/contracts';
import { AuthLayout, applyServerErrors, fieldError, usePageTitle, useZodForm } from '@lm/ui';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAt, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useForgotPassword } from '../../../hooks/use-auth';

/** /forgot-password: asks for a reset link by e-mail (the answer never tells whether the account exists). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle('forgot.title');
  const [params] = useSearchParams();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(emailOnlySchema, { defaultValues: { email: params.get('email') ?? '' } });

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync(email);
      setSentTo(email);
    } catch (error) {
      applyServerErrors(error, form.setError, ['email']);
    }
  });

  return (
    <AuthLayout title="forgot.title" subtitle="forgot.subtitle">
      <form onSubmit={submit} noValidate data-testid="forgot-form">
        <Stack gap="md">
          {sentTo && (
            <Alert color="green" icon={<IconMailCheck size={18} />} data-testid="forgot-sent">
              {t('forgot.sent', { email: sentTo })}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="email"
            placeholder="name@example.com"
            leftSection={<IconAt size={16} />}
            error={fieldError(form.formState.errors.email)}
            {...form.register('email')}
          />
          <Button type="submit" fullWidth loading={forgot.isPending}>
            {t(sentTo ? 'forgot.send_again' : 'forgot.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('verify.back_to_login')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
