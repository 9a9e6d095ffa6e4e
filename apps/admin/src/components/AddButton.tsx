import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';

/** Mantine's button props and a plain button's (onClick, disabled, data-testid). */
export type AddButtonProps = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/**
 * The button that starts a new record on a back-office page (opens its form or dialog): a plus
 * sign before the label, which the caller gives already translated.
 */
export function AddButton(props: AddButtonProps) {
  return <Button leftSection={<IconPlus size={16} />} {...props} />;
}
