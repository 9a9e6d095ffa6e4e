import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

/**
 * The number a Mantine NumberInput value stands for, or `null` when nothing usable was typed.
 *
 * Mantine hands over a `number` only for "clean" text; while typing it hands over the text itself
 * (unformatted: no prefix, no thousands separators) whenever the text has a leading zero (`0460`),
 * trailing decimal zeros (`460.00`, always the case with `fixedDecimalScale`), a trailing separator
 * (`12.`) or 14 digits or more. Those strings are numbers all the same and are read as such; an empty
 * text or an unfinished one (`-`, `.`) is `null`, which the form's schema reports (never a silent 0).
 *
 * @param value what Mantine's `onChange` gave (`number | string`).
 * @returns a finite number, or `null`.
 */
export function numberFromInput(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '') return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

export interface NumberFieldProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The number held by the form; `null`/`undefined` shows an empty field. */
  value: number | null | undefined;
  /** Called on every keystroke and arrow step with the number typed, or `null` (empty or unfinished). */
  onChange(value: number | null): void;
}

/**
 * Number field of both apps: a Mantine NumberInput whose value is a number, never
 * the text Mantine keeps while typing. Typing `460` into a `£0.00` price field gives 460 (Mantine's
 * `460.00`), typing after a leading `0` gives the number typed, and the text being typed (`12.`, `1.0`)
 * stays on screen while the form already holds its number. A value set from outside (a reset, a
 * server answer) replaces the text.
 */
export function NumberField({ value, onChange, ...rest }: NumberFieldProps) {
  const [text, setText] = useState<number | string>(value ?? '');
  const current = value ?? null;
  const shown = numberFromInput(text) === current ? text : (current ?? '');
  return (
    <NumberInput
      {...rest}
      value={shown}
      onChange={(next) => {
        setText(next);
        onChange(numberFromInput(next));
      }}
    />
  );
}
