import { CUSTOM_COINS, type CustomCoinsInput, coinsPriceMinor, customCoinsSchema } from '@lm/contracts';
import { applyServerErrors, fieldError, formatMoney, NumberField, useZodForm } from '@lm/ui';
import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface CustomAmountFormProps {
  /** The coin price (pence) from `wallet/user/coin-price`; the total is hidden until it is known. */
  pencePerCoin: number | null;
  busy: boolean;
  pending: boolean;
  /** Starts the checkout; a 422 answer's field errors land under their fields. */
  onSubmit(values: { coins: number; method: 'card' | 'paypal' }): Promise<void>;
}

/**
 * Custom amount of coins (`wallet/user/recharge/coins`): the contracts' `customCoinsSchema`, the same
 * rule and message keys as the API, so -50, 9 or 2.5 are refused under the field and nothing is sent
 * (the input never rounds or clamps what was typed). The total shows the coins at
 * the coin price, what the checkout will charge.
 */
export function CustomAmountForm({ pencePerCoin, busy, pending, onSubmit }: CustomAmountFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const form = useZodForm(customCoinsSchema, {
    defaultValues: { method: 'card' } as Partial<CustomCoinsInput>,
  });
  const coins = form.watch('coins');
  const total =
    pencePerCoin !== null &&
    typeof coins === 'number' &&
    customCoinsSchema.shape.coins.safeParse(coins).success
      ? coinsPriceMinor(coins, pencePerCoin)
      : null;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, form.setError, ['coins', 'method']);
    }
  });
  return (
    <Card padding="lg" radius="md" data-testid="custom-amount">
      <Title order={4}>{t('wallet.custom.title')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('wallet.custom.text', { min: CUSTOM_COINS.min, max: CUSTOM_COINS.max })}
        {pencePerCoin !== null &&
          ` ${t('wallet.custom.price', { price: formatMoney(pencePerCoin, 'GBP', lang) })}`}
      </Text>
      <form noValidate onSubmit={submit}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Controller
            control={form.control}
            name="coins"
            render={({ field, fieldState }) => (
              <NumberField
                label={t('wallet.custom.coins')}
                value={field.value}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                min={CUSTOM_COINS.min}
                max={CUSTOM_COINS.max}
                clampBehavior="none"
                thousandSeparator
                error={fieldError(fieldState.error)}
                leftSection={<IconCoins size={16} />}
                w={220}
                name="coins"
                data-testid="custom-coins"
              />
            )}
          />
          <Controller
            control={form.control}
            name="method"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('wallet.custom.method')}
                </Text>
                <SegmentedControl
                  value={field.value ?? 'card'}
                  onChange={field.onChange}
                  data={[
                    { value: 'card', label: t('wallet.method.card') },
                    { value: 'paypal', label: t('wallet.method.paypal') },
                  ]}
                />
              </Stack>
            )}
          />
          <Stack gap={2} mt={25}>
            <Button type="submit" loading={pending} disabled={busy} data-testid="custom-buy">
              {total === null
                ? t('wallet.custom.buy')
                : t('wallet.custom.buy_for', { price: formatMoney(total, 'GBP', lang) })}
            </Button>
          </Stack>
        </Group>
      </form>
    </Card>
  );
}
