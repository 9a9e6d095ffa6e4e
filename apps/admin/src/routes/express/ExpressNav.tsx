import { EXPRESS_ADMIN_PERMISSIONS as P } from '@lm/contracts';
import { IconClock, IconMessageX, IconPlaylist, IconSpeakerphone, IconStairs } from '@tabler/icons-react';
import { type SectionLink, SectionNav } from '../../components/SectionNav';

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
] as const satisfies readonly SectionLink[];

/** Links between the back-office Spotify express screens. */
export function ExpressNav() {
  return <SectionNav links={LINKS} testId="express-nav" />;
}
