import { FullPageLoader, useSwitchActing } from '@lm/ui';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { actingAllows, alwaysOpenWhileActing, routeAt, useActingAccess } from './acting-mode';

/**
 * The signed-in screen, or while a team member acts for an artist (issue 35) a panel in its place
 * when the screen may not be used that way, so the screen makes no call the API would refuse:
 * - a screen not marked `acting` (the member's own account: security, API keys, fan finder, tickets...)
 *   says it belongs to the member's own account;
 * - a screen marked `manage` while the member's role only reads the artist (Viewer, Finance) says the
 *   role lets them read the artist's campaigns, not create them.
 * Both offer "Back to my account" (acting goes back to "me", the screen then shows as usual). The
 * organisation screens are never gated (`alwaysOpenWhileActing`).
 */
export function ActingGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { acting, mode, loading } = useActingAccess();
  if (!acting || alwaysOpenWhileActing(pathname)) return children;
  if (loading) return <FullPageLoader inline />;
  const route = routeAt(pathname);
  // Unknown paths fall through to the router's not-found screen.
  if (!route || actingAllows(route, mode)) return children;
  const readOnly = route.acting === 'manage' && mode === 'read';
  return (
    <ActingUnavailable
      artist={acting.artistName}
      organisation={acting.organisationName}
      reason={readOnly ? 'read_only' : 'own_account'}
    />
  );
}

/** The panel shown instead of a screen that may not be used while acting (see {@link ActingGate}). */
function ActingUnavailable({
  artist,
  organisation,
  reason,
}: {
  artist: string;
  organisation: string;
  reason: 'own_account' | 'read_only';
}) {
  const { t } = useTranslation();
  const switchTo = useSwitchActing();
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="md" data-testid="acting-unavailable">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="grape">
          <IconLock size={26} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('org.acting.unavailable_title', { artist })}
        </Title>
        <Text c="dimmed" data-testid={`acting-unavailable-${reason}`}>
          {t(`org.acting.${reason}`, { artist, organisation })}
        </Text>
        <Button onClick={() => void switchTo(null)} data-testid="acting-unavailable-back">
          {t('org.acting.back_to_account')}
        </Button>
      </Stack>
    </Paper>
  );
}
