import type { SessionUser } from '@lm/contracts';
import {
  type CoinPackage,
  formatMoney,
  formatNumber,
  usePageTitle,
  useSession,
  WalletBalanceCard,
} from '@lm/ui';
import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBrandPaypal, IconCalendarTime, IconCoins, IconCreditCard, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CheckoutStart,
  rememberSandbox,
  useCardCheckout,
  useCardReturn,
  useCoinPrice,
  useConfirmCard,
  useCustomRecharge,
  usePackages,
  usePayPalCheckout,
  useRefreshWallet,
  useWalletBalance,
  wasSandbox,
} from '../../hooks/use-wallet';
import { CustomAmountForm } from './CustomAmountForm';
import {
  CheckoutRedirectOverlay,
  type CheckoutResult,
  outcomeOf,
  PaymentResult,
  SandboxBadge,
  useCheckoutReturn,
} from './PaymentResult';

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
        <Group gap={6}>
          {pkg.bonus_coins > 0 && (
            <Badge color="green" variant="light">
              {t('wallet.packages.bonus', { coins: formatNumber(pkg.bonus_coins, lang) })}
            </Badge>
          )}
          {pkg.saving_percent > 0 && (
            <Badge color="orange" variant="filled" data-testid="package-saving">
              {t('wallet.packages.save', { percent: formatNumber(pkg.saving_percent, lang) })}
            </Badge>
          )}
        </Group>
      </Group>
      <Text fz={34} fw={800} lh={1.1} dir="ltr" ta="start" data-testid="package-price">
        {formatMoney(pkg.price, pkg.currency, lang)}
      </Text>
      <Text size="xs" c="dimmed" mt={4} data-testid="package-list-price">
        {pkg.saving > 0
          ? t('wallet.packages.instead_of', {
              price: formatMoney(pkg.list_price, pkg.currency, lang),
              saving: formatMoney(pkg.saving, pkg.currency, lang),
            })
          : t('wallet.packages.at_coin_price')}
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

/**
 * /wallet/coins/packages (ARTIST_PERMISSION): the coin packages (Min Followers, Total coins,
 * Duration in Days, price in pounds and the saving against the coin price) bought by card or PayPal,
 * a custom amount at the coin price, and the return from the card page (`?session_id=…` is checked
 * once with stripe/checkout/check/pay; `?cancelled=1&payment_id=…` with stripe/checkout/check/cancel,
 * which tells a declined card from leaving the page).
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
  const cardReturn = useCardReturn();
  const recharge = useCustomRecharge();
  const coinPrice = useCoinPrice();
  const [redirect, setRedirect] = useState<{ sandbox: boolean } | null>(null);
  const [result, setResult] = useState<CheckoutResult | null>(null);
  const [sandbox] = useState(wasSandbox);

  const check = async (id: string) => {
    try {
      const settlement = await confirm.mutateAsync(id);
      setResult(outcomeOf(settlement, 'success'));
      await refresh(settlement.balance);
    } catch {
      setResult('error');
    }
  };

  /** Back through the cancel URL: the API tells a declined card from leaving the page. */
  const cancelled = async (paymentId: number | null) => {
    if (paymentId === null) {
      setResult('cancelled');
      return;
    }
    try {
      const settlement = await cardReturn.mutateAsync(paymentId);
      setResult(outcomeOf(settlement, 'cancel'));
      if (settlement.status === 'paid') await refresh(settlement.balance);
    } catch {
      setResult('cancelled');
    }
  };

  const { sessionId, clear } = useCheckoutReturn({
    onSession: (id) => void check(id),
    onCancelled: (paymentId) => void cancelled(paymentId),
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

      {(result || confirm.isPending || cardReturn.isPending) && (
        <div>
          {(confirm.isPending || cardReturn.isPending) && !result ? (
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
          basis={balance.data}
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

      <CustomAmountForm
        pencePerCoin={coinPrice.data?.pence_per_coin ?? null}
        busy={busy}
        pending={recharge.isPending}
        onSubmit={async (values) => {
          const answer = await recharge.mutateAsync(values);
          await go(Promise.resolve(answer));
        }}
      />
    </Stack>
  );
}
