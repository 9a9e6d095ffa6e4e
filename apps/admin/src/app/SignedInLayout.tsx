import type { SessionAdmin } from '@lm/contracts';
import { AppLayout, FullPageLoader, RequireAccess, useSession, useSignOut, visibleMenu } from '@lm/ui';
import { IconKey, IconLock } from '@tabler/icons-react';
import { type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { GlobalSearch } from '../components/GlobalSearch';
import { useDevMailboxAvailable } from '../hooks/use-dev-mailbox';
import { roleLabel } from '../i18n/labels';
import { NotFoundRoute } from '../routes/not-found/NotFoundRoute';
import { adminMenu } from './menu';
import { hasAdminRoute } from './routes';

/** The back-office shell: admin menu filtered by permission and by the screens that exist. */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const session = useSession<SessionAdmin>();
  const dev = useDevMailboxAvailable();
  const admin = session.user;
  const menu = useMemo(
    () =>
      visibleMenu(adminMenu, {
        can: (p) => session.ability.can('call', p),
        hasRoute: (path) => hasAdminRoute(path, dev.available),
      }),
    [session.ability, dev.available],
  );
  if (!admin) return <FullPageLoader />;
  return (
    <AppLayout
      admin
      search={<GlobalSearch />}
      menu={menu}
      notificationsBase="admin/notifications"
      notificationsPage={
        session.ability.can('call', 'view.main.notifications.tab.list') ? '/notifications' : undefined
      }
      user={{
        name: admin.name,
        email: admin.email,
        subtitle: admin.roles.map((role) => roleLabel(role, t)).join(', ') || t('admin.no_role'),
        links: [
          { to: '/account/password', label: 'admin.password.menu', icon: IconLock },
          { to: '/account/api-keys', label: 'nav.api_keys', icon: IconKey },
        ],
        onLogout: signOut,
      }}
    >
      {children}
    </AppLayout>
  );
}

/** Layout of the signed-in back-office routes (admin session required). */
export function SignedInLayout() {
  return (
    <RequireAccess loginPath="/login" access={{ requireVerified: false }} notFound={<NotFoundRoute />}>
      <SignedInShell>
        <Suspense fallback={<FullPageLoader inline />}>
          <Outlet />
        </Suspense>
      </SignedInShell>
    </RequireAccess>
  );
}
