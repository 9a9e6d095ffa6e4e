import type { SessionUser } from '@lm/contracts';
import {
  type CoinPackage,
  fieldError,
  formatMoney,
  formatNumber,
  usePageTitle,
  useSession,
  useZodForm,
  WalletBalanceCard,
} from '@lm/ui';
import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBrandPaypal, IconCalendarTime, IconCoins, IconCreditCard, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  type CheckoutStart,
  rememberSandbox,
  type Settlement,
  useCardCheckout,
  useConfirmCard,
  useCustomRecharge,
  usePackages,
  usePayPalCheckout,
  useRefreshWallet,
  useWalletBalance,
  wasSandbox,
} from '../../hooks/use-wallet';
import { CheckoutRedirectOverlay, PaymentResult, SandboxBadge, useCheckoutReturn } from './PaymentResult';

/** Custom amounts the API accepts (wallet/user/recharge/coins). */
const CUSTOM_COINS = { min: 10, max: 100_000 };

const customSchema = z.object({
  coins: z
    .number({ error: 'validation.required' })
    .int('wallet.form.whole_number')
    .min(CUSTOM_COINS.min, 'wallet.form.custom_range')
    .max(CUSTOM_COINS.max, 'wallet.form.custom_range'),
  method: z.enum(['card', 'paypal']),
});

