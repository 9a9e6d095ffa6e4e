import { PITCH_MAX } from '@lm/contracts';
import { CountedTextarea, isTooLong, Wizard, type WizardStep } from '@lm/ui';
import { Card, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from './CampaignPayment';

/**
 * The tier filter of a create wizard's second step (playlists or accounts): "all tiers" when empty,
 * each tier named with its price in coins.
 */
export function TierFilter({
  tiers,
  value,
  onChange,
}: {
  tiers: readonly { id: number; tier_name: string; price: number }[] | undefined;
  value: string | null;
  onChange(value: string | null): void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('express.fields.tier')}
      placeholder={t('express.create.all_tiers')}
      data={(tiers ?? []).map((x) => ({
        value: String(x.id),
        label: `${x.tier_name} · ${t('common.coins', { count: x.price })}`,
      }))}
      value={value}
      onChange={onChange}
      clearable
      w={260}
      data-testid="tier-filter"
    />
  );
}

/** Whether a pitch is over the length the API accepts (the wizard's song step does not go on then). */
export const pitchTooLong = (pitch: string) => isTooLong(pitch, PITCH_MAX);

/**
 * The artist's pitch for the curator or influencer on a create wizard's song step, with its character
 * count and the over-length message.
 */
export function PitchField({
  label,
  description,
  value,
  onChange,
}: {
  label: string;
  description: string;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <CountedTextarea
      label={label}
      description={description}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      max={PITCH_MAX}
      error={pitchTooLong(value) ? t('express.pitch_too_long') : undefined}
      autosize
      minRows={2}
      name="pitch"
      data-testid="campaign-pitch"
      dir="auto"
    />
  );
}

/**
 * The card holding a create wizard (song, whom to send it to, payment): its finish button says
 * "pay by card" when the card is chosen, since the user leaves for the card page then.
 */
export function CampaignWizard({
  steps,
  method,
  submitting,
  onFinish,
}: {
  steps: readonly WizardStep[];
  method: PaymentMethod;
  submitting: boolean;
  onFinish(): void | Promise<void>;
}) {
  return (
    <Card padding="lg" radius="md" data-testid="express-wizard">
      <Wizard
        steps={steps}
        finishLabel={method === 'card' ? 'express.create.pay_card' : 'express.create.pay'}
        submitting={submitting}
        onFinish={onFinish}
      />
    </Card>
  );
}
