import { usePageTitle } from '@lm/ui';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Settlement, useConfirmPayPal, useRefreshWallet, wasSandbox } from '../../hooks/use-wallet';
import { PaymentResult } from './PaymentResult';

/**
 * /paypal/callback (ARTIST_PERMISSION): PayPal sends the buyer back with `?token=<order_id>&PayerID=…`;
 * the order is captured once with payments/paypal/callback/url and the balance refreshed.
 */
export function PayPalCallbackPage() {
  const { t } = useTranslation();
  usePageTitle('wallet.paypal.title');
  const [search] = useSearchParams();
  const orderId = search.get('token');
  const confirm = useConfirmPayPal();
  const refresh = useRefreshWallet();
  const [result, setResult] = useState<Settlement | 'error' | null>(orderId ? null : 'error');
  const [sandbox] = useState(wasSandbox);
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
      {result === null ? (
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
        />
      )}
      <Group>
        <Button component={Link} to="/wallet/coins/packages" variant="default">
          {t('wallet.paypal.back')}
        </Button>
      </Group>
    </Stack>
  );
}
