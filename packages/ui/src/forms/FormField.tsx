import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { fieldError } from './use-zod-form';

/** What {@link FormField} hands its input: the field's value and handlers, and its translated error. */
export interface BoundInput<V> {
  value: V;
  onChange(value: unknown): void;
  onBlur(): void;
  error: string | undefined;
}

/**
 * A form's `name` field bound to an input that is not a plain HTML input (a select, a date, a phone
 * number): `render` gets the value, the change and blur handlers and the field's translated
 * validation message, and spreads them on its input.
 */
export function FormField<T extends FieldValues, N extends Path<T>>({
  control,
  name,
  render,
}: {
  control: Control<T>;
  name: N;
  render(input: BoundInput<PathValue<T, N>>): ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <>
          {render({
            value: field.value,
            onChange: field.onChange,
            onBlur: field.onBlur,
            error: fieldError(fieldState.error),
          })}
        </>
      )}
    />
  );
}
