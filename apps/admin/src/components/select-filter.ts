import type { FilterField } from '@lm/ui';
import type { TFunction } from 'i18next';

/** A choice of a select: the value sent in the list's query, and the i18n key of its label. */
export type Choice = readonly [value: string, labelKey: string];

/**
 * The choices of a select, labels translated, in the order given (a list, not an object, so that
 * values such as '1' and '0' keep their order).
 */
export function choiceOptions(t: TFunction, choices: readonly Choice[]): { value: string; label: string }[] {
  return choices.map(([value, labelKey]) => ({ value, label: t(labelKey) }));
}

/**
 * A list filter offering fixed choices: `name` is the query parameter, `label` the i18n key of the
 * field's label (the search panel translates it).
 */
export function selectFilter(
  t: TFunction,
  name: string,
  label: string,
  choices: readonly Choice[],
): FilterField {
  return { type: 'select', name, label, options: choiceOptions(t, choices) };
}
