const MOBILE_FLAG = 'OAUTH_MOBILE';
const COMPLETION_KEY = 'OAUTH_COMPLETION';
const BINDING_KEY = 'OAUTH_BINDING';

/**
 * Keeps the secret that binds a Google sign-in to this tab (answered by `oauth/gmail/redirect`), so
 * that only the browser which started the sign-in can finish it (a link to /oauth with
 * someone else's code and state is refused). sessionStorage: per tab, kept across the trip to Google.
 */
export function saveOauthBinding(binding: string): void {
  sessionStorage.setItem(BINDING_KEY, binding);
}

/** The binding secret of the Google sign-in this tab started, if any. */
export function readOauthBinding(): string | null {
  return sessionStorage.getItem(BINDING_KEY);
}

/** Forgets the binding secret once the sign-in is finished or refused (it serves one sign-in). */
export function clearOauthBinding(): void {
  sessionStorage.removeItem(BINDING_KEY);
}

/**
 * Deep link the mobile app registers for the end of a Google sign-in started at
 * /google/login/mobile; the token travels in the fragment, which is never sent to a server.
 */
export const MOBILE_APP_CALLBACK = 'libertycoins://auth/callback';

/** Marks the Google sign-in of this tab as started by the mobile app. */
export function markMobileOauth(): void {
  sessionStorage.setItem(MOBILE_FLAG, '1');
}

/** True (once) when the Google sign-in of this tab was started by the mobile app. */
export function consumeMobileOauth(): boolean {
  const mobile = sessionStorage.getItem(MOBILE_FLAG) === '1';
  sessionStorage.removeItem(MOBILE_FLAG);
  return mobile;
}

/** Data of a Google sign-in that still needs a user type and gender. */
export interface PendingCompletion {
  oauth_token: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** Keeps the pending completion in this tab, so /complete/oauth survives a reload. */
export function savePendingCompletion(data: PendingCompletion): void {
  sessionStorage.setItem(COMPLETION_KEY, JSON.stringify(data));
}

/** The pending completion, if any. */
export function readPendingCompletion(): PendingCompletion | null {
  try {
    const raw = sessionStorage.getItem(COMPLETION_KEY);
    return raw ? (JSON.parse(raw) as PendingCompletion) : null;
  } catch {
    return null;
  }
}

/** Forgets the pending completion. */
export function clearPendingCompletion(): void {
  sessionStorage.removeItem(COMPLETION_KEY);
}
