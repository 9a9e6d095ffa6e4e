import { type ReactNode, use } from 'react';
import { loadScreenCatalogs } from './i18n';

/**
 * Renders its children once the screens halves of the catalogs are loaded (suspends until then: put
 * it under a `<Suspense>`). The routers wrap every screen but the sign-in ones in it, so the login
 * route downloads only the boot halves (docs/performance.md "Bundle budget").
 */
export function ScreenCatalogs({ children }: { children: ReactNode }) {
  use(loadScreenCatalogs());
  return children;
}
