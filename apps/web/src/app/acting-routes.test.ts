import { ACTING_API } from '@lm/contracts/acting-routes';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes';

/**
 * The API calls of each screen marked `acting` (issue 35), as its hooks make them (apps/web/src/hooks
 * and the screen): `reads` on first render, `actions` from its buttons. Public lookups (settings,
 * languages, genres) answer anyone and are left out. A screen's calls change with its hooks: update
 * its row here, and the test then says whether the API opens them to a member acting for an artist.
 */
/** The calls of a TikTok or Instagram wizard; `musicCheck` where the platform checks a pasted link. */
function socialWizard(platform: 'tiktok' | 'instagram', musicCheck?: string) {
  const base = `/api/express-${platform}`;
  return {
    reads: [
      `GET ${base}/user/get-tiers`,
      `GET ${base}/artist/accounts/campaigns`,
      `GET /api/connected/platforms/artist/${platform}/music`,
      'GET /api/wallet/user/current/balance',
    ],
    actions: [
      ...(musicCheck ? [musicCheck] : []),
      `GET ${base}/artist/accounts/matched`,
      `POST ${base}/artist/campaign/create`,
    ],
  };
}

const CALLS: Record<string, { reads: string[]; actions?: string[] }> = {
  '/dashboard': {
    reads: [
      'GET /api/web/user/campaigns/dashboard',
      'GET /api/wallet/user/current/balance',
      'GET /api/notifications',
    ],
  },
  '/notifications': {
    reads: ['GET /api/notifications', 'GET /api/notifications/unread-count'],
    actions: ['POST /api/notifications/:id/read', 'POST /api/notifications/read-all'],
  },
  '/wallet/user/transaction': { reads: ['GET /api/wallet/user/transaction'] },
  '/invoices/list': { reads: ['GET /api/artist/invoices'] },
  '/invoices/:id': { reads: ['GET /api/artist/invoices/:id'], actions: ['POST /api/artist/invoice/:id'] },
  '/results/uploads': {
    reads: ['GET /api/results/tracks', 'GET /api/results/uploads'],
    actions: ['POST /api/results/uploads', 'DELETE /api/results/uploads/:id'],
  },
  '/results/share': {
    reads: ['GET /api/results/share-links', 'GET /api/express/artist/campaigns'],
    actions: ['POST /api/results/share-links', 'POST /api/results/share-links/:id/revoke'],
  },
  // The platform pickers make no call; they lead to the wizards below.
  '/select/platform': { reads: [] },
  '/spotify/platform': { reads: [] },
  // The wizard's own-track picker offers the artist's tracks (their connected profiles).
  '/create/express/campaign': {
    reads: [
      'GET /api/connected/platforms/artist/connected/tracks',
      'GET /api/express/curator/playlist/genres',
      'GET /api/express/curator/all-tiers',
      'GET /api/express/curator/all-durations',
      'GET /api/wallet/user/current/balance',
      'GET /api/express/artist/playlists',
      'GET /api/express/artist/min/tier',
    ],
    actions: [
      'GET /api/spotify/get-track',
      'GET /api/spotify/search-artists',
      'POST /api/express/artist/campaign/checkout/quote',
      'POST /api/express/artist/campaign/create',
    ],
  },
  '/results': {
    reads: ['GET /api/results/summary'],
    actions: ['GET /api/results/export.csv', 'GET /api/results/report.pdf'],
  },
  '/tiktok/platform': { reads: [] },
  // The TikTok and Instagram wizards (NewCampaignPage -> SocialCreateCampaignPage); the music file
  // upload is open to any signed-in caller and ignores the header.
  '/create/tiktok/express/campaign': socialWizard('tiktok', 'POST /api/express-check-tiktok-music'),
  '/create/tiktok/released/campaign': socialWizard('tiktok', 'POST /api/express-check-tiktok-music'),
  '/create/instagram/express/campaign': socialWizard('instagram'),
  '/renew/express/campaign': {
    reads: ['POST /api/express/artist/campaign/renew/check', 'GET /api/wallet/user/current/balance'],
    actions: ['POST /api/express/artist/campaign/renew'],
  },
  '/tiktok/renew/express/campaign': {
    reads: ['POST /api/express-tiktok/artist/campaign/renew/check', 'GET /api/wallet/user/current/balance'],
    actions: ['POST /api/express-tiktok/artist/campaign/renew'],
  },
  '/custom/spotify/campaign/create': {
    reads: ['GET /api/express/curator/all-tiers'],
    actions: ['POST /api/artist/campaigns'],
  },
  '/express/campaigns/list': { reads: ['GET /api/express/artist/campaigns'] },
  '/express-campaigns/:campaignId': {
    reads: [
      'GET /api/express/artist/show/campaign/:id',
      'GET /api/express/campaigns/:id/checks',
      'GET /api/express/campaigns/:id/messages',
    ],
    actions: [
      'POST /api/express/campaigns/:id/messages',
      'POST /api/express/campaigns/:id/messages/read',
      'POST /api/express/campaigns/:id/withdraw',
      'POST /api/express/campaigns/:id/feedback-rating',
      'POST /api/express/add/review',
    ],
  },
  '/my-campaigns': { reads: ['GET /api/artist/my-campaigns'] },
  '/campaigns/list': { reads: ['GET /api/campaigns', 'GET /api/artist/campaigns'] },
  '/custom/campaigns/list': { reads: ['GET /api/artist/campaigns'] },
  '/my-custom/campaigns/list': { reads: ['GET /api/artist/campaigns'] },
  // Paying the invoice with coins; paying by card is the member's own money and stays refused.
  '/campaigns/:campaignId': {
    reads: ['GET /api/campaign/:id'],
    actions: ['GET /api/pay/coins/custom/campaign/:id'],
  },
  '/preview/campaigns/:campaignId': { reads: ['GET /api/campaign/:id'] },
  '/tiktok/express/campaigns/list': { reads: ['GET /api/express-tiktok/artist/campaigns'] },
  '/instagram/express/campaigns/list': { reads: ['GET /api/express-instagram/artist/campaigns'] },
  '/tiktok/express-campaigns/:campaignId': {
    reads: ['GET /api/express-tiktok/artist/show/campaign/:id', 'GET /api/express/campaigns/:id/checks'],
    actions: ['POST /api/campaign/tiktok/performance'],
  },
  '/instagram/express-campaigns/:campaignId': {
    reads: ['GET /api/express-instagram/artist/show/campaign/:id', 'GET /api/express/campaigns/:id/checks'],
    actions: [
      'POST /api/express-instagram/artist/campaign/confirm',
      'POST /api/express-instagram/artist/campaign/dispute',
    ],
  },
};

