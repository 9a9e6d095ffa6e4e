import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { requestState, useMaintenance } from '../api/request-state';

/**
 * Shows the maintenance screen instead of the app while maintenance is on (spec section 4: when
 * `maintenance-mode-check` answers `check: true` or any call answers 503).
 */
export function MaintenanceGate({ check, children }: { check: boolean; children: ReactNode }) {
  const { api } = useApi();
  const maintenance = useMaintenance();
  const [checking, setChecking] = useState(false);

  const runCheck = useCallback(async () => {
    setChecking(true);
    try {
      const res = await api.get<{ check: boolean }>('maintenance-mode-check', { silent: true });
      requestState.setMaintenance(res.data?.check === true);
    } catch {
      // A 503 already switched maintenance on; other failures leave the flag as it is.
    } finally {
      setChecking(false);
    }
  }, [api]);

  useEffect(() => {
    if (check) void runCheck();
  }, [check, runCheck]);

  if (!maintenance) return <>{children}</>;
  return <MaintenanceScreen onRetry={runCheck} retrying={checking} />;
}

/** Full-page maintenance notice with a retry button. */
export function MaintenanceScreen({ onRetry, retrying }: { onRetry(): void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" data-testid="maintenance-screen">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconTool size={40} />
        </ThemeIcon>
        <Title order={2}>{t('ui.maintenance.title')}</Title>
        <Text c="dimmed">{t('ui.maintenance.text')}</Text>
        <Button onClick={onRetry} loading={retrying}>
          {t('ui.maintenance.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
