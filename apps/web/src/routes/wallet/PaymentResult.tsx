import { Alert, Badge, Button, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconCreditCardOff, IconX } from '@tabler/icons-react';
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

/**
 * What the page shows after the provider's page: a settlement (paid, pending, failed), `cancelled`
 * (the buyer left the page), `declined` (the bank refused the card) or `error` (no answer).
 */
export type CheckoutResult = Settlement | 'cancelled' | 'declined' | 'error';

/**
 * The result to show for a settlement answered after the success URL (`success`) or the cancel URL
 * (`cancel`): a declined card first, then, back through the cancel URL, anything
 * not paid means the buyer left the page.
 */
export function outcomeOf(settlement: Settlement, via: 'success' | 'cancel'): CheckoutResult {
  if (settlement.status !== 'paid' && settlement.failure === 'card_declined') return 'declined';
  if (via === 'cancel' && settlement.status !== 'paid') return 'cancelled';
  return settlement;
}

/** Outcome of a payment back from the provider: paid, still pending, failed, declined or cancelled. */
export function PaymentResult({
  result,
  sandbox,
  onRetry,
  onClose,
  declinedText = 'wallet.result.declined_text',
  transactionsLink = true,
  continueTo = null,
  paidText = 'wallet.result.paid_text',
  paidParams,
}: {
  result: CheckoutResult;
  sandbox: boolean;
  onRetry?: () => void;
  onClose?: () => void;
  /** What to do after a decline; the coin page offers another card or PayPal. */
  declinedText?: string;
  /** Offer the transactions list once paid (not on the mobile apps' page, which hands back to the app). */
  transactionsLink?: boolean;
  /** Once paid, lead back to the page the artist came from (a checked same-origin path). */
  continueTo?: string | null;
  /** What was paid for, with `coins` and `balance` (an organisation's wallet names the organisation). */
  paidText?: string;
  /** More values for `paidText`. */
  paidParams?: Record<string, string>;
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
  ) : status === 'declined' ? (
    <IconCreditCardOff />
  ) : (
    <IconAlertTriangle />
  );
  const title = paid
    ? t('wallet.result.paid_title')
    : pending
      ? t('wallet.result.pending_title')
      : status === 'cancelled'
        ? t('wallet.result.cancelled_title')
        : status === 'declined'
          ? t('wallet.result.declined_title')
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
          ? t(paidText, { ...paidParams, coins: result.coins, balance: result.balance })
          : pending
            ? t('wallet.result.pending_text')
            : status === 'cancelled'
              ? t('wallet.result.cancelled_text')
              : status === 'declined'
                ? t(declinedText)
                : t('wallet.result.failed_text')}
      </Text>
      <Group gap="sm" mt="sm">
        {paid && continueTo && (
          <Button size="xs" color={color} component={Link} to={continueTo} data-testid="payment-continue">
            {t('wallet.result.continue')}
          </Button>
        )}
        {paid && transactionsLink && (
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
 * Back from a hosted card page: `?cancelled=1` calls `onCancelled` with the `payment_id` the cancel URL
 * names (null when absent) and clears the query; `?session_id=…` calls `onSession`; each once per
 * return (StrictMode runs effects twice). Answers the session id and a function that clears the query.
 */
export function useCheckoutReturn(handlers: {
  onSession(id: string): void;
  onCancelled(paymentId: number | null): void;
}) {
  const [search, setSearch] = useSearchParams();
  const checked = useRef<string | null>(null);
  const sessionId = search.get('session_id');
  const cancelled = search.get('cancelled') === '1';
  const paymentParam = Number(search.get('payment_id'));
  const paymentId = Number.isSafeInteger(paymentParam) && paymentParam > 0 ? paymentParam : null;
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (cancelled) {
      const key = `cancelled:${paymentId}`;
      if (checked.current !== key) {
        checked.current = key;
        latest.current.onCancelled(paymentId);
      }
      setSearch({}, { replace: true });
      return;
    }
    if (!sessionId || checked.current === sessionId) return;
    checked.current = sessionId;
    latest.current.onSession(sessionId);
  }, [sessionId, cancelled, paymentId, setSearch]);
  return { sessionId, clear: () => setSearch({}, { replace: true }) };
}
