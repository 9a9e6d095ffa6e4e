import { expressCampaignDetailExample, expressCampaignExample, newExpressCampaignExample } from './examples';
import type { OperationDocs } from './types';

const S = 'Spec section 7, "Spotify express".';
const STATUSES =
  'Statuses (spec section 4): 1 pending for approval, 2 waiting for playlist submission, 3 verifying submission, 4 on going, 5 auditing, 6 completed, 7 declined, 8 failed to submit.';

/** Spotify express campaigns and what both express sides share (tags `express spotify`, `express campaigns`, `express`). */
export const expressSpotifyOperations: OperationDocs = {
  'GET /api/express/curator/all-tiers': {
    id: 'express.listTiers',
    summary: 'List the active Spotify express tiers',
    description: `Tiers with their price in coins and description, names in the request language; a playlist's tier sets what a placement costs. ${S}`,
  },
  'GET /api/express/curator/all-durations': {
    id: 'express.listDurations',
    summary: 'List the placement durations',
    description: `The durations (days) a playlist can offer a placement for. ${S}`,
  },
  'GET /api/express/curator/campaign/reasons': {
    id: 'express.listDeclineReasons',
    summary: 'List the reasons a curator can decline with',
    description: `Active decline reasons of Spotify campaigns in the request language. ${S}`,
  },
  'GET /api/express/curator/playlist/genres': {
    id: 'express.searchPlaylistGenres',
    summary: 'Search the genres a playlist can have',
    description: `Genres whose name contains \`q\`, at most \`limit\` (default 100; pickers ask for the whole list). ${S}`,
  },
  'GET /api/spotify/login': {
    id: 'express.getSpotifyConnectUrl',
    summary: 'Start connecting a Spotify account (curator)',
    description: `Answers Spotify's consent URL with a signed state; Spotify sends the curator back to the app, which calls \`GET /api/spotify/callback\`. ${S}`,
  },
  'GET /api/spotify/callback': {
    id: 'express.connectSpotify',
    summary: 'Finish connecting a Spotify account (curator)',
    description: `Exchanges Spotify's \`code\` (with the \`state\` of \`spotify/login\`, bound to the curator) for tokens, stored encrypted, and records the connection whose playlists the curator may list. A bad state or a refused exchange answers 422. ${S}`,
  },
  'GET /api/spotify/connections': {
    id: 'express.listSpotifyConnections',
    summary: "List one's Spotify connections (curator)",
    description: `The curator's connected Spotify accounts: name, e-mail, active state (spec section 3 "Connections"). ${S}`,
  },
  'DELETE /api/spotify/connections/{id}': {
    id: 'express.revokeSpotifyConnection',
    summary: 'Disconnect a Spotify account (curator)',
    description: `Revokes connection \`id\` of the curator (its tokens forgotten); another's answers 404. ${S}`,
  },
  'POST /api/express/user/playlist/info': {
    id: 'express.previewPlaylist',
    summary: 'Read a Spotify playlist from its link',
    description: `Name, owner, cover, followers and tracks of the playlist at \`spotify_url\` (a \`/playlist/\` link); an invalid link or a playlist Spotify does not know answers 422. ${S}`,
  },
  'POST /api/express/user/playlist/exists': {
    id: 'express.playlistListed',
    summary: 'Whether a playlist is already listed',
    description: `\`exists: true\` when the playlist at \`spotify_url\` is already an express playlist (of anyone). ${S}`,
  },
  'POST /api/express/verify/check/account/playlist': {
    id: 'express.checkPlaylistOwner',
    summary: "Whether one of one's Spotify accounts owns a playlist",
    description: `\`owned: true\` when the playlist at \`spotify_url\` belongs to one of the curator's connected Spotify accounts. ${S}`,
  },
  'POST /api/express/curator/playlist/create': {
    id: 'express.createPlaylist',
    summary: 'List a playlist for express placements',
    description: `Lists a playlist owned by one of the curator's connected Spotify accounts with its tier, duration and genres; it waits for staff approval (status 2) before artists see it. An invalid link, a playlist already listed, no connection, a playlist not owned, an unknown tier or duration answer 422. ${S}`,
  },
  'GET /api/express/curator/playlists': {
    id: 'express.listOwnPlaylists',
    summary: "List one's express playlists (curator)",
    description: `The curator's playlists with tier, duration, status and figures, paged and filtered. ${S} Spec section 3 "Express playlist".`,
  },
  'GET /api/express/curator/shows/playlist/{id}': {
    id: 'express.getOwnPlaylist',
    summary: "Read one of one's express playlists (curator)",
    description: `Playlist \`id\` of the curator with its settings and offer profile; another's answers 404. ${S}`,
  },
  'PUT /api/express/curator/playlist/edit/{id}': {
    id: 'express.editPlaylist',
    summary: "Change one of one's express playlists",
    description: `Changes tier, duration, genres (at most 10), renewal, whether it is paused, whether it refuses AI-made music, and the profile artists read (description, moods, languages, unreleased tracks). An unknown tier or duration answers 422; another's playlist 404. ${S}`,
  },
  'PUT /api/express/curator/playlist/renewable': {
    id: 'express.setPlaylistRenewable',
    summary: 'Allow or refuse renewals on a playlist',
    description: `Whether artists may renew a completed placement on playlist \`playlist_id\`; another's playlist answers 404. ${S}`,
    errors: [404],
  },
  'GET /api/express/curator/playlist/campaigns': {
    id: 'express.listIncomingCampaigns',
    summary: "List the campaigns on one's playlists (curator)",
    description: `Campaigns requested on the curator's playlists, paged, filtered by status and dates. ${STATUSES} ${S}`,
  },
  'GET /api/express/curator/shows/campaigns/{id}': {
    id: 'express.getIncomingCampaign',
    summary: "Read a campaign on one's playlist (curator)",
    description: `Campaign \`id\` when it is on the curator's playlist or bought by the curator; otherwise 404. ${S}`,
  },
  'GET /api/express/artist/campaigns': {
    id: 'express.listArtistCampaigns',
    summary: "List one's Spotify express campaigns (artist)",
    description: `The artist's Spotify campaigns, paged, filtered by status and dates, newest first. ${STATUSES} ${S} Spec section 3 "Express campaign".`,
    examples: {
      response: {
        data: [expressCampaignExample],
        pagination: { total: 1, limit: 10, current_page: 1, total_pages: 1 },
      },
    },
  },
  'GET /api/express/artist/show/campaign/{id}': {
    id: 'express.getArtistCampaign',
    summary: "A Spotify campaign's status and performance (artist)",
    description: `Campaign \`id\` of the artist: status, dates of each step, playlist, track, price, decline reason and its performance (placement position, days on the playlist so far). Another's campaign answers 404. ${STATUSES} ${S}`,
    examples: {
      response: { data: expressCampaignDetailExample },
    },
  },
  'GET /api/express/curator/campaigns/performance/{id}': {
    id: 'express.getCampaignPerformance',
    summary: "A campaign's performance",
    description: `The placement's performance (position, days live, checks) of campaign \`id\`, for its curator or for the artist who bought it; anyone else 404. ${S}`,
  },
  'GET /api/express/campaigns/{id}/checks': {
    id: 'express.listCampaignChecks',
    summary: "A campaign's daily checks, any platform",
    description:
      'The daily history of campaign `id` (placement present, position, followers, video views...) for its artist or seller; anyone else 404. Issue "Results".',
  },
  'POST /api/express/curator/approve/campaign': {
    id: 'express.approveCampaign',
    summary: "Accept a campaign on one's playlist (curator)",
    description: `Moves campaign \`campaign_id\` from 1 (pending for approval) to 2 (waiting for playlist submission); the curator then adds the track and calls \`POST /api/express/track/exists\` within the submission days (default 3). A campaign no longer pending, or not listened to for the minimum seconds, answers 409; another curator's 404. ${S} Spec section 4 "Campaign actions".`,
    errors: [404, 409],
  },
  'POST /api/express/curator/decline/campaign': {
    id: 'express.declineCampaign',
    summary: "Decline a campaign on one's playlist (curator)",
    description: `Declines campaign \`campaign_id\` (status 7) with a reason and optional feedback; the artist's held coins are refunded in full. A campaign no longer pending, or not listened to for the minimum seconds, answers 409; another curator's 404. ${S} Spec section 4 "Campaign actions".`,
    errors: [404, 409],
  },
  'POST /api/express/track/exists': {
    id: 'express.submitPlacement',
    summary: 'Tell that the track was added to the playlist (curator)',
    description: `Checks on Spotify at once that \`track_id\` is on playlist \`playlist_id\` and, when found, moves the campaign waiting for it to 3 (verifying); later checks take it to 4 (on going, default 28 days). Not found leaves it waiting (\`found: false\`). A campaign not waiting for submission answers 409; none of the curator's 404. ${S}`,
    errors: [404, 409],
  },
  'GET /api/spotify/get-track': {
    id: 'express.getTrack',
    summary: 'Read a Spotify track from its link',
    description: `Name, artists, album, cover and duration of the track at \`link\` (a \`/track/\` link, spec section 5: result code 1); anything else answers 422 "Not A valid Track". ${S}`,
  },
  'GET /api/spotify/search-artists': {
    id: 'express.searchSpotifyArtists',
    summary: 'Search Spotify artists',
    description: `Artists whose name matches \`q\` (at least 3 characters, spec section 5), at most \`limit\` (default 10, at most 50). ${S}`,
  },
  'GET /api/express/artist/playlists': {
    id: 'express.listBuyablePlaylists',
    summary: 'List playlists an artist can buy a placement on',
    description: `Approved, active playlists with tier price (coins), duration, genres and figures, paged, filtered (genres, tier, price...) and sorted. ${S}`,
  },
  'GET /api/express/artist/min/tier': {
    id: 'express.getMinTier',
    summary: 'The cheapest active Spotify tier',
    description: `The lowest tier and its price in coins (what the wizard shows as "from"). ${S}`,
  },
  'POST /api/express/artist/campaign/create': {
    id: 'express.createCampaign',
    summary: 'Buy Spotify placements with coins (artist)',
    description: `Creates one campaign per chosen playlist for the track (\`track_link\`, a Spotify \`/track/\` link), the pitch (at most 140 characters), the song's language and whether it was made with AI; each placement's price in coins moves from the wallet to the campaign's escrow in one transaction, and each curator is asked to decide (status 1). Not enough coins answers 409; an unknown, paused or own playlist, or an invalid link 422. ${S} Spec section 5 "Campaign song step", "Campaign details".`,
    errors: [409],
    examples: {
      request: {
        track_link: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
        playlist_ids: [12, 15],
        pitch: 'Dream-pop single for late nights.',
        language_id: 1,
        made_with_ai: false,
      },
      response: {
        data: [newExpressCampaignExample],
        message: 'Campaign created',
      },
    },
  },
  'GET /api/express/curator/checkout/playlists': {
    id: 'express.listCuratorBuyablePlaylists',
    summary: 'Playlists a curator can buy placements on for their own track',
    description: `As the artists' list, leaving out the curator's own playlists. ${S}`,
  },
  'POST /api/express/curator/checkout': {
    id: 'express.createCuratorCampaign',
    summary: "Buy placements for one's own track with coins (curator)",
    description: `The artists' purchase for a curator promoting a track of their own, on the same rules (coins held per placement, fee at completion, refunds); never on their own playlists (422). Not enough coins answers 409. ${S}`,
    errors: [409],
  },
  'GET /api/express/curator/checkout/campaigns': {
    id: 'express.listCuratorBoughtCampaigns',
    summary: 'List the placements a curator bought',
    description: `Campaigns the curator bought for their own tracks, paged. ${S}`,
  },
  'POST /api/express/artist/campaign/checkout/quote': {
    id: 'express.quoteCampaignCheckout',
    summary: 'What paying placements by card would cost',
    description: `For the chosen playlists: their price in coins, the coins missing from the wallet and the cheapest top-up by card (amount in minor units). An unavailable playlist answers 422. ${S}`,
  },
  'POST /api/stripe/campaign/checkout': {
    id: 'express.startCampaignCardCheckout',
    summary: 'Pay Spotify placements by card',
    description: `Opens a card checkout for the coins the order needs (or the cheapest top-up of the quote), answering the hosted page and \`session_id\`; the campaigns are created when \`POST /api/stripe/campaign/checkout/check/pay\` confirms the payment. A recomputed amount differing from \`expected_amount_minor\` answers 409; an invalid link or unavailable playlist 422. ${S}`,
    errors: [409, 502],
  },
  'POST /api/stripe/campaign/checkout/check/pay': {
    id: 'express.confirmCampaignCardPayment',
    summary: 'Confirm a card payment and create the placements',
    description: `Credits the paid coins once and creates the ordered campaigns from them; when they can no longer be created (a playlist paused meanwhile), the coins stay in the wallet and \`not_created\` says so. Someone else's payment answers 404. ${S}`,
    errors: [409, 502],
  },
  'POST /api/express/artist/campaign/renew/check': {
    id: 'express.checkRenewal',
    summary: 'Whether a completed placement can be renewed',
    description: `For campaign \`campaign_id\`: whether it can be renewed (completed, playlist still active and renewable), at what price in coins, on which playlist and track. Another's campaign answers 404. ${S} Spec section 4 "artists renew (a check call first)".`,
    errors: [404],
  },
  'POST /api/express/artist/campaign/renew': {
    id: 'express.renewCampaign',
    summary: 'Renew a completed Spotify placement',
    description: `Creates a new campaign for the same track and playlist at today's price, holding its coins. Not renewable, or not enough coins, answers 409; another's campaign 404. ${S}`,
    errors: [404, 409],
  },
  'POST /api/express/add/review': {
    id: 'express.reviewCampaign',
    summary: 'Rate a completed placement (artist)',
    description: `A rating of 1 to 5 and an optional comment (at most 1,000 characters) on a completed campaign, once. Not completed or already reviewed answers 409; another's campaign 404. ${S}`,
    errors: [404, 409],
  },
  'GET /api/express/playlists/{id}/profile': {
    id: 'express.getPlaylistProfile',
    summary: "A playlist's public profile",
    description: `What artists read before buying: description, moods, languages, genres, figures (answer time, acceptance rate, score), reviews and replies. Staff and the owner see the same. An unlisted playlist answers 404. ${S}`,
  },
  'GET /api/express/artist/playlists/matched': {
    id: 'express.listMatchedPlaylists',
    summary: 'Playlists matching a track (artist)',
    description: `Playlists ranked by how well they fit the given genres, moods and language, never the artist's own. ${S}`,
  },
  'GET /api/express/curator/checkout/playlists/matched': {
    id: 'express.listCuratorMatchedPlaylists',
    summary: "Playlists matching a curator's own track",
    description: `As the artists' match, never the curator's own playlists. ${S}`,
  },
  'POST /api/express/seller/reviews/{id}/reply': {
    id: 'express.replyToReview',
    summary: "Reply to a review of one's playlist or account",
    description: `The seller (curator or influencer) answers in public the artist's review of campaign \`id\` (any platform), shown under the review on the profile; an empty reply removes it. No review of that campaign, or a campaign not the seller's, answers 404. ${S}`,
  },
  'GET /api/web/user/campaigns/dashboard': {
    id: 'express.getDashboard',
    summary: "The user dashboard's campaign figures",
    description:
      'Express and custom campaign counts by status and the latest campaigns of the signed-in user, as artist or as seller (spec section 3 "Campaign stats"). Spec section 7, "Campaigns".',
  },
  'GET /api/express/campaigns/{id}/listen': {
    id: 'express.getListening',
    summary: 'The player and listening progress before a decision (seller)',
    description: `How the seller plays the request (the platform's player or the unreleased upload), the seconds listened so far against the minimum (\`min_listen_seconds\` setting; a decision needs it), and what the artist tells curators (pitch, bio, genres, links). Anyone but the campaign's seller answers 404.`,
  },
  'POST /api/express/campaigns/{id}/listen': {
    id: 'express.recordListening',
    summary: "Count one playback event of the seller's player",
    description:
      "One `play`, `progress`, `pause` or `ended` event with the player's position; credited with the server's clock (at most the time elapsed and at most the position's advance), so claims without listening earn nothing. Anyone but the campaign's seller answers 404.",
  },
  'GET /api/express/campaigns/{id}/messages': {
    id: 'express.listMessages',
    summary: "Read a campaign's conversation",
    description:
      "A page of the messages between the campaign's artist and seller (contact details masked), newest first; reading does not mark read. Anyone else answers 404.",
  },
  'POST /api/express/campaigns/{id}/messages': {
    id: 'express.postMessage',
    summary: 'Write to the other side of a campaign',
    description:
      'Plain text, contact details masked, limited in length; the other side is notified once per burst. Closed some days after the campaign ended (409); too many messages in a minute answer 429; anyone but the artist and seller 404.',
    errors: [409],
  },
  'POST /api/express/campaigns/{id}/messages/read': {
    id: 'express.markMessagesRead',
    summary: "Mark a campaign's conversation read",
    description:
      "Moves the reader's marker up to message `up_to_id` (never back). Anyone but the artist and seller answers 404.",
  },
  'POST /api/express/campaigns/{id}/withdraw': {
    id: 'express.withdrawCampaign',
    summary: 'Withdraw a pending campaign and get the coins back (artist)',
    description:
      "While campaign `id` waits for the seller's decision, the artist withdraws it: the hold is voided and the coins refunded in full, the seller told. Decided meanwhile answers 409 (one of the two wins); another's campaign 404. Any platform.",
    errors: [409],
  },
  'POST /api/express/campaigns/{id}/feedback-rating': {
    id: 'express.rateFeedback',
    summary: 'Rate the feedback of a declined campaign (artist)',
    description:
      "Once per declined campaign, the artist rates whether the seller's decline feedback helped. Not declined or already rated answers 409; another's campaign 404.",
    errors: [409],
  },
};
