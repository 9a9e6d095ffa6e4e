import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** Translated headline, e.g. "No campaigns yet". */
  title: string;
  /** Translated sentence saying what to do next. */
  hint?: string;
  /** A button or link that does it (clickable even inside the table's empty overlay). */
  action?: ReactNode;
  icon?: ReactNode;
}

/**
 * Empty state of a list: what is missing and what to do next, with the action at hand,
 * rather than a bare "No records found".
 */
export function EmptyState({ title, hint, action, icon }: EmptyStateProps) {
  return (
    <Stack
      align="center"
      justify="center"
      gap={6}
      p="md"
      maw={420}
      mx="auto"
      ta="center"
      data-testid="empty-state"
    >
      <ThemeIcon variant="light" color="gray" size={44} radius="xl">
        {icon ?? <IconDatabaseOff size={24} />}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {action ? <div style={{ pointerEvents: 'auto', marginTop: 4 }}>{action}</div> : null}
    </Stack>
  );
}
