import type { Translations } from '@lm/contracts/translations';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@lm/contracts/translations';
import { Input, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../api/api-error';
import { translateMessage } from '../i18n/i18n';
import { directionOf, LANGUAGE_OPTIONS } from '../i18n/languages';

/**
 * One field of a reference record in the five languages side by side: the form's
 * own English input first (the record's column, the fallback of every language), then French,
 * German, Arabic (right to left) and Turkish. An empty text means "show English".
 */
export function TranslatedField<F extends string>({
  label,
  field,
  english,
  value,
  onChange,
  errors,
  multiline = false,
  testId,
}: {
  /** The field's name, above the five inputs. */
  label: string;
  /** The field's key in `translations` (`name`, `tier_name`, `description`...). */
  field: F;
  /** The form's English input, labelled by its language (see {@link LANGUAGE_LABEL}). */
  english: ReactNode;
  value: Translations<F>;
  onChange(value: Translations<F>): void;
  /** Server errors by path (`translations.<field>.<lang>`), see {@link translationErrors}. */
  errors?: Record<string, string>;
  multiline?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const texts = value[field] ?? {};
  const set = (lang: TranslatedLanguage, text: string) =>
    onChange({ ...value, [field]: { ...texts, [lang]: text } });
  const fieldError = errors?.[`translations.${field}`] ?? errors?.translations;
  return (
    <Input.Wrapper
      label={label}
      description={t('ui.translations.hint')}
      error={fieldError}
      data-testid={testId}
    >
      <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="xs" mt={4}>
        {english}
        {TRANSLATED_LANGUAGES.map((lang) => {
          const props = {
            label: LANGUAGE_LABEL[lang],
            lang,
            dir: directionOf(lang),
            value: texts[lang] ?? '',
            error: errors?.[`translations.${field}.${lang}`],
            'data-testid': testId ? `${testId}-${lang}` : undefined,
          };
          return multiline ? (
            <Textarea
              key={lang}
              {...props}
              autosize
              minRows={2}
              onChange={(e) => set(lang, e.currentTarget.value)}
            />
          ) : (
            <TextInput key={lang} {...props} onChange={(e) => set(lang, e.currentTarget.value)} />
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

/** Each language by its own name (the label of its input). */
export const LANGUAGE_LABEL = Object.fromEntries(LANGUAGE_OPTIONS.map((o) => [o.code, o.label])) as Record<
  (typeof LANGUAGE_OPTIONS)[number]['code'],
  string
>;

/**
 * The server's errors about `translations` (422 `errors` whose key starts with `translations`), first
 * message of each, translated; `{}` for any other failure.
 */
export function translationErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.errors) return {};
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.errors))
    if (key.startsWith('translations') && messages?.[0]) out[key] = translateMessage(messages[0]);
  return out;
}
