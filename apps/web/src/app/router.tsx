import type { SessionUser } from '@lm/contracts';
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
import { appRoutes, blankRoutes } from './routes';

// The signed-in shell (AppShell, menus, notifications, modals) loads after sign-in, not with the
// login screen (bundle budget, docs/performance.md).
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
  if (session.user?.email_verified && !session.user.must_change_password)
    return (
      <ScreenCatalogs>
        <SignedInNotFound />
      </ScreenCatalogs>
    );
  return <NotFoundPage homePath="/" />;
}

/**
 * Routes of the user app: blank-layout auth screens, guarded signed-in screens (each with the
 * permission it declares in routes.tsx), and not-found for everything else.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
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
            {appRoutes.map(({ path, access, screen: Screen }) => (
              <Route
                key={path}
                path={path}
                element={
                  <RequireAccess
                    access={access}
                    loginPath="/login"
                    verifyPath="/verify-user"
                    notFound={<NotFoundRoute />}
                  >
                    <Screen />
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
