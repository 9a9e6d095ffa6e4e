import { socialOperations } from './express-social';
import type { OperationDocs } from './types';

/** TikTok express campaigns (tag `express tiktok`). */
export const expressTiktokOperations: OperationDocs = {
  ...socialOperations({
    area: 'tiktok',
    name: 'TikTok',
    post: 'video',
    base: '/api/express-tiktok',
    musicChecks: ['/api/check-tiktok-music', '/api/express-check-tiktok-music'],
    videos: '/api/express-tiktok/tiktok/list/videos',
    submit: '/api/check-tiktok-video',
    spec: 'TikTok',
  }),
  'POST /api/campaign/tiktok/performance': {
    id: 'tiktok.getCampaignPerformance',
    summary: "A TikTok campaign's daily history",
    description:
      'The daily checks (views, likes, the video still up) of TikTok campaign `campaign_id` for its artist or influencer; anyone else 404, a campaign of another platform 422. Spec section 7, "Campaigns".',
    errors: [404],
  },
};
