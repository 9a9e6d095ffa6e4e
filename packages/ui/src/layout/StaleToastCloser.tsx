import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageShown } from '../api/toasts';

/**
 * Closes the error toasts of the page left behind on every navigation (a refused
 * sign-in's message followed the user to the forgot-password page). Rendered once inside each app's
 * router.
 */
export function StaleToastCloser() {
  const { pathname } = useLocation();
  useEffect(() => pageShown(pathname), [pathname]);
  return null;
}
