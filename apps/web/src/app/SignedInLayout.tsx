import { DEFAULT_USER_ROLES, GENERAL, type SessionUser, USER_TYPES } from '@lm/contracts';
import {
  AppLayout,
  FullPageLoader,
  lazyScreen,
  type MenuItem,
  RequireAccess,
  useSession,
  useSignOut,
  visibleMenu,
} from '@lm/ui';
import { IconKey, IconShieldLock, IconUserCircle, IconWebhook } from '@tabler/icons-react';
import { type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NotFoundRoute } from '../routes/not-found/NotFoundRoute';
import { ActingGate } from './ActingGate';
import { ActingBanner, ActingSwitcher } from './ActingSwitcher';
import {
  type ActingRoleMode,
  actingAllows,
  alwaysOpenWhileActing,
  routeAt,
  useActingAccess,
} from './acting-mode';
import { avatarUrl } from './avatar-url';
import { userMenu } from './menu';
import { hasRoute } from './routes';

// Shown to few sessions (a password set by staff), so its form and zod schemas are a chunk of their
// own rather than a part of the shell every signed-in screen waits for.
const ForcedChangePasswordPage = lazyScreen(
  () => import('../routes/auth/change-password/ForcedChangePasswordPage'),
  'ForcedChangePasswordPage',
);

const USER_LINKS = [
  { label: 'nav.account', to: '/account', icon: IconUserCircle },
  { label: 'nav.security', to: '/security', icon: IconShieldLock },
  { label: 'nav.api_keys', to: '/account/api-keys', icon: IconKey },
  { label: 'nav.webhooks', to: '/account/webhooks', icon: IconWebhook },
] as const;

/** What an artist's session holds (`DEFAULT_USER_ROLES` of user type 1): the menu's side while acting. */
const ARTIST_SIDE: readonly string[] = [GENERAL, ...DEFAULT_USER_ROLES[USER_TYPES.ARTIST]];

/**
 * The side menu while acting for an artist (issue 35): the artist's side (user type 1, an artist's
 * permissions), with only the screens marked `acting` that the member's role (`mode`) may use, and the
 * organisation screens (always the member's own).
 */
export function actingMenu(mode: ActingRoleMode): MenuItem[] {
  return visibleMenu(userMenu, {
    can: (p) => ARTIST_SIDE.includes(p),
    userType: USER_TYPES.ARTIST,
    hasRoute: (path) => {
      if (alwaysOpenWhileActing(path)) return hasRoute(path);
      const route = routeAt(path);
      return route !== undefined && actingAllows(route, mode);
    },
  });
}

/**
 * The signed-in shell (menu filtered by ability and user type) without any guard. While acting for an
 * artist the menu is {@link actingMenu} and the member's own account links are hidden.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const session = useSession<SessionUser>();
  const user = session.user;
  const { acting, mode } = useActingAccess();
  const menu = useMemo(
    () =>
      acting
        ? actingMenu(mode)
        : visibleMenu(userMenu, {
            can: (p) => session.ability.can('call', p),
            userType: user?.user_type_id,
            hasRoute,
          }),
    [acting, mode, session.ability, user?.user_type_id],
  );
  if (!user) return <FullPageLoader />;
  return (
    <AppLayout
      menu={menu}
      notificationsBase="notifications"
      notificationsPage="/notifications"
      switcher={(onPicked) => <ActingSwitcher onPicked={onPicked} />}
      banner={<ActingBanner />}
      user={{
        name: user.full_name || `${user.first_name} ${user.last_name}`,
        email: user.email,
        avatarUrl: avatarUrl(user.avatar),
        subtitle: t(`user_types.${user.user_type_id}`),
        links: acting ? [] : USER_LINKS,
        onLogout: signOut,
      }}
    >
      {children}
    </AppLayout>
  );
}

/**
 * Layout of the signed-in routes: session required, verified e-mail, forced password change first
 * (spec section 2), then the shell around the route.
 */
export function SignedInLayout() {
  return (
    <RequireAccess
      loginPath="/login"
      verifyPath="/verify-user"
      changePassword={
        <Suspense fallback={<FullPageLoader />}>
          <ForcedChangePasswordPage />
        </Suspense>
      }
      notFound={<NotFoundRoute />}
    >
      <SignedInShell>
        <Suspense fallback={<FullPageLoader inline />}>
          <ActingGate>
            <Outlet />
          </ActingGate>
        </Suspense>
      </SignedInShell>
    </RequireAccess>
  );
}
