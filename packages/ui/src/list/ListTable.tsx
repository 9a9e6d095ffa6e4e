import 'mantine-datatable/styles.layer.css';
import {
  Box,
  Button,
  Center,
  Checkbox,
  Collapse,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  getRecordId,
  getValueAtPath,
} from 'mantine-datatable';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * True below Mantine's `sm` breakpoint (phones, 390 px wide): lists become cards there. Read
 * synchronously so the first paint already has the right layout.
 */
export function usePhoneLayout(): boolean {
  const theme = useMantineTheme();
  return Boolean(
    useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`, false, {
      getInitialValueInEffect: false,
    }),
  );
}

/** Props read in card layout (the rest only matter to the table). */
type CardProps<T> = {
  records?: T[];
  columns?: DataTableColumn<T>[];
  idAccessor?: keyof T | string | ((record: T) => string | number);
  fetching?: boolean;
  noRecordsText?: string;
  noRecordsIcon?: ReactNode;
  emptyState?: ReactNode;
  onRowClick?: (params: { record: T; index: number; event: MouseEvent }) => void;
  customRowAttributes?: (record: T, index: number) => Record<string, unknown>;
  rowExpansion?: { content: (params: { record: T; index: number; collapse: () => void }) => ReactNode };
  totalRecords?: number;
  recordsPerPage?: number;
  page?: number;
  onPageChange?: (page: number) => void;
  recordsPerPageOptions?: number[];
  onRecordsPerPageChange?: (n: number) => void;
  recordsPerPageLabel?: string;
  paginationText?: (p: { from: number; to: number; totalRecords: number }) => ReactNode;
  /** Row selection (bulk actions): each card gets a checkbox, labelled like the table's. */
  selectedRecords?: T[];
  onSelectedRecordsChange?: (records: T[]) => void;
  selectionCheckboxProps?: Record<string, unknown>;
};

function cellOf<T>(column: DataTableColumn<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  const value = getValueAtPath(record, String(column.accessor));
  return value === null || value === undefined ? '' : (value as ReactNode);
}

function RecordCard<T>({
  record,
  index,
  columns,
  onRowClick,
  expansion,
  attributes,
  selection,
}: {
  record: T;
  index: number;
  columns: DataTableColumn<T>[];
  onRowClick?: CardProps<T>['onRowClick'];
  expansion?: CardProps<T>['rowExpansion'];
  attributes?: Record<string, unknown>;
  /** Present when the list is selectable: whether this card is selected, and its toggle. */
  selection?: { checked: boolean; toggle: () => void; checkboxProps?: Record<string, unknown> };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = columns.filter((c) => !c.hidden);
  const labelled = shown.filter((c) => c.title !== '' && c.title !== undefined && c.accessor !== 'actions');
  const bare = shown.filter((c) => !labelled.includes(c));
  const click = onRowClick
    ? (event: MouseEvent) => {
        // A button or link inside the card does its own thing.
        if ((event.target as HTMLElement).closest('button, a, input, [role="button"]')) return;
        onRowClick({ record, index, event });
      }
    : undefined;
  return (
    <Paper
      p="sm"
      withBorder
      data-testid="list-card"
      onClick={click}
      onKeyDown={
        click
          ? (e: KeyboardEvent) => {
              if (e.key === 'Enter') click(e as unknown as MouseEvent);
            }
          : undefined
      }
      tabIndex={click ? 0 : undefined}
      style={click ? { cursor: 'pointer' } : undefined}
      {...attributes}
    >
      <Stack gap={6}>
        {selection && (
          <Checkbox
            checked={selection.checked}
            onChange={selection.toggle}
            data-testid="list-card-select"
            {...selection.checkboxProps}
          />
        )}
        {labelled.map((column) => (
          <Group
            key={String(column.accessor)}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            data-field={String(column.accessor)}
          >
            <Text size="xs" c="dimmed" fw={500} style={{ flexShrink: 0, maxWidth: '40%' }}>
              {column.title}
            </Text>
            <Box fz="sm" ta="end" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {cellOf(column, record, index)}
            </Box>
          </Group>
        ))}
        {bare.length > 0 && (
          <Group justify="flex-end" gap="xs" wrap="wrap">
            {bare.map((column) => (
              <Box key={String(column.accessor)}>{cellOf(column, record, index)}</Box>
            ))}
          </Group>
        )}
        {expansion && (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setOpen((o) => !o)}
              rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              aria-expanded={open}
            >
              {t(open ? 'ui.list.hide_details' : 'ui.list.show_details')}
            </Button>
            <Collapse expanded={open}>
              {open ? expansion.content({ record, index, collapse: () => setOpen(false) }) : null}
            </Collapse>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function CardList<T>(props: CardProps<T>) {
  const { t } = useTranslation();
  const records = props.records ?? [];
  const columns = props.columns ?? [];
  const paged = props.page !== undefined && props.onPageChange !== undefined && props.recordsPerPage;
  const total = props.totalRecords ?? records.length;
  const from = paged ? (props.page! - 1) * props.recordsPerPage! + 1 : 1;
  const to = paged ? Math.min(total, from + records.length - 1) : records.length;
  const id = (record: T, index: number) =>
    props.idAccessor ? String(getRecordId(record, props.idAccessor as never)) : String(index);
  return (
    <Box pos="relative" p="xs" data-testid="list-cards" mih={records.length ? undefined : 160}>
      <LoadingOverlay visible={Boolean(props.fetching)} zIndex={5} overlayProps={{ blur: 1 }} />
      {records.length === 0 ? (
        (props.emptyState ?? (
          <Center mih={140}>
            <Stack align="center" gap={4} c="dimmed">
              {props.noRecordsIcon}
              <Text size="sm">{props.noRecordsText}</Text>
            </Stack>
          </Center>
        ))
      ) : (
        <Stack gap="xs">
          {records.map((record, index) => (
            <RecordCard
              key={id(record, index)}
              record={record}
              index={index}
              columns={columns}
              onRowClick={props.onRowClick}
              expansion={props.rowExpansion}
              attributes={props.customRowAttributes?.(record, index)}
              selection={
                props.onSelectedRecordsChange
                  ? {
                      checked: (props.selectedRecords ?? []).some((r) => id(r, -1) === id(record, index)),
                      toggle: () => {
                        const selected = props.selectedRecords ?? [];
                        const key = id(record, index);
                        props.onSelectedRecordsChange?.(
                          selected.some((r) => id(r, -1) === key)
                            ? selected.filter((r) => id(r, -1) !== key)
                            : [...selected, record],
                        );
                      },
                      checkboxProps: props.selectionCheckboxProps,
                    }
                  : undefined
              }
            />
          ))}
        </Stack>
      )}
      {paged && total > 0 ? (
        <Stack gap="xs" mt="sm" align="center">
          <Text size="xs" c="dimmed">
            {props.paginationText?.({ from, to, totalRecords: total })}
          </Text>
          <Pagination
            size="sm"
            total={Math.max(1, Math.ceil(total / props.recordsPerPage!))}
            value={props.page}
            onChange={props.onPageChange}
            siblings={0}
            boundaries={1}
            // The arrows have no text: name them for screen readers (axe "button-name").
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('ui.list.previous_page') }
                : control === 'next'
                  ? { 'aria-label': t('ui.list.next_page') }
                  : {}
            }
          />
          {props.recordsPerPageOptions && props.onRecordsPerPageChange ? (
            <Select
              size="xs"
              w={200}
              label={props.recordsPerPageLabel ?? t('ui.list.page_size')}
              data={props.recordsPerPageOptions.map(String)}
              value={String(props.recordsPerPage)}
              onChange={(v) => v && props.onRecordsPerPageChange!(Number(v))}
              allowDeselect={false}
            />
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}

export type ListTableProps<T> = DataTableProps<T>;

/**
 * The one list mechanism of both apps: a mantine-datatable on tablets and wider,
 * and below Mantine's `sm` breakpoint a stack of cards, one per record, each column a label and its
 * value (a column titled '' or `actions` goes to the card's foot), with the same pagination, empty
 * state, loading overlay, row click and row expansion. Takes DataTable's props.
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const phone = usePhoneLayout();
  if (phone) return <CardList<T> {...(props as unknown as CardProps<T>)} />;
  return <DataTable<T> {...(props as DataTableProps<T>)} />;
}
