import {
  applyServerErrors,
  fieldError,
  formatMoney,
  translateMessage,
  usePageTitle,
  useZodForm,
} from '@lm/ui';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type SystemSettings, useSaveSettings, useSystemSettings } from '../../hooks/use-staff';

const whole = (min: number, max: number) =>
  z
    .number({ error: 'validation.required' })
    .int('validation.whole_number')
    .min(min, { error: () => translateMessage('validation.min_value', { value: min }) })
    .max(max, { error: () => translateMessage('validation.max_value', { value: max }) });

/** The server's rules of `PUT admin/settings`, checked before sending (the server checks again). */
const settingsSchema = z
  .object({
    maintenance_mode: z.boolean(),
    platform_fee_percent: whole(0, 90),
    coin_price_pence: whole(1, 100_000),
    payout_rate_pence: whole(1, 100_000),
    playlist_submission_days: whole(1, 30),
    on_going_days: whole(1, 365),
    auditing_days: whole(1, 30),
    mail_from_name: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(100, 'validation.too_long')
      .regex(/^[^<>"\r\n]+$/, 'settings.sender_invalid'),
  })
  .refine((s) => s.payout_rate_pence <= s.coin_price_pence, {
    message: 'settings.payout_above_price',
    path: ['payout_rate_pence'],
  });
const FIELDS = Object.keys(settingsSchema.shape ?? {}) as (keyof SystemSettings)[];
type NumberKey = Exclude<keyof SystemSettings, 'maintenance_mode' | 'mail_from_name'>;
const LIMITS: Record<NumberKey, [number, number]> = {
  platform_fee_percent: [0, 90],
  coin_price_pence: [1, 100_000],
  payout_rate_pence: [1, 100_000],
  playlist_submission_days: [1, 30],
  on_going_days: [1, 365],
  auditing_days: [1, 30],
};

/**
 * /system/settings (view.main.settings.tab.list): maintenance mode, platform fee, coin price, payout
 * rate, default durations and the mail sender name. Only changed values are sent; each change is
 * audited by the server.
 */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('staff.settings.title');
  const settings = useSystemSettings();
  const save = useSaveSettings();
  const form = useZodForm(settingsSchema);
  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);
  const submit = form.handleSubmit(async (values) => {
    const current = settings.data;
    if (!current) return;
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => current[k as keyof SystemSettings] !== v),
    ) as Partial<SystemSettings>;
    if (Object.keys(changed).length === 0) return;
    try {
      await save.mutateAsync(changed);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });
  const number = (
    name: NumberKey,
    label: string,
    extra: { suffix?: string; hint?: (v: number) => string } = {},
  ) => {
    const [min, max] = LIMITS[name];
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field, fieldState }) => (
          <NumberInput
            label={t(label)}
            name={name}
            value={field.value ?? ''}
            onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
            min={min}
            max={max}
            allowDecimal={false}
            suffix={extra.suffix}
            description={extra.hint && typeof field.value === 'number' ? extra.hint(field.value) : undefined}
            error={fieldError(fieldState.error)}
            data-testid={`setting-${name}`}
          />
        )}
      />
    );
  };
  if (!settings.data) return <Skeleton h={400} />;
  const maintenance = form.watch('maintenance_mode');
  return (
    <form onSubmit={submit} noValidate data-testid="settings-form">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={2}>{t('staff.settings.title')}</Title>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
            data-testid="settings-save"
          >
            {t('staff.save')}
          </Button>
        </Group>
        <Card padding="lg">
          <Stack gap="sm">
            <Title order={4}>{t('staff.settings.maintenance')}</Title>
            <Controller
              control={form.control}
              name="maintenance_mode"
              render={({ field }) => (
                <Switch
                  label={t('staff.settings.maintenance_mode')}
                  description={t('staff.settings.maintenance_hint')}
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  color="red"
                  data-testid="setting-maintenance_mode"
                />
              )}
            />
            {maintenance && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
                {t('staff.settings.maintenance_on')}
              </Alert>
            )}
          </Stack>
        </Card>
        <Card padding="lg">
          <Title order={4} mb="sm">
            {t('staff.settings.money')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {number('platform_fee_percent', 'staff.settings.platform_fee', {
              suffix: ' %',
              hint: (v) => t('staff.settings.platform_fee_hint', { value: v }),
            })}
            {number('coin_price_pence', 'staff.settings.coin_price', {
              hint: (v) => t('staff.settings.per_coin', { value: formatMoney(v, 'GBP', i18n.language) }),
            })}
            {number('payout_rate_pence', 'staff.settings.payout_rate', {
              hint: (v) => t('staff.settings.per_coin', { value: formatMoney(v, 'GBP', i18n.language) }),
            })}
          </SimpleGrid>
        </Card>
        <Card padding="lg">
          <Title order={4}>{t('staff.settings.durations')}</Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('staff.settings.durations_hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {number('playlist_submission_days', 'staff.settings.playlist_submission_days')}
            {number('on_going_days', 'staff.settings.on_going_days')}
            {number('auditing_days', 'staff.settings.auditing_days')}
          </SimpleGrid>
        </Card>
        <Card padding="lg">
          <Title order={4} mb="sm">
            {t('staff.settings.mail')}
          </Title>
          <TextInput
            label={t('staff.settings.mail_from_name')}
            description={t('staff.settings.mail_from_hint')}
            {...form.register('mail_from_name')}
            error={fieldError(form.formState.errors.mail_from_name)}
            maw={480}
          />
        </Card>
      </Stack>
    </form>
  );
}