const acting = appRoutes.filter((r) => r.acting);

describe('screens marked acting (issue 35)', () => {
  it('each has its calls listed here, and nothing else is listed', () => {
    expect(acting.map((r) => r.path).sort()).toEqual(Object.keys(CALLS).sort());
  });

  it('call only routes the API opens to a member acting for an artist', () => {
    const refused = acting.flatMap((r) => {
      const calls = CALLS[r.path];
      return [...(calls?.reads ?? []), ...(calls?.actions ?? [])]
        .filter((call) => !ACTING_API[call])
        .map((call) => `${r.path}: ${call}`);
    });
    expect(refused).toEqual([]);
  });

  it('read on first render only what a reading role may read, on screens marked read', () => {
    const needManage = acting
      .filter((r) => r.acting === 'read')
      .flatMap((r) =>
        (CALLS[r.path]?.reads ?? []).filter((c) => ACTING_API[c] !== 'read').map((c) => `${r.path}: ${c}`),
      );
    expect(needManage).toEqual([]);
  });

  it('leave the member’s own screens unmarked', () => {
    const own = [
      '/account',
      '/security',
      '/account/api-keys',
      '/account/webhooks',
      '/fan-finder/dashboard',
      '/tickets',
      '/connections',
      '/payouts/list',
      '/wallet/coins/packages',
      '/forms',
      '/organisations',
      '/organisations/:id',
    ];
    expect(appRoutes.filter((r) => own.includes(r.path) && r.acting).map((r) => r.path)).toEqual([]);
  });
});
