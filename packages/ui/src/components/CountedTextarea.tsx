import { Group, Text, Textarea, type TextareaProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format';

export interface CountedTextareaProps extends Omit<TextareaProps, 'maxLength'> {
  /** The field's limit in characters, the same as the server's (e.g. 500 for a decline reason). */
  max: number;
  /** The current text (controlled or from react-hook-form's watch), to count. */
  value?: string;
}

/** True when `text` is longer than `max` (its trimmed length, as the servers' zod `trim().max()` counts). */
export function isTooLong(text: string | undefined | null, max: number): boolean {
  return (text ?? '').trim().length > max;
}

/**
 * A text area that shows its limit and how much of it is used ("120 / 500") under the field (a
 * limited field never cuts text silently). Typing or pasting past the limit is not cut off:
 * the counter turns red and the field says it is too long, so the text can be shortened; callers
 * refuse to submit while {@link isTooLong}, and the server refuses too.
 */
export const CountedTextarea = forwardRef<HTMLTextAreaElement, CountedTextareaProps>(function CountedTextarea(
  { max, value, error, description, ...props },
  ref,
) {
  const { t, i18n } = useTranslation();
  const length = (value ?? '').trim().length;
  const over = length > max;
  const counter = t('ui.field.counter', {
    count: formatNumber(length, i18n.language),
    max: formatNumber(max, i18n.language),
  });
  return (
    <Textarea
      ref={ref}
      value={value}
      {...props}
      error={error ?? (over ? t('ui.field.too_long', { max: formatNumber(max, i18n.language) }) : undefined)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        <Group justify="space-between" gap="xs" wrap="nowrap" component="span">
          <span>{description}</span>
          <Text
            span
            size="xs"
            c={over ? 'red' : 'dimmed'}
            data-testid="field-counter"
            aria-live="polite"
            dir="ltr"
            style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {counter}
          </Text>
        </Group>
      }
    />
  );
});
