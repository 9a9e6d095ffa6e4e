import { withdrawalCoinsSchema } from '@lm/contracts';
import { applyServerErrors, fieldError, formatMoney, formatNumber, NumberField, useZodForm } from '@lm/ui';
import { Button, Card, Group, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export interface QuoteFormProps {
  /** Withdrawable coins. */
  balance: number;
  /** The `min_withdrawal_coins` setting, as `curator/sum/payouts` answers it. */
  minimum: number;
  /** Pence a coin pays out. */
  payoutRatePence: number;
  recipients: { value: string; label: string }[];
  pending: boolean;
  /** Asks for the quote; a 422 answer's field errors land under their fields. */
  onQuote(body: { recipient_id: number; coins: number }): Promise<void>;
}

/**
 * The withdrawal quote form of /withdrawal/list: a bank account and the coins to withdraw, checked
 * with the contracts' `withdrawalProblem` (the rule the API applies when it quotes): at least the
 * minimum withdrawal, at most the balance, whole coins. Nothing typed is rounded or clamped: -5 shows
 * "The minimum withdrawal is 25 coins" and is never sent.
 */
export function QuoteForm({
  balance,
  minimum,
  payoutRatePence,
  recipients,
  pending,
  onQuote,
}: QuoteFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const schema = useMemo(
    () =>
      z.object({
        recipient_id: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
        coins: withdrawalCoinsSchema({ minimum, balance }),
      }),
    [minimum, balance],
  );
  const form = useZodForm(schema, {
    defaultValues: { recipient_id: recipients[0]?.value ?? '', coins: balance },
  });
  useEffect(() => {
    if (!form.getValues('recipient_id') && recipients[0]) form.setValue('recipient_id', recipients[0].value);
  }, [recipients, form]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onQuote({ recipient_id: Number(values.recipient_id), coins: values.coins });
    } catch (error) {
      applyServerErrors(error, form.setError, ['coins', 'recipient_id']);
    }
  });
  return (
    <Card padding="lg" radius="md" component="form" onSubmit={submit} noValidate data-testid="quote-form">
      <Stack gap="md">
        <Title order={4}>{t('payouts.new_withdrawal')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="recipient_id"
            render={({ field, fieldState }) => (
              <Select
                label={t('payouts.bank_account')}
                data={recipients}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                allowDeselect={false}
                placeholder={t('payouts.no_accounts')}
                error={fieldError(fieldState.error)}
                data-testid="quote-recipient"
              />
            )}
          />
          <Controller
            control={form.control}
            name="coins"
            render={({ field, fieldState }) => (
              <NumberField
                label={t('payouts.coins_to_withdraw')}
                name="coins"
                value={field.value}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                min={minimum}
                max={balance}
                clampBehavior="none"
                thousandSeparator
                error={fieldError(fieldState.error)}
                description={t('payouts.amount_hint', {
                  rate: formatMoney(payoutRatePence, 'GBP', lang),
                  minimum: formatNumber(minimum, lang),
                })}
                data-testid="quote-coins"
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={recipients.length === 0} data-testid="get-quote">
            {t('payouts.get_quote')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
