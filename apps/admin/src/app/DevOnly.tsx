import { FullPageLoader } from '@lm/ui';
import type { ReactNode } from 'react';
import { useDevMailboxAvailable } from '../hooks/use-dev-mailbox';
import { NotFoundRoute } from '../routes/not-found/NotFoundRoute';

/** Renders its screen only while the outbox mail driver is active; not-found otherwise. */
export function DevOnly({ children }: { children: ReactNode }) {
  const dev = useDevMailboxAvailable();
  if (dev.loading) return <FullPageLoader inline />;
  return <>{dev.available ? children : <NotFoundRoute />}</>;
}
