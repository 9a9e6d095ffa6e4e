import type { SessionAdmin } from '@lm/contracts';
import { FullPageLoader, NotFoundPage, RequireAccess, useSession } from '@lm/ui';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { NotFoundRoute } from '../routes/not-found/NotFoundRoute';
import { DevOnly } from './DevOnly';
import { adminRoutes, blankRoutes } from './routes';
import { SignedInLayout, SignedInShell } from './SignedInLayout';

function RootRedirect() {
  const session = useSession<SessionAdmin>();
  if (session.loading) return <FullPageLoader />;
  return <Navigate to={session.user ? '/dashboard' : '/login'} replace />;
}

function UnknownRoute() {
  const session = useSession<SessionAdmin>();
  if (session.loading) return <FullPageLoader />;
  if (session.user) {
    return (
      <SignedInShell>
        <NotFoundRoute />
      </SignedInShell>
    );
  }
  return <NotFoundPage homePath="/" />;
}

/** Router of the back-office, served under /admin/. */
export const router = createBrowserRouter(
  [
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
      children: adminRoutes.map(({ path, access, devOnly, screen: Screen }) => ({
        path,
        element: (
          <RequireAccess access={access} loginPath="/login" notFound={<NotFoundRoute />}>
            {devOnly ? (
              <DevOnly>
                <Screen />
              </DevOnly>
            ) : (
              <Screen />
            )}
          </RequireAccess>
        ),
      })),
    },
    { path: '*', element: <UnknownRoute /> },
  ],
  { basename: '/admin' },
);
