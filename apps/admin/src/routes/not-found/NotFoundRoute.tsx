import { NotFoundPage } from '@lm/ui';

/** /not-found and every unknown or forbidden back-office route. */
export function NotFoundRoute() {
  return <NotFoundPage homePath="/dashboard" />;
}
