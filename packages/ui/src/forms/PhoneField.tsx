import { defaultPhoneCountry } from '@lm/contracts/phone';
import { Group, Input, Select, TextInput } from '@mantine/core';
import {
  AsYouType,
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../i18n/countries';

/**
 * The value a phone field gives its form for what was typed: a number typed with
 * its own `+` or `00` prefix as typed (the contracts' `phoneNumberSchema` parses it, spaces allowed);
 * a national number in `country`'s E.164 form. Empty input gives ''.
 */
export function toE164(text: string, country: CountryCode): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) return trimmed;
  const parsed = parsePhoneNumberFromString(trimmed, country);
  if (parsed) return parsed.number;
  return `+${getCountryCallingCode(country)}${trimmed.replace(/\D/g, '')}`;
}

/**
 * Country and national display of a stored number; `fallback` (the account's country, else US)
 * when the number is empty or has no country.
 */
export function splitE164(
  value: string | null | undefined,
  fallback: CountryCode = defaultPhoneCountry(null),
): { country: CountryCode; national: string } {
  const parsed = value ? parsePhoneNumberFromString(value) : undefined;
  if (parsed?.country) return { country: parsed.country, national: parsed.formatNational() };
  return { country: fallback, national: value ?? '' };
}

/**
 * The region of the browser's preferred languages (`en-GB` gives `GB`), for a phone field before an
 * account (and its country) exists: registration. Undefined when no language names a region.
 */
export function browserRegion(): string | undefined {
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A malformed language tag names no region.
    }
  }
  return undefined;
}

export interface PhoneFieldProps {
  label: string;
  /** The form value: E.164, or a number as typed with its `+`; empty when none. */
  value: string | null | undefined;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string;
  description?: string;
  withAsterisk?: boolean;
  /** The account's country (ISO 3166-1 alpha-2, user `country_code`): where the field starts. */
  accountCountry?: string | null;
  /** Test id of the number input (the country picker gets `<id>-country`). */
  testId?: string;
}

/**
 * The phone input of every screen (register, profile, playlist form, back-office user modal): a
 * country, starting on the account's country (US when it has none, spec section 5),
 * and the number, formatted as typed; a number typed with its own `+` wins over the country. The
 * form value goes through the contracts' `phoneNumberSchema` on the client and the server alike.
 */
export function PhoneField({
  label,
  value,
  onChange,
  onBlur,
  error,
  description,
  withAsterisk,
  accountCountry,
  testId = 'phone-number',
}: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const fallback = defaultPhoneCountry(accountCountry);
  const initial = useMemo(() => splitE164(value, fallback), [value, fallback]);
  const [country, setCountry] = useState<CountryCode>(initial.country);
  const [text, setText] = useState(initial.national);
  const emitted = useRef(value ?? '');
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

  // A value set from outside (a reset, a save answered by the server) replaces what is shown.
  useEffect(() => {
    if ((value ?? '') === emitted.current) return;
    emitted.current = value ?? '';
    setCountry(initial.country);
    setText(initial.national);
  }, [value, initial]);

  // While no number is typed, the country follows the account's (chosen on the same page).
  useEffect(() => {
    if (!text.trim()) setCountry(fallback);
  }, [fallback, text]);

  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };

  return (
    <Input.Wrapper label={label} description={description} error={error} withAsterisk={withAsterisk}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Select
          data={countries}
          value={country}
          searchable
          allowDeselect={false}
          aria-label={t('ui.field.phone_country')}
          w={{ base: 130, sm: 170 }}
          style={{ flexShrink: 0 }}
          onChange={(c) => {
            if (!c) return;
            setCountry(c as CountryCode);
            emit(toE164(text, c as CountryCode));
          }}
          comboboxProps={{ withinPortal: true }}
          data-testid={`${testId}-country`}
        />
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          value={text}
          // Digits and "+" read left to right in every language; the country (its name in the
          // reader's language) stays in the page's direction, first in reading order.
          dir="ltr"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          // The wrapper's label names the group; the number field needs its own name (axe "label").
          aria-label={label}
          name="phone_number"
          error={Boolean(error)}
          onBlur={onBlur}
          onChange={(e) => {
            const typed = e.currentTarget.value;
            const international = typed.trim().startsWith('+') || typed.trim().startsWith('00');
            const formatted = international ? typed : new AsYouType(country).input(typed);
            setText(formatted.length >= text.length ? formatted : typed);
            emit(toE164(typed, country));
          }}
          data-testid={testId}
        />
      </Group>
    </Input.Wrapper>
  );
}
