import type { Translations } from '@lm/contracts/translations';
import {
  CountedTextarea,
  isApiError,
  LANGUAGE_LABEL,
  ListTable,
  NumberField,
  StatusBadge,
  TranslatedField,
  translateMessage,
  translationErrors,
  usePageTitle,
} from '@lm/ui';
import {
  ActionIcon,
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
import {
  IconBrandInstagram,
  IconBrandTiktok,
  IconClock,
  IconEdit,
  IconPlus,
  IconStairs,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type SectionLink, SectionNav } from '../../components/SectionNav';
import {
  type SocialDurationRow,
  type SocialLookupKind,
  type SocialPlatform,
  type SocialTierRow,
  socialDurationFormSchema,
  socialTierFormSchema,
  useSaveSocialLookup,
  useSocialLookup,
} from '../../hooks/use-social';

const PLATFORM_ICON = { tiktok: IconBrandTiktok, instagram: IconBrandInstagram } as const;
type Values = Record<string, unknown> & { status: boolean };

/** The platform of a `/tiktok/express/...` or `/instagram/express/...` path. */
function usePlatform(): SocialPlatform {
  return useLocation().pathname.startsWith('/instagram') ? 'instagram' : 'tiktok';
}

const SOCIAL_LINKS: readonly SectionLink[] = (['tiktok', 'instagram'] as const).flatMap((platform) =>
  (['tiers', 'durations'] as const).map((kind) => ({
    to: `/${platform}/express/${kind}/list`,
    label: `social_admin.${kind}_${platform}`,
    icon: kind === 'tiers' ? IconStairs : IconClock,
  })),
);

/** Links between the four TikTok/Instagram tier and duration screens. */
function SocialNav() {
  return <SectionNav links={SOCIAL_LINKS} testId="social-nav" />;
}

function LookupForm({
  platform,
  kind,
  row,
  onDone,
}: {
  platform: SocialPlatform;
  kind: SocialLookupKind;
  row: (SocialTierRow | SocialDurationRow) | null;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const save = useSaveSocialLookup(platform, kind);
  const [values, setValues] = useState<Values>(() => {
    if (kind === 'tiers') {
      const r = row as SocialTierRow | null;
      return {
        tier_name: r?.tier_name ?? '',
        price: r?.price,
        min_followers: r?.min_followers ?? 0,
        description: r?.description ?? '',
        status: r ? r.status !== 0 : true,
      };
    }
    const r = row as SocialDurationRow | null;
    return { duration: r?.duration, status: r ? r.status !== 0 : true };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [translations, setTranslations] = useState<Translations<'tier_name' | 'description'>>(
    (kind === 'tiers' ? (row as SocialTierRow | null)?.translations : undefined) ?? {},
  );
  const set = (name: string, value: unknown) => setValues((s) => ({ ...s, [name]: value }));
  const submit = async () => {
    const parsed = (kind === 'tiers' ? socialTierFormSchema : socialDurationFormSchema).safeParse(values);
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
        body: { ...(parsed.data as Values), ...(kind === 'tiers' ? { translations } : {}) },
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
  const number = (name: string, label: string, min: number) => (
    <NumberField
      label={t(label)}
      value={values[name] as number | undefined}
      onChange={(v) => set(name, v ?? undefined)}
      error={errors[name]}
      min={min}
      allowDecimal={false}
      thousandSeparator=","
      withAsterisk
      name={name}
    />
  );
  return (
    <Stack>
      {kind === 'tiers' ? (
        <>
          <TranslatedField
            label={t('express.admin.tier_name')}
            field="tier_name"
            value={translations}
            onChange={setTranslations}
            errors={errors}
            testId="tier_name-translations"
            english={
              <TextInput
                label={LANGUAGE_LABEL.en}
                value={String(values.tier_name ?? '')}
                onChange={(e) => set('tier_name', e.currentTarget.value)}
                error={errors.tier_name}
                withAsterisk
                name="tier_name"
              />
            }
          />
          {number('price', 'social_admin.price_per_video', 1)}
          {number('min_followers', 'social_admin.min_followers', 0)}
          <TranslatedField
            label={t('express.admin.description')}
            field="description"
            value={translations}
            onChange={setTranslations}
            errors={errors}
            multiline
            testId="description-translations"
            english={
              <CountedTextarea
                max={500}
                label={LANGUAGE_LABEL.en}
                value={String(values.description ?? '')}
                onChange={(e) => set('description', e.currentTarget.value)}
                error={errors.description}
                autosize
                minRows={2}
              />
            }
          />
        </>
      ) : (
        number('duration', 'express.admin.duration_days', 1)
      )}
      <Switch
        label={t('express.admin.active')}
        checked={values.status}
        onChange={(e) => set('status', e.currentTarget.checked)}
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

function SocialLookupPage({ kind }: { kind: SocialLookupKind }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const title = `social_admin.${kind}_${platform}`;
  usePageTitle(title);
  const list = useSocialLookup(platform, kind);
  const [editing, setEditing] = useState<SocialTierRow | SocialDurationRow | null | undefined>(undefined);
  const rows = (list.data ?? []) as (SocialTierRow & SocialDurationRow)[];
  const Icon = PLATFORM_ICON[platform];
  return (
    <Stack gap="md">
      <SocialNav />
      <Group justify="space-between">
        <Group gap="xs">
          <Icon size={26} />
          <Title order={2}>{t(title)}</Title>
        </Group>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing(null)}
          data-testid="lookup-add"
        >
          {t('express.admin.add')}
        </Button>
      </Group>
      <Paper p={0} style={{ overflow: 'hidden' }}>
        <ListTable<SocialTierRow & SocialDurationRow>
          records={rows}
          fetching={list.isFetching}
          minHeight={rows.length ? undefined : 180}
          noRecordsText={t('ui.list.empty')}
          striped
          highlightOnHover
          verticalSpacing="sm"
          customRowAttributes={() => ({ 'data-testid': 'lookup-row' })}
          columns={[
            { accessor: 'id', title: '#', width: 70 },
            ...(kind === 'tiers'
              ? [
                  { accessor: 'tier_name', title: t('express.admin.tier_name') },
                  {
                    accessor: 'price',
                    title: t('social_admin.price_per_video'),
                    render: (r: SocialTierRow) => t('common.coins', { count: r.price }),
                  },
                  {
                    accessor: 'min_followers',
                    title: t('social_admin.min_followers'),
                    render: (r: SocialTierRow) => t('social.count', { n: r.min_followers }),
                  },
                  { accessor: 'description', title: t('express.admin.description') },
                ]
              : [
                  {
                    accessor: 'duration',
                    title: t('express.admin.duration_days'),
                    render: (r: SocialDurationRow) => t('common.days', { count: r.duration }),
                  },
                ]),
            {
              accessor: 'status',
              title: t('express.fields.status'),
              render: (r) => (
                <StatusBadge
                  label={r.status === 0 ? 'Inactive' : 'Active'}
                  text={t(r.status === 0 ? 'express.admin.inactive' : 'express.admin.active')}
                />
              ),
            },
            {
              accessor: 'actions',
              title: '',
              width: 70,
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
        size={kind === 'tiers' ? 'xl' : 'md'}
        centered
      >
        {editing !== undefined && (
          <LookupForm
            key={`${platform}-${editing?.id ?? 'new'}`}
            platform={platform}
            kind={kind}
            row={editing}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Modal>
    </Stack>
  );
}

/**
 * /tiktok/express/tiers/list and /instagram/express/tiers/list (INFLUENCER_VIEW_TIERS, spec section 2):
 * a platform's tiers with their price per video in coins and the followers an account needs.
 */
export function SocialTiersPage() {
  return <SocialLookupPage kind="tiers" />;
}

/** /tiktok/express/durations/list and /instagram/express/durations/list (INFLUENCER_VIEW_TIERS). */
export function SocialDurationsPage() {
  return <SocialLookupPage kind="durations" />;
}
