import type { OperationDocs } from './types';

const F = 'Spec section 7, "Fan finder".';
const SUB = 'Needs an active subscription (409 otherwise).';

/** Fan Finder: subscriptions, connected profiles and the fans found (tag `fan finder`). */
export const fanFinderOperations: OperationDocs = {
  'GET /api/fan/finder/get/all-plans': {
    id: 'fanFinder.listPlans',
    summary: 'List the Fan Finder plans on offer',
    description: `Offered plans with their days and price in coins, names in the request language. ${F}`,
  },
  'GET /api/fan/finder/check/subscription': {
    id: 'fanFinder.checkSubscription',
    summary: 'Whether one is subscribed to Fan Finder',
    description: `\`is_subscribed\`, \`is_expired\`, \`is_active\` and the subscription id (spec section 3 "Fan finder subscription"). ${F}`,
  },
  'GET /api/fan/finder/get/subscription': {
    id: 'fanFinder.getSubscription',
    summary: "One's current Fan Finder subscription",
    description: `Plan, start and end, auto-renew, remaining days and the connected Spotify and Instagram profiles and related artists; \`null\` when never subscribed. ${F}`,
  },
  'POST /api/fan/finder/new/subscription': {
    id: 'fanFinder.subscribe',
    summary: 'Subscribe to a Fan Finder plan with coins',
    description: `The plan's price in coins leaves the wallet as one ledger transfer (description 7) and the plan starts now for its days. An unknown or withdrawn plan answers 422; an open subscription or too few coins 409 (nothing paid). ${F}`,
    errors: [409],
  },
  'PUT /api/fan/finder/update/subscription/{id}': {
    id: 'fanFinder.setAutoRenew',
    summary: "Turn a subscription's auto-renewal on or off",
    description: `Renewal takes the plan's coins at the end date. An ended subscription answers 409; another's 404. ${F}`,
    errors: [409],
  },
  'POST /api/fan/finder/cancel/subscription/{id}': {
    id: 'fanFinder.cancelSubscription',
    summary: 'Cancel a Fan Finder subscription',
    description: `Stops renewal; the subscription runs until its end date (no refund). An ended subscription answers 409; another's 404. ${F}`,
    errors: [409],
  },
  'GET /api/fan-finder/connections': {
    id: 'fanFinder.getConnections',
    summary: "One's Fan Finder profiles",
    description: `The Spotify artist and Instagram account the analysis uses and the related artists (at most 2). ${F}`,
  },
  'GET /api/fan/finder/get/related-artists': {
    id: 'fanFinder.listRelatedArtists',
    summary: "One's related artists",
    description: `The related artists whose fans are analysed too (Spotify name, image, URL, Instagram username). ${F}`,
  },
  'GET /api/fan-finder/instagram/oauth/url': {
    id: 'fanFinder.getInstagramConnectUrl',
    summary: "Start connecting one's Instagram for Fan Finder",
    description: `Instagram's consent URL with a signed state and a binding for this browser. ${SUB} Instagram off on this site answers 503. ${F}`,
    errors: [409],
  },
  'POST /api/fan-finder/instagram/access/token': {
    id: 'fanFinder.connectInstagram',
    summary: "Finish connecting one's Instagram for Fan Finder",
    description: `Exchanges the code and stores the professional account whose latest 6 posts' commenters are analysed. ${SUB} A bad state or code answers 422; Instagram not answering 502. ${F}`,
    errors: [409, 502],
  },
  'POST /api/fan-finder/spotify/profile': {
    id: 'fanFinder.setSpotifyProfile',
    summary: "Set one's Spotify artist for Fan Finder",
    description: `The Spotify artist \`spotify_id\` the related artists are suggested from; an unknown artist answers 422. ${SUB} ${F}`,
    errors: [409],
  },
  'POST /api/fan-finder/related-artists': {
    id: 'fanFinder.addRelatedArtist',
    summary: 'Add a related artist whose fans to analyse',
    description: `At most 2 related artists (spec section 9); one's own artist, an unknown one answer 422; a duplicate or the limit reached 409. ${SUB} ${F}`,
    errors: [409],
  },
  'DELETE /api/fan-finder/delete/connection/{id}': {
    id: 'fanFinder.deleteConnection',
    summary: 'Remove a Fan Finder profile or related artist',
    description: `Removes connection \`id\` and its analysed fans; another's answers 404. ${F}`,
  },
  'POST /api/fan/finder/get/fans': {
    id: 'fanFinder.listFans',
    summary: "The fans found among one's Instagram commenters",
    description: `A page (12 a page, spec section 9) of fans with Instagram username, picture, rating (85+ super, 70+ regular, 55+ mixed, below low; spec section 4), when found and last synced, filtered by band, with the grid's last sync and whether the analysis is pending. ${F}`,
  },
  'POST /api/fan/finder/get/related-fans': {
    id: 'fanFinder.listRelatedFans',
    summary: "The fans found among related artists' commenters",
    description: `As \`get/fans\`, for the related artists' Instagram accounts. ${F}`,
  },
  'GET /api/fan/finder/export/fans': {
    id: 'fanFinder.exportFans',
    summary: 'One fan grid as CSV',
    description: `The fans of \`scope\` (own or related) and \`band\` as text/csv (UTF-8 with BOM). ${F}`,
  },
};
