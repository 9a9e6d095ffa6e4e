import { usePageTitle } from '@lm/ui';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Settlement, useConfirmPayPal, useRefreshWallet, wasSandbox } from '../../hooks/use-wallet';
import { PaymentResult } from './PaymentResult';
import { RETURN_PARAM, storedReturnPath } from './return-path';

/**
 * /paypal/callback (ARTIST_PERMISSION): PayPal sends the buyer back with `?token=<order_id>&PayerID=…`;
 * the order is captured once with payments/paypal/callback/url and the balance refreshed. When the
 * artist came to the coin page from another page (`?return=`, kept for the tab), a paid order leads
 * back there and "Back to the packages" keeps that way back.
 */
export function PayPalCallbackPage() {
  const { t } = useTranslation();
  usePageTitle('wallet.paypal.title');
  const [search] = useSearchParams();
  const orderId = search.get('token');
  const confirm = useConfirmPayPal();
  const refresh = useRefreshWallet();
  const [result, setResult] = useState<Settlement | 'error' | null>(null);
  const [sandbox] = useState(wasSandbox);
  const [returnTo] = useState(storedReturnPath);
  const done = useRef<string | null>(null);

  const capture = async (id: string) => {
    try {
      const settlement = await confirm.mutateAsync(id);
      setResult(settlement);
      await refresh(settlement.balance);
    } catch {
      setResult('error');
    }
  };

  // Capture once per order (StrictMode runs effects twice; the API is idempotent anyway).
  useEffect(() => {
    if (!orderId || done.current === orderId) return;
    done.current = orderId;
    void capture(orderId);
  }, [orderId]);

  return (
    <Stack gap="lg" maw={720} data-testid="paypal-callback">
      <Title order={2}>{t('wallet.paypal.title')}</Title>
      {!orderId ? (
        // Opened without an order (a bookmark, a reload after leaving PayPal): nothing was paid or
        // failed; say so and lead back to the packages, rather than "Payment failed".
        <Alert
          color="gray"
          icon={<IconInfoCircle />}
          title={t('wallet.paypal.no_order_title')}
          data-testid="paypal-no-order"
        >
          <Text size="sm">{t('wallet.paypal.no_order_text')}</Text>
        </Alert>
      ) : result === null ? (
        <Card padding="xl" radius="md">
          <Group gap="md">
            <Loader size="sm" />
            <Text>{t('wallet.paypal.capturing')}</Text>
          </Group>
        </Card>
      ) : (
        <PaymentResult
          result={result}
          sandbox={sandbox}
          onRetry={orderId ? () => void capture(orderId) : undefined}
          continueTo={returnTo}
        />
      )}
      <Group>
        <Button
          component={Link}
          to={
            returnTo
              ? `/wallet/coins/packages?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`
              : '/wallet/coins/packages'
          }
          variant="default"
          data-testid="paypal-back"
        >
          {t('wallet.paypal.back')}
        </Button>
        {!orderId && (
          <Button
            component={Link}
            to="/wallet/user/transaction"
            variant="subtle"
            data-testid="paypal-to-wallet"
          >
            {t('wallet.paypal.to_wallet')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
