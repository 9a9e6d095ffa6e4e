import type { SessionAdmin } from '@lm/contracts';
import { useSession } from '@lm/ui';
import { Button, Group } from '@mantine/core';
import {
  IconArrowDownCircle,
  IconArrowsExchange,
  IconArrowUpCircle,
  IconBuildingBank,
  IconCoins,
  IconFileInvoice,
  IconPackage,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const LINKS = [
  {
    to: '/wallet/main/list',
    label: 'wallet.admin.main',
    icon: IconBuildingBank,
    permission: 'main.wallet.show.all.transactions',
  },
  {
    to: '/wallet/transaction/list',
    label: 'wallet.admin.transactions',
    icon: IconArrowsExchange,
    permission: 'main.wallet.show.all.transactions',
  },
  {
    to: '/wallet/deposit/list',
    label: 'wallet.admin.deposits',
    icon: IconArrowDownCircle,
    permission: 'main.wallet.show.all.transactions',
  },
  {
    to: '/wallet/withdrawals/list',
    label: 'wallet.admin.withdrawals',
    icon: IconArrowUpCircle,
    permission: 'main.wallet.show.all.transactions',
  },
  {
    to: '/wallet/coins/details/list',
    label: 'wallet.admin.balances',
    icon: IconCoins,
    permission: 'main.wallet.show.all.transactions',
  },
  {
    to: '/wallet/packages/list',
    label: 'wallet.admin.packages',
    icon: IconPackage,
    permission: 'main.wallet.show.all.transactions',
  },
  {
    to: '/invoices/list',
    label: 'wallet.invoices.title',
    icon: IconFileInvoice,
    permission: 'invoices.show',
  },
] as const;

/** Links between the back-office wallet screens (only the Main Wallet and Packages are in the side menu). */
export function WalletNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession<SessionAdmin>();
  return (
    <Group gap="xs" data-testid="wallet-nav">
      {LINKS.filter((l) => session.ability.can('call', l.permission)).map(({ to, label, icon: Icon }) => (
        <Button
          key={to}
          component={Link}
          to={to}
          size="xs"
          variant={pathname === to ? 'filled' : 'light'}
          leftSection={<Icon size={14} />}
        >
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}
