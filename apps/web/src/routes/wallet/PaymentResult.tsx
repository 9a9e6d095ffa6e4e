import { Alert, Badge, Button, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Settlement } from '../../hooks/use-wallet';

/** Sandbox label: the payment went through the product's sandbox provider, no real money moved. */
export function SandboxBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="orange" variant="filled" data-testid="sandbox-badge">
      {t('wallet.sandbox')}
    </Badge>
  );
}

/** Outcome of a payment back from the provider: paid, still pending, failed or cancelled. */
export function PaymentResult({
  result,
  sandbox,
  onRetry,
  onClose,
}: {
  result: Settlement | 'cancelled' | 'error';
  sandbox: boolean;
  onRetry?: () => void;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const status = typeof result === 'string' ? result : result.status;
  const paid = status === 'paid';
  const pending = status === 'pending';
  const color = paid ? 'green' : pending ? 'yellow' : status === 'cancelled' ? 'gray' : 'red';
  const icon = paid ? (
    <IconCircleCheck />
  ) : pending ? (
    <IconClock />
  ) : status === 'cancelled' ? (
    <IconX />
  ) : (
    <IconAlertTriangle />
  );
  const title = paid
    ? t('wallet.result.paid_title')
    : pending
      ? t('wallet.result.pending_title')
      : status === 'cancelled'
        ? t('wallet.result.cancelled_title')
        : t('wallet.result.failed_title');
  return (
    <Alert
      color={color}
      icon={icon}
      title={
        <Group gap="xs">
          {title}
          {sandbox && <SandboxBadge />}
        </Group>
      }
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      data-testid="payment-result"
      data-status={status}
    >
      <Text size="sm">
        {paid && typeof result !== 'string'
          ? t('wallet.result.paid_text', { coins: result.coins, balance: result.balance })
          : pending
            ? t('wallet.result.pending_text')
            : status === 'cancelled'
              ? t('wallet.result.cancelled_text')
              : t('wallet.result.failed_text')}
      </Text>
      <Group gap="sm" mt="sm">
        {paid && (
          <Button size="xs" variant="light" color={color} component={Link} to="/wallet/user/transaction">
            {t('wallet.result.see_transactions')}
          </Button>
        )}
        {pending && onRetry && (
          <Button size="xs" variant="light" color={color} onClick={onRetry}>
            {t('wallet.result.check_again')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** Covers the page while the browser leaves for the card or PayPal page. */
export function CheckoutRedirectOverlay({ redirect }: { redirect: { sandbox: boolean } | null }) {
  const { t } = useTranslation();
  return (
    <LoadingOverlay
      visible={redirect !== null}
      zIndex={300}
      overlayProps={{ blur: 2 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="xs">
            <Text fw={600}>{t('wallet.packages.redirecting')}</Text>
            {redirect?.sandbox && <SandboxBadge />}
          </Stack>
        ),
      }}
    />
  );
}

/**
 * Back from a hosted card page: `?cancelled=1` calls `onCancelled` (and clears the query);
 * `?session_id=…` calls `onSession` once per id (StrictMode runs effects twice).
 * Answers the session id and a function that clears the query.
 */
export function useCheckoutReturn(handlers: { onSession(id: string): void; onCancelled(): void }) {
  const [search, setSearch] = useSearchParams();
  const checked = useRef<string | null>(null);
  const sessionId = search.get('session_id');
  const cancelled = search.get('cancelled') === '1';
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (cancelled) {
      latest.current.onCancelled();
      setSearch({}, { replace: true });
      return;
    }
    if (!sessionId || checked.current === sessionId) return;
    checked.current = sessionId;
    latest.current.onSession(sessionId);
  }, [sessionId, cancelled, setSearch]);
  return { sessionId, clear: () => setSearch({}, { replace: true }) };
}
