import { EXPRESS_ADMIN_PERMISSIONS as P, type SessionAdmin } from '@lm/contracts';
import { useSession } from '@lm/ui';
import { Button, Group } from '@mantine/core';
import { IconClock, IconMessageX, IconPlaylist, IconSpeakerphone, IconStairs } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const LINKS = [
  {
    to: '/express/playlists/list',
    label: 'express.admin.playlists_title',
    icon: IconPlaylist,
    permission: P.playlists,
  },
  {
    to: '/express/campaigns/list',
    label: 'express.admin.campaigns_title',
    icon: IconSpeakerphone,
    permission: P.campaigns,
  },
  { to: '/express/tiers/list', label: 'express.admin.tiers_title', icon: IconStairs, permission: P.tiers },
  {
    to: '/express/durations/list',
    label: 'express.admin.durations_title',
    icon: IconClock,
    permission: P.tiers,
  },
  {
    to: '/express/reasons/list',
    label: 'express.admin.reasons_title',
    icon: IconMessageX,
    permission: P.campaigns,
  },
] as const;

/** Links between the back-office Spotify express screens. */
export function ExpressNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession<SessionAdmin>();
  return (
    <Group gap="xs" data-testid="express-nav">
      {LINKS.filter((l) => session.ability.can('call', l.permission)).map(({ to, label, icon: Icon }) => (
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
