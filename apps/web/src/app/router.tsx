import type { SessionUser } from '@lm/contracts';
import {
  FullPageLoader,
  lazySignedInShell,
  NotFoundPage,
  ScreenAssets,
  ScreenRouter,
  useSession,
} from '@lm/ui';
import { NotFoundRoute } from '../routes/not-found/NotFoundRoute';
import { appRoutes, blankRoutes } from './routes';

// The signed-in shell (AppShell, menus, notifications, modals) loads after sign-in, not with the
// login screen (bundle budget, docs/performance.md).
export const shell = lazySignedInShell(() => import('./SignedInLayout'), <NotFoundRoute />);

/** Unknown paths: not-found inside the shell for a session, a bare not-found page otherwise. */
function UnknownRoute() {
  const session = useSession<SessionUser>();
  if (session.loading) return <FullPageLoader />;
  if (session.user?.email_verified && !session.user.must_change_password)
    return (
      <ScreenAssets>
        <shell.notFound />
      </ScreenAssets>
    );
  return <NotFoundPage homePath="/" />;
}

/**
 * Routes of the user app: blank-layout auth screens, guarded signed-in screens (each with the
 * permission it declares in routes.tsx), and not-found for everything else.
 */
export function AppRouter() {
  return (
    <ScreenRouter
      blankRoutes={blankRoutes}
      signedInRoutes={appRoutes}
      signedInLayout={shell.layout}
      notFound={<NotFoundRoute />}
      unknown={<UnknownRoute />}
      verifyPath="/verify-user"
    />
  );
}
