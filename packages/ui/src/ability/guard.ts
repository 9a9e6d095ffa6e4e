import { GENERAL } from '@lm/contracts/permissions';

/** What a route asks of the session (spec section 2). */
export interface RouteAccess {
  /**
   * Permission checked with action `call` (e.g. `ARTIST_PERMISSION`, `view.main.users.tab.list`).
   * `general` (or none) means any signed-in user.
   */
  permission?: string;
  /** User types allowed (1 artist, 2 curator, 3 other); all when absent. */
  userTypes?: readonly number[];
  /** Routes need a verified user unless this is false (spec section 6). */
  requireVerified?: boolean;
}

/** The parts of a session the guard reads. */
export interface GuardSession {
  loading: boolean;
  token: string | null;
  user: {
    email_verified?: boolean;
    must_change_password?: boolean;
    user_type_id?: number;
  } | null;
}

/** Outcome of the guard: render the route, wait, or send the user elsewhere. */
export type GuardOutcome = 'ok' | 'loading' | 'login' | 'verify' | 'change-password' | 'not-found';

/** True when the permission is granted (`general` is open to any signed-in user). */
export function allows(can: (permission: string) => boolean, permission: string | undefined): boolean {
  return !permission || permission === GENERAL || can(permission);
}

/**
 * Decides whether a guarded route may render.
 *
 * Order: still loading → wait; no session → login; unverified → verify-user; a forced password
 * change → the change-password screen; missing permission or wrong user type → not-found (a
 * forbidden route is never a blank page).
 */
export function resolveAccess(
  session: GuardSession,
  can: (permission: string) => boolean,
  access: RouteAccess = {},
): GuardOutcome {
  if (session.loading) return 'loading';
  if (!session.token || !session.user) return 'login';
  if (access.requireVerified !== false && session.user.email_verified === false) return 'verify';
  if (session.user.must_change_password) return 'change-password';
  if (!allows(can, access.permission)) return 'not-found';
  if (access.userTypes && !access.userTypes.includes(session.user.user_type_id ?? -1)) return 'not-found';
  return 'ok';
}
