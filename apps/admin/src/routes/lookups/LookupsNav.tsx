import { Button, Group } from '@mantine/core';
import { IconCategory, IconHeart, IconLayersSubtract, IconPhoto, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** The reference-data screens (all under view.main.genres.tab.list). */
export const LOOKUP_LINKS = [
  { to: '/genres/list', label: 'staff.lookups.genres', icon: IconCategory },
  { to: '/interests/list', label: 'staff.lookups.interests', icon: IconHeart },
  { to: '/userTypes/list', label: 'staff.lookups.user_types', icon: IconUsersGroup },
  { to: '/tiers/list', label: 'staff.lookups.tiers', icon: IconLayersSubtract },
  { to: '/sliders/list', label: 'staff.lookups.sliders', icon: IconPhoto },
] as const;

/** Links between the reference-data screens. */
export function LookupsNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group gap="xs" data-testid="lookups-nav">
      {LOOKUP_LINKS.map(({ to, label, icon: Icon }) => (
        <Button
          key={to}
          component={Link}
          to={to}
          size="xs"
          variant={pathname === to ? 'filled' : 'light'}
          leftSection={<Icon size={14} />}
        >
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}
