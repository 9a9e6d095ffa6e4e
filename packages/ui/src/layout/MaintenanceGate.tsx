import { Alert, Anchor, Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { requestState, useMaintenance, useMaintenanceMessage } from '../api/request-state';
import { useProductName } from './use-product-name';

/** While maintenance is on, both apps ask again this often whether it ended (ms). */
export const MAINTENANCE_RECHECK_MS = 30_000;
/** The back-office asks this often whether maintenance is on, so its banner follows another admin's switch (ms). */
export const MAINTENANCE_WATCH_MS = 60_000;

/** Who reads the maintenance notices: users of the app, or staff of the back-office. */
export type MaintenanceAudience = 'user' | 'staff';

export interface MaintenanceGateProps {
  /** Ask `maintenance-mode-check` on start (the user app). */
  check: boolean;
  /**
   * `user` (default): the maintenance screen when the app starts during maintenance, a banner above the
   * page when maintenance begins while the app is in use (the page and the session are kept);
   * `staff`: the back-office keeps working and shows a banner while maintenance is on, checked every
   * MAINTENANCE_WATCH_MS.
   */
  audience?: MaintenanceAudience;
  /** Where the staff banner's link goes (the settings screen), for `staff`. */
  settingsHref?: string;
  children: ReactNode;
}

/**
 * Maintenance mode in both apps (spec section 4: on when `maintenance-mode-check` answers `check: true`
 * or any call answers 503): the screen or a banner with the staff's message (the
 * translated text when none was written), checked again every MAINTENANCE_RECHECK_MS while on; when it
 * ends the app comes back signed in and what is shown is read again.
 */
export function MaintenanceGate({ check, audience = 'user', settingsHref, children }: MaintenanceGateProps) {
  const { api } = useApi();
  const queryClient = useQueryClient();
  const maintenance = useMaintenance();
  const [checking, setChecking] = useState(false);
  // The app was shown with maintenance known to be off: a later maintenance keeps the page (banner).
  const [shown, setShown] = useState(!check);

  const runCheck = useCallback(async () => {
    setChecking(true);
    try {
      const res = await api.get<{ check: boolean; message?: string | null }>('maintenance-mode-check', {
        silent: true,
      });
      requestState.setMaintenance(res.data?.check === true, res.data?.message ?? null);
      if (res.data?.check !== true) setShown(true);
    } catch {
      // A 503 already switched maintenance on; other failures leave the flag as it is.
    } finally {
      setChecking(false);
    }
  }, [api]);

  useEffect(() => {
    if (check || audience === 'staff') void runCheck();
  }, [check, audience, runCheck]);

  useEffect(() => {
    if (!maintenance && audience === 'user') return;
    const timer = setInterval(
      () => void runCheck(),
      maintenance ? MAINTENANCE_RECHECK_MS : MAINTENANCE_WATCH_MS,
    );
    return () => clearInterval(timer);
  }, [maintenance, audience, runCheck]);

  // When maintenance ends, what the page shows is read again (calls made meanwhile failed with 503).
  const wasOn = useRef(maintenance);
  useEffect(() => {
    if (wasOn.current && !maintenance) void queryClient.invalidateQueries();
    wasOn.current = maintenance;
  }, [maintenance, queryClient]);

  // The signed-in layouts show the banner inside their page area (MaintenanceBannerSlot), under the
  // fixed top bar; pages without that layout (sign-in) get it above the page.
  const [hosts, setHosts] = useState(0);
  const hosted = useCallback(() => {
    setHosts((n) => n + 1);
    return () => setHosts((n) => n - 1);
  }, []);
  const banner =
    maintenance && (audience === 'staff' || shown) ? (
      <MaintenanceBanner
        audience={audience}
        settingsHref={settingsHref}
        onRetry={runCheck}
        retrying={checking}
      />
    ) : null;
  const slot = useMemo(() => ({ banner, hosted }), [banner, hosted]);

  if (maintenance && !banner) return <MaintenanceScreen onRetry={runCheck} retrying={checking} />;
  return (
    <BannerContext.Provider value={slot}>
      {hosts === 0 && banner}
      {children}
    </BannerContext.Provider>
  );
}

const BannerContext = createContext<{ banner: ReactNode; hosted(): () => void } | null>(null);

/** Where a layout shows the maintenance banner (at the top of its page area); nothing while it is off. */
export function MaintenanceBannerSlot() {
  const slot = useContext(BannerContext);
  const hosted = slot?.hosted;
  useEffect(() => hosted?.(), [hosted]);
  return slot?.banner ? <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>{slot.banner}</div> : null;
}

/** Full-page maintenance notice with the staff's message and a retry button. */
export function MaintenanceScreen({ onRetry, retrying }: { onRetry(): void; retrying?: boolean }) {
  const { t } = useTranslation();
  const message = useMaintenanceMessage();
  const product = useProductName();
  return (
    <Center mih="100vh" p="md" data-testid="maintenance-screen">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconTool size={40} />
        </ThemeIcon>
        <Title order={2}>{t('ui.maintenance.title')}</Title>
        <Text c="dimmed" dir={message ? 'auto' : undefined} data-testid="maintenance-message">
          {message ?? t('ui.maintenance.text', { product })}
        </Text>
        <Text c="dimmed" size="sm">
          {t('ui.maintenance.session_kept')}
        </Text>
        <Button onClick={onRetry} loading={retrying} data-testid="maintenance-retry">
          {t('ui.maintenance.retry')}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * The banner above the page while maintenance is on: for users, the staff's message (or the translated
 * text), that they stay signed in and a retry; for staff, that users see the maintenance screen, the
 * message they see and a link to the settings where it is turned off.
 */
export function MaintenanceBanner({
  audience,
  settingsHref,
  onRetry,
  retrying,
}: {
  audience: MaintenanceAudience;
  settingsHref?: string;
  onRetry(): void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  const message = useMaintenanceMessage();
  const product = useProductName();
  const staff = audience === 'staff';
  return (
    <Alert
      color={staff ? 'red' : 'yellow'}
      variant="filled"
      icon={<IconTool size={18} />}
      title={t(staff ? 'ui.maintenance.staff_banner_title' : 'ui.maintenance.banner_title')}
      role="status"
      data-testid="maintenance-banner"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
          <Text size="sm" dir={message ? 'auto' : undefined} data-testid="maintenance-message">
            {staff
              ? message
                ? t('ui.maintenance.staff_banner_message', { message: `\u2068${message}\u2069` })
                : t('ui.maintenance.staff_banner_text')
              : (message ?? t('ui.maintenance.text', { product }))}
          </Text>
          {!staff && <Text size="xs">{t('ui.maintenance.session_kept')}</Text>}
        </Stack>
        {staff && settingsHref ? (
          <Anchor href={settingsHref} c="white" fw={600} size="sm" underline="always">
            {t('ui.maintenance.open_settings')}
          </Anchor>
        ) : (
          <Button size="xs" variant="white" color="dark" onClick={onRetry} loading={retrying}>
            {t('ui.maintenance.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
