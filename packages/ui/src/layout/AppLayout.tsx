import { ActionIcon, AppShell, Box, Burger, Group, ScrollArea, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationsBase } from '../notifications/use-notifications';
import { readPreference, STORAGE_KEYS, writePreference } from '../session/storage-keys';
import { usePreferences } from '../theme/preferences';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import { MaintenanceBannerSlot } from './MaintenanceGate';
import type { MenuItem } from './menu';
import { NotificationsBell } from './NotificationsBell';
import { SideMenu } from './SideMenu';
import { SkinSwitch } from './SkinSwitch';
import { UserMenu, type UserMenuProps } from './UserMenu';

export interface AppLayoutProps {
  /** Visible menu items (already filtered with visibleMenu). */
  menu: readonly MenuItem[];
  user: UserMenuProps;
  /** `notifications` or `admin/notifications`. */
  notificationsBase: NotificationsBase;
  /** Path of the full notifications screen, when the signed-in account may open it. */
  notificationsPage?: string;
  admin?: boolean;
  /** The app's search field, shown in the top bar before the language switch (the back-office's global search). */
  search?: ReactNode;
  /**
   * Who the tab acts as (the user app's organisation switcher, issue 35): in the top bar from `sm`,
   * at the top of the menu drawer on a phone. Given as a function, it is called with what to do once a
   * choice is made (the drawer closes on a phone; nothing in the top bar).
   */
  switcher?: ReactNode | ((onPicked: () => void) => ReactNode);
  /** Shown above every screen (the "Acting for …" banner while a member acts for an artist). */
  banner?: ReactNode;
  children: ReactNode;
}

const EXPANDED = 260;
const noop = () => undefined;
const COLLAPSED = 76;

/**
 * Signed-in layout of both apps: collapsible side menu (collapsed by default,
 * the choice is remembered), top bar with language switch, skin switch, notifications bell and
 * user menu. Holds the confirm-dialog provider (confirmAction) of the signed-in screens.
 */
export function AppLayout({
  menu,
  user,
  notificationsBase,
  notificationsPage,
  admin,
  search,
  switcher,
  banner,
  children,
}: AppLayoutProps) {
  const { t } = useTranslation();
  const { skin } = usePreferences();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [collapsed, setCollapsed] = useState(() => readPreference(STORAGE_KEYS.menuCollapsed) !== 'false');

  const toggle = () => {
    setCollapsed((c) => {
      writePreference(STORAGE_KEYS.menuCollapsed, String(!c));
      return !c;
    });
  };

  return (
    <ModalsProvider labels={{ confirm: t('ui.confirm.yes'), cancel: t('ui.confirm.cancel') }}>
      <AppShell
        header={{ height: 64 }}
        navbar={{
          width: collapsed ? COLLAPSED : EXPANDED,
          breakpoint: 'sm',
          collapsed: { mobile: !mobileOpened },
        }}
        padding="lg"
      >
        <AppShell.Header className="lm-header">
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger
                opened={mobileOpened}
                onClick={mobile.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('ui.topbar.toggle_menu')}
              />
              <Tooltip
                label={t(collapsed ? 'ui.topbar.expand_menu' : 'ui.topbar.collapse_menu')}
                withinPortal
              >
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  visibleFrom="sm"
                  onClick={toggle}
                  aria-label={t(collapsed ? 'ui.topbar.expand_menu' : 'ui.topbar.collapse_menu')}
                  data-testid="menu-toggle"
                >
                  {collapsed ? (
                    <IconLayoutSidebarLeftExpand size={20} className="lm-flip-rtl" />
                  ) : (
                    <IconLayoutSidebarLeftCollapse size={20} className="lm-flip-rtl" />
                  )}
                </ActionIcon>
              </Tooltip>
              <Brand admin={admin} textFrom="xs" />
            </Group>
            {/* Never shrunk: below `xs` the brand shows its icon only, so the account menu stays on screen. */}
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {search}
              {switcher && (
                <Box visibleFrom="sm">{typeof switcher === 'function' ? switcher(noop) : switcher}</Box>
              )}
              <LanguageSwitch />
              <SkinSwitch />
              <NotificationsBell base={notificationsBase} pageLink={notificationsPage} />
              <UserMenu {...user} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar
          className="lm-navbar"
          p={collapsed && !mobileOpened ? 'xs' : 'md'}
          data-mantine-color-scheme={skin === 'semi-dark' ? 'dark' : undefined}
        >
          {switcher && (
            <AppShell.Section hiddenFrom="sm" pb="sm">
              {typeof switcher === 'function' ? switcher(mobile.close) : switcher}
            </AppShell.Section>
          )}
          <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
            <SideMenu items={menu} collapsed={collapsed && !mobileOpened} onNavigate={mobile.close} />
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main className="lm-main">
          <MaintenanceBannerSlot />
          {banner}
          {children}
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
