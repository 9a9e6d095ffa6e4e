import { useLocation } from 'react-router';

/** Query parameter of the coin page naming where the artist came from. */
export const RETURN_PARAM = 'return';
const STORAGE_KEY = 'COINS_RETURN_TO';
/** Pages a purchase never returns to: the coin pages themselves and the API. */
const NOT_A_RETURN = ['/wallet/coins/packages', '/paypal/callback', '/api/', '/api'];

/**
 * A return path the coin pages may lead back to after a purchase, or null.
 *
 * Only a path of this app on this origin is kept: it starts with one `/` (not `//` or `/\`, which
 * browsers read as another host), has no control characters, resolves against `origin` to that same
 * origin, and is not a coin page or the API. The answer is the normalised `path?query#hash`, so no open
 * redirect can be built from the query string.
 * @param raw the `?return=` value as read (already URL-decoded), or null
 * @param origin the app's origin, e.g. `window.location.origin`
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || raw.length > 500) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = url.pathname;
  if (NOT_A_RETURN.some((p) => path === p || (p.endsWith('/') && path.startsWith(p)))) return null;
  return `${path}${url.search}${url.hash}`;
}

/** Keeps the return path for this tab across the payment provider's pages (null forgets it). */
export function rememberReturnPath(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(STORAGE_KEY, path);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable: the pages then lead back to the packages only.
  }
}

/** The return path kept for this tab, checked again (storage is not trusted), or null. */
export function storedReturnPath(): string | null {
  try {
    return safeReturnPath(sessionStorage.getItem(STORAGE_KEY), window.location.origin);
  } catch {
    return null;
  }
}

/** The coin page's link that brings the artist back to the current page after a purchase. */
export function useBuyCoinsLink(): string {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return `/wallet/coins/packages?${new URLSearchParams({ [RETURN_PARAM]: here })}`;
}
