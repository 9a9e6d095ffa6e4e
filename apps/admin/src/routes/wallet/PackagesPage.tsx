import type { Translations } from '@lm/contracts/translations';
import {
  applyServerErrors,
  type CoinPackage,
  confirmAction,
  fieldError,
  formatMoney,
  formatNumber,
  LANGUAGE_LABEL,
  NumberField,
  TranslatedField,
  toMinor,
  translationErrors,
  usePageTitle,
  useZodForm,
} from '@lm/ui';
import { ActionIcon, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/AddButton';
import { FormActions } from '../../components/FormActions';
import { ListCard } from '../../components/ListCard';
import { OnOffBadge } from '../../components/OnOffBadge';
import { RecordFormModal, useRecordEditor } from '../../components/RecordFormModal';
import {
  packageFormSchema,
  useAdminPackages,
  useDeletePackage,
  useSavePackage,
} from '../../hooks/use-wallet';
import { WalletNav } from './WalletNav';

type NumberKey = 'coins' | 'bonus_coins' | 'price' | 'min_followers' | 'duration_days' | 'position';

/** Create or edit a coin package; the server's field errors land under their fields. */
export function PackageForm({ pkg, onDone }: { pkg: CoinPackage | null; onDone(): void }) {
  const { t } = useTranslation();
  const save = useSavePackage();
  const form = useZodForm(packageFormSchema, {
    defaultValues: pkg
      ? {
          name: pkg.name,
          coins: pkg.coins,
          bonus_coins: pkg.bonus_coins,
          price: pkg.price / 100,
          min_followers: pkg.min_followers,
          duration_days: pkg.duration_days,
          is_active: pkg.is_active,
          position: pkg.position,
        }
      : {
          name: '',
          coins: undefined,
          bonus_coins: 0,
          price: undefined,
          min_followers: null,
          duration_days: null,
          is_active: true,
          position: 0,
        },
  });
  const [translations, setTranslations] = useState<Translations<'name'>>(pkg?.translations ?? {});
  const [translationError, setTranslationError] = useState<Record<string, string>>({});
  const submit = form.handleSubmit(async (values) => {
    setTranslationError({});
    try {
      await save.mutateAsync({
        id: pkg?.id,
        body: { ...values, price: toMinor(values.price), translations },
      });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, Object.keys(packageFormSchema.shape));
      setTranslationError(translationErrors(error));
    }
  });
  const number = (
    name: NumberKey,
    label: string,
    extra: { prefix?: string; decimals?: boolean; nullable?: boolean } = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          label={t(label)}
          name={name}
          value={field.value}
          onChange={(v) => field.onChange(v ?? (extra.nullable ? null : undefined))}
          decimalScale={extra.decimals ? 2 : undefined}
          fixedDecimalScale={extra.decimals}
          prefix={extra.prefix}
          thousandSeparator
          min={0}
          clampBehavior="none"
          withAsterisk={!extra.nullable}
          error={fieldError(fieldState.error)}
        />
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="package-form">
      <Stack gap="md">
        <TranslatedField
          label={t('wallet.admin.package_name')}
          field="name"
          value={translations}
          onChange={setTranslations}
          errors={translationError}
          testId="package-name-translations"
          english={
            <TextInput
              label={LANGUAGE_LABEL.en}
              withAsterisk
              {...form.register('name')}
              error={fieldError(form.formState.errors.name)}
            />
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {number('coins', 'wallet.tx.coins')}
          {number('bonus_coins', 'wallet.admin.bonus_coins')}
          {number('price', 'wallet.admin.price', { prefix: '£', decimals: true })}
          {number('position', 'wallet.admin.position')}
          {number('min_followers', 'wallet.packages.min_followers', { nullable: true })}
          {number('duration_days', 'wallet.packages.duration_days', { nullable: true })}
        </SimpleGrid>
        <Controller
          control={form.control}
          name="is_active"
          render={({ field }) => (
            <Switch
              label={t('wallet.admin.active')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <FormActions onCancel={onDone} type="submit" loading={save.isPending} data-testid="package-save">
          {t('wallet.admin.save')}
        </FormActions>
      </Stack>
    </form>
  );
}

/** /wallet/packages/list (main.wallet.show.all.transactions): coin packages, created and edited in a modal. */
export function PackagesPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('wallet.admin.packages');
  const packages = useAdminPackages();
  const remove = useDeletePackage();
  const editor = useRecordEditor<CoinPackage>();
  const lang = i18n.language;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('wallet.admin.packages')}</Title>
        <AddButton onClick={() => editor.edit('new')} data-testid="package-new">
          {t('wallet.admin.new_package')}
        </AddButton>
      </Group>
      <WalletNav />
      <ListCard<CoinPackage>
        records={packages.data ?? []}
        fetching={packages.isFetching}
        emptyHeight={200}
        highlightOnHover
        horizontalSpacing="md"
        columns={[
          {
            accessor: 'name',
            title: t('wallet.admin.package_name'),
            render: (p) => <Text fw={600}>{p.name}</Text>,
          },
          { accessor: 'coins', title: t('wallet.tx.coins'), render: (p) => formatNumber(p.coins, lang) },
          {
            accessor: 'bonus_coins',
            title: t('wallet.admin.bonus_coins'),
            render: (p) => formatNumber(p.bonus_coins, lang),
          },
          {
            accessor: 'price',
            title: t('wallet.admin.price'),
            render: (p) => (
              <Text size="sm" dir="ltr" span>
                {formatMoney(p.price, p.currency, lang)}
              </Text>
            ),
          },
          {
            accessor: 'saving',
            title: t('wallet.admin.saving'),
            render: (p) => (
              <Text size="sm" span data-testid="package-saving">
                {p.saving_percent > 0
                  ? t('wallet.admin.saving_value', {
                      percent: formatNumber(p.saving_percent, lang),
                      list: formatMoney(p.list_price, p.currency, lang),
                    })
                  : t('wallet.packages.at_coin_price')}
              </Text>
            ),
          },
          {
            accessor: 'min_followers',
            title: t('wallet.packages.min_followers'),
            render: (p) => (p.min_followers === null ? '—' : formatNumber(p.min_followers, lang)),
          },
          {
            accessor: 'duration_days',
            title: t('wallet.packages.duration_days'),
            render: (p) => (p.duration_days === null ? '—' : formatNumber(p.duration_days, lang)),
          },
          {
            accessor: 'is_active',
            title: t('wallet.invoices.status'),
            render: (p) => (
              <OnOffBadge on={p.is_active} labels={['wallet.admin.active', 'wallet.admin.retired']} />
            ),
          },
          {
            accessor: 'actions',
            title: '',
            width: 100,
            render: (p) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t('wallet.admin.edit')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('wallet.admin.edit')}
                    onClick={() => editor.edit(p)}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('wallet.admin.retire')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('wallet.admin.retire')}
                    disabled={!p.is_active}
                    onClick={async () => {
                      if (await confirmAction({ message: t('wallet.admin.retire_confirm'), danger: true }))
                        remove.mutate(p.id);
                    }}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <RecordFormModal
        editor={editor}
        titles={['wallet.admin.new_package', 'wallet.admin.edit_package']}
        size="xl"
      >
        {(pkg) => <PackageForm pkg={pkg} onDone={editor.close} />}
      </RecordFormModal>
    </Stack>
  );
}
