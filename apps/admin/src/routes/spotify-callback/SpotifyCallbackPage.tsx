import { AuthLayout, FullPageLoader, usePageTitle } from '@lm/ui';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePlatformSpotifyOutcome } from '../../hooks/use-platform-spotify';

/** The account's name kept in its own direction inside a sentence (a Latin name in Arabic text). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * /spotify/callback/{accessToken} (public, spec section 2): where staff land after Spotify's consent
 * page when connecting the platform's own Spotify account. The segment is the API's signed outcome
 * (10 minutes; no Spotify token travels in the address): connected as whom, refused, or failed.
 */
export function SpotifyCallbackPage() {
  const { t } = useTranslation();
  usePageTitle('staff.settings.spotify.callback_title');
  const { accessToken = '' } = useParams();
  const outcome = usePlatformSpotifyOutcome(accessToken);
  if (outcome.isPending && accessToken) return <FullPageLoader />;
  const data = outcome.data;
  const status = data?.status ?? 'expired';
  return (
    <AuthLayout title="staff.settings.spotify.callback_title" admin>
      <Stack gap="md" data-testid="spotify-callback" data-status={status}>
        {status === 'connected' ? (
          <Alert
            color="green"
            icon={<IconCircleCheck size={18} />}
            title={t('staff.settings.spotify.done_title')}
          >
            <Text size="sm">
              {t('staff.settings.spotify.done_text', { name: isolate(data?.display_name ?? '') })}
            </Text>
          </Alert>
        ) : status === 'denied' ? (
          <Alert color="gray" icon={<IconX size={18} />} title={t('staff.settings.spotify.denied_title')}>
            <Text size="sm">{t('staff.settings.spotify.denied_text')}</Text>
          </Alert>
        ) : (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={t(
              status === 'failed'
                ? 'staff.settings.spotify.failed_title'
                : 'staff.settings.spotify.expired_title',
            )}
          >
            <Text size="sm">
              {t(
                status === 'failed'
                  ? 'staff.settings.spotify.failed_text'
                  : 'staff.settings.spotify.expired_text',
              )}
            </Text>
          </Alert>
        )}
        <Button component={Link} to="/system/settings" fullWidth data-testid="spotify-callback-settings">
          {t('staff.settings.spotify.back')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
