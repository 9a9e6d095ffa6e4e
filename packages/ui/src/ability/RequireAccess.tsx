import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../layout/FullPageLoader';
import { useSession } from '../session/session';
import { type RouteAccess, resolveAccess } from './guard';

export interface RequireAccessProps {
  access?: RouteAccess;
  loginPath: string;
  /** Where unverified users go (user app). */
  verifyPath?: string;
  /** Rendered when the session must change its password first. */
  changePassword?: ReactNode;
  notFound: ReactNode;
  children: ReactNode;
}

/**
 * Route guard: renders the route when {@link resolveAccess} allows it; otherwise sends visitors
 * to login (remembering where they were going), unverified users to verify-user, forced password
 * changes to the change-password screen, and shows not-found for missing permissions.
 */
export function RequireAccess({
  access,
  loginPath,
  verifyPath,
  changePassword,
  notFound,
  children,
}: RequireAccessProps) {
  const session = useSession<{ email?: string; email_verified?: boolean; must_change_password?: boolean }>();
  const location = useLocation();
  const outcome = resolveAccess(session, (p) => session.ability.can('call', p), access);
  switch (outcome) {
    case 'loading':
      return <FullPageLoader />;
    case 'login': {
      if (session.signedOut) return <Navigate to={loginPath} replace />;
      const redirect = `${location.pathname}${location.search}`;
      return <Navigate to={`${loginPath}?redirect=${encodeURIComponent(redirect)}`} replace />;
    }
    case 'verify':
      return (
        <Navigate
          to={`${verifyPath ?? loginPath}?email=${encodeURIComponent(session.user?.email ?? '')}`}
          replace
        />
      );
    case 'change-password':
      return <>{changePassword ?? notFound}</>;
    case 'not-found':
      return <>{notFound}</>;
    case 'ok':
      return <>{children}</>;
  }
}
