import { WEB_VITAL_OTHER_ROUTE } from '@lm/contracts/web-vitals-terms';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
} from 'react';
import { BrowserRouter, matchRoutes, Navigate, Route, Routes, useLocation } from 'react-router';
import { FullPageLoader } from '../layout/FullPageLoader';
import { StaleToastCloser } from '../layout/StaleToastCloser';
import { useSession } from '../session/session';
import { loadScreenStyles } from '../theme/load-styles';
import { recordRoute } from '../vitals/route-timeline';
import type { RouteAccess } from './guard';
import type { RoutePrefetch } from './preload';
import { RequireAccess } from './RequireAccess';
import { ScreenAssets } from './ScreenAssets';

/** A screen of an app and what a session needs to open it. */
export interface ScreenRoute {
  path: string;
  access?: RouteAccess;
  /** Usually a `React.lazy` component, so that each screen is its own chunk. */
  screen: ComponentType;
  /**
   * A sign-in screen that renders with the boot halves of the catalogs alone (`BOOT_SUBTREES` in
   * packages/ui/src/build/client-messages.ts); every other screen waits for `ScreenAssets`.
   */
  boot?: true;
  /** The screen's first queries, started while the app boots on this address (`preloadOpenedRoute`). */
  prefetch?: RoutePrefetch;
}

export interface ScreenRouterProps<R extends ScreenRoute> {
  /** Where the app is served (`/admin` for the back-office); the root when absent. */
  basename?: string;
  /** Screens without the signed-in shell (sign-in, public pages). */
  blankRoutes: readonly R[];
  /** Screens inside the signed-in shell, each behind its route's access. */
  signedInRoutes: readonly R[];
  /** The signed-in shell; it renders the screen through an `<Outlet />`. */
  signedInLayout: ComponentType;
  /** Shown in the shell when the session lacks a screen's permission. */
  notFound: ReactNode;
  /** Shown for a path no route matches. */
  unknown: ReactNode;
  /** Where sessions with an unverified e-mail address go (the user app). */
  verifyPath?: string;
  /** Wraps a signed-in screen, for conditions the route table carries beyond access. */
  wrap?: (route: R, screen: ReactNode) => ReactNode;
}

/**
 * The route tree both apps share: `/` goes to the dashboard or to /login, blank-layout screens
 * render on their own (boot screens without waiting for the screen catalogs), signed-in screens
 * render in the shell behind {@link RequireAccess}, and anything else shows `unknown`.
 */
export function ScreenRouter<R extends ScreenRoute>({
  basename,
  blankRoutes,
  signedInRoutes,
  signedInLayout: SignedInLayout,
  notFound,
  unknown,
  verifyPath,
  wrap,
}: ScreenRouterProps<R>) {
  return (
    <BrowserRouter basename={basename}>
      <StaleToastCloser />
      <RoutePatternTracker routes={[blankRoutes, signedInRoutes]} />
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
                  <ScreenAssets>
                    <Screen />
                  </ScreenAssets>
                )
              }
            />
          ))}
          <Route
            element={
              <ScreenAssets>
                <SignedInLayout />
              </ScreenAssets>
            }
          >
            {signedInRoutes.map((route) => {
              const Screen = route.screen;
              return (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <RequireAccess
                      access={route.access}
                      loginPath="/login"
                      verifyPath={verifyPath}
                      notFound={notFound}
                    >
                      {wrap ? wrap(route, <Screen />) : <Screen />}
                    </RequireAccess>
                  }
                />
              );
            })}
          </Route>
          <Route path="*" element={unknown} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

/**
 * Records the route pattern on screen (`/campaigns/:campaignId`, `/` for the root redirect, `*` for an
 * address no route matches) at each navigation, for the Core Web Vitals reporter (issue 37): the
 * pattern is matched as `<Routes>` matches it, so no id, token or query of the address is kept.
 */
function RoutePatternTracker({
  routes: [blank, signedIn],
}: {
  routes: [readonly ScreenRoute[], readonly ScreenRoute[]];
}) {
  const location = useLocation();
  const patterns = useMemo(
    () => [{ path: '/' }, ...[...blank, ...signedIn].map((r) => ({ path: r.path }))],
    [blank, signedIn],
  );
  useEffect(() => {
    recordRoute(matchRoutes(patterns, location)?.[0]?.route.path ?? WEB_VITAL_OTHER_ROUTE);
  }, [patterns, location]);
  return null;
}

/** `/`: the dashboard for a session, the login screen otherwise. */
function RootRedirect() {
  const session = useSession();
  if (session.loading) return <FullPageLoader />;
  return <Navigate to={session.user ? '/dashboard' : '/login'} replace />;
}

/** What an app's signed-in shell module exports. */
export interface SignedInShellModule {
  /** The shell around a routed screen (renders an `<Outlet />`). */
  SignedInLayout: ComponentType;
  /** The same shell around given children. */
  SignedInShell: ComponentType<{ children: ReactNode }>;
}

/**
 * Lazy halves of an app's signed-in shell, so that the shell (app shell, menus, notifications)
 * loads after sign-in and not with the login screen: `layout` for {@link ScreenRouter}'s
 * `signedInLayout`, `notFound` that shell around `notFound` (for unknown paths of a session).
 */
export function lazySignedInShell(
  load: () => Promise<SignedInShellModule>,
  notFound: ReactNode,
): {
  layout: LazyExoticComponent<ComponentType>;
  notFound: LazyExoticComponent<ComponentType>;
  /** Fetches the shell's chunk and all of Mantine's styles (for `preloadOpenedRoute`). */
  preload: () => Promise<unknown>;
} {
  // The shell's menus and frame use components the sign-in screens' styles leave out: it waits for
  // all of them, whichever route (a screen, an unknown address) shows it first.
  const loadWithStyles = async () => (await Promise.all([load(), loadScreenStyles()]))[0];
  return {
    preload: loadWithStyles,
    layout: lazy(async () => ({ default: (await loadWithStyles()).SignedInLayout })),
    notFound: lazy(async () => {
      const { SignedInShell } = await loadWithStyles();
      return { default: () => <SignedInShell>{notFound}</SignedInShell> };
    }),
  };
}
