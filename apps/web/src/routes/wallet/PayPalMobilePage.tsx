import { ApiProvider, AuthLayout, createApiClients, isApiError, useApi, usePageTitle } from '@lm/ui';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconDeviceMobile, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CheckoutStart, Settlement } from '../../hooks/use-wallet';
import { type CheckoutResult, PaymentResult, SandboxBadge } from './PaymentResult';

/** Where the mobile apps hold their session token while the tab is away at PayPal (this tab only). */
export const MOBILE_PAYMENT_TOKEN_KEY = 'PAYPAL_MOBILE_TOKEN';
const SANDBOX_KEY = 'PAYPAL_MOBILE_SANDBOX';
/** Deep link the mobile apps register for the end of a purchase; the outcome travels in the query. */
export const MOBILE_PAYMENT_CALLBACK = 'libertycoins://payment/callback';

function sessionGet(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function sessionSet(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the page then needs the app's token again.
  }
}

/**
 * Keeps the app's session token handed over in the fragment (`#token=…`, never sent to a server) in
 * this tab's session storage, and removes the fragment from the address bar and history.
 * @returns true when the tab holds an app token
 */
function adoptFragmentToken(): boolean {
  const hash = window.location.hash.replace(/^#/, '');
  const token = new URLSearchParams(hash).get('token');
  if (token) {
    sessionSet(MOBILE_PAYMENT_TOKEN_KEY, token);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return sessionGet(MOBILE_PAYMENT_TOKEN_KEY) !== null;
}

/** The deep link back to the app with the outcome (`status`, and `coins`/`balance` once paid). */
function appLink(result: CheckoutResult | 'none'): string {
  const params = new URLSearchParams();
  if (typeof result === 'string') params.set('status', result);
  else {
    params.set('status', result.status);
    params.set('coins', String(result.coins));
    params.set('balance', String(result.balance));
  }
  return `${MOBILE_PAYMENT_CALLBACK}?${params}`;
}

/**
 * /paypal/payment/mobile (public, blank layout; spec section 2): the PayPal purchase as the mobile apps
 * open it, in a browser tab. The app opens `/paypal/payment/mobile?package_id=<id>#token=<session token>`
 * (or `?coins=<n>` for a custom amount); the page starts the PayPal order for that user
 * (`payments/paypal/checkout/url` or `wallet/user/recharge/coins` with `return_to: mobile`), PayPal
 * brings the buyer back here with `?token=<order id>` (captured once through
 * `payments/paypal/callback/url`) or `?cancelled=1`, and the page hands the outcome back to the app
 * through {@link MOBILE_PAYMENT_CALLBACK}. Without an app token it uses the web session, if any.
 */
export function PayPalMobilePage() {
  usePageTitle('wallet.mobile.title');
  const [hasAppToken] = useState(adoptFragmentToken);
  const clients = useMemo(
    () => (hasAppToken ? createApiClients(MOBILE_PAYMENT_TOKEN_KEY, '/paypal/payment/mobile') : null),
    [hasAppToken],
  );
  const content = <MobilePurchase />;
  return (
    <AuthLayout title="wallet.mobile.title">
      {clients ? <ApiProvider clients={clients}>{content}</ApiProvider> : content}
    </AuthLayout>
  );
}

function MobilePurchase() {
  const { t } = useTranslation();
  const { api } = useApi();
  const [search] = useSearchParams();
  const cancelled = search.get('cancelled') === '1';
  const orderId = cancelled ? null : search.get('token');
  const packageId = search.get('package_id');
  const coins = search.get('coins');
  const signedIn = api.token() !== null;
  const [result, setResult] = useState<CheckoutResult | null>(cancelled ? 'cancelled' : null);
  const [error, setError] = useState<string | null>(null);
  const [sandbox, setSandbox] = useState(() => sessionGet(SANDBOX_KEY) === '1');
  const started = useRef<string | null>(null);

  const finish = (outcome: CheckoutResult) => {
    setResult(outcome);
    // The token served this purchase; a pending payment keeps it to check again.
    if (typeof outcome === 'string' || outcome.status !== 'pending')
      sessionSet(MOBILE_PAYMENT_TOKEN_KEY, null);
  };

  const capture = async (id: string) => {
    try {
      const { data } = await api.post<Settlement>(
        'payments/paypal/callback/url',
        { order_id: id },
        { silent: true },
      );
      finish(data);
    } catch {
      finish('error');
    }
  };

  const start = async () => {
    setError(null);
    try {
      const { data } = packageId
        ? await api.post<CheckoutStart>(
            'payments/paypal/checkout/url',
            { package_id: packageId, return_to: 'mobile' },
            { silent: true },
          )
        : await api.post<CheckoutStart>(
            'wallet/user/recharge/coins',
            { coins: Number(coins), method: 'paypal', return_to: 'mobile' },
            { silent: true },
          );
      sessionSet(SANDBOX_KEY, data.sandbox ? '1' : '0');
      setSandbox(data.sandbox);
      window.location.assign(data.url);
    } catch (err) {
      const fields = isApiError(err) ? Object.values(err.errors ?? {}).flat() : [];
      setError(fields[0] ?? (isApiError(err) ? err.message : t('wallet.mobile.start_failed')));
    }
  };

  // Once per order or purchase (StrictMode runs effects twice; the API is idempotent anyway).
  useEffect(() => {
    if (!signedIn || cancelled) {
      if (cancelled) sessionSet(MOBILE_PAYMENT_TOKEN_KEY, null);
      return;
    }
    const key = orderId ? `order:${orderId}` : packageId || coins ? `start:${packageId}:${coins}` : null;
    if (!key || started.current === key) return;
    started.current = key;
    void (orderId ? capture(orderId) : start());
  }, [signedIn, cancelled, orderId, packageId, coins]);

  const backToApp = (outcome: CheckoutResult | 'none') => (
    <Button
      component="a"
      href={appLink(outcome)}
      leftSection={<IconDeviceMobile size={18} />}
      fullWidth
      size="md"
      data-testid="mobile-back-to-app"
    >
      {t('wallet.mobile.back_to_app')}
    </Button>
  );

  if (result !== null) {
    return (
      <Stack gap="md" data-testid="paypal-mobile">
        <PaymentResult
          result={result}
          sandbox={sandbox}
          transactionsLink={false}
          onRetry={orderId ? () => void capture(orderId) : undefined}
        />
        {backToApp(result)}
      </Stack>
    );
  }
  if (!signedIn) {
    return (
      <Stack gap="md" data-testid="paypal-mobile">
        <Alert color="orange" icon={<IconInfoCircle />} data-testid="paypal-mobile-signed-out">
          {t('wallet.mobile.signed_out')}
        </Alert>
        {backToApp('none')}
      </Stack>
    );
  }
  if (error !== null) {
    return (
      <Stack gap="md" data-testid="paypal-mobile">
        <Alert color="red" title={t('wallet.mobile.start_failed')} data-testid="paypal-mobile-error">
          {error}
        </Alert>
        <Button variant="default" fullWidth onClick={() => void start()}>
          {t('wallet.mobile.retry')}
        </Button>
        {backToApp('error')}
      </Stack>
    );
  }
  if (!orderId && !packageId && !coins) {
    return (
      <Stack gap="md" data-testid="paypal-mobile">
        <Alert color="gray" icon={<IconInfoCircle />} data-testid="paypal-mobile-nothing">
          {t('wallet.mobile.nothing')}
        </Alert>
        {backToApp('none')}
      </Stack>
    );
  }
  return (
    <Center py="xl" data-testid="paypal-mobile">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" ta="center">
          {orderId ? t('wallet.paypal.capturing') : t('wallet.mobile.redirecting')}
        </Text>
        {sandbox && orderId && <SandboxBadge />}
      </Stack>
    </Center>
  );
}
