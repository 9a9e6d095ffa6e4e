import { organisationTransferInputSchema } from '@lm/contracts/organisation-money-api';
import {
  applyServerErrors,
  downloadFile,
  formatDate,
  formatMoney,
  formatNumber,
  NumberField,
  organisationKeys,
  StatCard,
  translateMessage,
  useApi,
} from '@lm/ui';
import {
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCoins, IconFileDownload, IconTransfer, IconWallet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useOrganisationCheckout,
  useOrganisationInvoices,
  useOrganisationWallet,
  useRoster,
  useTransfer,
} from '../../hooks/use-organisations';
import {
  rememberSandbox,
  useCardReturn,
  useConfirmCard,
  usePackages,
  wasSandbox,
} from '../../hooks/use-wallet';
import { PackageCard } from '../wallet/PackageCard';
import {
  CheckoutRedirectOverlay,
  type CheckoutResult,
  outcomeOf,
  PaymentResult,
  useCheckoutReturn,
} from '../wallet/PaymentResult';
import { rememberReturnPath } from '../wallet/return-path';
import type { OrgContext } from './org-context';

function TransferForm({ ctx, onDone }: { ctx: OrgContext; onDone: () => void }) {
  const { t } = useTranslation();
  const roster = useRoster(ctx.org.id);
  const transfer = useTransfer(ctx.org.id);
  const [artist, setArtist] = useState<string | null>(null);
  const [coins, setCoins] = useState<number | null>(null);
  const [note, setNote] = useState('');
  // One key per transfer form: a double-clicked or retried submit moves the coins once (the API answers
  // the first transfer again).
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = organisationTransferInputSchema.safeParse({
      artist_user_id: artist ? Number(artist) : undefined,
      coins: coins ?? undefined,
      note: note || undefined,
      idempotency_key: idempotencyKey,
    });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues)
        found[String(issue.path[0])] = translateMessage(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await transfer.mutateAsync(checked.data);
      onDone();
    } catch (error) {
      applyServerErrors(error, (name, e) => setErrors((x) => ({ ...x, [name]: e.message ?? '' })), [
        'artist_user_id',
        'coins',
        'note',
      ]);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('org.roster.artist')}
          data={(roster.data ?? [])
            .filter((a) => a.status === 'active')
            .map((a) => ({ value: String(a.artist_user_id), label: a.artist_name }))}
          value={artist}
          onChange={setArtist}
          error={errors.artist_user_id}
          data-testid="transfer-artist"
        />
        <NumberField
          label={t('org.billing.coins')}
          value={coins}
          onChange={setCoins}
          allowDecimal={false}
          allowNegative={false}
          error={errors.coins}
          data-testid="transfer-coins"
        />
        <TextInput
          label={t('org.billing.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
          maxLength={200}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={transfer.isPending} data-testid="transfer-send">
            {t('org.billing.transfer')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Billing (issue 35): the organisation's wallet balance and the coins sitting in budgets (Funding
 * read); coin packages bought into the wallet with the artist wallet's package cards and checkout,
 * and the invoices with their PDF (Billing); transfers to an artist's wallet (Funding manage).
 */
export function BillingSection({ ctx }: { ctx: OrgContext }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { api } = useApi();
  const id = ctx.org.id;
  const billing = ctx.can('read', 'Billing');
  const buy = ctx.can('manage', 'Billing');
  const fund = ctx.can('manage', 'Funding');
  const wallet = useOrganisationWallet(id);
  const invoices = useOrganisationInvoices(id, billing);
  const packages = usePackages();
  const checkout = useOrganisationCheckout(id);
  const confirm = useConfirmCard();
  const cardReturn = useCardReturn();
  const client = useQueryClient();
  const [transferOpen, setTransferOpen] = useState(false);
  const [redirect, setRedirect] = useState<{ sandbox: boolean } | null>(null);
  const [result, setResult] = useState<CheckoutResult | null>(null);
  const [sandbox] = useState(wasSandbox);
  /** The wallet and invoices again once coins came in. */
  const paid = () => void client.invalidateQueries({ queryKey: organisationKeys.organisation(id) });
  /** Back from the card page: the API checks the session (crediting the organisation's wallet once). */
  const check = (ref: string) =>
    void confirm
      .mutateAsync(ref)
      .then((settlement) => {
        setResult(outcomeOf(settlement, 'success'));
        if (settlement.status === 'paid') paid();
      })
      .catch(() => setResult('error'));
  const { sessionId, clear } = useCheckoutReturn({
    onSession: check,
    onCancelled: (paymentId) => {
      if (paymentId === null) {
        setResult('cancelled');
        return;
      }
      void cardReturn
        .mutateAsync(paymentId)
        .then((settlement) => {
          setResult(outcomeOf(settlement, 'cancel'));
          if (settlement.status === 'paid') paid();
        })
        .catch(() => setResult('cancelled'));
    },
  });
  const go = async (method: 'card' | 'paypal', packageId: number) => {
    try {
      const answer = await checkout.mutateAsync({ package_id: packageId, method });
      rememberSandbox(answer.sandbox);
      // PayPal comes back through /paypal/callback, which leads here again.
      rememberReturnPath(`/organisations/${id}/billing`);
      setRedirect({ sandbox: answer.sandbox });
      window.location.assign(answer.url);
    } catch {
      // The API's message was shown as a toast.
    }
  };
  return (
    <Stack gap="lg" data-testid="billing-section">
      <CheckoutRedirectOverlay redirect={redirect} />
      {sessionId && !result && <Loader size="sm" />}
      {result && (
        <PaymentResult
          result={result}
          sandbox={sandbox}
          transactionsLink={false}
          paidText="org.billing.paid_text"
          paidParams={{ name: ctx.org.name }}
          onRetry={sessionId ? () => check(sessionId) : undefined}
          onClose={() => {
            setResult(null);
            clear();
          }}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StatCard icon={<IconWallet size={20} />} label={t('org.billing.balance')}>
          <Text fw={700} size="xl" data-testid="org-wallet-balance">
            {wallet.data ? t('org.coins', { value: wallet.data.balance }) : '—'}
          </Text>
        </StatCard>
        <StatCard icon={<IconCoins size={20} />} label={t('org.billing.in_budgets')}>
          <Text fw={700} size="xl">
            {wallet.data ? t('org.coins', { value: wallet.data.in_budgets }) : '—'}
          </Text>
        </StatCard>
      </SimpleGrid>
      {fund && (
        <Group>
          <Button
            leftSection={<IconTransfer size={16} />}
            variant="light"
            onClick={() => setTransferOpen(true)}
            data-testid="transfer-open"
          >
            {t('org.billing.transfer')}
          </Button>
        </Group>
      )}
      <Modal opened={transferOpen} onClose={() => setTransferOpen(false)} title={t('org.billing.transfer')}>
        {transferOpen && <TransferForm ctx={ctx} onDone={() => setTransferOpen(false)} />}
      </Modal>
      {buy && (
        <Stack gap="sm">
          <Title order={4}>{t('org.billing.buy')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {(packages.data ?? []).map((pkg) => (
              <PackageCard
                key={pkg.id}
                pkg={pkg}
                busy={checkout.isPending}
                onCard={() => void go('card', pkg.id)}
                onPayPal={() => void go('paypal', pkg.id)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {billing && (
        <Stack gap="sm">
          <Title order={4}>{t('org.billing.invoices')}</Title>
          {invoices.data?.length === 0 && <Text c="dimmed">{t('org.billing.no_invoices')}</Text>}
          {(invoices.data?.length ?? 0) > 0 && (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('org.billing.number')}</Table.Th>
                      <Table.Th>{t('org.billing.date')}</Table.Th>
                      <Table.Th ta="end">{t('org.billing.coins')}</Table.Th>
                      <Table.Th ta="end">{t('org.billing.amount')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(invoices.data ?? []).map((invoice) => (
                      <Table.Tr key={invoice.id} data-testid={`org-invoice-${invoice.id}`}>
                        <Table.Td dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                          {invoice.number}
                        </Table.Td>
                        <Table.Td>{formatDate(invoice.created_at, lang)}</Table.Td>
                        <Table.Td ta="end">{formatNumber(invoice.coins, lang)}</Table.Td>
                        <Table.Td ta="end">{formatMoney(invoice.amount, invoice.currency, lang)}</Table.Td>
                        <Table.Td ta="end">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            leftSection={<IconFileDownload size={14} />}
                            onClick={() =>
                              void downloadFile(
                                api,
                                `organisations/${id}/invoices/${invoice.id}/pdf`,
                                `${invoice.number}.pdf`,
                              ).catch(() => undefined)
                            }
                          >
                            {t('org.billing.pdf')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
