import { type SessionUser, twoFactorSchema } from '@lm/contracts';
import { applyServerErrors, fieldError, useSession, useZodForm } from '@lm/ui';
import { Badge, Button, Card, Group, Modal, PasswordInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTwoFactor } from '../../hooks/use-account';

/** Two-step sign-in (an emailed code after the password): on/off, confirmed with the password. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const session = useSession<SessionUser>();
  const enabled = session.user?.two_factor_enabled ?? false;
  const [target, setTarget] = useState<boolean | null>(null);
  const twoFactor = useTwoFactor();
  const form = useZodForm(twoFactorSchema, { defaultValues: { enabled: false, password: '' } });

  const open = (next: boolean) => {
    form.reset({ enabled: next, password: '' });
    setTarget(next);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await twoFactor.mutateAsync(values);
      setTarget(null);
    } catch (error) {
      applyServerErrors(error, form.setError, ['password']);
    }
  });

  return (
    <Card padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={4}>{t('security.two_factor_title')}</Title>
            <Badge color={enabled ? 'green' : 'gray'} variant="light" data-testid="two-factor-status">
              {t(enabled ? 'security.enabled' : 'security.disabled')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('security.two_factor_text')}
          </Text>
        </Stack>
        <Switch
          checked={enabled}
          onChange={(e) => open(e.currentTarget.checked)}
          size="md"
          aria-label={t('security.two_factor_title')}
          data-testid="two-factor-switch"
        />
      </Group>
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={t(target ? 'security.two_factor_enable' : 'security.two_factor_disable')}
        centered
      >
        <form onSubmit={submit} noValidate data-testid="two-factor-form">
          <Stack gap="md">
            <Text size="sm">{t('security.confirm_with_password')}</Text>
            <PasswordInput
              label={t('security.current_password')}
              autoComplete="current-password"
              data-autofocus
              error={fieldError(form.formState.errors.password)}
              {...form.register('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setTarget(null)}>
                {t('ui.confirm.cancel')}
              </Button>
              <Button type="submit" loading={twoFactor.isPending} color={target ? undefined : 'red'}>
                {t(target ? 'security.turn_on' : 'security.turn_off')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
