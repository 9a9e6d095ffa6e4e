import 'flag-icons/css/flag-icons.min.css';
import { initialsOf, intlLocale } from '@lm/ui';
import { Group, Text } from '@mantine/core';

export { initialsOf };

/** Regional-indicator emoji of an ISO 3166-1 alpha-2 code ("GB" → 🇬🇧); '' for anything else. */
export function flagEmoji(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(
    ...code
      .toUpperCase()
      .split('')
      .map((c) => 0x1f1e6 + c.charCodeAt(0) - 65),
  );
}

/** Country name in the UI language (Intl.DisplayNames), the code when unknown. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A country with its flag (SVG, flag-icons: emoji flags do not show on every system) and its name. */
export function CountryFlag({ code, language }: { code: string; language: string }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="country">
      {/^[A-Za-z]{2}$/.test(code) && (
        <span
          className={`fi fi-${code.toLowerCase()}`}
          role="img"
          aria-label={flagEmoji(code)}
          style={{ borderRadius: 2, flexShrink: 0 }}
        />
      )}
      <Text span size="sm">
        {countryName(code, language)}
      </Text>
    </Group>
  );
}
