import { fieldError } from '@lm/ui';
import { Center, PinInput, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

export interface CodeInputProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's code field. */
  name: Path<T>;
  /** Called when the sixth digit is typed (the sign-in step submits then). */
  onComplete?(): void;
  /** The accessible name of the boxes; shown above them too with `showLabel`. */
  label: string;
  showLabel?: boolean;
  /** More messages under the boxes (another field's error the code screen shows). */
  children?: ReactNode;
}

/**
 * The six boxes of an emailed code (second sign-in step, account verification), left to right in
 * every language since the code is digits, with the field's validation message centred under them.
 */
export function CodeInput<T extends FieldValues>({
  control,
  name,
  onComplete,
  label,
  showLabel,
  children,
}: CodeInputProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error;
  return (
    <Stack gap={4}>
      {showLabel && (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      )}
      <Center dir="ltr">
        <PinInput
          length={6}
          type="number"
          oneTimeCode
          autoFocus
          value={field.value}
          onChange={field.onChange}
          onComplete={onComplete}
          error={Boolean(error)}
          aria-label={label}
          data-testid="code-input"
        />
      </Center>
      {error && (
        <Text size="xs" c="red" ta="center">
          {fieldError(error)}
        </Text>
      )}
      {children}
    </Stack>
  );
}
