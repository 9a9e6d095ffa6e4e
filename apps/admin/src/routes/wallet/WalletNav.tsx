import {
  IconArrowDownCircle,
  IconArrowsExchange,
  IconArrowUpCircle,
  IconBuildingBank,
  IconCoins,
  IconFileInvoice,
  IconPackage,
} from '@tabler/icons-react';
import { type SectionLink, SectionNav } from '../../components/SectionNav';

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
] as const satisfies readonly SectionLink[];

/** Links between the back-office wallet screens (only the Main Wallet and Packages are in the side menu). */
export function WalletNav() {
  return <SectionNav links={LINKS} testId="wallet-nav" />;
}
