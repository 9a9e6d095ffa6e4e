import type { Translations } from '@lm/contracts/translations';
import {
  CountedTextarea,
  confirmAction,
  isApiError,
  LANGUAGE_LABEL,
  ListTable,
  NumberField,
  TranslatedField,
  translateMessage,
  translationErrors,
  usePageTitle,
} from '@lm/ui';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArchive, IconEdit, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  durationFormSchema,
  type LookupKind,
  reasonFormSchema,
  tierFormSchema,
  useExpressLookup,
  useRetireReason,
  useSaveLookup,
} from '../../hooks/use-express';
import { ExpressNav } from './ExpressNav';

type TFn = ReturnType<typeof useTranslation>['t'];
type Row = { id: number; status?: number } & Record<string, unknown>;
/**
 * A field of a lookup form; `max` is a text area's limit in characters (the server's); `translated`
 * fields are edited in the five languages side by side (issue 28 item 11).
 */
type Field = {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'textarea';
  max?: number;
  translated?: boolean;
};

interface LookupConfig {
  kind: LookupKind;
  title: string;
  schema: z.ZodType<Record<string, unknown>>;
  fields: Field[];
  empty: Record<string, unknown>;
  columns: (lang: string, t: TFn) => DataTableColumn<Row>[];
  retire?: boolean;
}

function LookupForm({ config, row, onDone }: { config: LookupConfig; row: Row | null; onDone(): void }) {
  const { t } = useTranslation();
  const save = useSaveLookup(config.kind);
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    row
      ? {
          ...Object.fromEntries(config.fields.map((f) => [f.name, row[f.name] ?? config.empty[f.name]])),
          status: row.status !== 0,
        }
      : { ...config.empty },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [translations, setTranslations] = useState<Translations>(
    (row?.translations as Translations | undefined) ?? {},
  );
  const translated = config.fields.some((f) => f.translated);
  const submit = async () => {
    const parsed = config.schema.safeParse(values);
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
        body: {
          ...(parsed.data as Record<string, unknown> & { status: boolean }),
          ...(translated ? { translations } : {}),
        },
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
  const inFiveLanguages = (f: Field, english: ReactNode) =>
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
      {config.fields.map((f) =>
        f.kind === 'number' ? (
          <NumberField
            key={f.name}
            label={t(f.label)}
            value={values[f.name] as number | undefined}
            onChange={(v) => setValues((s) => ({ ...s, [f.name]: v ?? undefined }))}
            error={errors[f.name]}
            min={1}
            allowDecimal={false}
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
              onChange={(e) => setValues((s) => ({ ...s, [f.name]: e.currentTarget.value }))}
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
              onChange={(e) => setValues((s) => ({ ...s, [f.name]: e.currentTarget.value }))}
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
        onChange={(e) => setValues((s) => ({ ...s, status: e.currentTarget.checked }))}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('ui.confirm.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} data-testid="lookup-save">
          {t('express.admin.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function LookupPage({ config }: { config: LookupConfig }) {
  const { t, i18n } = useTranslation();
  usePageTitle(config.title);
  const list = useExpressLookup(config.kind);
  const retire = useRetireReason();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const rows = (list.data ?? []) as unknown as Row[];
  return (
    <Stack gap="md">
      <ExpressNav />
      <Group justify="space-between">
        <Title order={2}>{t(config.title)}</Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing(null)}
          data-testid="lookup-add"
        >
          {t('express.admin.add')}
        </Button>
      </Group>
      <Paper p={0} style={{ overflow: 'hidden' }}>
        <ListTable<Row>
          records={rows}
          fetching={list.isFetching}
          minHeight={rows.length ? undefined : 180}
          noRecordsText={t('ui.list.empty')}
          striped
          highlightOnHover
          verticalSpacing="sm"
          columns={[
            { accessor: 'id', title: '#', width: 70 },
            ...config.columns(i18n.language, t),
            {
              accessor: 'status',
              title: t('express.fields.status'),
              render: (r) => (
                <Badge variant="light" color={r.status === 0 ? 'gray' : 'green'}>
                  {t(r.status === 0 ? 'express.admin.inactive' : 'express.admin.active')}
                </Badge>
              ),
            },
            {
              accessor: 'actions',
              title: '',
              width: 100,
              render: (r) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('express.admin.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('express.admin.edit')}
                      onClick={() => setEditing(r)}
                    >
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {config.retire && r.status !== 0 && (
                    <Tooltip label={t('express.admin.retire')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('express.admin.retire')}
                        onClick={async () => {
                          if (
                            await confirmAction({ danger: true, message: t('express.admin.retire_confirm') })
                          )
                            retire.mutate(r.id);
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
      </Paper>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t(editing ? 'express.admin.edit' : 'express.admin.add')}
        size={config.fields.some((f) => f.translated) ? 'xl' : 'md'}
        centered
      >
        {editing !== undefined && (
          <LookupForm
            key={editing?.id ?? 'new'}
            config={config}
            row={editing}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Modal>
    </Stack>
  );
}

const TIERS: LookupConfig = {
  kind: 'tiers',
  title: 'express.admin.tiers_title',
  schema: tierFormSchema as never,
  fields: [
    { name: 'tier_name', label: 'express.admin.tier_name', kind: 'text', translated: true },
    { name: 'price', label: 'express.admin.price_coins', kind: 'number' },
    {
      name: 'description',
      label: 'express.admin.description',
      kind: 'textarea',
      max: 500,
      translated: true,
    },
  ],
  empty: { tier_name: '', price: undefined, description: '', status: true },
  columns: (_lang, t) => [
    { accessor: 'tier_name', title: t('express.admin.tier_name') },
    {
      accessor: 'price',
      title: t('express.admin.price_coins'),
      render: (r) => t('common.coins', { count: Number(r.price) }),
    },
    { accessor: 'description', title: t('express.admin.description') },
  ],
};

const DURATIONS: LookupConfig = {
  kind: 'durations',
  title: 'express.admin.durations_title',
  schema: durationFormSchema as never,
  fields: [{ name: 'duration', label: 'express.admin.duration_days', kind: 'number' }],
  empty: { duration: undefined, status: true },
  columns: (_lang, t) => [
    {
      accessor: 'duration',
      title: t('express.admin.duration_days'),
      render: (r) => t('common.days', { count: Number(r.duration) }),
    },
  ],
};

const REASONS: LookupConfig = {
  kind: 'reasons',
  title: 'express.admin.reasons_title',
  schema: reasonFormSchema as never,
  fields: [{ name: 'reason', label: 'express.admin.reason', kind: 'text', translated: true }],
  empty: { reason: '', status: true },
  columns: (_lang, t) => [{ accessor: 'reason', title: t('express.admin.reason') }],
  retire: true,
};

/** /express/tiers/list (INFLUENCER_VIEW_TIERS): tiers and their price in coins. */
export function TiersPage() {
  return <LookupPage config={TIERS} />;
}

/** /express/durations/list (INFLUENCER_VIEW_TIERS): placement durations in days. */
export function DurationsPage() {
  return <LookupPage config={DURATIONS} />;
}

/** /express/reasons/list (express.campaigns.show): the curators' decline reasons. */
export function ReasonsPage() {
  return <LookupPage config={REASONS} />;
}
