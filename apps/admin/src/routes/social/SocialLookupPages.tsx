import { IconBrandInstagram, IconBrandTiktok, IconClock, IconStairs } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type LookupField, type LookupRow, LookupTablePage } from '../../components/LookupTablePage';
import { type SectionLink, SectionNav } from '../../components/SectionNav';
import {
  type SocialLookupKind,
  type SocialPlatform,
  socialDurationFormSchema,
  socialTierFormSchema,
  useSaveSocialLookup,
  useSocialLookup,
} from '../../hooks/use-social';

const PLATFORM_ICON = { tiktok: IconBrandTiktok, instagram: IconBrandInstagram } as const;

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

const FIELDS: Record<SocialLookupKind, LookupField[]> = {
  tiers: [
    { name: 'tier_name', label: 'express.admin.tier_name', kind: 'text', translated: true },
    { name: 'price', label: 'social_admin.price_per_video', kind: 'number', thousands: true },
    { name: 'min_followers', label: 'social_admin.min_followers', kind: 'number', min: 0, thousands: true },
    { name: 'description', label: 'express.admin.description', kind: 'textarea', max: 500, translated: true },
  ],
  durations: [{ name: 'duration', label: 'express.admin.duration_days', kind: 'number', thousands: true }],
};

const EMPTY: Record<SocialLookupKind, Record<string, unknown>> = {
  tiers: { tier_name: '', price: undefined, min_followers: 0, description: '', status: true },
  durations: { duration: undefined, status: true },
};

function SocialLookupPage({ kind }: { kind: SocialLookupKind }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const list = useSocialLookup(platform, kind);
  const save = useSaveSocialLookup(platform, kind);
  const Icon = PLATFORM_ICON[platform];
  const columns: DataTableColumn<LookupRow>[] =
    kind === 'tiers'
      ? [
          { accessor: 'tier_name', title: t('express.admin.tier_name') },
          {
            accessor: 'price',
            title: t('social_admin.price_per_video'),
            render: (r) => t('common.coins', { count: Number(r.price) }),
          },
          {
            accessor: 'min_followers',
            title: t('social_admin.min_followers'),
            render: (r) => t('social.count', { n: r.min_followers }),
          },
          { accessor: 'description', title: t('express.admin.description') },
        ]
      : [
          {
            accessor: 'duration',
            title: t('express.admin.duration_days'),
            render: (r) => t('common.days', { count: Number(r.duration) }),
          },
        ];
  return (
    <LookupTablePage
      title={`social_admin.${kind}_${platform}`}
      nav={<SocialNav />}
      icon={<Icon size={26} />}
      fields={FIELDS[kind]}
      empty={EMPTY[kind]}
      schema={(kind === 'tiers' ? socialTierFormSchema : socialDurationFormSchema) as never}
      columns={columns}
      list={list}
      save={save}
      actionsWidth={70}
      statusBadge="palette"
      rowTestId="lookup-row"
      formKey={`${platform}-`}
    />
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
