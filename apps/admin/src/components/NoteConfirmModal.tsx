import { CountedTextarea, isTooLong } from '@lm/ui';
import { type ButtonProps, Modal, Stack, Text, type TextProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from './FormActions';

/** The note a staff decision carries (a reason, a review note), typed by the staff member. */
export interface DecisionNote {
  /** The field's label, already translated. */
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  /** The longest note the API accepts, in characters; a longer one disables Yes. */
  max: number;
  /** A blank note disables Yes (a decision that must say why). */
  required?: boolean;
}

export interface NoteConfirmModalProps {
  opened: boolean;
  /** Cancel, Escape or the close button: nothing is decided. */
  onClose(): void;
  /** The dialog's title, already translated. */
  title: string;
  /** What the decision will do, already translated; left out where the fields say it. */
  text?: ReactNode;
  /** Props of the text's paragraph, e.g. to show a quoted message as its writer wrote it. */
  textProps?: TextProps & Pick<ComponentPropsWithoutRef<'p'>, 'dir'>;
  /** The note field; left out where this decision takes none. */
  note?: DecisionNote;
  /** Fields asked before the note (a choice between outcomes). */
  children?: ReactNode;
  /** Yes: the caller runs the decision and closes the dialog when it succeeds. */
  onConfirm(): void;
  /** Yes's label, already translated, where the decision names itself (default: Yes). */
  confirmLabel?: string;
  /** Yes's colour (red for a decision that takes something away). */
  color?: ButtonProps['color'];
  /** While the decision is being sent. */
  loading?: boolean;
}

/**
 * The back-office's "decide, with a note" dialog: what the decision does, the note (with its length
 * counter), then Cancel and Yes (`confirm-yes`, the id the journeys click). Yes stays disabled while
 * the note is too long, or blank where it is required.
 */
export function NoteConfirmModal({
  opened,
  onClose,
  title,
  text,
  textProps,
  note,
  children,
  onConfirm,
  confirmLabel,
  color,
  loading,
}: NoteConfirmModalProps) {
  const { t } = useTranslation();
  const noteRefused = note
    ? isTooLong(note.value, note.max) || (note.required === true && !note.value.trim())
    : false;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {text !== undefined && (
          <Text size="sm" {...textProps}>
            {text}
          </Text>
        )}
        {children}
        {note && (
          <CountedTextarea
            label={note.label}
            placeholder={note.placeholder}
            value={note.value}
            onChange={(e) => note.onChange(e.currentTarget.value)}
            max={note.max}
            required={note.required}
          />
        )}
        <FormActions
          onCancel={onClose}
          color={color}
          loading={loading}
          disabled={noteRefused}
          onClick={onConfirm}
          data-testid="confirm-yes"
        >
          {confirmLabel ?? t('ui.confirm.yes')}
        </FormActions>
      </Stack>
    </Modal>
  );
}
