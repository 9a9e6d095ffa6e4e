import { LIMITS } from '@lm/contracts';
import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { intlLocale } from '../i18n/languages';

/** A language as the lookup and the campaign views answer it. */
export type LanguageRef = { id: number; code: string; name: string };

/**
 * The language `code` (ISO 639-1) named in the reader's language (Intl.DisplayNames); `fallback`
 * (the stored English name) when the browser has no name for it.
 */
export function languageName(code: string, fallback: string, readerLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([intlLocale(readerLanguage)], { type: 'language' }).of(code);
    return name && name.toLowerCase() !== code.toLowerCase() ? name : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Every language (`language/getAllLanguagesWithQ`, the whole ISO 639-1 list in one answer) as picker
 * options named in the reader's language and sorted by that name, so the picker searches the names
 * the reader sees (value: the language id).
 */
export function useLanguageOptions(): { value: string; label: string }[] {
  const { api } = useApi();
  const { i18n } = useTranslation();
  const all = useQuery({
    queryKey: ['lookups', 'languages', 'all'],
    queryFn: async () =>
      (
        await api.get<LanguageRef[]>('language/getAllLanguagesWithQ', {
          query: { limit: LIMITS.languageLookupMax },
          silent: true,
        })
      ).data,
    staleTime: 3_600_000,
  });
  const lang = i18n.language;
  return useMemo(() => {
    const collator = new Intl.Collator(intlLocale(lang));
    return (all.data ?? [])
      .map((l) => ({ value: String(l.id), label: languageName(l.code, l.name, lang) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [all.data, lang]);
}

/**
 * The optional "Language of the lyrics" picker of the create wizards' song step (`language_id`):
 * empty for an instrumental. Issue "Listen, decide, explain", Hear it first (what the seller reads).
 */
export function TrackLanguageField({
  value,
  onChange,
  error,
  testId = 'track-language',
}: {
  value: number | null;
  onChange(value: number | null): void;
  error?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const options = useLanguageOptions();
  return (
    <Select
      label={t('express.language.label')}
      description={t('express.language.hint')}
      placeholder={t('express.language.placeholder')}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      clearable
      error={error ?? undefined}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The track's language named in the reader's language, or "Instrumental or not said". */
export function TrackLanguageName({ language }: { language: LanguageRef | null | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Text span size="sm" c={language ? undefined : 'dimmed'} data-testid="track-language-name">
      {language ? languageName(language.code, language.name, i18n.language) : t('express.language.none')}
    </Text>
  );
}
