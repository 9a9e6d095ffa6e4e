import { bankFormatMessage, normalizeBankValue } from '@lm/contracts';
import {
  ApiRequestError,
  confirmAction,
  countryOptions,
  PayoutPageHeader,
  type PayoutRecipient,
  usePageTitle,
  WalletBalanceCard,
} from '@lm/ui';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  type AccountType,
  useAccountTypes,
  useCreateQuote,
  useDeleteRecipient,
  useOpenPayout,
  usePayoutCurrencies,
  usePayoutSums,
  useRecipients,
  useSaveRecipient,
} from '../../hooks/use-payouts';
import { QuoteForm } from './QuoteForm';

/**
 * Client check of one field against its requirement (the server checks again): the message says which
 * format is expected, as the server's does.
 */
function fieldProblem(
  field: AccountType['fields'][number],
  value: string,
): { key: string; params?: Record<string, string | number> } | null {
  const v = normalizeBankValue(field.key, value);
  if (!v) return field.required ? { key: 'validation.required' } : null;
  if (field.values.length > 0)
    return field.values.some((o) => o.key === v) ? null : { key: 'payouts.field_invalid' };
  const tooShort = field.minLength !== null && v.length < field.minLength;
  const tooLong = field.maxLength !== null && v.length > field.maxLength;
  if ((field.pattern && !new RegExp(field.pattern).test(v)) || tooShort || tooLong)
    return bankFormatMessage(field);
  return null;
}

