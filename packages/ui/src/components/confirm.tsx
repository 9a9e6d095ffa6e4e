import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18next } from '../i18n/i18n';

export interface ConfirmOptions {
  /** Title; defaults to "Confirm". */
  title?: ReactNode;
  /** Text; defaults to 'Are you sure?' (spec section 2 "Dialogs"). */
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
}

/**
 * Opens the confirm dialog and resolves true when the user confirms, false when they cancel or
 * close it.
 */
export function confirmAction(options: ConfirmOptions = {}): Promise<boolean> {
  const t = i18next.t.bind(i18next);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title ?? t('ui.confirm.title'),
      centered: true,
      children: <Text size="sm">{options.message ?? t('ui.confirm.default')}</Text>,
      labels: {
        confirm: options.confirmLabel ?? t('ui.confirm.yes'),
        cancel: options.cancelLabel ?? t('ui.confirm.cancel'),
      },
      // red.8: dark enough that the automatic text colour is white in every skin and state (red.6 got
      // dark text, which failed the contrast check on the darker hover shade).
      confirmProps: { color: options.danger ? 'red.8' : undefined, 'data-testid': 'confirm-yes' } as never,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
