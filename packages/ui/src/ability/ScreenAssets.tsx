import { type ReactNode, use } from 'react';
import { loadScreenCatalogs } from '../i18n/i18n';
import { loadScreenStyles } from '../theme/load-styles';

/**
 * Renders its children once the screens halves of the catalogs and all of Mantine's styles are
 * loaded (both fetched side by side; suspends until then: put it under a `<Suspense>`). The routers
 * wrap every screen but the sign-in ones in it, so the login route downloads only the boot halves
 * of the catalogs and the sign-in screens' styles (docs/performance.md "Bundle budget").
 */
export function ScreenAssets({ children }: { children: ReactNode }) {
  const styles = loadScreenStyles();
  const catalogs = loadScreenCatalogs();
  use(styles);
  use(catalogs);
  return children;
}
