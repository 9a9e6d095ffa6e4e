import '@lm/ui/theme/sign-in-styles.css';
import '@lm/ui/theme/skins.css';
import {
  AppProviders,
  createQueryClient,
  initI18n,
  preloadOpenedRoute,
  publicSettingsQuery,
  reportVitalsAfterFirstPaint,
  STORAGE_KEYS,
  storedSkin,
  unreadCountQuery,
} from '@lm/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { clients } from './app/clients';
import { shell } from './app/router';
import { appRoutes } from './app/routes';

document.documentElement.dataset.skin = storedSkin();
const queryClient = createQueryClient();

const i18nReady = initI18n(undefined, undefined, { deferScreens: true });
// A stored session: what the opened screen waits for is fetched side by side from here on.
preloadOpenedRoute({
  tokenKey: STORAGE_KEYS.userToken,
  infoPath: 'user/info',
  routes: appRoutes,
  shell,
  api: clients.api,
  queryClient,
  shellPrefetch: ({ queryClient: client, api }) => {
    void client.prefetchQuery(publicSettingsQuery(api));
    void client.prefetchQuery(unreadCountQuery(api, 'notifications'));
  },
});

void i18nReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders clients={clients} queryClient={queryClient} checkMaintenance>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});

// Real-user Core Web Vitals (issue 37): the reporter loads after the page, outside the login budget.
reportVitalsAfterFirstPaint('web');