/** Add a bank account: currency and country decide the account types and their fields. */
function RecipientForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const currencies = usePayoutCurrencies();
  const [currency, setCurrency] = useState<string | null>('GBP');
  const [country, setCountry] = useState<string | null>('GB');
  const types = useAccountTypes(currency, country);
  const [type, setType] = useState<string | null>(null);
  const [holder, setHolder] = useState('');
  const [details, setDetails] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRecipient();
  const chosen = types.data?.find((x) => x.type === type) ?? types.data?.[0];
  /** Wise names fields in English: known fields are translated, others keep Wise's name. */
  const fieldLabel = (f: AccountType['fields'][number]) =>
    t(`payouts.fields.${f.key.replace(/\./g, '_')}`, { defaultValue: f.name });

  useEffect(() => {
    setType(types.data?.[0]?.type ?? null);
    setErrors({});
  }, [types.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || !currency) return;
    const local: Record<string, string> = {};
    if (holder.trim().length < 2) local.account_holder_name = t('validation.required');
    for (const f of chosen.fields) {
      const problem = fieldProblem(f, details[f.key] ?? '');
      if (problem) local[`details.${f.key}`] = t(problem.key, problem.params ?? {});
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await save.mutateAsync({
        currency,
        country,
        type: chosen.type,
        account_holder_name: holder.trim(),
        details: Object.fromEntries(
          chosen.fields.map((f) => [f.key, normalizeBankValue(f.key, details[f.key] ?? '')]),
        ),
      });
      onDone();
    } catch (err) {
      if (err instanceof ApiRequestError && err.errors) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v?.[0] ?? ''])));
      }
    }
  };

  return (
    <Card padding="lg" radius="md" component="form" onSubmit={submit} noValidate data-testid="recipient-form">
      <Stack gap="md">
        <Title order={4}>{t('payouts.add_account')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('payouts.currency')}
            data={(currencies.data ?? [])
              .filter((c) => c.isTargetCurrency || c.currencyCode === 'GBP')
              .map((c) => c.currencyCode)}
            value={currency}
            onChange={setCurrency}
            searchable
            allowDeselect={false}
            error={errors.currency}
            data-testid="recipient-currency"
          />
          <Select
            label={t('payouts.country')}
            data={countryOptions(i18n.language)}
            value={country}
            onChange={setCountry}
            searchable
            clearable
            data-testid="recipient-country"
          />
        </SimpleGrid>
        {types.isLoading ? (
          <Skeleton h={120} />
        ) : types.data && types.data.length > 0 ? (
          <>
            {types.data.length > 1 && (
              <SegmentedControl
                data={types.data.map((x) => ({
                  value: x.type,
                  label: t(`payouts.account_types.${x.type}`, { defaultValue: x.title }),
                }))}
                value={chosen?.type ?? ''}
                onChange={(v) => {
                  setType(v);
                  setErrors({});
                }}
              />
            )}
            {errors.type && (
              <Text c="red" size="sm">
                {errors.type}
              </Text>
            )}
            <TextInput
              label={t('payouts.account_holder')}
              value={holder}
              onChange={(e) => setHolder(e.currentTarget.value)}
              error={errors.account_holder_name}
              required
              data-testid="recipient-holder"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {chosen?.fields.map((f) =>
                f.values.length > 0 ? (
                  <Radio.Group
                    key={f.key}
                    label={fieldLabel(f)}
                    value={details[f.key] ?? ''}
                    onChange={(v) => setDetails((d) => ({ ...d, [f.key]: v }))}
                    error={errors[`details.${f.key}`]}
                    required={f.required}
                  >
                    <Group mt={6}>
                      {f.values.map((o) => (
                        <Radio
                          key={o.key}
                          value={o.key}
                          label={t(`payouts.values.${o.key}`, { defaultValue: o.name })}
                        />
                      ))}
                    </Group>
                  </Radio.Group>
                ) : (
                  <TextInput
                    key={f.key}
                    label={fieldLabel(f)}
                    description={f.example ? t('payouts.example', { value: f.example }) : undefined}
                    value={details[f.key] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setDetails((d) => ({ ...d, [f.key]: value }));
                    }}
                    error={errors[`details.${f.key}`]}
                    required={f.required}
                    dir="ltr"
                    data-testid={`recipient-field-${f.key}`}
                  />
                ),
              )}
            </SimpleGrid>
          </>
        ) : (
          <Alert color="red">{t('payments.currency_unsupported')}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('payouts.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!chosen} data-testid="recipient-save">
            {t('payouts.save_account')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RecipientRow({ r, onDelete }: { r: PayoutRecipient; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="recipient-row">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <IconBuildingBank size={20} />
        <Text size="sm" truncate dir="auto">
          {r.label}
        </Text>
      </Group>
      <Tooltip label={t('payouts.delete_account')}>
        <ActionIcon variant="subtle" color="red" aria-label={t('payouts.delete_account')} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * /withdrawal/list (curators and influencers): withdrawable balance at the payout rate, bank
 * accounts (add with the fields Wise needs, delete), and a withdrawal quote (at least the minimum
 * withdrawal; rate, fee, amount received, 30 minutes) leading to /withdrawal/{quote}.
 */
export function WithdrawalPage() {
  const { t } = useTranslation();
  usePageTitle('payouts.withdrawal_title');
  const navigate = useNavigate();
  const sums = usePayoutSums();
  const open = useOpenPayout();
  const recipients = useRecipients();
  const remove = useDeleteRecipient();
  const createQuote = useCreateQuote();
  const [adding, setAdding] = useState(false);
  const balance = sums.data?.balance ?? null;

  const options = useMemo(
    () => (recipients.data ?? []).map((r) => ({ value: String(r.id), label: r.label })),
    [recipients.data],
  );
  const openPayout = open.data?.payout ?? null;

  return (
    <Stack gap="lg" maw={900}>
      <PayoutPageHeader
        title="payouts.withdrawal_title"
        backTo="/payouts/list"
        backLabel="payouts.back_to_payouts"
      />
      <WalletBalanceCard
        coins={balance}
        valueMinor={sums.data?.total_minor ?? null}
        currency="GBP"
        basis={sums.data ? { basis: 'payout_rate', pence_per_coin: sums.data.payout_rate_pence } : null}
      />
      {openPayout && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="open-payout">
          <Group justify="space-between">
            <Text size="sm">{t('payouts.request_open')}</Text>
            <Button size="xs" variant="light" component={Link} to={`/payouts/${openPayout.id}`}>
              {t('payouts.view_request')}
            </Button>
          </Group>
        </Alert>
      )}
      <Card padding="lg" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t('payouts.bank_accounts')}</Title>
            {!adding && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => setAdding(true)}
                data-testid="add-account"
              >
                {t('payouts.add_account')}
              </Button>
            )}
          </Group>
          {recipients.isLoading ? (
            <Skeleton h={40} />
          ) : recipients.data && recipients.data.length > 0 ? (
            recipients.data.map((r) => (
              <RecipientRow
                key={r.id}
                r={r}
                onDelete={async () => {
                  if (await confirmAction({ message: t('payouts.delete_confirm') })) remove.mutate(r.id);
                }}
              />
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {t('payouts.no_accounts')}
            </Text>
          )}
        </Stack>
      </Card>
      {adding && <RecipientForm onDone={() => setAdding(false)} />}
      {!openPayout && sums.data && (
        <QuoteForm
          key={`${sums.data.balance}-${sums.data.min_withdrawal_coins}`}
          balance={sums.data.balance}
          minimum={sums.data.min_withdrawal_coins}
          payoutRatePence={sums.data.payout_rate_pence}
          recipients={options}
          pending={createQuote.isPending}
          onQuote={async (body) => {
            const q = await createQuote.mutateAsync(body);
            navigate(`/withdrawal/${encodeURIComponent(q.id)}`);
          }}
        />
      )}
    </Stack>
  );
}
