import { IconCategory, IconHeart, IconLayersSubtract, IconPhoto, IconUsersGroup } from '@tabler/icons-react';
import { type SectionLink, SectionNav } from '../../components/SectionNav';

/** The reference-data screens (all under view.main.genres.tab.list). */
export const LOOKUP_LINKS = [
  { to: '/genres/list', label: 'staff.lookups.genres', icon: IconCategory },
  { to: '/interests/list', label: 'staff.lookups.interests', icon: IconHeart },
  { to: '/userTypes/list', label: 'staff.lookups.user_types', icon: IconUsersGroup },
  { to: '/tiers/list', label: 'staff.lookups.tiers', icon: IconLayersSubtract },
  { to: '/sliders/list', label: 'staff.lookups.sliders', icon: IconPhoto },
] as const satisfies readonly SectionLink[];

/** Links between the reference-data screens. */
export function LookupsNav() {
  return <SectionNav links={LOOKUP_LINKS} testId="lookups-nav" />;
}
