import { DEFAULT_PHONE_COUNTRY } from '@lm/contracts';
import { countryOptions } from '@lm/ui';
import { Group, Input, Select, TextInput } from '@mantine/core';
import {
  AsYouType,
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The E.164 number (leading +) of a national number typed for `country`, or what was typed when it
 * already starts with +. Empty input gives ''.
 */
export function toE164(text: string, country: CountryCode): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`;
  const parsed = parsePhoneNumberFromString(trimmed, country);
  if (parsed) return parsed.number;
  return `+${getCountryCallingCode(country)}${trimmed.replace(/\D/g, '')}`;
}

/** Country and national display of a stored E.164 number; US when empty (spec section 5). */
export function splitE164(value: string | null | undefined): { country: CountryCode; national: string } {
  const parsed = value ? parsePhoneNumberFromString(value) : undefined;
  if (parsed?.country) return { country: parsed.country, national: parsed.formatNational() };
  return { country: DEFAULT_PHONE_COUNTRY as CountryCode, national: value ?? '' };
}

/**
 * Phone input of the user modal: a country (default US) and the number, formatted as typed; the form
 * value is the E.164 number with a leading + (libphonenumber-js), validated by the shared schema.
 */
export function PhoneField({
  value,
  onChange,
  error,
  label,
}: {
  value: string | null | undefined;
  onChange(value: string): void;
  error?: string;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const initial = useMemo(() => splitE164(value), [value]);
  const [country, setCountry] = useState<CountryCode>(initial.country);
  const [text, setText] = useState(initial.national);
  const countries = useMemo(
    () =>
      countryOptions(i18n.language)
        .filter((c) => isSupportedCountry(c.value))
        .map((c) => ({
          value: c.value,
          label: `${c.label} +${getCountryCallingCode(c.value as CountryCode)}`,
        })),
    [i18n.language],
  );
  return (
    <Input.Wrapper label={label} error={error}>
      <Group gap="xs" wrap="nowrap" align="flex-start" dir="ltr">
        <Select
          data={countries}
          value={country}
          searchable
          allowDeselect={false}
          aria-label={t('users.modal.phone_country')}
          w={170}
          onChange={(c) => {
            if (!c) return;
            setCountry(c as CountryCode);
            onChange(toE164(text, c as CountryCode));
          }}
          data-testid="phone-country"
        />
        <TextInput
          style={{ flex: 1 }}
          value={text}
          inputMode="tel"
          // The wrapper's label names the group; the number field needs its own name (axe "label").
          aria-label={label}
          name="phone_number"
          error={Boolean(error)}
          onChange={(e) => {
            const typed = e.currentTarget.value;
            const formatted = typed.startsWith('+') ? typed : new AsYouType(country).input(typed);
            setText(formatted.length >= text.length ? formatted : typed);
            onChange(toE164(typed, country));
          }}
          data-testid="phone-number"
        />
      </Group>
    </Input.Wrapper>
  );
}
