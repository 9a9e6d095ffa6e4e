import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiClients, ApiProvider } from '../api/api-context';
import { directionOf } from '../i18n/languages';
import { MaintenanceGate } from '../layout/MaintenanceGate';
import { RequestProgressBar } from '../layout/RequestProgressBar';
import { PreferencesProvider, usePreferences } from './preferences';
import { colorSchemeOf, themeFor } from './skins';

export interface AppProvidersProps {
  clients: ApiClients;
  queryClient: QueryClient;
  /** The user app asks `maintenance-mode-check` on start; the back-office does not (admins turn it off). */
  checkMaintenance?: boolean;
  children: ReactNode;
}

function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(directionOf(i18n.language)), [i18n.language, setDirection]);
  return null;
}

function Themed({ children, checkMaintenance }: { children: ReactNode; checkMaintenance: boolean }) {
  const { skin, language } = usePreferences();
  const { t } = useTranslation();
  const theme = useMemo(() => themeFor(skin), [skin]);
  const rtl = directionOf(language) === 'rtl';
  return (
    <MantineProvider theme={theme} forceColorScheme={colorSchemeOf(skin)}>
      <ModalsProvider labels={{ confirm: t('ui.confirm.yes'), cancel: t('ui.confirm.cancel') }}>
        <Notifications position={rtl ? 'top-left' : 'top-right'} limit={4} />
        <RequestProgressBar />
        <MaintenanceGate check={checkMaintenance}>{children}</MaintenanceGate>
      </ModalsProvider>
    </MantineProvider>
  );
}

/**
 * Everything an app needs around its router: API clients, TanStack Query, language and skin,
 * Mantine (theme per skin, direction per language), modals, toasts, the request progress bar and
 * the maintenance screen.
 */
export function AppProviders({ clients, queryClient, checkMaintenance = false, children }: AppProvidersProps) {
  const { i18n } = useTranslation();
  return (
    <ApiProvider clients={clients}>
      <QueryClientProvider client={queryClient}>
        <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
          <DirectionSync />
          <PreferencesProvider>
            <Themed checkMaintenance={checkMaintenance}>{children}</Themed>
          </PreferencesProvider>
        </DirectionProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}
