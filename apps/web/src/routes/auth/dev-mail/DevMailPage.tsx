import { AuthLayout, EmptyState, formatDateTime, NotFoundPage, useApi, usePageTitle } from '@lm/ui';
import { Button, Card, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePublicSettings } from '../../../hooks/use-public-settings';

/** One mail of `GET dev/mail`. */
interface DevMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/**
 * /dev/mail?to= (development only): the mails sent to that address by this browser
 * session (`GET dev/mail`, which production does not have), so a new user reads the verification code
 * without staff. Not found when the API does not offer development mail.
 */
export function DevMailPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('verify.dev_mail');
  const { api } = useApi();
  const to = useSearchParams()[0].get('to')?.trim() ?? '';
  const settings = usePublicSettings();
  const offered = settings.data?.dev_mail === true && to !== '';
  const mails = useQuery({
    queryKey: ['dev-mail', to],
    queryFn: async () => (await api.get<DevMail[]>('dev/mail', { query: { to }, silent: true })).data,
    enabled: offered,
    staleTime: 0,
  });
  if (settings.isLoading) return <Loader m="xl" />;
  if (!offered) return <NotFoundPage homePath="/login" />;
  return (
    <AuthLayout
      title="verify.dev_mail"
      subtitle={t('verify.dev_mail_intro', { email: `\u2068${to}\u2069` })}
      wide
    >
      <Stack gap="md" data-testid="dev-mail">
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void mails.refetch()}
          loading={mails.isFetching}
          data-testid="dev-mail-refresh"
        >
          {t('verify.dev_mail_refresh')}
        </Button>
        {mails.data?.length === 0 && <EmptyState title={t('verify.dev_mail_empty')} />}
        {mails.data?.map((mail) => (
          <Card
            key={`${mail.created_at}-${mail.subject}`}
            withBorder
            padding="md"
            data-testid="dev-mail-item"
          >
            <Text fw={600} dir="auto">
              {mail.subject}
            </Text>
            <Text size="xs" c="dimmed" mb="xs">
              {formatDateTime(mail.created_at, i18n.language)}
            </Text>
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {mail.text}
            </Text>
          </Card>
        ))}
      </Stack>
    </AuthLayout>
  );
}
