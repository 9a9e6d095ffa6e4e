import { GENERAL } from '@lm/contracts/permissions';
import type { RouteAccess } from '@lm/ui';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath } from 'react-router';

/** A back-office screen and the permission it needs (spec section 2 "Admin back-office routes"). */
export interface AdminRoute {
  path: string;
  access?: RouteAccess;
  /** Only while the outbox mail driver is active. */
  devOnly?: boolean;
  screen: LazyExoticComponent<ComponentType>;
}

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** Blank-layout screens: /login and the public /privacy. */
export const blankRoutes: readonly AdminRoute[] = [
  { path: '/login', screen: page(() => import('../routes/login/LoginPage'), 'LoginPage') },
  { path: '/privacy', screen: page(() => import('../routes/privacy/PrivacyRoute'), 'PrivacyRoute') },
];

/** Signed-in screens. Later modules add theirs with the spec's permission; the menu follows. */
export const adminRoutes: readonly AdminRoute[] = [
  {
    path: '/dashboard',
    access: { permission: GENERAL, requireVerified: false },
    screen: page(() => import('../routes/dashboard/DashboardPage'), 'DashboardPage'),
  },
  {
    path: '/dev/mailbox',
    access: { permission: GENERAL, requireVerified: false },
    devOnly: true,
    screen: page(() => import('../routes/dev-mailbox/DevMailboxPage'), 'DevMailboxPage'),
  },
  {
    path: '/not-found',
    access: { permission: GENERAL, requireVerified: false },
    screen: page(() => import('../routes/not-found/NotFoundRoute'), 'NotFoundRoute'),
  },
];

/** True when the back-office has a screen at `path`; dev-only screens need `devAvailable`. */
export function hasAdminRoute(path: string, devAvailable: boolean): boolean {
  return adminRoutes.some(
    (route) => matchPath(route.path, path) !== null && (!route.devOnly || devAvailable),
  );
}
