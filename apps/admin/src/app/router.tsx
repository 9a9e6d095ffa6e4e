import type { SessionAdmin } from '@lm/contracts';
import {
  FullPageLoader,
  NotFoundPage,
  RequireAccess,
  ScreenCatalogs,
  StaleToastCloser,
  useSession,
} from '@lm/ui';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { NotFoundRoute } from '../routes/not-found/NotFoundRoute';
import { DevOnly } from './DevOnly';
import { adminRoutes, blankRoutes } from './routes';

// The signed-in shell loads after sign-in, not with the login screen (bundle budget).
const SignedInLayout = lazy(async () => ({ default: (await import('./SignedInLayout')).SignedInLayout }));
const SignedInNotFound = lazy(async () => {
  const { SignedInShell } = await import('./SignedInLayout');
  return {
    default: () => (
      <SignedInShell>
        <NotFoundRoute />
      </SignedInShell>
    ),
  };
});

function RootRedirect() {
  const session = useSession<SessionAdmin>();
  if (session.loading) return <FullPageLoader />;
  return <Navigate to={session.user ? '/dashboard' : '/login'} replace />;
}

function UnknownRoute() {
  const session = useSession<SessionAdmin>();
  if (session.loading) return <FullPageLoader />;
  return session.user ? <SignedInNotFound /> : <NotFoundPage homePath="/" />;
}

/** Routes of the back-office, served under /admin/. */
export function AppRouter() {
  return (
    <BrowserRouter basename="/admin">
      <StaleToastCloser />
      <Suspense fallback={<FullPageLoader />}>
        <Routes>
          <Route path="/" element={<RootRedirect />} />
          {blankRoutes.map(({ path, boot, screen: Screen }) => (
            <Route
              key={path}
              path={path}
              element={
                boot ? (
                  <Screen />
                ) : (
                  <ScreenCatalogs>
                    <Screen />
                  </ScreenCatalogs>
                )
              }
            />
          ))}
          <Route
            element={
              <ScreenCatalogs>
                <SignedInLayout />
              </ScreenCatalogs>
            }
          >
            {adminRoutes.map(({ path, access, devOnly, screen: Screen }) => (
              <Route
                key={path}
                path={path}
                element={
                  <RequireAccess access={access} loginPath="/login" notFound={<NotFoundRoute />}>
                    {devOnly ? (
                      <DevOnly>
                        <Screen />
                      </DevOnly>
                    ) : (
                      <Screen />
                    )}
                  </RequireAccess>
                }
              />
            ))}
          </Route>
          <Route path="*" element={<UnknownRoute />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
