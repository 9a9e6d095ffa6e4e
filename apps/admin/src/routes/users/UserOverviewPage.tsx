import type { SessionAdmin } from '@lm/contracts';
import { USER_ADMIN_PERMISSIONS } from '@lm/contracts/permissions';
import { LoadingOrNotFound, usePageTitle, useSession } from '@lm/ui';
import { Anchor, Card, Grid, Group, Stack, Tabs, Title } from '@mantine/core';
import {
  IconActivity,
  IconArrowLeft,
  IconForms,
  IconKey,
  IconLayoutDashboard,
  IconLifebuoy,
  IconNotes,
  IconPlaylist,
  IconPlugConnected,
  IconSpeakerphone,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAdminUser } from '../../hooks/use-users';
import { FanFinderUserTab } from '../fan-finder/FanFinderSubscriptionsPage';
import { UserTicketsTab } from '../tickets/UserTicketsTab';
import { ActivitiesTab } from './overview/ActivitiesTab';
import { ApiKeysTab } from './overview/ApiKeysTab';
import { CampaignsTab } from './overview/CampaignsTab';
import { ConnectionsTab } from './overview/ConnectionsTab';
import { CustomCampaignsTab } from './overview/CustomCampaignsTab';
import { FormsTab } from './overview/FormsTab';
import { HeaderActions } from './overview/HeaderActions';
import { NotesTab } from './overview/NotesTab';
import { OrganisationsCard } from './overview/OrganisationsCard';
import { PlaylistsTab } from './overview/PlaylistsTab';
import { ProfileCard } from './overview/ProfileCard';
import { WalletTab } from './overview/WalletTab';
import { UserModal } from './UserModal';

const WALLET_PERMISSION = 'main.wallet.show.all.transactions';

/**
 * /users/{userId} (view.main.users.tab.list): the user overview of spec section 2. Tabs follow the
 * viewed user's type: Dashboard (last five campaigns) and Campaigns for artists and curators, Express
 * Playlists for curators, Connections for every type, Wallet (with main.wallet.show.all.transactions) and
 * Activities for everyone, Fan Finder Subscription for artists, Custom campaigns
 * (custom.campaigns.show) and Forms (VIEW_FORM) for artists. Each tab is its own file in ./overview.
 * The open tab is named by the address's `tab` (issue 36 "Lists": deep links; an unknown or hidden
 * tab opens the first). The header offers staff's actions for an approved user: a Spotify campaign or a playlist form for an
 * artist, a playlist for a curator, each behind its screen's permission.
 */
export function UserOverviewPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = Number(params.userId);
  const user = useAdminUser(id);
  const session = useSession<SessionAdmin>();
  const [editing, setEditing] = useState(false);
  // The open tab is in the address (`?tab=wallet`): a link, a reload and back/forward open it again.
  const [search, setSearch] = useSearchParams();
  usePageTitle('users.overview.title');
  if (!user.data) return <LoadingOrNotFound loading={user.isLoading} mih={300} />;
  const u = user.data;
  const type = u.user_type_id;
  const artist = type === 1;
  const curator = type === 2;
  const tabs: { value: string; label: string; icon: typeof IconWallet; panel: ReactNode }[] = [];
  if (artist || curator) {
    tabs.push(
      {
        value: 'dashboard',
        label: 'users.tabs.dashboard',
        icon: IconLayoutDashboard,
        panel: <CampaignsTab user={u} lastFive />,
      },
      {
        value: 'campaigns',
        label: 'users.tabs.campaigns',
        icon: IconSpeakerphone,
        panel: <CampaignsTab user={u} />,
      },
    );
  }
  if (curator) {
    tabs.push({
      value: 'playlists',
      label: 'users.tabs.playlists',
      icon: IconPlaylist,
      panel: <PlaylistsTab user={u} />,
    });
  }
  // The artist's custom campaigns and playlist forms show behind their staff lists' own permissions.
  if (artist && session.ability.can('call', 'custom.campaigns.show')) {
    tabs.push({
      value: 'custom-campaigns',
      label: 'behalf.tab_custom_campaigns',
      icon: IconSpeakerphone,
      panel: <CustomCampaignsTab user={u} />,
    });
  }
  if (artist && session.ability.can('call', 'VIEW_FORM')) {
    tabs.push({
      value: 'forms',
      label: 'behalf.tab_forms',
      icon: IconForms,
      panel: <FormsTab user={u} />,
    });
  }
  if (session.ability.can('call', WALLET_PERMISSION)) {
    tabs.push({
      value: 'wallet',
      label: 'users.tabs.wallet',
      icon: IconWallet,
      panel: <WalletTab user={u} />,
    });
  }
  // Every user type: artists and curators connect Spotify, influencers TikTok and Instagram.
  tabs.push({
    value: 'connections',
    label: 'users.tabs.connections',
    icon: IconPlugConnected,
    panel: <ConnectionsTab user={u} />,
  });
  if (session.ability.can('call', 'tickets.show')) {
    tabs.push({
      value: 'tickets',
      label: 'nav.tickets',
      icon: IconLifebuoy,
      panel: <UserTicketsTab userId={u.id} />,
    });
  }
  if (artist && session.ability.can('call', 'view.main.fan.finder.tab.list')) {
    tabs.push({
      value: 'fan-finder',
      label: 'fan_finder_admin.tab',
      icon: IconUsersGroup,
      panel: <FanFinderUserTab userId={u.id} />,
    });
  }
  if (session.ability.can('call', USER_ADMIN_PERMISSIONS.notesShow)) {
    tabs.push({ value: 'notes', label: 'users.notes.tab', icon: IconNotes, panel: <NotesTab user={u} /> });
  }
  tabs.push({
    value: 'api-keys',
    label: 'nav.api_keys',
    icon: IconKey,
    panel: <ApiKeysTab user={u} />,
  });
  tabs.push({
    value: 'activities',
    label: 'users.tabs.activities',
    icon: IconActivity,
    panel: <ActivitiesTab user={u} />,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Anchor component={Link} to="/users/list" aria-label={t('users.back')}>
            <IconArrowLeft size={20} style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
          </Anchor>
          <Title order={2}>{t('users.overview.title')}</Title>
        </Group>
        <HeaderActions user={u} />
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <ProfileCard user={u} onEdit={() => setEditing(true)} />
            <OrganisationsCard userId={u.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="md" radius="md">
            <Tabs
              value={tabs.some((tab) => tab.value === search.get('tab')) ? search.get('tab') : tabs[0]?.value}
              onChange={(tab) => {
                if (tab) setSearch({ tab });
              }}
              keepMounted={false}
            >
              <Tabs.List>
                {tabs.map(({ value, label, icon: Icon }) => (
                  <Tabs.Tab
                    key={value}
                    value={value}
                    leftSection={<Icon size={16} />}
                    data-testid={`tab-${value}`}
                  >
                    {t(label)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {tabs.map(({ value, panel }) => (
                <Tabs.Panel key={value} value={value} pt="md">
                  {panel}
                </Tabs.Panel>
              ))}
            </Tabs>
          </Card>
        </Grid.Col>
      </Grid>
      <UserModal opened={editing} user={u} onClose={() => setEditing(false)} />
    </Stack>
  );
}
