import { confirmAction } from '@lm/ui';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The Edit and Delete icons of a back-office table row. Delete asks first (a danger confirm with
 * `deleteMessage`, or the generic one) and only then calls `onDelete`.
 */
export function EditDeleteActions({
  onEdit,
  onDelete,
  deleteMessage,
  deleteDisabled = false,
  deleteTooltip,
}: {
  onEdit(): void;
  onDelete(): void;
  /** The confirm text, already translated. */
  deleteMessage?: string;
  deleteDisabled?: boolean;
  /** Tooltip of the delete icon (e.g. why it is disabled), already translated; "Delete" otherwise. */
  deleteTooltip?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('staff.edit')}>
        <ActionIcon variant="subtle" aria-label={t('staff.edit')} onClick={onEdit}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={deleteTooltip ?? t('staff.delete')} events={{ hover: true, focus: true, touch: true }}>
        {/* A disabled button gets no pointer events: the span carries the tooltip (why it is disabled). */}
        <span data-testid={deleteDisabled ? 'delete-disabled' : undefined}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('staff.delete')}
            disabled={deleteDisabled}
            onClick={async () => {
              if (await confirmAction({ danger: true, ...(deleteMessage ? { message: deleteMessage } : {}) }))
                onDelete();
            }}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </span>
      </Tooltip>
    </Group>
  );
}
