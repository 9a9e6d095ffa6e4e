import { verifyEmailSchema } from '@lm/contracts';
import { AuthLayout, applyServerErrors, fieldError, usePageTitle, useZodForm } from '@lm/ui';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResendCode, useVerifyUser } from '../../../hooks/use-auth';
import { DevMailLink } from '../dev-mail/DevMailLink';
import { CodeInput } from '../shared/CodeInput';

const RESEND_COOLDOWN_S = 60;

/** /verify-user: the 6-digit code emailed at sign-up (or after an unverified sign-in), with resend. */
export function VerifyUserPage() {
  const { t } = useTranslation();
  usePageTitle('verify.title');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialEmail = params.get('email') ?? '';
  const verify = useVerifyUser();
  const resend = useResendCode();
  const [cooldown, setCooldown] = useState(0);
  const form = useZodForm(verifyEmailSchema, { defaultValues: { email: initialEmail, code: '' } });
  const { errors } = form.formState;

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
      navigate(`/login?email=${encodeURIComponent(values.email)}`, { replace: true });
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'code']);
      form.setValue('code', '');
    }
  });

  const resendCode = async () => {
    const valid = await form.trigger('email');
    if (!valid) return;
    resend.mutate(form.getValues('email'), { onSuccess: () => setCooldown(RESEND_COOLDOWN_S) });
  };

  return (
    <AuthLayout
      title="verify.title"
      subtitle={initialEmail ? t('verify.subtitle_email', { email: initialEmail }) : 'verify.subtitle'}
    >
      <form onSubmit={submit} noValidate data-testid="verify-form">
        <Stack gap="md">
          {!initialEmail && (
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="email"
              error={fieldError(errors.email)}
              {...form.register('email')}
            />
          )}
          <CodeInput control={form.control} name="code" label={t('verify.code')} showLabel>
            {initialEmail && errors.email && (
              <Text size="xs" c="red" ta="center">
                {fieldError(errors.email)}
              </Text>
            )}
          </CodeInput>
          <Button type="submit" fullWidth loading={verify.isPending}>
            {t('verify.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm">
              {t('verify.back_to_login')}
            </Anchor>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={resendCode}
              disabled={cooldown > 0 || resend.isPending}
              c={cooldown > 0 ? 'dimmed' : undefined}
            >
              {cooldown > 0 ? t('verify.resend_in', { seconds: cooldown }) : t('verify.resend')}
            </Anchor>
          </Group>
          <DevMailLink email={form.watch('email')} />
        </Stack>
      </form>
    </AuthLayout>
  );
}
