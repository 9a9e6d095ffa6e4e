import type { Translations } from '@lm/contracts/translations';
import {
  CountedTextarea,
  confirmAction,
  isApiError,
  LANGUAGE_LABEL,
  NumberField,
  StatusBadge,
  TranslatedField,
  translateMessage,
  translationErrors,
  usePageTitle,
} from '@lm/ui';
import { ActionIcon, Badge, Checkbox, Group, Stack, Switch, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArchive, IconEdit } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AddButton } from './AddButton';
import { FormActions } from './FormActions';
import { ListCard } from './ListCard';
import { RecordFormModal, useRecordEditor } from './RecordFormModal';

/** A row of a reference list: its id, its status (0 inactive, 1 active) and its own columns. */
export type LookupRow = { id: number; status?: number } & Record<string, unknown>;

/**
 * A field of a lookup form. `max` is a text area's limit in characters (the server's); `min` a
 * number's lowest value (1 when absent); `thousands` groups a number's digits with commas;
 * `translated` fields are edited in the five languages side by side; `choices` fields are ticked boxes.
 */
export type LookupField = {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'textarea' | 'choices';
  /** `choices`: the values offered (ticked ones are sent as a list of numbers), labels translation keys. */
  choices?: readonly { value: number; label: string }[];
  max?: number;
  min?: number;
  thousands?: boolean;
  translated?: boolean;
};

/** The form values sent to the server: the fields and `status` (active) as a boolean. */
export type LookupValues = Record<string, unknown> & { status: boolean };

/** The save mutation of a lookup: POST without `id`, PUT with it. */
export interface LookupSave {
  mutateAsync(input: { id?: number; body: LookupValues }): Promise<unknown>;
  isPending: boolean;
}

export interface LookupTablePageProps {
  /** Translation key of the page's title (also the document title). */
  title: string;
  /** The section navigation above the title. */
  nav: ReactNode;
  /** Drawn before the title. */
  icon?: ReactNode;
  fields: LookupField[];
  /** A new row's values, `status` included. */
  empty: Record<string, unknown>;
  /** Checks the form's values before they are sent; its messages are translation keys. */
  schema: z.ZodType<Record<string, unknown>>;
  /** The row's own columns, between the id and the status. */
  columns: DataTableColumn<LookupRow>[];
  list: { data?: readonly object[]; isFetching: boolean };
  save: LookupSave;
  /** Offers "retire" on active rows, after a confirmation. */
  retire?: (id: number) => void;
  /** The width of the actions column in pixels. */
  actionsWidth: number;
  /** `palette`: the status in the shared status palette; `light`: a green or grey badge. */
  statusBadge: 'palette' | 'light';
  /** `data-testid` of each table row. */
  rowTestId?: string;
  /** Keeps a form apart from another list's form of the same row id (the React key's prefix). */
  formKey?: string;
}

/**
 * A back-office reference list (tiers, durations, reasons): a table with each row's status, an
 * "add" button and an edit form in a modal; server validation errors land on their fields.
 */
export function LookupTablePage(props: LookupTablePageProps) {
  const { t } = useTranslation();
  usePageTitle(props.title);
  const { list, retire } = props;
  const editor = useRecordEditor<LookupRow>();
  const rows = (list.data ?? []) as LookupRow[];
  return (
    <Stack gap="md">
      {props.nav}
      <Group justify="space-between">
        {props.icon ? (
          <Group gap="xs">
            {props.icon}
            <Title order={2}>{t(props.title)}</Title>
          </Group>
        ) : (
          <Title order={2}>{t(props.title)}</Title>
        )}
        <AddButton onClick={() => editor.edit('new')} data-testid="lookup-add">
          {t('express.admin.add')}
        </AddButton>
      </Group>
      <ListCard<LookupRow>
        records={rows}
        fetching={list.isFetching}
        highlightOnHover
        customRowAttributes={props.rowTestId ? () => ({ 'data-testid': props.rowTestId }) : undefined}
        columns={[
          { accessor: 'id', title: '#', width: 70 },
          ...props.columns,
          {
            accessor: 'status',
            title: t('express.fields.status'),
            render: (r) => {
              const text = t(r.status === 0 ? 'express.admin.inactive' : 'express.admin.active');
              return props.statusBadge === 'palette' ? (
                <StatusBadge label={r.status === 0 ? 'Inactive' : 'Active'} text={text} />
              ) : (
                <Badge variant="light" color={r.status === 0 ? 'gray' : 'green'}>
                  {text}
                </Badge>
              );
            },
          },
          {
            accessor: 'actions',
            title: '',
            width: props.actionsWidth,
            render: (r) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t('express.admin.edit')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('express.admin.edit')}
                    onClick={() => editor.edit(r)}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
                {retire && r.status !== 0 && (
                  <Tooltip label={t('express.admin.retire')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('express.admin.retire')}
                      onClick={async () => {
                        if (await confirmAction({ danger: true, message: t('express.admin.retire_confirm') }))
                          retire(r.id);
                      }}
                    >
                      <IconArchive size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ),
          },
        ]}
      />
      <RecordFormModal
        editor={editor}
        titles={['express.admin.add', 'express.admin.edit']}
        size={props.fields.some((f) => f.translated) ? 'xl' : 'md'}
        keyPrefix={props.formKey}
      >
        {(row) => <LookupForm {...props} row={row} onDone={editor.close} />}
      </RecordFormModal>
    </Stack>
  );
}

