import { PlatformScreen } from '@lm/ui';
import { CreateCampaignPage } from './CreateCampaignPage';
import { SocialCreateCampaign } from './SocialCreateCampaignPage';

/**
 * One "new campaign" page for every platform (ARTIST_PERMISSION): /create/express/campaign (Spotify),
 * /create/tiktok/express/campaign, /create/tiktok/released/campaign, /create/instagram/express/campaign
 * and those of any registered platform. The platform is the one whose create path is the current
 * address; what the seller places the song in (a playlist or a video) chooses the wizard, and the
 * platform's descriptor fills in what differs (links, unreleased-song rules, texts, icons).
 */
export function NewCampaignPage() {
  return (
    <PlatformScreen screen="create">
      {(platform, address) => {
        if (platform.placement === 'playlist') return <CreateCampaignPage />;
        const pathname = address.replace(/(.)\/$/, '$1');
        // Keyed by the address so that moving between a platform's two wizards starts afresh.
        return (
          <SocialCreateCampaign
            key={pathname}
            platform={platform}
            releasedOnly={pathname === platform.releasedCreatePath}
          />
        );
      }}
    </PlatformScreen>
  );
}
