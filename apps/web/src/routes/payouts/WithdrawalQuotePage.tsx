import {
  ApiRequestError,
  formatDateTime,
  formatMoney,
  formatNumber,
  majorToMinor,
  PayoutPageHeader,
  type PayoutQuote,
  PayoutStatusBadge,
  usePageTitle,
} from '@lm/ui';
import { Alert, Button, Card, Divider, Group, PinInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClock, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConfirmWithdrawal, useQuoteView, useSendCode } from '../../hooks/use-payouts';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} dir="ltr" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * Milliseconds left before the quote expires, counted down every second from the server's
 * `expires_in_seconds` (the server's clock decides, whatever the device's clock says).
 */
function useCountdown(expiresInSeconds: number | undefined, readAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return expiresInSeconds === undefined ? 0 : Math.max(0, readAt + expiresInSeconds * 1000 - now);
}

function QuoteCard({ q }: { q: PayoutQuote }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card padding="lg" radius="md" data-testid="quote-card">
      <Stack gap="xs">
        <Row label={t('payouts.coins_to_withdraw')} value={formatNumber(q.coins, lang)} />
        <Row label={t('payouts.amount')} value={formatMoney(q.source_minor, q.source_currency, lang)} />
        <Row
          label={t('payouts.fee')}
          value={formatMoney(q.fee_minor, q.source_currency, lang)}
          testId="quote-fee"
        />
        <Row
          label={t('payouts.rate')}
          value={`1 ${q.source_currency} = ${q.rate} ${q.target_currency}`}
          testId="quote-rate"
        />
        <Divider />
        <Row
          label={t('payouts.received')}
          value={formatMoney(q.target_minor, q.target_currency, lang)}
          testId="quote-received"
        />
      </Stack>
    </Card>
  );
}

/**
 * /withdrawal/{quote}: the quote (rate, fee, amount received, 30-minute expiry), the emailed code
 * (`payments/send/verification/code`, `payments/verify/code`), then the transfer
 * (`payments/wise/create/transfer`, status_id 1). A quote already used shows its payout.
 */
export function WithdrawalQuotePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  usePageTitle('payouts.confirm_title');
  const quoteId = useParams().quote ?? '';
  const view = useQuoteView(quoteId);
  const send = useSendCode();
  const confirm = useConfirmWithdrawal();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const left = useCountdown(view.data?.quote.expires_in_seconds, view.dataUpdatedAt);
  const payout = confirm.data ?? view.data?.payout ?? null;

  if (view.isLoading) return <Skeleton h={320} radius="md" maw={720} />;
  if (!view.data) return <Alert color="red">{t('payouts.quote_not_found')}</Alert>;
  const { quote, recipient } = view.data;
  const expired = left <= 0 && !payout;

  const submit = async () => {
    setCodeError(null);
    if (!/^[0-9]{6}$/.test(code)) {
      setCodeError(t('auth.code_invalid'));
      return;
    }
    try {
      await confirm.mutateAsync({ quoteId, code });
    } catch (err) {
      if (err instanceof ApiRequestError) setCodeError(err.errors?.code?.[0] ?? err.message);
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <PayoutPageHeader
        title="payouts.confirm_title"
        backTo="/withdrawal/list"
        backLabel="payouts.back_to_withdrawal"
      />
      <Text size="sm" c="dimmed" dir="auto">
        {t('payouts.to_account', { account: recipient.label })}
      </Text>
      <QuoteCard q={quote} />
      {payout ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="withdrawal-requested">
          <Stack gap="xs">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('payouts.requested_title', { id: payout.id })}
              </Text>
              <PayoutStatusBadge statusId={payout.status_id} />
            </Group>
            <Text size="sm">{t('payouts.requested_body')}</Text>
            <Group>
              <Button size="xs" component={Link} to={`/payouts/${payout.id}`} data-testid="view-payout">
                {t('payouts.view_request')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : expired ? (
        <Alert color="orange" icon={<IconClock size={18} />}>
          <Group justify="space-between">
            <Text size="sm">{t('payouts.quote_expired')}</Text>
            <Button size="xs" variant="light" component={Link} to="/withdrawal/list">
              {t('payouts.new_quote')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Card padding="lg" radius="md">
          <Stack gap="md">
            <Group gap="xs">
              <IconClock size={16} />
              <Text size="sm" data-testid="quote-expiry">
                {t('payouts.expires_in', {
                  time: `${Math.floor(left / 60_000)}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}`,
                  at: formatDateTime(quote.expires_at, lang),
                })}
              </Text>
            </Group>
            {!sent ? (
              <Group>
                <Button
                  leftSection={<IconMail size={16} />}
                  loading={send.isPending}
                  onClick={async () => {
                    await send.mutateAsync(quoteId);
                    setSent(true);
                  }}
                  data-testid="send-code"
                >
                  {t('payouts.send_code')}
                </Button>
              </Group>
            ) : (
              <Stack gap="sm">
                <Text size="sm">{t('payouts.code_hint')}</Text>
                <div dir="ltr">
                  <PinInput
                    length={6}
                    type="number"
                    oneTimeCode
                    value={code}
                    onChange={setCode}
                    error={Boolean(codeError)}
                    aria-label={t('payouts.code_label')}
                    data-testid="code-input"
                  />
                </div>
                {codeError && (
                  <Text c="red" size="sm" data-testid="code-error">
                    {codeError}
                  </Text>
                )}
                <Group>
                  <Button onClick={submit} loading={confirm.isPending} data-testid="confirm-withdrawal">
                    {t('payouts.confirm_withdrawal', {
                      amount: formatMoney(majorToMinor(quote.target_amount), quote.target_currency, lang),
                    })}
                  </Button>
                  <Button variant="subtle" onClick={() => send.mutate(quoteId)} loading={send.isPending}>
                    {t('payouts.resend_code')}
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
