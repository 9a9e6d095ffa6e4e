import {
  formatNumber,
  TransactionDetailsModal,
  transactionColumns,
  WalletBalanceCard,
  type WalletTransaction,
} from '@lm/ui';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminUser, useWalletSummary } from '../../../hooks/use-users';
import { PagedTable } from '../PagedTable';

/** Wallet tab: the user's balance card and transactions, each opening its details. */
export function WalletTab({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const [tx, setTx] = useState<WalletTransaction | null>(null);
  const [number, setNumber] = useState('');
  const [applied, setApplied] = useState('');
  const summary = useWalletSummary(user.id);
  const lang = i18n.language;
  return (
    <Stack gap="md" data-testid="user-wallet">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <WalletBalanceCard
          coins={user.balance.balance}
          valueMinor={user.balance.total_minor}
          currency={user.balance.currency}
          basis={user.balance}
          depositTo="/wallet/transaction/list"
        />
        <Card padding="lg" radius="md" data-testid="wallet-totals">
          <Text size="sm" c="dimmed" fw={500}>
            {t('users.wallet.totals', { count: summary.data?.transactions ?? 0 })}
          </Text>
          <Group mt="sm" gap="xl">
            <div>
              <Text size="xs" c="dimmed">
                {t('users.wallet.credits')}
              </Text>
              <Text fw={700} c="green" dir="ltr">
                +{formatNumber(summary.data?.credits ?? 0, lang)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('users.wallet.debits')}
              </Text>
              <Text fw={700} c="red" dir="ltr">
                −{formatNumber(summary.data?.debits ?? 0, lang)}
              </Text>
            </div>
          </Group>
        </Card>
      </SimpleGrid>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(number.trim());
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('wallet.tx.number')}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            dir="ltr"
            data-testid="tx-number-filter"
          />
          <Button type="submit" variant="light">
            {t('users.overview.filter')}
          </Button>
        </Group>
      </form>
      <PagedTable<WalletTransaction>
        path={`wallet/admin/transaction/user/${user.id}`}
        filter={applied ? { transactions_id: applied } : undefined}
        columns={transactionColumns(t, i18n.language, setTx)}
        onRowClick={setTx}
      />
      <TransactionDetailsModal
        tx={tx}
        onClose={() => setTx(null)}
        links={{
          campaign: (id, type) => (type === 'spotify' || !type ? `/express-campaigns/${id}` : undefined),
        }}
      />
    </Stack>
  );
}
