import { formatDate, usePageTitle } from '@lm/ui';
import { Alert, Avatar, Badge, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { orgImage } from '../../app/org-image';
import { useAcceptInvite, useInvitePreview } from '../../hooks/use-organisations';

/**
 * /organisations/join/:token (issue 35): what a team invitation link invites to (organisation, role,
 * e-mail, expiry), and accepting it. A signed-in route: a visitor signs in first and comes back here
 * (`?redirect=`); the API accepts only for the account whose e-mail the invitation names, and says so.
 */
export function JoinPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('org.join.title');
  const token = useParams().token ?? '';
  const preview = useInvitePreview(token);
  const accept = useAcceptInvite(token);
  const navigate = useNavigate();
  if (preview.isLoading)
    return (
      <Center h={240}>
        <Loader />
      </Center>
    );
  if (!preview.data)
    return (
      <Alert color="red" data-testid="join-invalid">
        {t('org.join.invalid')}
      </Alert>
    );
  const invite = preview.data;
  return (
    <Center>
      <Paper withBorder radius="md" p="lg" maw={480} w="100%" data-testid="join-page">
        <Stack align="center" gap="sm" ta="center">
          <Avatar size={72} radius="md" src={orgImage(invite.organisation_logo_url)}>
            {invite.organisation_name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Title order={3}>{t('org.join.heading', { organisation: invite.organisation_name })}</Title>
          <Badge size="lg" variant="light">
            {t(`org.roles.${invite.role}`)}
          </Badge>
          <Text size="sm" c="dimmed">
            {t(`org.role_help.${invite.role}`)}
          </Text>
          <Text size="sm">
            {t('org.join.for_email')}{' '}
            <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
              {invite.email}
            </span>
          </Text>
          <Text size="xs" c="dimmed">
            {t('org.join.expires', { date: formatDate(invite.expires_at, i18n.language) })}
          </Text>
          <Button
            loading={accept.isPending}
            data-testid="join-accept"
            onClick={async () => {
              try {
                const org = await accept.mutateAsync();
                navigate(`/organisations/${org.id}`);
              } catch {
                // The API's message (another account's invitation, expired, used) was shown as a toast.
              }
            }}
          >
            {t('org.join.accept')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
