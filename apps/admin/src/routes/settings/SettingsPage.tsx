import {
  MAINTENANCE_MESSAGE_MAX,
  type NumericSettingKey,
  SETTING_RANGES,
  settingsFormSchema,
} from '@lm/contracts';
import {
  applyServerErrors,
  CountedTextarea,
  confirmAction,
  fieldError,
  formatMoney,
  NumberField,
  usePageTitle,
  useZodForm,
} from '@lm/ui';
import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SystemSettings, useSaveSettings, useSystemSettings } from '../../hooks/use-staff';
import { PlatformSpotifyCard } from './PlatformSpotifyCard';

const FIELDS = Object.keys(settingsFormSchema.shape) as (keyof SystemSettings)[];
type NumberKey = NumericSettingKey;

/** The unit after an hours setting. */
const HOURS = { suffix: ' h' };

/** A group of number settings on its own card: its title, an optional dimmed hint, three fields a row. */
function SettingsCard({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card padding="lg">
      <Title order={4} mb={hint ? undefined : 'sm'}>
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>{children}</SimpleGrid>
    </Card>
  );
}

/**
 * /system/settings (view.main.settings.tab.list): maintenance mode, platform fee, coin price, payout
 * rate, minimum withdrawal, default durations, the mail sender name and the platform's Spotify account. Only changed values are sent; each change is
 * audited by the server.
 */
export function SettingsPage() {
  usePageTitle('staff.settings.title');
  const settings = useSystemSettings();
  const save = useSaveSettings();
  if (!settings.data) return <Skeleton h={400} />;
  return (
    <Stack gap="lg">
      <SettingsForm
        settings={settings.data}
        saving={save.isPending}
        onSave={async (changed) => {
          await save.mutateAsync(changed);
        }}
      />
      <PlatformSpotifyCard />
    </Stack>
  );
}

/**
 * The settings form: the contracts' `settingsFormSchema` (the API's rules and messages), so a
 * platform fee of -5 shows "0 is min value" under the field and nothing is sent; inputs never clamp
 * what was typed. Only changed values are passed to `onSave`; a 422 answer's field
 * errors land under their fields.
 */
export function SettingsForm({
  settings,
  saving,
  onSave,
}: {
  settings: SystemSettings;
  saving: boolean;
  onSave(changed: Partial<SystemSettings>): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(settingsFormSchema, { defaultValues: settings });
  useEffect(() => {
    form.reset(settings);
  }, [settings, form]);
  const submit = form.handleSubmit(async (values) => {
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => settings[k as keyof SystemSettings] !== v),
    ) as Partial<SystemSettings>;
    if (Object.keys(changed).length === 0) return;
    // Turning maintenance on locks every user out: asked first.
    if (
      changed.maintenance_mode === true &&
      !(await confirmAction({
        title: t('staff.settings.maintenance_confirm_title'),
        message: t('staff.settings.maintenance_confirm'),
        confirmLabel: t('staff.settings.maintenance_confirm_yes'),
        danger: true,
      }))
    )
      return;
    try {
      await onSave(changed);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });
  const number = (
    name: NumberKey,
    label: string,
    extra: { suffix?: string; hint?: (v: number) => string } = {},
  ) => {
    const [min, max] = SETTING_RANGES[name];
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field, fieldState }) => (
          <NumberField
            label={t(label)}
            name={name}
            value={field.value}
            onChange={(v) => field.onChange(v ?? undefined)}
            min={min}
            max={max}
            clampBehavior="none"
            suffix={extra.suffix}
            description={extra.hint && typeof field.value === 'number' ? extra.hint(field.value) : undefined}
            error={fieldError(fieldState.error)}
            data-testid={`setting-${name}`}
          />
        )}
      />
    );
  };
  /** A price in pence per coin, as the hint under the coin's price and the payout rate. */
  const perCoin = (pence: number) =>
    t('staff.settings.per_coin', { value: formatMoney(pence, 'GBP', i18n.language) });
  const maintenance = form.watch('maintenance_mode');
  return (
    <form onSubmit={submit} noValidate data-testid="settings-form">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={2}>{t('staff.settings.title')}</Title>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={saving}
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
            <Controller
              control={form.control}
              name="maintenance_message"
              render={({ field, fieldState }) => (
                <CountedTextarea
                  label={t('staff.settings.maintenance_message')}
                  description={t('staff.settings.maintenance_message_hint')}
                  name="maintenance_message"
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.currentTarget.value)}
                  onBlur={field.onBlur}
                  max={MAINTENANCE_MESSAGE_MAX}
                  rows={3}
                  dir="auto"
                  error={fieldError(fieldState.error)}
                  data-testid="setting-maintenance_message"
                />
              )}
            />
          </Stack>
        </Card>
        <SettingsCard title={t('staff.settings.money')}>
          {number('platform_fee_percent', 'staff.settings.platform_fee', {
            suffix: ' %',
            hint: (v) => t('staff.settings.platform_fee_hint', { value: v }),
          })}
          {number('coin_price_pence', 'staff.settings.coin_price', {
            hint: perCoin,
          })}
          {number('payout_rate_pence', 'staff.settings.payout_rate', {
            hint: perCoin,
          })}
          {number('min_withdrawal_coins', 'staff.settings.min_withdrawal', {
            hint: (v) =>
              t('staff.settings.min_withdrawal_hint', {
                value: formatMoney(v * (form.watch('payout_rate_pence') ?? 0), 'GBP', i18n.language),
              }),
          })}
          {number('payout_second_approval_coins', 'staff.settings.payout_second_approval', {
            hint: () => t('staff.settings.payout_second_approval_hint'),
          })}
        </SettingsCard>
        <SettingsCard title={t('staff.settings.durations')} hint={t('staff.settings.durations_hint')}>
          {number('playlist_submission_days', 'staff.settings.playlist_submission_days')}
          {number('on_going_days', 'staff.settings.on_going_days')}
          {number('auditing_days', 'staff.settings.auditing_days')}
          {number('answer_days', 'staff.settings.answer_days')}
          {number('min_listen_seconds', 'staff.settings.min_listen_seconds', {
            suffix: ' s',
            hint: () => t('staff.settings.min_listen_seconds_hint'),
          })}
          {number('min_feedback_words', 'staff.settings.min_feedback_words', {
            hint: () => t('staff.settings.min_feedback_words_hint'),
          })}
        </SettingsCard>
        <SettingsCard title={t('staff.settings.tickets')} hint={t('staff.settings.tickets_hint')}>
          {number('ticket_response_hours_high', 'staff.settings.ticket_response_hours_high', HOURS)}
          {number('ticket_response_hours_medium', 'staff.settings.ticket_response_hours_medium', HOURS)}
          {number('ticket_response_hours_low', 'staff.settings.ticket_response_hours_low', HOURS)}
          {number('ticket_resolution_hours_high', 'staff.settings.ticket_resolution_hours_high', HOURS)}
          {number('ticket_resolution_hours_medium', 'staff.settings.ticket_resolution_hours_medium', HOURS)}
          {number('ticket_resolution_hours_low', 'staff.settings.ticket_resolution_hours_low', HOURS)}
        </SettingsCard>
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
