import { Badge, Group } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type LookupField, type LookupRow, LookupTablePage } from '../../components/LookupTablePage';
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

interface LookupConfig {
  kind: LookupKind;
  title: string;
  schema: z.ZodType<Record<string, unknown>>;
  fields: LookupField[];
  empty: Record<string, unknown>;
  columns: (t: TFn) => DataTableColumn<LookupRow>[];
  retire?: boolean;
}

function LookupPage({ config }: { config: LookupConfig }) {
  const { t } = useTranslation();
  const list = useExpressLookup(config.kind);
  const save = useSaveLookup(config.kind);
  const retire = useRetireReason();
  return (
    <LookupTablePage
      title={config.title}
      nav={<ExpressNav />}
      fields={config.fields}
      empty={config.empty}
      schema={config.schema}
      columns={config.columns(t)}
      list={list}
      save={save}
      retire={config.retire ? (id) => retire.mutate(id) : undefined}
      actionsWidth={100}
      statusBadge="light"
    />
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
  columns: (t) => [
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
  columns: (t) => [
    {
      accessor: 'duration',
      title: t('express.admin.duration_days'),
      render: (r) => t('common.days', { count: Number(r.duration) }),
    },
  ],
};

/** The platforms a decline reason is offered on (`campaign_type_id`). */
const PLATFORM_CHOICES = [
  { value: 1, label: 'express.admin.platform_spotify' },
  { value: 2, label: 'express.admin.platform_tiktok' },
  { value: 3, label: 'express.admin.platform_instagram' },
] as const;

const REASONS: LookupConfig = {
  kind: 'reasons',
  title: 'express.admin.reasons_title',
  schema: reasonFormSchema as never,
  fields: [
    { name: 'reason', label: 'express.admin.reason', kind: 'text', translated: true },
    {
      name: 'campaign_type_ids',
      label: 'express.admin.platforms',
      kind: 'choices',
      choices: PLATFORM_CHOICES,
    },
  ],
  empty: { reason: '', campaign_type_ids: [1], status: true },
  columns: (t) => [
    { accessor: 'reason', title: t('express.admin.reason') },
    {
      accessor: 'campaign_type_ids',
      title: t('express.admin.platforms'),
      render: (r) => (
        <Group gap={4}>
          {((r.campaign_type_ids as number[] | undefined) ?? []).map((id) => (
            <Badge key={id} variant="light" size="sm">
              {t(PLATFORM_CHOICES.find((c) => c.value === id)?.label ?? String(id))}
            </Badge>
          ))}
        </Group>
      ),
    },
  ],
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

/**
 * /express/reasons/list (express.campaigns.show): the sellers' decline reasons, each offered on the
 * platforms ticked (curators' playlist reasons, creators' video reasons), with a text per language.
 */
export function ReasonsPage() {
  return <LookupPage config={REASONS} />;
}
