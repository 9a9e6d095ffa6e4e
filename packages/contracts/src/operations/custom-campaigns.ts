import type { OperationDocs } from './types';

const C = 'Spec section 7, "Campaigns".';
const STATUSES =
  'Statuses (spec section 4): 1 pending, 2 pending for approval, 3 approved, 4 declined, 5 deleted, 6 pending for publishing, 7 published; completed when every placement has ended.';

/** Custom (managed) campaigns: the artist's order, payment, and the curators' opt-ins (tag `custom campaigns`). */
export const customCampaignsOperations: OperationDocs = {
  'GET /api/artist/campaigns': {
    id: 'custom.listCampaigns',
    summary: "List one's custom campaigns (artist)",
    description: `The artist's custom campaigns with tier, release state, status, form and invoice, paged and filtered (spec section 3 "Custom campaign list item"). ${STATUSES} ${C}`,
  },
  'GET /api/artist/my-campaigns': {
    id: 'custom.listAllOwnCampaigns',
    summary: "List all one's campaigns, custom and express",
    description: `Every campaign of the artist, custom and express of each platform, newest first, paged, optionally of one \`filter[type]\` (an unknown type answers 422) and searched by \`q\`. ${C}`,
  },
  'POST /api/artist/campaigns': {
    id: 'custom.createCampaign',
    summary: 'Order a custom campaign (artist)',
    description: `JSON or multipart (with the \`media_link\` file of an unreleased song, mp3 or mp4 up to 50 MB). The song (released: a Spotify track link, "Not A valid Track"; unreleased: a \`spotify:track:\` URI, "Not a valid Uri", a release date today or later), song name, language, genres, tier, start date (today or later) and pitch (at most 140 characters). Starts at 1 (pending) for staff to approve; nothing is paid yet. ${C} Spec section 5 "Campaign song step", "Campaign details".`,
    errors: [413],
  },
  'GET /api/campaign/{id}': {
    id: 'custom.getCampaign',
    summary: "Read one's custom campaign (artist)",
    description: `Custom campaign \`id\` of the artist with its invoice, placements and their express campaigns; another's answers 404. ${STATUSES} ${C}`,
  },
  'GET /api/campaign/getforview/{id}': {
    id: 'custom.getCampaignForView',
    summary: "Read one's custom campaign (the spec's view path)",
    description: `The same answer as \`GET /api/campaign/{id}\` under the path the view screen calls. ${C}`,
  },
  'GET /api/campaigns': {
    id: 'custom.getStats',
    summary: "One's custom campaign counts by status",
    description: `total, approved, pending for publishing, publishing, declined, invited, pending, pending for approval (spec section 3 "Campaign stats"). ${C}`,
  },
  'GET /api/pay/coins/custom/campaign/{id}': {
    id: 'custom.payWithCoins',
    summary: 'Pay an approved custom campaign with coins',
    description: `Holds the campaign's price, one hold per placement, and moves it to 6 (pending for publishing). Not approved or already paid answers 409, as do too few coins (nothing held); another's campaign 404. Spec section 7, "Wallet".`,
    errors: [409],
  },
  'POST /api/stripe/custom/campaign/checkout': {
    id: 'custom.startCardPayment',
    summary: 'Pay an approved custom campaign by card',
    description: `Opens a card checkout for the coins the campaign needs beyond the wallet and answers the hosted page and \`session_id\`. Not payable answers 409; another's campaign 404. ${C}`,
    errors: [404, 409, 502],
  },
  'POST /api/stripe/custom/campaign/checkout/check/pay': {
    id: 'custom.confirmCardPayment',
    summary: 'Confirm a card payment and pay the custom campaign',
    description: `Credits the paid coins once and holds the campaign's price from them; when it can no longer be paid (declined meanwhile) the coins stay in the wallet and \`not_paid\` says so. Someone else's payment answers 404. ${C}`,
    errors: [404, 409, 502],
  },
  'GET /api/published/campaigns': {
    id: 'custom.listPublishedForCurator',
    summary: 'Custom campaigns open to a curator',
    description: `Published custom campaigns whose opt-in window is open, each with the curator's own opt-in if any. ${C}`,
  },
  'GET /api/curator/campaigns': {
    id: 'custom.listCuratorOptIns',
    summary: 'Custom campaigns a curator opted in to',
    description: `The published campaigns the curator took part in, with their opt-in. ${C}`,
  },
  'GET /api/curator/campaign/{id}': {
    id: 'custom.getPublishedForCurator',
    summary: 'Read a published custom campaign (curator)',
    description: `One of the campaigns \`GET /api/published/campaigns\` answers; otherwise 404. ${C}`,
  },
  'GET /api/curator/campaign/{id}/listen': {
    id: 'custom.getListening',
    summary: 'The player and listening progress of a custom campaign (curator)',
    description: `The song's player, the seconds listened so far and the minimum to listen before opting in. A campaign not open to the curator answers 404. ${C}`,
  },
  'POST /api/curator/campaign/{id}/listen': {
    id: 'custom.recordListening',
    summary: 'Count one playback event on a custom campaign (curator)',
    description: `Counted with the server's clock, like express listening. A campaign not open to the curator answers 404. ${C}`,
  },
  'POST /api/curator/curators_vs_campaigns': {
    id: 'custom.optIn',
    summary: 'Opt in to a published custom campaign (curator)',
    description: `Takes part in campaign \`campaign_id\` after listening the minimum seconds; then choose a playlist. A closed opt-in window, a second opt-in or too little listening answers 409; an unpublished campaign 404. ${C}`,
    errors: [404, 409],
  },
  'PUT /api/curator/curator_vs_campaign/playlist/{id}': {
    id: 'custom.choosePlaylist',
    summary: "Choose the playlist of one's opt-in (curator)",
    description: `Opt-in \`id\` claims a free placement on playlist \`playlist_id\` (the curator's, active, of the campaign's tier and genres; otherwise 422) and becomes an express campaign waiting for the track. No free placement left, a playlist already chosen or a closed window answers 409. ${C}`,
    errors: [409],
  },
  'PUT /api/curator/curator_vs_campaign/playlist/submit/{campaignId}/{playlistId}': {
    id: 'custom.submitPlacement',
    summary: 'Tell that the track was added to the chosen playlist (curator)',
    description: `Checks on Spotify that the campaign's track is on the playlist and moves its placement on like an express submission; answers \`found\` and the express campaign. Not waiting for submission answers 409. ${C}`,
    errors: [409],
  },
};
