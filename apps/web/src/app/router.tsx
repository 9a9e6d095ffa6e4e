import type { SessionUser } from '@lm/contracts';
import { FullPageLoader, NotFoundPage, RequireAccess, useSession } from '@lm/ui';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { NotFoundRoute } from '../routes/not-found/NotFoundRoute';
import { appRoutes, blankRoutes } from './routes';
import { SignedInLayout, SignedInShell } from './SignedInLayout';

/** `/`: the dashboard for a session, the login screen otherwise. */
function RootRedirect() {
  const session = useSession<SessionUser>();
  if (session.loading) return <FullPageLoader />;
  return <Navigate to={session.user ? '/dashboard' : '/login'} replace />;
}

/** Unknown paths: not-found inside the shell for a session, a bare not-found page otherwise. */
function UnknownRoute() {
  const session = useSession<SessionUser>();
  if (session.loading) return <FullPageLoader />;
  if (session.user && session.user.email_verified && !session.user.must_change_password) {
    return (
      <SignedInShell>
        <NotFoundRoute />
      </SignedInShell>
    );
  }
  return <NotFoundPage homePath="/" />;
}

/** Router of the user app: blank-layout auth screens, guarded signed-in screens, not-found for the rest. */
export const router = createBrowserRouter([
  { path: '/', element: <RootRedirect /> },
  ...blankRoutes.map(({ path, screen: Screen }) => ({
    path,
    element: (
      <Suspense fallback={<FullPageLoader />}>
        <Screen />
      </Suspense>
    ),
  })),
  {
    element: <SignedInLayout />,
    children: appRoutes.map(({ path, access, screen: Screen }) => ({
      path,
      element: (
        <RequireAccess access={access} loginPath="/login" verifyPath="/verify-user" notFound={<NotFoundRoute />}>
          <Screen />
        </RequireAccess>
      ),
    })),
  },
  { path: '*', element: <UnknownRoute /> },
]);
