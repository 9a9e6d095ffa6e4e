import { socialOperations } from './express-social';
import type { OperationDocs } from './types';

const S = 'Spec section 7, "Instagram".';

/** Instagram express campaigns (tag `express instagram`). */
export const expressInstagramOperations: OperationDocs = {
  ...socialOperations({
    area: 'instagram',
    name: 'Instagram',
    post: 'reel',
    base: '/api/express-instagram',
    musicChecks: ['/api/check-instagram-music'],
    videos: '/api/express-instagram/influencer/instagram/reels',
    submit: '/api/express-instagram/influencer/check/music',
    spec: 'Instagram',
  }),
  'POST /api/express-instagram/artist/campaign/confirm': {
    id: 'instagram.confirmSound',
    summary: "Confirm a reel uses one's audio (artist)",
    description: `Instagram cannot always tell a reel's audio: within 72 hours of the submission the artist confirms it, and the campaign goes on. Not awaiting the artist's word answers 409; another's campaign 404. ${S}`,
    errors: [404, 409],
  },
  'POST /api/express-instagram/artist/campaign/dispute': {
    id: 'instagram.disputeSound',
    summary: "Dispute a reel's audio (artist)",
    description: `Within 72 hours of the submission the artist says the reel does not use their audio, with a reason; staff decide the dispute. Not awaiting the artist's word answers 409; another's campaign 404. ${S}`,
    errors: [404, 409],
  },
};
