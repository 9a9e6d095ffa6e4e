import type { SessionUser } from '@lm/contracts';
import { AuthLayout, useLazyZodForm } from '@lm/ui';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLogin, useLogin2fa } from '../../../hooks/use-auth';
import { DevMailLink } from '../dev-mail/DevMailLink';
import { CodeInput } from '../shared/CodeInput';

export interface TwoFactorStepProps {
  credentials: { email: string; password: string };
  onBack(): void;
  onDone(session: { token: string; user: SessionUser }): void;
}

/** Second sign-in step: the 6-digit code emailed by `user/login` (POST login-2fa). */
export function TwoFactorStep({ credentials, onBack, onDone }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const verify = useLogin2fa();
  const resend = useLogin();
  const form = useLazyZodForm(() => import('@lm/contracts/auth').then((m) => m.login2faSchema), {
    defaultValues: { email: credentials.email, code: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    const session = await verify.mutateAsync(values).catch(() => null);
    if (session) onDone(session);
    else form.setValue('code', '');
  });

  return (
    <AuthLayout
      title="login.two_factor_title"
      subtitle={t('login.two_factor_text', { email: credentials.email })}
    >
      <form onSubmit={submit} noValidate data-testid="two-factor-form">
        <Stack gap="md">
          <CodeInput
            control={form.control}
            name="code"
            onComplete={() => void submit()}
            label={t('login.code')}
          />
          <Button type="submit" fullWidth loading={verify.isPending}>
            {t('login.verify')}
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              <Group gap={4}>
                <IconArrowLeft size={14} className="lm-flip-rtl" />
                {t('login.back')}
              </Group>
            </Anchor>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => resend.mutate(credentials)}
              disabled={resend.isPending}
            >
              {t('login.resend_code')}
            </Anchor>
          </Group>
          <DevMailLink email={credentials.email} />
        </Stack>
      </form>
    </AuthLayout>
  );
}