function LookupForm({
  fields,
  empty,
  schema,
  save,
  row,
  onDone,
}: LookupTablePageProps & { row: LookupRow | null; onDone(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    row
      ? {
          ...Object.fromEntries(fields.map((f) => [f.name, row[f.name] ?? empty[f.name]])),
          status: row.status !== 0,
        }
      : { ...empty },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [translations, setTranslations] = useState<Translations>(
    (row?.translations as Translations | undefined) ?? {},
  );
  const translated = fields.some((f) => f.translated);
  const set = (name: string, value: unknown) => setValues((s) => ({ ...s, [name]: value }));
  const submit = async () => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), translateMessage(i.message)])),
      );
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({
        id: row?.id,
        body: { ...(parsed.data as LookupValues), ...(translated ? { translations } : {}) },
      });
      onDone();
    } catch (e) {
      if (isApiError(e) && e.errors)
        setErrors({
          ...Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0] ?? ''])),
          ...translationErrors(e),
        });
    }
  };
  const inFiveLanguages = (f: LookupField, english: ReactNode) =>
    f.translated ? (
      <TranslatedField
        key={f.name}
        label={t(f.label)}
        field={f.name}
        value={translations}
        onChange={setTranslations}
        errors={errors}
        multiline={f.kind === 'textarea'}
        testId={`${f.name}-translations`}
        english={english}
      />
    ) : (
      english
    );
  return (
    <Stack>
      {fields.map((f) =>
        f.kind === 'choices' ? (
          <Checkbox.Group
            key={f.name}
            label={t(f.label)}
            value={((values[f.name] as number[] | undefined) ?? []).map(String)}
            onChange={(v) => set(f.name, v.map(Number))}
            error={errors[f.name]}
            withAsterisk
          >
            <Group gap="md" mt={4}>
              {(f.choices ?? []).map((c) => (
                <Checkbox
                  key={c.value}
                  value={String(c.value)}
                  label={t(c.label)}
                  data-testid={`${f.name}-${c.value}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
        ) : f.kind === 'number' ? (
          <NumberField
            key={f.name}
            label={t(f.label)}
            value={values[f.name] as number | undefined}
            onChange={(v) => set(f.name, v ?? undefined)}
            error={errors[f.name]}
            min={f.min ?? 1}
            allowDecimal={false}
            thousandSeparator={f.thousands ? ',' : undefined}
            withAsterisk
            name={f.name}
          />
        ) : f.kind === 'textarea' ? (
          inFiveLanguages(
            f,
            <CountedTextarea
              key={f.name}
              max={f.max ?? 500}
              label={f.translated ? LANGUAGE_LABEL.en : t(f.label)}
              value={(values[f.name] as string | undefined) ?? ''}
              onChange={(e) => set(f.name, e.currentTarget.value)}
              error={errors[f.name]}
              autosize
              minRows={2}
            />,
          )
        ) : (
          inFiveLanguages(
            f,
            <TextInput
              key={f.name}
              label={f.translated ? LANGUAGE_LABEL.en : t(f.label)}
              value={(values[f.name] as string | undefined) ?? ''}
              onChange={(e) => set(f.name, e.currentTarget.value)}
              error={errors[f.name]}
              withAsterisk
              name={f.name}
            />,
          )
        ),
      )}
      <Switch
        label={t('express.admin.active')}
        checked={Boolean(values.status)}
        onChange={(e) => set('status', e.currentTarget.checked)}
      />
      <FormActions onCancel={onDone} onClick={submit} loading={save.isPending} data-testid="lookup-save">
        {t('express.admin.save')}
      </FormActions>
    </Stack>
  );
}
