import { type CoinPackage, formatMoney, formatNumber } from '@lm/ui';
import { Badge, Button, Card, Divider, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandPaypal, IconCoins, IconCreditCard, IconGift, IconSum } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Feature({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={testId}>
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

/**
 * A coin package's card (spec section 2 "coin package cards"): the price in pounds
 * with the saving against the coin price, and what the purchase brings: coins, bonus coins and total
 * coins; then the card and PayPal buttons.
 */
export function PackageCard({
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
          label={t('wallet.packages.coins')}
          value={formatNumber(pkg.coins, lang)}
          testId="package-coins"
        />
        <Feature
          icon={<IconGift size={14} />}
          label={t('wallet.packages.bonus_coins')}
          value={formatNumber(pkg.bonus_coins, lang)}
          testId="package-bonus-coins"
        />
        <Feature
          icon={<IconSum size={14} />}
          label={t('wallet.packages.total_coins')}
          value={formatNumber(pkg.total_coins, lang)}
          testId="package-total-coins"
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
