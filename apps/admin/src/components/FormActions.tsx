import { Button, type ButtonProps, Group, type MantineSpacing } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The props of the main button: Mantine's button props and a plain button's (onClick, type, data-*). */
export type FormActionsProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    /** Called by Cancel (closes the dialog or form; nothing is saved). */
    onCancel(): void;
    /** The main button's label, already translated. */
    children: ReactNode;
    /** Space above the row, when the form around it does not space its rows. */
    mt?: MantineSpacing;
  };

/**
 * The footer of a back-office dialog or form: Cancel, then the main button at the end of the row
 * (on the left in Arabic). Every prop but `onCancel` and `mt` goes to the main button, so a form
 * passes `type="submit"`, a dialog its `onClick`, and both their `loading`, `disabled` and test id.
 */
export function FormActions({ onCancel, children, mt, ...main }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {t('ui.confirm.cancel')}
      </Button>
      <Button {...main}>{children}</Button>
    </Group>
  );
}
