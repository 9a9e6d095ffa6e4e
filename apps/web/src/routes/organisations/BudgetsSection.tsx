import { budgetInputSchema } from '@lm/contracts/organisation-money-api';
import { applyServerErrors, confirmAction, formatNumber, NumberField, translateMessage } from '@lm/ui';
import { Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBudgets, useRemoveBudget, useRoster, useSetBudget } from '../../hooks/use-organisations';
import type { OrgContext } from './org-context';

function BudgetForm({
  ctx,
  artistUserId,
  current,
  onDone,
}: {
  ctx: OrgContext;
  artistUserId: number;
  current: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const set = useSetBudget(ctx.org.id);
  const [coins, setCoins] = useState<number | null>(current);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = budgetInputSchema.safeParse({ monthly_coins: coins ?? undefined });
    if (!checked.success) {
      setError(translateMessage(checked.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    try {
      await set.mutateAsync({ artistUserId, ...checked.data });
      onDone();
    } catch (e) {
      applyServerErrors(e, (_name, err) => setError(err.message), ['monthly_coins']);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('org.budgets.help')}
        </Text>
        <NumberField
          label={t('org.budgets.monthly')}
          value={coins}
          onChange={setCoins}
          allowDecimal={false}
          allowNegative={false}
          error={error}
          data-testid="budget-coins"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={set.isPending} data-testid="budget-save">
            {t('org.budgets.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Monthly budgets (issue 35): per active roster artist, the monthly coins, what campaigns may still
 * draw this month and what was spent; set, change or remove one (Funding manage).
 */
export function BudgetsSection({ ctx }: { ctx: OrgContext }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const budgets = useBudgets(ctx.org.id);
  const roster = useRoster(ctx.org.id);
  const remove = useRemoveBudget(ctx.org.id);
  const manage = ctx.can('manage', 'Funding');
  const [editing, setEditing] = useState<{
    artistUserId: number;
    name: string;
    current: number | null;
  } | null>(null);
  const byArtist = new Map((budgets.data ?? []).map((b) => [b.artist_user_id, b]));
  const artists = [
    ...(budgets.data ?? []).map((b) => ({ id: b.artist_user_id, name: b.artist_name })),
    ...(roster.data ?? [])
      .filter((a) => a.status === 'active' && !byArtist.has(a.artist_user_id))
      .map((a) => ({ id: a.artist_user_id, name: a.artist_name })),
  ];
  return (
    <Stack gap="md" data-testid="budgets-section">
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('org.budgets.title_for', { name: editing.name }) : ''}
      >
        {editing && (
          <BudgetForm
            ctx={ctx}
            artistUserId={editing.artistUserId}
            current={editing.current}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      {budgets.data && artists.length === 0 && <Text c="dimmed">{t('org.budgets.empty')}</Text>}
      {artists.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('org.roster.artist')}</Table.Th>
                  <Table.Th ta="end">{t('org.budgets.monthly')}</Table.Th>
                  <Table.Th ta="end">{t('org.budgets.available')}</Table.Th>
                  <Table.Th ta="end">{t('org.budgets.spent')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {artists.map(({ id, name }) => {
                  const budget = byArtist.get(id);
                  return (
                    <Table.Tr key={id} data-testid={`budget-${id}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {name}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="end">{budget ? formatNumber(budget.monthly_coins, lang) : '—'}</Table.Td>
                      <Table.Td ta="end">{budget ? formatNumber(budget.available, lang) : '—'}</Table.Td>
                      <Table.Td ta="end">
                        {budget ? formatNumber(budget.spent_this_month, lang) : '—'}
                      </Table.Td>
                      <Table.Td ta="end">
                        {manage && (
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              data-testid={`budget-set-${id}`}
                              onClick={() =>
                                setEditing({ artistUserId: id, name, current: budget?.monthly_coins ?? null })
                              }
                            >
                              {budget ? t('org.budgets.change') : t('org.budgets.set')}
                            </Button>
                            {budget && (
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                color="red"
                                data-testid={`budget-remove-${id}`}
                                onClick={async () => {
                                  const ok = await confirmAction({
                                    message: t('org.budgets.remove_confirm', { name }),
                                    danger: true,
                                  });
                                  if (ok) await remove.mutateAsync(id).catch(() => undefined);
                                }}
                              >
                                {t('org.budgets.remove')}
                              </Button>
                            )}
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Text size="xs" c="dimmed">
        {t('org.budgets.coins_note')}
      </Text>
    </Stack>
  );
}
