import { type BoundInput, DateField, type FormField, fieldError, PhoneField } from '@lm/ui';
import { TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The name fields and the autofill hint of each. */
const NAMES = [
  ['first_name', 'given-name'],
  ['last_name', 'family-name'],
] as const;

/**
 * First and last name (sign-up and the account page ask them alike), with the browser's name
 * autofill and each field's validation message; `required` marks them at sign-up.
 */
export function NameFields<T extends FieldValues>({
  form,
  required,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const errors = form.formState.errors as Partial<Record<'first_name' | 'last_name', FieldError>>;
  return NAMES.map(([name, autoComplete]) => (
    <TextInput
      key={name}
      label={t(`register.${name}`)}
      autoComplete={autoComplete}
      withAsterisk={required}
      error={fieldError(errors[name])}
      {...form.register(name as Path<T>)}
    />
  ));
}

/** What a cleared optional field holds: `null` on the account page (the save clears it), else nothing. */
type Cleared = null | undefined;

/**
 * The birth date input of a form's field (spread {@link FormField}'s input on it): picked by decade
 * first, from 1900 to today; `cleared` is what the field holds once emptied.
 */
export function BirthDateInput({
  cleared,
  onChange,
  ...input
}: BoundInput<string | null | undefined> & {
  cleared: Cleared;
  placeholder?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <DateField
      {...input}
      label={t('register.birth_date')}
      onChange={(v) => onChange(v ?? cleared)}
      maxDate={dayjs().format('YYYY-MM-DD')}
      minDate="1900-01-01"
      defaultLevel="decade"
    />
  );
}

/**
 * The phone number input of a form's field (spread {@link FormField}'s input on it), its country
 * preselected from `accountCountry` (the account's country, or the browser's region at sign-up);
 * `cleared` is what the field holds once emptied.
 */
export function PhoneNumberInput({
  cleared,
  onChange,
  ...input
}: BoundInput<string | null | undefined> & {
  cleared: Cleared;
  accountCountry: string | null | undefined;
  description?: string;
}) {
  const { t } = useTranslation();
  return <PhoneField {...input} label={t('register.phone')} onChange={(v) => onChange(v || cleared)} />;
}
