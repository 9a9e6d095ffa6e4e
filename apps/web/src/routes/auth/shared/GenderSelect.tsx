import { FormField } from '@lm/ui';
import { Select } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface GenderSelectProps {
  value: string | null | undefined;
  onChange(value: 'male' | 'female' | 'other' | undefined): void;
  onBlur?(): void;
  error?: string;
  required?: boolean;
}

/** Gender choice (male, female, other); required at sign-up ('Gender Is Required'). */
export function GenderSelect({ value, onChange, onBlur, error, required }: GenderSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('register.gender')}
      placeholder={t('register.gender_placeholder')}
      data={(['male', 'female', 'other'] as const).map((g) => ({ value: g, label: t(`genders.${g}`) }))}
      value={value ?? null}
      onChange={(v) => onChange((v ?? undefined) as 'male' | 'female' | 'other' | undefined)}
      onBlur={onBlur}
      error={error}
      withAsterisk={required}
      allowDeselect={false}
      data-testid="gender-select"
    />
  );
}

/**
 * The gender choice bound to a form's `name` field (sign-up, Google sign-up and the account page
 * ask the same question), with the field's validation message under it.
 */
export function GenderField<T extends FieldValues>({
  control,
  name,
  required,
}: {
  control: Control<T>;
  name: Path<T>;
  required?: boolean;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={(input) => <GenderSelect {...input} required={required} />}
    />
  );
}
