import { NotFoundPage } from '@lm/ui';

/** /not-found and every unknown or forbidden route inside the signed-in shell. */
export function NotFoundRoute() {
  return <NotFoundPage homePath="/dashboard" />;
}
