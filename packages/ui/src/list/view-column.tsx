import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';

/**
 * The last column of a list whose rows open a detail: an eye button ("View") at the end of the row.
 * Its click does not reach the row's own click handler.
 * @param onView what opening a row does (a navigation, a modal)
 * @param testId the button's data-testid for a row, when the journeys need to find it
 */
export function viewColumn<T>(
  t: TFunction,
  onView: (row: T) => void,
  testId?: (row: T) => string,
): DataTableColumn<T> {
  return {
    accessor: 'actions',
    title: '',
    width: 70,
    render: (row) => (
      <Group justify="flex-end">
        <Tooltip label={t('wallet.tx.view')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('wallet.tx.view')}
            data-testid={testId?.(row)}
            onClick={(e) => {
              e.stopPropagation();
              onView(row);
            }}
          >
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  };
}
