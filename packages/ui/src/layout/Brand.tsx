import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProductName } from './use-product-name';

/**
 * Product mark: coin icon and the product's name from the settings ({@link useProductName}), and the
 * back-office tag when `admin`.
 */
export function Brand({ compact, admin }: { compact?: boolean; admin?: boolean }) {
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
        <div>
          <Text fw={700} size="lg" lh={1.1} data-testid="brand-name">
            {product}
          </Text>
          {admin && (
            <Text size="xs" c="dimmed" lh={1.2}>
              {t('ui.brand.back_office')}
            </Text>
          )}
        </div>
      )}
    </Group>
  );
}
