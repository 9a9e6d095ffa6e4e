import { StatCard } from '@lm/ui';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FigureCardProps {
  /** The label, already translated. */
  label: string;
  /** The figure, already formatted in the reader's language. */
  value: string;
  /** A dimmed line under the figure (what it counts), already translated. */
  hint?: string;
  /** The icon, drawn at 22 px in a light tile of `color`. */
  icon: ReactNode;
  color: string;
  /** `auto` for a figure in words ("70 coins" reads right to left in Arabic); amounts stay `ltr`. */
  dir?: 'ltr' | 'auto';
  /** `data-testid` of the figure with its hint. */
  testId?: string;
  /** `data-testid` of the figure alone. */
  valueTestId?: string;
}

/**
 * One figure of a back-office dashboard or report: a `StatCard` with the figure in large type and,
 * under it, an optional hint.
 */
export function FigureCard({
  label,
  value,
  hint,
  icon,
  color,
  dir = 'ltr',
  testId,
  valueTestId,
}: FigureCardProps) {
  return (
    <StatCard icon={icon} color={color} label={label}>
      <Stack gap={6} data-testid={testId}>
        <Text fz={24} fw={700} lh={1} dir={dir} ta="start" data-testid={valueTestId}>
          {value}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </StatCard>
  );
}
