import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiClients, ApiProvider } from '../api/api-context';
import { directionOf } from '../i18n/languages';
import { MaintenanceGate } from '../layout/MaintenanceGate';
import { RequestProgressBar } from '../layout/RequestProgressBar';
import { PreferencesProvider, usePreferences } from './preferences';
import { colorSchemeOf, skinCssVariables, themeFor } from './skins';

export interface AppProvidersProps {
  clients: ApiClients;
  queryClient: QueryClient;
  /** The user app asks `maintenance-mode-check` on start. */
  checkMaintenance?: boolean;
  /**
   * The back-office: maintenance never blocks it; a banner says while it is on (checked on start and
   * every minute) with a link to `maintenanceSettingsHref`.
   */
  staffMaintenance?: boolean;
  maintenanceSettingsHref?: string;
  children: ReactNode;
}

// The toast container (transitions, portal) is not needed for the first paint; the notifications
// store is, so toasts raised before it mounts still show.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(directionOf(i18n.language)), [i18n.language, setDirection]);
  return null;
}

/**
 * Server answers written in the reader's language (notifications, messages) are cached without the
 * language in their key: when the language changes, refetch what is on screen.
 */
function RefetchOnLanguageChange() {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  useEffect(() => {
    const refetch = () => void client.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [i18n, client]);
  return null;
}

/** Below Mantine's `sm` breakpoint (48em): the phone layout. */
const PHONE_QUERY = '(max-width: 47.9375em)';

/**
 * Where toasts open: the bottom corner at the start of the reading direction on wide screens (bottom-left,
 * bottom-right in Arabic), the bottom edge on phones (where a toast is as wide as the screen). At the
 * top they covered the header's controls, the page title and its "New campaign" button; at the bottom
 * end they covered the Save button just pressed, since a page's actions sit at the end. Neither app
 * has a fixed control at the bottom.
 */
export function toastPosition(
  phone: boolean,
  rtl: boolean,
): 'bottom-center' | 'bottom-left' | 'bottom-right' {
  if (phone) return 'bottom-center';
  return rtl ? 'bottom-right' : 'bottom-left';
}

function Themed({
  children,
  checkMaintenance,
  staffMaintenance,
  maintenanceSettingsHref,
}: {
  children: ReactNode;
  checkMaintenance: boolean;
  staffMaintenance: boolean;
  maintenanceSettingsHref?: string;
}) {
  const { skin, language } = usePreferences();
  const { t } = useTranslation();
  const closeLabel = t('ui.close');
  const theme = useMemo(() => themeFor(skin, closeLabel), [skin, closeLabel]);
  const rtl = directionOf(language) === 'rtl';
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme={colorSchemeOf(skin)}
      cssVariablesResolver={skinCssVariables}
    >
      <Suspense fallback={null}>
        <Notifications position={toastPosition(Boolean(phone), rtl)} limit={4} />
      </Suspense>
      <RequestProgressBar />
      <MaintenanceGate
        check={checkMaintenance}
        audience={staffMaintenance ? 'staff' : 'user'}
        settingsHref={maintenanceSettingsHref}
      >
        {children}
      </MaintenanceGate>
    </MantineProvider>
  );
}

/**
 * Everything an app needs around its router: API clients, TanStack Query, language and skin,
 * Mantine (theme per skin, direction per language), toasts, the request progress bar and the
 * maintenance screen. The confirm-dialog provider lives in the signed-in layout.
 */
export function AppProviders({
  clients,
  queryClient,
  checkMaintenance = false,
  staffMaintenance = false,
  maintenanceSettingsHref,
  children,
}: AppProvidersProps) {
  const { i18n } = useTranslation();
  return (
    <ApiProvider clients={clients}>
      <QueryClientProvider client={queryClient}>
        <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
          <DirectionSync />
          <RefetchOnLanguageChange />
          <PreferencesProvider>
            <Themed
              checkMaintenance={checkMaintenance}
              staffMaintenance={staffMaintenance}
              maintenanceSettingsHref={maintenanceSettingsHref}
            >
              {children}
            </Themed>
          </PreferencesProvider>
        </DirectionProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}
