import { CampaignMessages } from '@lm/ui';
import { useCampaignMessages } from '../../hooks/use-express';

/**
 * The campaign page's "Messages" panel (every platform, artist and seller alike): the shared
 * `CampaignMessages` of `@lm/ui` on this app's conversation hook. Nothing for a reader the API does not
 * let in.
 */
export function CampaignMessagesSection({ campaignId }: { campaignId: number }) {
  const { thread, notFound, send, read, loadOlder, loadingOlder } = useCampaignMessages(campaignId);
  if (notFound) return null;
  return (
    <CampaignMessages
      thread={thread}
      onSend={(body) => send.mutateAsync(body)}
      sending={send.isPending}
      onRead={read}
      onLoadOlder={loadOlder}
      loadingOlder={loadingOlder}
    />
  );
}
