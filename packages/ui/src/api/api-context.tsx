import { createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from './api-client';

export interface ApiClients {
  /** Main client, 120 s timeout. */
  api: ApiClient;
  /** Upload client, 3600 s timeout (spec section 9). */
  upload: ApiClient;
}

const ApiContext = createContext<ApiClients | null>(null);

/** Makes the app's API clients available to hooks and shared components. */
export function ApiProvider({ clients, children }: { clients: ApiClients; children: ReactNode }) {
  return <ApiContext.Provider value={clients}>{children}</ApiContext.Provider>;
}

/** The app's API clients, or null outside an <ApiProvider> (shared marks shown in isolated tests). */
export function useOptionalApi(): ApiClients | null {
  return useContext(ApiContext);
}

/** The app's API clients. */
export function useApi(): ApiClients {
  const clients = useContext(ApiContext);
  if (!clients) throw new Error('useApi() needs an <ApiProvider>');
  return clients;
}
