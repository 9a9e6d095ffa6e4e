import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dashboard figure: a dimmed label over what the caller shows, an icon on the far side.
 *
 * @param icon the icon; with `color` it sits in a light tile of that colour, without it it is shown
 *   as is (for a ring or a picture of its own).
 * @param color the tile's colour; `true` for the theme's primary colour.
 * @param label the label, already translated.
 */
export function StatCard({
  icon,
  color,
  label,
  children,
}: {
  icon: ReactNode;
  color?: string | true;
  label: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {children}
        </Stack>
        {color ? (
          <ThemeIcon size={44} radius="md" variant="light" color={color === true ? undefined : color}>
            {icon}
          </ThemeIcon>
        ) : (
          icon
        )}
      </Group>
    </Card>
  );
}
