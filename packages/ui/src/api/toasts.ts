import { LIMITS } from '@lm/contracts/limits';

/** An error toast on screen: its Mantine id and the path of the page that raised it. */
interface ShownError {
  id: string;
  path: string;
}

const shownErrors: ShownError[] = [];

// Loaded on the first toast, so the login screen does not download the toast code up front.
const load = () => import('@mantine/notifications').then((m) => m.notifications);

/** The router path of the page on screen, as {@link pageShown} was last told. */
let page = '';

function hide(keep: (shown: ShownError) => boolean): void {
  const stale = shownErrors.filter((shown) => !keep(shown));
  if (stale.length === 0) return;
  for (const shown of stale) shownErrors.splice(shownErrors.indexOf(shown), 1);
  void load().then((notifications) => {
    for (const shown of stale) notifications.hide(shown.id);
  });
}

/**
 * Shows an error toast (5 s, spec section 9), remembered with the page that raised it so that it
 * never outlives its page.
 */
export function showErrorToast(message: string): void {
  const path = page;
  void load().then((notifications) => {
    // The page was left while the toast code loaded: the message no longer belongs on screen.
    if (page !== path) return;
    const id = notifications.show({ color: 'red', message, autoClose: LIMITS.toastMs });
    shownErrors.push({ id, path });
  });
}

/**
 * Shows a success toast (5 s); the error toasts still on screen are closed, since what failed before
 * has now worked or been replaced ("The code is wrong or has expired" stayed after
 * the right code was accepted).
 */
export function showSuccessToast(message: string): void {
  hide(() => false);
  void load().then((notifications) => {
    notifications.show({ color: 'green', message, autoClose: LIMITS.toastMs });
  });
}

/**
 * Tells the toasts which page is on screen (the router's pathname) and closes the error toasts raised
 * on another one ("These credentials do not match our records" followed the user to
 * the forgot-password page). Called on every navigation by `StaleToastCloser`.
 */
export function pageShown(path: string): void {
  page = path;
  hide((shown) => shown.path === path);
}
