import type { SessionAdmin } from '@lm/contracts';
import { FullPageLoader, lazySignedInShell, NotFoundPage, ScreenRouter, useSession } from '@lm/ui';
import { NotFoundRoute } from '../routes/not-found/NotFoundRoute';
import { DevOnly } from './DevOnly';
import { adminRoutes, blankRoutes } from './routes';

// The signed-in shell loads after sign-in, not with the login screen (bundle budget).
export const shell = lazySignedInShell(() => import('./SignedInLayout'), <NotFoundRoute />);

function UnknownRoute() {
  const session = useSession<SessionAdmin>();
  if (session.loading) return <FullPageLoader />;
  return session.user ? <shell.notFound /> : <NotFoundPage homePath="/" />;
}

/** Routes of the back-office, served under /admin/. */
export function AppRouter() {
  return (
    <ScreenRouter
      basename="/admin"
      blankRoutes={blankRoutes}
      signedInRoutes={adminRoutes}
      signedInLayout={shell.layout}
      notFound={<NotFoundRoute />}
      unknown={<UnknownRoute />}
      wrap={(route, screen) => (route.devOnly ? <DevOnly>{screen}</DevOnly> : screen)}
    />
  );
}
