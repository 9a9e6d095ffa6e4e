import type { BulkResult } from '@lm/contracts/bulk';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format';

/** One action of a list's bulk bar (approve, decline, change status...). */
export interface BulkAction {
  /** Stable name, used in test ids (`bulk-<key>`). */
  key: string;
  /** i18n key of the button. */
  label: string;
  color?: string;
  /** i18n key of the confirmation, given `{ count }`. */
  confirm: string;
  /** Asks for a text sent with every item (a decline's reason), at least `min` characters. */
  reason?: { label: string; min: number; max: number };
  /** Input chosen in the bar before running (a status, an assignee): the control and its value. */
  input?: { control: ReactNode; value: unknown; ready: boolean };
  /** Calls the bulk route with the selected ids; answers the per-item results. */
  run: (ids: number[], reason: string) => Promise<BulkResult>;
}

/**
 * The bulk bar of a list (issue 36 "Lists"): with rows selected it shows their count, the actions
 * and a way to clear the selection; an action confirms with the count (and a reason when it needs
 * one), runs through the API's bulk route, then shows per item what was done and what was refused
 * and why, and refreshes the list.
 */
export function BulkBar({
  selectedIds,
  describe,
  actions,
  onClear,
}: {
  selectedIds: number[];
  /** How an item is named in the result dialog (e.g. "#12 · Casey"). */
  describe: (id: number) => string;
  actions: BulkAction[];
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [reason, setReason] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const count = selectedIds.length;
  if (count === 0 && !result) return null;
  const reasonTooShort = pending?.reason ? reason.trim().length < pending.reason.min : false;

  const run = async () => {
    if (!pending) return;
    setRunning(true);
    setError(null);
    try {
      const answer = await pending.run(selectedIds, reason.trim());
      setNames(new Map(selectedIds.map((id) => [id, describe(id)])));
      setResult(answer);
      setPending(null);
      setReason('');
      onClear();
      await queryClient.invalidateQueries({ queryKey: ['list'] });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      {count > 0 && (
        <Paper withBorder p="sm" data-testid="bulk-bar">
          <Group justify="space-between" gap="xs">
            <Text fw={500} data-testid="bulk-count">
              {t('ui.bulk.selected', { count, value: formatNumber(count, i18n.language) })}
            </Text>
            <Group gap="xs">
              {actions.map((a) => (
                <Group key={a.key} gap="xs" wrap="nowrap">
                  {a.input?.control}
                  <Button
                    size="xs"
                    color={a.color}
                    disabled={a.input ? !a.input.ready : false}
                    onClick={() => setPending(a)}
                    data-testid={`bulk-${a.key}`}
                  >
                    {t(a.label)}
                  </Button>
                </Group>
              ))}
              <Button size="xs" variant="default" onClick={onClear} data-testid="bulk-clear">
                {t('ui.bulk.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? t(pending.label) : ''}
        centered
      >
        <Stack>
          <Text>{pending ? t(pending.confirm, { count }) : ''}</Text>
          {pending?.reason && (
            <Textarea
              label={t(pending.reason.label)}
              value={reason}
              maxLength={pending.reason.max}
              onChange={(e) => setReason(e.currentTarget.value)}
              dir="auto"
              data-testid="bulk-reason"
            />
          )}
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('ui.bulk.cancel')}
            </Button>
            <Button
              color={pending?.color}
              loading={running}
              disabled={reasonTooShort}
              onClick={run}
              data-testid="bulk-confirm"
            >
              {t('ui.bulk.run', { count })}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={result !== null}
        onClose={() => setResult(null)}
        title={t('ui.bulk.result_title')}
        centered
        size="lg"
      >
        {result && (
          <Stack data-testid="bulk-result">
            <Text>
              {t('ui.bulk.result_summary', {
                ok: formatNumber(result.succeeded, i18n.language),
                refused: formatNumber(result.refused, i18n.language),
              })}
            </Text>
            <Table>
              <Table.Tbody>
                {result.results.map((r) => (
                  <Table.Tr key={r.id} data-testid={`bulk-result-${r.id}`}>
                    <Table.Td>
                      <Text size="sm" dir="auto">
                        {names.get(r.id) ?? `#${r.id}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={r.ok ? 'green' : 'red'} variant="light">
                        {t(r.ok ? 'ui.bulk.ok' : 'ui.bulk.refused')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={r.ok ? 'dimmed' : 'red'}>
                        {r.message}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <Button onClick={() => setResult(null)} data-testid="bulk-result-close">
                {t('ui.bulk.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
