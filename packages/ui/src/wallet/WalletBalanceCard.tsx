import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, formatShortAmount } from '../i18n/format';
import { formatMoney } from './money';
import type { WalletValueBasis } from './wallet-types';

export interface WalletBalanceCardProps {
  /** Coins; null while loading. */
  coins: number | null;
  /** Approximate value in minor units of `currency`; hidden when unknown. */
  valueMinor?: number | null;
  currency?: string;
  /**
   * What the value is based on, as the API answered it: shown under the value ("at the coin price,
   * £1.00 a coin" / "at the payout rate, £0.80 a coin"), so every screen says the same.
   */
  basis?: { basis: WalletValueBasis; pence_per_coin: number } | null;
  /** Where Deposit goes (spec section 2: the coin page); no button without it. */
  depositTo?: string;
  /** Shows the Deposit button disabled (e.g. for users who cannot buy coins). */
  depositDisabled?: boolean;
}

/**
 * Wallet Balance card (spec section 2): coins, their approximate value in pounds, and a Deposit
 * button that can be disabled.
 */
export function WalletBalanceCard({
  coins,
  valueMinor,
  currency = 'GBP',
  basis,
  depositTo,
  depositDisabled,
}: WalletBalanceCardProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card padding="lg" radius="md" data-testid="wallet-balance-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={500}>
            {t('wallet.balance_title')}
          </Text>
          {coins === null ? (
            <Skeleton h={28} w={90} />
          ) : (
            <Group gap={6} align="baseline" wrap="nowrap">
              <Text fz={28} fw={700} lh={1} title={formatNumber(coins, lang)} data-testid="balance">
                {formatShortAmount(coins, lang)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('wallet.coins_unit')}
              </Text>
            </Group>
          )}
          {valueMinor !== null && valueMinor !== undefined && (
            <Text size="xs" c="dimmed" data-testid="balance-value">
              {t('wallet.approx_value', { value: formatMoney(valueMinor, currency, lang) })}
            </Text>
          )}
          {basis && valueMinor !== null && valueMinor !== undefined && (
            <Text size="xs" c="dimmed" data-testid="balance-basis" data-basis={basis.basis}>
              {t(`wallet.value_basis.${basis.basis}`, {
                price: formatMoney(basis.pence_per_coin, 'GBP', lang),
              })}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color="yellow">
          <IconCoins size={24} />
        </ThemeIcon>
      </Group>
      {depositTo &&
        (depositDisabled ? (
          // A link cannot be disabled (it stays focusable and opens on Enter): a disabled button instead.
          <Button
            mt="md"
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled
            data-testid="deposit"
            w="fit-content"
          >
            {t('wallet.deposit')}
          </Button>
        ) : (
          <Button
            mt="md"
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            component={Link}
            to={depositTo}
            data-testid="deposit"
            w="fit-content"
          >
            {t('wallet.deposit')}
          </Button>
        ))}
    </Card>
  );
}
