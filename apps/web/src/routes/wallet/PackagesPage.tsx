import type { SessionUser } from '@lm/contracts';
import { usePageTitle, useSession, WalletBalanceCard } from '@lm/ui';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
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
import { PackageCard } from './PackageCard';
import {
  CheckoutRedirectOverlay,
  type CheckoutResult,
  outcomeOf,
  PaymentResult,
  SandboxBadge,
  useCheckoutReturn,
} from './PaymentResult';
import { RETURN_PARAM, rememberReturnPath, safeReturnPath, storedReturnPath } from './return-path';

/**
 * Where to lead the artist after a purchase: a safe `?return=` path is kept for the
 * tab (the card page and PayPal come back without it); back from the provider (`session_id`,
 * `cancelled`) the kept one applies; any other visit forgets it.
 */
function useReturnTo(): string | null {
  const [search] = useSearchParams();
  const [returnTo] = useState(() => {
    const asked = search.get(RETURN_PARAM);
    if (asked !== null) {
      const safe = safeReturnPath(asked, window.location.origin);
      rememberReturnPath(safe);
      return safe;
    }
    if (search.has('session_id') || search.has('cancelled')) return storedReturnPath();
    rememberReturnPath(null);
    return null;
  });
  return returnTo;
}

/**
 * /wallet/coins/packages (ARTIST_PERMISSION): the coin packages (price in pounds, the saving against
 * the coin price, and what the buyer receives: coins, bonus coins, total coins; not the spec's Min
 * Followers and Duration in Days, which say nothing about coins) bought by card or PayPal,
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
  const returnTo = useReturnTo();

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
        {returnTo && (
          <Button component={Link} to={returnTo} variant="subtle" data-testid="packages-back">
            {t('wallet.packages.back_to')}
          </Button>
        )}
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
                continueTo={returnTo}
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
