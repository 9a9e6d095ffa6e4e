import type { SessionUser } from '@lm/contracts';
import {
  AppLayout,
  FullPageLoader,
  lazyScreen,
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
import { ActingBanner, ActingSwitcher } from './ActingSwitcher';
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

/** The signed-in shell (menu filtered by ability and user type) without any guard. */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const session = useSession<SessionUser>();
  const user = session.user;
  const menu = useMemo(
    () =>
      visibleMenu(userMenu, {
        can: (p) => session.ability.can('call', p),
        userType: user?.user_type_id,
        hasRoute,
      }),
    [session.ability, user?.user_type_id],
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
        links: USER_LINKS,
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
          <Outlet />
        </Suspense>
      </SignedInShell>
    </RequireAccess>
  );
}
