import { downloadFile, formatDate, formatMoney, formatNumber, useApi } from '@lm/ui';
import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatement } from '../../hooks/use-organisations';
import type { OrgContext } from './org-context';

/** `YYYY-MM` (UTC) of the month `back` months before this one. */
export function monthKey(now: Date, back: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The monthly statement (issue 35): a month picker (this month and the 23 before it, named in the
 * reader's language), the totals, the totals per artist and every line; the CSV download of the
 * month.
 */
export function StatementSection({ ctx }: { ctx: OrgContext }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { api } = useApi();
  const months = useMemo(() => {
    const now = new Date();
    const name = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return Array.from({ length: 24 }, (_, back) => {
      const key = monthKey(now, back);
      const [y, m] = key.split('-').map(Number) as [number, number];
      return { value: key, label: name.format(new Date(Date.UTC(y, m - 1, 1))) };
    });
  }, [lang]);
  const [month, setMonth] = useState(() => monthKey(new Date(), 0));
  const statement = useStatement(ctx.org.id, month);
  const data = statement.data;
  const total = (label: string, coins: number) => (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{t('org.coins', { value: coins })}</Text>
    </Paper>
  );
  return (
    <Stack gap="md" data-testid="statement-section">
      <Group align="flex-end">
        <Select
          label={t('org.statement.month')}
          data={months}
          value={month}
          onChange={(v) => v && setMonth(v)}
          allowDeselect={false}
          w={220}
          data-testid="statement-month"
        />
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} />}
          data-testid="statement-csv"
          onClick={() =>
            void downloadFile(
              api,
              `organisations/${ctx.org.id}/statement.csv?month=${month}`,
              `statement-${month}.csv`,
            ).catch(() => undefined)
          }
        >
          {t('org.statement.csv')}
        </Button>
      </Group>
      {statement.isLoading && <Skeleton h={160} radius="md" />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {total(t('org.statement.purchases'), data.totals.purchases)}
            {total(t('org.statement.campaigns'), data.totals.campaigns)}
            {total(t('org.statement.refunds'), data.totals.refunds)}
            {total(t('org.statement.transfers'), data.totals.transfers)}
          </SimpleGrid>
          {data.per_artist.length > 0 && (
            <Stack gap="xs">
              <Title order={4}>{t('org.statement.per_artist')}</Title>
              <Paper withBorder radius="md">
                <Table.ScrollContainer minWidth={480}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('org.roster.artist')}</Table.Th>
                        <Table.Th ta="end">{t('org.statement.campaigns')}</Table.Th>
                        <Table.Th ta="end">{t('org.statement.refunds')}</Table.Th>
                        <Table.Th ta="end">{t('org.statement.transfers')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.per_artist.map((a) => (
                        <Table.Tr key={a.artist_user_id} data-testid={`statement-artist-${a.artist_user_id}`}>
                          <Table.Td>{a.artist_name}</Table.Td>
                          <Table.Td ta="end">{formatNumber(a.campaigns, lang)}</Table.Td>
                          <Table.Td ta="end">{formatNumber(a.refunds, lang)}</Table.Td>
                          <Table.Td ta="end">{formatNumber(a.transfers, lang)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            </Stack>
          )}
          <Stack gap="xs">
            <Title order={4}>{t('org.statement.lines')}</Title>
            {data.lines.length === 0 && <Text c="dimmed">{t('org.statement.empty')}</Text>}
            {data.lines.length > 0 && (
              <Paper withBorder radius="md">
                <Table.ScrollContainer minWidth={680}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('org.billing.date')}</Table.Th>
                        <Table.Th>{t('org.statement.kind')}</Table.Th>
                        <Table.Th>{t('org.roster.artist')}</Table.Th>
                        <Table.Th>{t('org.statement.description')}</Table.Th>
                        <Table.Th ta="end">{t('org.billing.coins')}</Table.Th>
                        <Table.Th ta="end">{t('org.billing.amount')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.lines.map((line) => (
                        <Table.Tr key={`${line.reference}-${line.date}`} data-testid="statement-line">
                          <Table.Td>{formatDate(line.date, lang)}</Table.Td>
                          <Table.Td>{t(`org.statement.kinds.${line.kind}`)}</Table.Td>
                          <Table.Td>{line.artist_name ?? '—'}</Table.Td>
                          <Table.Td>{line.description}</Table.Td>
                          {/* A budget move stays inside the organisation: neither in nor out, unsigned. */}
                          <Table.Td
                            ta="end"
                            dir="ltr"
                            c={line.internal ? 'dimmed' : line.coins < 0 ? 'red' : 'teal'}
                            data-internal={line.internal || undefined}
                          >
                            {line.internal
                              ? formatNumber(Math.abs(line.coins), lang)
                              : formatNumber(line.coins, lang, { signDisplay: 'exceptZero' })}
                          </Table.Td>
                          <Table.Td ta="end" dir="ltr">
                            {line.amount_minor !== null && line.currency
                              ? formatMoney(line.amount_minor, line.currency, lang)
                              : '—'}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
