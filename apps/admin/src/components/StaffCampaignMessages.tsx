import { CampaignMessages } from '@lm/ui';
import { Card, Group, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAdminCampaignMessages } from '../hooks/use-express';

/**
 * A campaign's conversation on its back-office page (every platform), read-only: shown when a support
 * ticket or a dispute names the campaign or the reader holds the messages permission (the API decides
 * and audits each read); otherwise the card says why it stays closed.
 */
export function StaffCampaignMessages({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const thread = useAdminCampaignMessages(campaignId);
  if (thread.isError)
    return (
      <Card withBorder padding="md" data-testid="campaign-messages-closed">
        <Group gap="xs" mb={4}>
          <IconLock size={16} aria-hidden />
          <Title order={3} size="h4">
            {t('express.messages.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {thread.error.message}
        </Text>
      </Card>
    );
  return <CampaignMessages thread={thread.data} />;
}
