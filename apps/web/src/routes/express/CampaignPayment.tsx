import { coinsPriceMinor, type TopUpQuote } from '@lm/contracts';
import { formatMoney, isApiError } from '@lm/ui';
import { Alert, Anchor, Divider, Group, Loader, Paper, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCoins, IconCreditCard } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CampaignCheckout } from '../../hooks/use-express';
import {
  rememberSandbox,
  type Settlement,
  useCardReturn,
  useCoinPrice,
  useRefreshWallet,
  wasSandbox,
} from '../../hooks/use-wallet';
import {
  CheckoutRedirectOverlay,
  type CheckoutResult,
  outcomeOf,
  PaymentResult,
  useCheckoutReturn,
} from '../wallet/PaymentResult';
import type { CampaignFunds } from './campaign-funds';

/**
 * The pieces every express campaign wizard shares (Spotify playlists, TikTok and Instagram accounts):
 * the summary with the total against the wallet, the choice of coins (held) or card (priced in
 * pounds), and the round trip through the hosted card page with the wizard's choices kept aside.
 */

export type PaymentMethod = 'coins' | 'card';

/** One bought target in the summary: a playlist or an account, with its tier and price in coins. */
export interface SummaryLine {
  key: string | number;
  label: ReactNode;
  sub: string;
  price: number;
}

/** The first field message of an API error, else its message, else the generic one. */
export function payErrorText(e: unknown, fallback: string): string {
  return isApiError(e) ? (Object.values(e.errors ?? {})[0]?.[0] ?? e.message) : fallback;
}

/**
 * The wizard's last step: the chosen targets with the total and the wallet balance, the payment
 * method (the card shows its price in pounds) and what is wrong (too few coins, a refusal).
 */
