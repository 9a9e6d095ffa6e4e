import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a wallet detail (an invoice, a transaction): the label small and upper case above it. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}
