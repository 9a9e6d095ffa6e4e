import {
  applyServerErrors,
  CountedTextarea,
  fieldError,
  formatMoney,
  formatNumber,
  ListScreen,
  NumberField,
  usePageTitle,
  useZodForm,
  type WalletBalanceItem,
} from '@lm/ui';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../components/FormActions';
import { UserCell } from '../../components/UserCell';
import { adjustmentSchema, useAdjustBalance } from '../../hooks/use-wallet';
import { WalletNav } from './WalletNav';

/** A wallet balance row of admin/wallet/coins. */
type BalanceRow = WalletBalanceItem;

/**
 * The adjustment form (direction, coins, reason). The idempotency key is made once when the form
 * opens, so a double-clicked or retried submit adjusts the balance once.
 */
function AdjustForm({ row, onDone }: { row: BalanceRow; onDone(): void }) {
  const { t } = useTranslation();
  const adjust = useAdjustBalance();
  const [key] = useState(() => crypto.randomUUID());
  const form = useZodForm(adjustmentSchema, {
    defaultValues: { direction: 'credit', coins: undefined, reason: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await adjust.mutateAsync({ ...values, user_id: row.user.id, idempotency_key: key });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['coins', 'direction', 'reason']);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="adjust-form">
      <Stack gap="md">
        <Text size="sm">
          {row.user.name}{' '}
          <Text span c="dimmed" dir="ltr">
            {row.user.email}
          </Text>
          {' · '}
          {t('wallet.admin.current_balance', { coins: row.balance })}
        </Text>
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('wallet.admin.direction')}
              </Text>
              <SegmentedControl
                value={field.value}
                onChange={field.onChange}
                data={[
                  { value: 'credit', label: t('wallet.admin.add_coins') },
                  { value: 'debit', label: t('wallet.admin.deduct_coins') },
                ]}
                data-testid="adjust-direction"
              />
            </Stack>
          )}
        />
        <Controller
          control={form.control}
          name="coins"
          render={({ field, fieldState }) => (
            <NumberField
              label={t('wallet.tx.coins')}
              name="coins"
              clampBehavior="none"
              value={field.value}
              onChange={(v) => field.onChange(v ?? undefined)}
              min={1}
              thousandSeparator
              withAsterisk
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <CountedTextarea
          label={t('wallet.admin.reason')}
          withAsterisk
          autosize
          minRows={3}
          {...form.register('reason')}
          max={500}
          value={form.watch('reason') ?? ''}
          error={fieldError(form.formState.errors.reason)}
        />
        <FormActions onCancel={onDone} type="submit" loading={adjust.isPending} data-testid="adjust-submit">
          {t('wallet.admin.adjust')}
        </FormActions>
      </Stack>
    </form>
  );
}

/**
 * /wallet/coins/details/list (main.wallet.show.all.transactions): the coin balance of every user and
 * its value as the API answers it (the figure the user's own app shows),
 * each with an Adjust action (credit or debit with a reason).
 */
export function CoinsDetailsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('wallet.admin.balances');
  const [adjusting, setAdjusting] = useState<BalanceRow | null>(null);
  const lang = i18n.language;
  return (
    <>
      <ListScreen<BalanceRow>
        title="wallet.admin.balances"
        path="admin/wallet/coins"
        header={<WalletNav />}
        searchable
        idAccessor={(r) => r.user.id}
        columns={[
          {
            accessor: 'user.name',
            title: 'wallet.user',
            render: (r) => <UserCell user={r.user} />,
          },
          {
            accessor: 'user.user_type_id',
            title: 'wallet.admin.user_type',
            render: (r) =>
              t(`user_types.${r.user.user_type_id}`, { defaultValue: String(r.user.user_type_id) }),
          },
          {
            accessor: 'balance',
            title: 'wallet.balance_title',
            render: (r) => (
              <Text size="sm" fw={600} data-testid="row-balance">
                {formatNumber(r.balance, lang)}
              </Text>
            ),
          },
          {
            accessor: 'value_minor',
            title: 'wallet.admin.value',
            render: (r) => (
              <div>
                <Text size="sm" dir="ltr" data-testid="row-value">
                  {formatMoney(r.value_minor, r.currency, lang)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`wallet.admin.value_basis.${r.value_basis}`)}
                </Text>
              </div>
            ),
          },
          {
            accessor: 'actions',
            title: '',
            width: 130,
            render: (r) => (
              <Group justify="flex-end">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconAdjustments size={14} />}
                  onClick={() => setAdjusting(r)}
                  data-testid={`adjust-${r.user.id}`}
                >
                  {t('wallet.admin.adjust')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={adjusting !== null}
        onClose={() => setAdjusting(null)}
        title={t('wallet.admin.adjust_title')}
        centered
      >
        {adjusting && (
          <AdjustForm key={adjusting.user.id} row={adjusting} onDone={() => setAdjusting(null)} />
        )}
      </Modal>
    </>
  );
}