export function PaymentStep({
  header,
  lines,
  balance,
  method,
  onMethod,
  payError,
  coinsLabel = 'express.create.method_coins',
  coinsOnly = false,
  children,
  cardQuote,
  funds,
}: {
  header?: ReactNode;
  lines: readonly SummaryLine[];
  balance: number;
  method: PaymentMethod;
  onMethod(method: PaymentMethod): void;
  payError: string | null;
  /** Catalog key of the coins choice (who answers while the coins are held). */
  coinsLabel?: string;
  /** Coins of the wallet only (a curator's order): no card, no coin packages. */
  coinsOnly?: boolean;
  /** Extra facts shown under the lines (a pitch, a release state). */
  children?: ReactNode;
  /**
   * What the card buys, from the server: when given, the card is priced at its
   * purchase and the step says why (a cheaper package, or the missing coins at the coin price).
   */
  cardQuote?: TopUpQuote | null;
  /**
   * What pays while a team member acts for an artist (issue 35): the balance is then the artist's
   * budget or wallet, named so, and the way to more coins is the organisation's funding (or none).
   */
  funds?: CampaignFunds;
}) {
  const { t, i18n } = useTranslation();
  const coinPrice = useCoinPrice();
  const total = lines.reduce((sum, l) => sum + l.price, 0);
  const short = method === 'coins' && total > balance;
  const acting = funds?.acting ?? null;
  const budget = funds?.source === 'budget';
  // Where more coins come from: the coin packages, or (acting) the organisation's funding page.
  const moreCoins = acting ? (
    funds?.fundTo ? (
      <Anchor component={Link} to={funds.fundTo} data-testid="fund-artist">
        {t(budget ? 'express.create.raise_budget' : 'express.create.fund_artist')}
      </Anchor>
    ) : null
  ) : (
    <Anchor component={Link} to="/wallet/coins/packages">
      {t('express.create.buy_coins')}
    </Anchor>
  );
  return (
    <Stack gap="md" maw={720} mt="md" data-testid="express-summary">
      {header}
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          {lines.map((l) => (
            <Group key={l.key} justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {l.label}{' '}
                <Text span c="dimmed" size="xs">
                  ({l.sub})
                </Text>
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {t('common.coins', { count: l.price })}
              </Text>
            </Group>
          ))}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>{t('express.create.total')}</Text>
            <Text fw={700} data-testid="express-total">
              {t('common.coins', { count: total })}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              {acting
                ? t(budget ? 'express.create.budget_left' : 'express.create.artist_wallet', {
                    artist: acting.artistName,
                  })
                : t('express.create.balance')}
            </Text>
            <Text size="sm" c={short ? 'red' : undefined} data-testid="express-balance">
              {t('common.coins', { count: balance })}
            </Text>
          </Group>
        </Stack>
      </Paper>
      {children}
      {!coinsOnly && (
        <Radio.Group
          label={t('express.create.method')}
          value={method}
          onChange={(v) => onMethod(v === 'card' ? 'card' : 'coins')}
          data-testid="payment-method"
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="coins"
              data-testid="method-coins"
              label={
                <Group gap={6}>
                  <IconCoins size={16} color="var(--mantine-color-yellow-6)" />
                  {t(coinsLabel)}
                </Group>
              }
            />
            <Radio
              value="card"
              data-testid="method-card"
              label={
                <Group gap={6}>
                  <IconCreditCard size={16} />
                  {cardQuote?.purchase
                    ? t('express.create.method_card_price', {
                        coins: cardQuote.purchase.coins,
                        price: formatMoney(
                          cardQuote.purchase.amount_minor,
                          cardQuote.purchase.currency,
                          i18n.language,
                        ),
                      })
                    : coinPrice.data
                      ? t('express.create.method_card_price', {
                          coins: total,
                          price: formatMoney(
                            coinsPriceMinor(total, coinPrice.data.pence_per_coin),
                            'GBP',
                            i18n.language,
                          ),
                        })
                      : t('express.create.method_card', { coins: total })}
                </Group>
              }
            />
          </Stack>
        </Radio.Group>
      )}
      {method === 'card' && cardQuote && <CardQuoteText quote={cardQuote} />}
      {short && !payError && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="express-short">
          {acting
            ? t(budget ? 'express.create.budget_short' : 'express.create.artist_wallet_short', {
                artist: acting.artistName,
              })
            : t('express.create.short')}
          {(!coinsOnly || acting) && moreCoins && <> {moreCoins}</>}
        </Alert>
      )}
      {payError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="pay-error">
          {payError}
          {moreCoins && <> {moreCoins}</>}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Why the card is charged what it is: a package covering the missing coins for less
 * than the coins at the coin price (its extra coins stay in the wallet), or the missing coins at the
 * coin price when no package is cheaper, or the wallet already covering the order.
 */
export function CardQuoteText({ quote }: { quote: TopUpQuote }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number, currency = 'GBP') => formatMoney(minor, currency, i18n.language);
  const p = quote.purchase;
  const text =
    p && quote.reason === 'package_cheaper'
      ? t('express.create.quote_package', {
          coins: p.coins,
          name: p.package_name ?? '',
          price: money(p.amount_minor, p.currency),
          missing: quote.missing,
          at_coin_price: money(quote.at_coin_price_minor),
          extra: p.coins - quote.missing,
        })
      : p
        ? t('express.create.quote_coins', {
            missing: quote.missing,
            price: money(p.amount_minor, p.currency),
          })
        : t('express.create.quote_covered', { total: quote.total });
  return (
    <Alert color="blue" variant="light" icon={<IconCreditCard size={18} />} data-testid="card-quote">
      {text}
    </Alert>
  );
}

/** The wizard's choices kept in the session while the artist is on the card page. */
export function cardDraftStore<D>(key: string) {
  return {
    save(draft: D): void {
      try {
        sessionStorage.setItem(key, JSON.stringify(draft));
      } catch {
        // Storage can be unavailable: the artist then chooses again after a cancelled payment.
      }
    },
    take(): D | null {
      try {
        const raw = sessionStorage.getItem(key);
        sessionStorage.removeItem(key);
        return raw ? (JSON.parse(raw) as D) : null;
      } catch {
        return null;
      }
    },
  };
}

/** What confirming a card-paid campaign request answers (`.../check/pay`). */
export interface CardConfirmation {
  payment: Settlement;
  campaigns: readonly unknown[];
  not_created?: boolean;
  message?: string;
}

/**
 * The card round trip of a campaign wizard: `redirect` saves the draft and leaves for the hosted
 * page; back with a session the payment is confirmed once (the campaigns exist once it is paid and
 * `onCreated` runs); back cancelled the draft is restored and a declined card told apart from
 * leaving. `banner` renders the overlay, the progress and the outcome.
 */
export function useCampaignCardFlow<D>(options: {
  draftKey: string;
  confirm(sessionId: string): Promise<CardConfirmation>;
  confirming: boolean;
  onCreated(count: number): void;
  onRestore(draft: D): void;
}) {
  const { t } = useTranslation();
  const drafts = cardDraftStore<D>(options.draftKey);
  const [redirecting, setRedirecting] = useState<{ sandbox: boolean } | null>(null);
  const [cardResult, setCardResult] = useState<CheckoutResult | null>(null);
  const [sandbox] = useState(wasSandbox);
  const cardReturn = useCardReturn();
  const refreshWallet = useRefreshWallet();

  const confirmReturn = async (id: string) => {
    try {
      const answer = await options.confirm(id);
      await refreshWallet();
      if (answer.campaigns.length > 0) {
        drafts.take();
        options.onCreated(answer.campaigns.length);
        return;
      }
      // Paid, but the request could no longer be honoured: the coins are in the wallet, say why.
      if (answer.not_created && answer.message)
        notifications.show({ color: 'yellow', message: answer.message });
      setCardResult(outcomeOf(answer.payment, 'success'));
    } catch {
      setCardResult('error');
    }
  };

  const { sessionId, clear } = useCheckoutReturn({
    onSession: (id) => void confirmReturn(id),
    onCancelled: (paymentId) => {
      const draft = drafts.take();
      if (draft) options.onRestore(draft);
      setCardResult('cancelled');
      // The API tells a declined card from leaving the page.
      if (paymentId !== null)
        cardReturn
          .mutateAsync(paymentId)
          .then((settlement) => setCardResult(outcomeOf(settlement, 'cancel')))
          .catch(() => undefined);
    },
  });

  const redirect = (start: CampaignCheckout, draft: D) => {
    drafts.save(draft);
    rememberSandbox(start.sandbox);
    setRedirecting({ sandbox: start.sandbox });
    window.location.assign(start.url);
  };

  const banner = (
    <>
      <CheckoutRedirectOverlay redirect={redirecting} />
      {options.confirming && !cardResult && (
        <Alert color="blue" icon={<Loader size="xs" />} data-testid="card-confirming">
          {t('express.create.card_confirming')}
        </Alert>
      )}
      {cardResult && (
        <PaymentResult
          result={cardResult}
          sandbox={sandbox}
          declinedText="wallet.result.declined_text_campaign"
          onRetry={sessionId ? () => void confirmReturn(sessionId) : undefined}
          onClose={() => {
            setCardResult(null);
            clear();
          }}
        />
      )}
    </>
  );

  return { redirect, redirecting: redirecting !== null, banner };
}
