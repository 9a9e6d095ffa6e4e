import { Box, Group, type MantineBreakpoint, Text, ThemeIcon } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProductName } from './use-product-name';

/**
 * Product mark: coin icon and the product's name from the settings ({@link useProductName}), and the
 * back-office tag when `admin`. `textFrom`: the name shows only from that breakpoint up (the top bar
 * of a phone keeps the icon, so its buttons stay on screen).
 */
export function Brand({
  compact,
  admin,
  textFrom,
}: {
  compact?: boolean;
  admin?: boolean;
  textFrom?: MantineBreakpoint;
}) {
  const { t } = useTranslation();
  const product = useProductName();
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon
        size={36}
        radius="md"
        variant="gradient"
        gradient={{ from: 'violet', to: 'grape', deg: 135 }}
      >
        <IconCoins size={22} />
      </ThemeIcon>
      {!compact && (
        <Box visibleFrom={textFrom} miw={0}>
          <Text fw={700} size="lg" lh={1.1} data-testid="brand-name">
            {product}
          </Text>
          {admin && (
            <Text size="xs" c="dimmed" lh={1.2}>
              {t('ui.brand.back_office')}
            </Text>
          )}
        </Box>
      )}
    </Group>
  );
}
