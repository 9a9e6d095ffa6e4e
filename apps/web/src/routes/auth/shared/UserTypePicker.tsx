import { FormField } from '@lm/ui';
import { Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandInstagram, IconMicrophone2, IconPlaylist } from '@tabler/icons-react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

const TYPES = [
  { id: 1, icon: IconMicrophone2, color: 'violet' },
  { id: 2, icon: IconPlaylist, color: 'green' },
  { id: 3, icon: IconBrandInstagram, color: 'pink' },
] as const;

export interface UserTypePickerProps {
  value: number | undefined;
  onChange(value: number): void;
  error?: string;
}

/** Choice of account type at sign-up: artist (1), curator (2) or other/influencer (3). */
export function UserTypePicker({ value, onChange, error }: UserTypePickerProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value ? String(value) : null}
      onChange={(v) => onChange(Number(v))}
      label={t('register.user_type')}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt={6}>
        {TYPES.map(({ id, icon: Icon, color }) => (
          <Radio.Card key={id} value={String(id)} p="sm" radius="md" data-testid={`user-type-${id}`}>
            <Stack gap={6} align="center" ta="center">
              <Group gap={6} wrap="nowrap">
                <Radio.Indicator size="xs" />
                <ThemeIcon variant="light" color={color} radius="xl">
                  <Icon size={18} />
                </ThemeIcon>
              </Group>
              <Text fw={600} size="sm">
                {t(`user_types.${id}`)}
              </Text>
              <Text size="xs" c="dimmed" lh={1.3}>
                {t(`register.user_type_hint_${id}`)}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/**
 * The account type bound to a form's `name` field (sign-up and Google sign-up ask it alike), with
 * the field's validation message under it.
 */
export function UserTypeField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={(input) => (
        <UserTypePicker
          value={Number(input.value) || undefined}
          onChange={input.onChange}
          error={input.error}
        />
      )}
    />
  );
}
