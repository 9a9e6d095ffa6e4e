/**
 * Browser storage keys of spec section 6. Users keep their token under
 * `AUTH_TOKEN` (local and session storage), admins under `USER_TOKEN`.
 */
export const STORAGE_KEYS = {
  userToken: 'AUTH_TOKEN',
  adminToken: 'USER_TOKEN',
  language: 'APP_LANG',
  skin: 'APP_SKIN',
  menuCollapsed: 'APP_MENU_COLLAPSED',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can throw (private mode, disabled cookies); the app keeps working without it.
    return fallback;
  }
}

/** Reads a stored token: the tab's session storage first, then local storage. */
export function readToken(key: string): string | null {
  return safe(() => sessionStorage.getItem(key) ?? localStorage.getItem(key), null);
}

/** Stores a token in both local and session storage (spec section 6). */
export function writeToken(key: string, token: string): void {
  safe(() => {
    localStorage.setItem(key, token);
    sessionStorage.setItem(key, token);
  }, undefined);
}

/** Removes a token from both storages. */
export function clearToken(key: string): void {
  safe(() => {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }, undefined);
}

/** Reads a preference (language, skin, menu state) from local storage. */
export function readPreference(key: string): string | null {
  return safe(() => localStorage.getItem(key), null);
}

/** Stores a preference in local storage. */
export function writePreference(key: string, value: string): void {
  safe(() => localStorage.setItem(key, value), undefined);
}
