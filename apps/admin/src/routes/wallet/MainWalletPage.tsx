import {
  formatMoney,
  formatNumber,
  ListScreen,
  transactionColumns,
  transactionFilterFields,
  usePageTitle,
  type WalletTransaction,
} from '@lm/ui';
import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconBuildingBank,
  IconCash,
  IconCreditCard,
  IconLock,
  IconReceipt2,
  IconTransferOut,
  IconWallet,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FigureCard } from '../../components/FigureCard';
import { useMainWallet } from '../../hooks/use-wallet';
import { WalletNav } from './WalletNav';

/** Label, icon and colour of each ledger account kind (users' wallets and escrows, the system accounts). */
const KINDS: Record<string, { label: string; icon: ComponentType<{ size?: number }>; color: string }> = {
  user_wallet: { label: 'wallet.admin.kind.user_wallet', icon: IconWallet, color: 'yellow' },
  campaign_escrow: { label: 'wallet.admin.kind.campaign_escrow', icon: IconLock, color: 'violet' },
  payout_escrow: { label: 'wallet.admin.kind.payout_escrow', icon: IconLock, color: 'grape' },
  platform_revenue: { label: 'wallet.admin.kind.platform_revenue', icon: IconBuildingBank, color: 'teal' },
  payment_clearing: { label: 'wallet.admin.kind.payment_clearing', icon: IconCreditCard, color: 'blue' },
  payout_clearing: { label: 'wallet.admin.kind.payout_clearing', icon: IconTransferOut, color: 'orange' },
};

/**
 * /wallet/main/list (main.wallet.show.all.transactions): the ledger accounts by kind (coins), the
 * coins sold and their revenue, and every wallet transaction.
 */
export function MainWalletPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('wallet.admin.main');
  const navigate = useNavigate();
  const main = useMainWallet();
  const lang = i18n.language;
  const coins = (n: number) => `${formatNumber(n, lang)} ${t('wallet.coins_unit')}`;

  return (
    <ListScreen<WalletTransaction>
      title="wallet.admin.main"
      path="admin/wallet/transactions"
      header={
        <Stack gap="md" data-testid="main-wallet">
          <WalletNav />
          {main.isLoading ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {[1, 2, 3].map((n) => (
                <Skeleton key={n} h={100} radius="md" />
              ))}
            </SimpleGrid>
          ) : (
            main.data && (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                <FigureCard
                  label={t('wallet.admin.sold')}
                  value={formatMoney(main.data.sold.revenue_minor, 'GBP', lang)}
                  hint={t('wallet.admin.sold_hint', {
                    coins: main.data.sold.coins,
                    count: main.data.sold.count,
                  })}
                  icon={<IconCash size={22} />}
                  color="green"
                />
                {main.data.accounts.map((a) => {
                  const kind = KINDS[a.kind] ?? { label: a.kind, icon: IconReceipt2, color: 'gray' };
                  return (
                    <FigureCard
                      key={a.kind}
                      label={t(kind.label)}
                      value={coins(a.balance)}
                      hint={t('wallet.admin.accounts', {
                        accounts: formatNumber(a.accounts, lang),
                      })}
                      icon={<kind.icon size={22} />}
                      color={kind.color}
                    />
                  );
                })}
              </SimpleGrid>
            )
          )}
          <Text fw={600}>{t('wallet.admin.latest')}</Text>
        </Stack>
      }
      filters={transactionFilterFields(t)}
      columns={transactionColumns(t, lang, (tx) => navigate(`/wallet/transaction/view?id=${tx.id}`), {
        withUser: true,
      })}
      onRowClick={(tx) => navigate(`/wallet/transaction/view?id=${tx.id}`)}
    />
  );
}