function Feature({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={24} variant="light" radius="xl">
          {icon}
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

function PackageCard({
  pkg,
  busy,
  onCard,
  onPayPal,
}: {
  pkg: CoinPackage;
  busy: boolean;
  onCard(): void;
  onPayPal(): void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card padding="lg" radius="md" data-testid={`package-${pkg.id}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={700} size="lg">
          {pkg.name}
        </Text>
        {pkg.bonus_coins > 0 && (
          <Badge color="green" variant="light">
            {t('wallet.packages.bonus', { coins: formatNumber(pkg.bonus_coins, lang) })}
          </Badge>
        )}
      </Group>
      <Text fz={34} fw={800} lh={1.1} dir="ltr" ta="start" data-testid="package-price">
        {formatMoney(pkg.price, pkg.currency, lang)}
      </Text>
      <Divider my="md" />
      <Stack gap="xs">
        <Feature
          icon={<IconCoins size={14} />}
          label={t('wallet.packages.total_coins')}
          value={formatNumber(pkg.total_coins, lang)}
        />
        <Feature
          icon={<IconUsers size={14} />}
          label={t('wallet.packages.min_followers')}
          value={pkg.min_followers === null ? '—' : formatNumber(pkg.min_followers, lang)}
        />
        <Feature
          icon={<IconCalendarTime size={14} />}
          label={t('wallet.packages.duration_days')}
          value={pkg.duration_days === null ? '—' : formatNumber(pkg.duration_days, lang)}
        />
      </Stack>
      <Stack gap="xs" mt="lg">
        <Button
          leftSection={<IconCreditCard size={16} />}
          onClick={onCard}
          disabled={busy}
          data-testid="pay-card"
        >
          {t('wallet.packages.pay_card')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconBrandPaypal size={16} />}
          onClick={onPayPal}
          disabled={busy}
          data-testid="pay-paypal"
        >
          {t('wallet.packages.pay_paypal')}
        </Button>
      </Stack>
    </Card>
  );
}

function CustomAmountCard({
  busy,
  onStart,
}: {
  busy: boolean;
  onStart(start: Promise<CheckoutStart>): void;
}) {
  const { t } = useTranslation();
  const recharge = useCustomRecharge();
  const form = useZodForm(customSchema, { defaultValues: { coins: undefined, method: 'card' } });
  return (
    <Card padding="lg" radius="md" data-testid="custom-amount">
      <Title order={4}>{t('wallet.custom.title')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('wallet.custom.text', CUSTOM_COINS)}
      </Text>
      <form noValidate onSubmit={form.handleSubmit((values) => onStart(recharge.mutateAsync(values)))}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Controller
            control={form.control}
            name="coins"
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('wallet.custom.coins')}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                onBlur={field.onBlur}
                min={CUSTOM_COINS.min}
                max={CUSTOM_COINS.max}
                allowDecimal={false}
                thousandSeparator
                error={fieldError(fieldState.error)}
                leftSection={<IconCoins size={16} />}
                w={220}
                name="coins"
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
                  value={field.value}
                  onChange={field.onChange}
                  data={[
                    { value: 'card', label: t('wallet.method.card') },
                    { value: 'paypal', label: t('wallet.method.paypal') },
                  ]}
                />
              </Stack>
            )}
          />
          <Button type="submit" mt={25} loading={recharge.isPending} disabled={busy} data-testid="custom-buy">
            {t('wallet.custom.buy')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/**
 * /wallet/coins/packages (ARTIST_PERMISSION): the coin packages (Min Followers, Total coins,
 * Duration in Days, price in pounds) bought by card or PayPal, a custom amount, and the return from
 * the card page (`?session_id=…` is checked once with stripe/checkout/check/pay; `?cancelled=1`).
 */
export function PackagesPage() {
  const { t } = useTranslation();
  usePageTitle('wallet.packages.title');
  const session = useSession<SessionUser>();
  const packages = usePackages();
  const balance = useWalletBalance();
  const refresh = useRefreshWallet();
  const card = useCardCheckout();
  const paypal = usePayPalCheckout();
  const confirm = useConfirmCard();
  const [redirect, setRedirect] = useState<{ sandbox: boolean } | null>(null);
  const [result, setResult] = useState<Settlement | 'cancelled' | 'error' | null>(null);
  const [sandbox] = useState(wasSandbox);

  const check = async (id: string) => {
    try {
      const settlement = await confirm.mutateAsync(id);
      setResult(settlement);
      await refresh(settlement.balance);
    } catch {
      setResult('error');
    }
  };

  const { sessionId, clear } = useCheckoutReturn({
    onSession: (id) => void check(id),
    onCancelled: () => setResult('cancelled'),
  });

  const go = async (start: Promise<CheckoutStart>) => {
    try {
      const answer = await start;
      rememberSandbox(answer.sandbox);
      setRedirect({ sandbox: answer.sandbox });
      window.location.assign(answer.url);
    } catch {
      // The API's message was shown as a toast.
    }
  };

  const busy = redirect !== null || card.isPending || paypal.isPending;

  return (
    <Stack gap="lg" data-testid="packages-page" pos="relative">
      <CheckoutRedirectOverlay redirect={redirect} />
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={2}>{t('wallet.packages.title')}</Title>
            {sandbox && <SandboxBadge />}
          </Group>
          <Text c="dimmed">{t('wallet.packages.intro')}</Text>
        </div>
      </Group>

      {(result || confirm.isPending) && (
        <div>
          {confirm.isPending && !result ? (
            <Skeleton h={88} radius="md" />
          ) : (
            result && (
              <PaymentResult
                result={result}
                sandbox={sandbox}
                onRetry={sessionId ? () => void check(sessionId) : undefined}
                onClose={() => {
                  setResult(null);
                  clear();
                }}
              />
            )
          )}
        </div>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <WalletBalanceCard
          coins={balance.data?.balance ?? session.balance ?? null}
          valueMinor={balance.data?.total_minor}
          currency={balance.data?.currency}
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {packages.isLoading
          ? [1, 2, 3, 4].map((n) => <Skeleton key={n} h={340} radius="md" />)
          : packages.data?.map((pkg) => (
              <PackageCard
                key={pkg.id}
                pkg={pkg}
                busy={busy}
                onCard={() => void go(card.mutateAsync(pkg.id))}
                onPayPal={() => void go(paypal.mutateAsync(pkg.id))}
              />
            ))}
      </SimpleGrid>
      {packages.data?.length === 0 && <Text c="dimmed">{t('wallet.packages.none')}</Text>}

      <CustomAmountCard busy={busy} onStart={(start) => void go(start)} />
    </Stack>
  );
}
