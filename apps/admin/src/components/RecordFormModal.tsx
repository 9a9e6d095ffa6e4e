import { type MantineSize, Modal } from '@mantine/core';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a list page is editing in its dialog: one of its records, a new one, or nothing (closed). */
export type Editing<T> = T | 'new' | null;

/** The state of a list page's edit dialog: what it edits, and how to open and close it. */
export interface RecordEditor<T> {
  editing: Editing<T>;
  /** Opens the dialog on a record, or on a new one with `'new'`. */
  edit(record: T | 'new'): void;
  /** Closes the dialog (Cancel, Escape, after a save). */
  close(): void;
}

/** A list page's edit dialog state, closed at first; hand it to `RecordFormModal`. */
export function useRecordEditor<T>(): RecordEditor<T> {
  const [editing, setEditing] = useState<Editing<T>>(null);
  return { editing, edit: setEditing, close: () => setEditing(null) };
}

/**
 * The dialog in which a back-office list creates or edits one record. The form is mounted afresh for
 * each record (keyed by its id), so it always starts from that record's values, and unmounted when the
 * dialog closes.
 */
export function RecordFormModal<T extends { id: number }>({
  editor,
  titles: [newTitle, editTitle],
  size,
  keyPrefix = '',
  children: form,
}: {
  editor: RecordEditor<T>;
  /** The translation keys of the title while creating and while editing. */
  titles: readonly [newTitle: string, editTitle: string];
  size?: MantineSize | number;
  /** Keeps the forms of two lists apart when both show a record of the same id. */
  keyPrefix?: string;
  /** The form of a record, or of a new record when it is null. */
  children(record: T | null): ReactNode;
}) {
  const { t } = useTranslation();
  const { editing } = editor;
  return (
    <Modal
      opened={editing !== null}
      onClose={editor.close}
      title={t(editing === 'new' ? newTitle : editTitle)}
      size={size}
      centered
    >
      {editing !== null && (
        <Fragment key={`${keyPrefix}${editing === 'new' ? 'new' : editing.id}`}>
          {form(editing === 'new' ? null : editing)}
        </Fragment>
      )}
    </Modal>
  );
}
