import type { OperationDocs } from '../types';
import { AUDITED, EXPORTED, PAGED } from './common';

/** Spotify express in the back-office and the campaign views shared by every platform (spec section 2 "/express/..."; issue 12 "Express engine"). */
export const expressOperations: OperationDocs = {
  'GET /api/admin/express/tiers': {
    id: 'admin.express.listTiers',
    summary: 'List Spotify express tiers',
    description:
      'Every Spotify express tier, active and retired, cheapest first: name, price (coins), description and its translations. Spec section 2 "/express/tiers/list" and section 3 "Tier".',
  },
  'POST /api/admin/express/tiers': {
    id: 'admin.express.createTier',
    summary: 'Create a Spotify express tier',
    description: `Body \`tier_name\` (at most 100, unique per platform: 422 \`lookups.name_taken\`), \`price\` (coins, 1 to 1,000,000), \`description\` (at most 500), \`status\` (1 active, default, or 0 retired), \`translations\` (fr, de, ar, tr). Answers 201. ${AUDITED} Spec section 2 "/express/tiers/list".`,
    examples: {
      request: {
        tier_name: 'Gold',
        price: 120,
        description: 'Playlists of 50k followers and more',
        status: 1,
      },
    },
  },
  'PUT /api/admin/express/tiers/{id}': {
    id: 'admin.express.updateTier',
    summary: 'Update a Spotify express tier',
    description: `The same body and rules as creating; a new price applies to campaigns ordered afterwards. ${AUDITED} Spec section 2 "/express/tiers/list".`,
  },
  'GET /api/admin/express/durations': {
    id: 'admin.express.listDurations',
    summary: 'List Spotify express durations',
    description:
      'Every Spotify placement duration (days), active and retired, shortest first. Spec section 2 "/express/durations/list" and section 3 "Duration".',
  },
  'POST /api/admin/express/durations': {
    id: 'admin.express.createDuration',
    summary: 'Create a Spotify express duration',
    description: `Body \`duration\` (days, 1 to 365) and \`status\` (1 active, default, or 0 retired). An existing duration of the same length is re-activated (or retired) instead of duplicated. Answers 201. ${AUDITED} Spec section 2 "/express/durations/list".`,
  },
  'PUT /api/admin/express/durations/{id}': {
    id: 'admin.express.updateDuration',
    summary: 'Update a Spotify express duration',
    description: `422 \`lookups.name_taken\` on \`duration\` when the platform has that length already. ${AUDITED} Spec section 2 "/express/durations/list".`,
  },
  'GET /api/admin/express/reasons': {
    id: 'admin.express.listReasons',
    summary: 'List decline reasons',
    description:
      'Every decline reason, active and retired, with its translations and the platforms (1 Spotify, 2 TikTok, 3 Instagram) whose sellers are offered it. Spec section 3 "Reason"; docs/decisions.md "Say why: reasons per platform (issue 30)".',
  },
  'POST /api/admin/express/reasons': {
    id: 'admin.express.createReason',
    summary: 'Create a decline reason',
    description: `Body \`reason\` (at most 200), \`status\` (1 active, default, or 0), \`translations\` (fr, de, ar, tr), \`campaign_type_ids\` (1 to 3 platforms, default Spotify; an empty list: 422 \`express.reason_platform_required\`). Answers 201. ${AUDITED} Spec section 7 "Spotify express: campaign/reasons"; issue 30.`,
  },
  'PUT /api/admin/express/reasons/{id}': {
    id: 'admin.express.updateReason',
    summary: 'Update a decline reason',
    description: `The same body as creating. ${AUDITED} Issue 30 "Say why".`,
  },
  'DELETE /api/admin/express/reasons/{id}': {
    id: 'admin.express.retireReason',
    summary: 'Retire a decline reason',
    description: `Reasons stay referenced by past declines, so deleting retires them (gone from the sellers' choices). ${AUDITED} Issue 30 "Say why".`,
  },
  'GET /api/admin/express/playlists': {
    id: 'admin.express.listPlaylists',
    summary: 'List express playlists',
    description: `Every curator's express playlist with tier, duration (days), curator, the admin who listed it and its status (1 approved, 2 pending, 3 declined or disabled); \`filter[status_id]\` keeps one status, \`q\` matches the name. ${PAGED} Spec section 2 "/express/playlists/list" and section 3 "Express playlist".`,
  },
  'GET /api/admin/express/playlists/{id}': {
    id: 'admin.express.getPlaylist',
    summary: 'Read an express playlist with its latest campaigns',
    description: 'The playlist and its 25 newest campaigns. Spec section 2 "/express/playlist/view/{id}".',
  },
  'POST /api/admin/express/playlists/{id}/status': {
    id: 'admin.express.setPlaylistStatus',
    summary: 'Approve, decline or disable an express playlist',
    description: `Body \`status\` (\`approve\` → 1, \`decline\` or \`disable\` → 3) and \`reason\` (at most 500, told to the curator). The curator is told. Answers \`{ id, status_id }\`. ${AUDITED} Spec section 2 "/express/playlist/view/{id}" and section 4 "Express playlist status".`,
    examples: {
      request: { status: 'decline', reason: 'The playlist has fewer than 1,000 followers' },
      response: { data: { id: 17, status_id: 3 }, message: 'Saved' },
    },
  },
  'GET /api/admin/express/curators': {
    id: 'admin.express.searchCurators',
    summary: 'Search approved curators staff may act for',
    description:
      'Approved, live curators whose name, artist name or e-mail contains `q` (or the one user `id`), newest first, at most 20, with their wallet balance (coins). The curator picker of /express/playlist/create. Docs/decisions.md "Staff on behalf of users (session 6)"; spec section 2 "/express/playlist/create".',
  },
  'GET /api/admin/express/artists': {
    id: 'admin.express.searchArtists',
    summary: 'Search approved artists staff may order for',
    description:
      'Approved, live artists whose name, artist name or e-mail contains `q` (or the one user `id`), newest first, at most 20, with their wallet balance (coins). The artist picker of /express/checkout. Spec section 2 "/express/checkout"; docs/decisions.md "Staff on behalf of users (session 6)".',
  },
  'GET /api/admin/express/playlist/options': {
    id: 'admin.express.getPlaylistOptions',
    summary: 'Read the choices of the back-office playlist form',
    description:
      'The active Spotify tiers (cheapest first), durations (shortest first) and every active genre by name, as the curator\'s own form reads them. Spec section 2 "/express/playlist/create".',
  },
  'POST /api/admin/express/playlists': {
    id: 'admin.express.createPlaylist',
    summary: 'List a playlist for a curator',
    description: `The curator's own form on their behalf: \`curator_id\` (an approved curator, 422 \`express.behalf.not_curator\`), \`spotify_url\` (a playlist link, not listed yet, found on Spotify and owned by the curator's connected account), \`tier_id\`, \`duration_id\`, genres and profile. The playlist records the staff member and waits for approval (status 2); the curator is told. Answers 201. ${AUDITED} Spec section 2 "/express/playlist/create".`,
  },
  'POST /api/admin/express/checkout': {
    id: 'admin.express.orderForArtist',
    summary: 'Order Spotify express campaigns for an artist',
    description: `Body \`artist_id\` (an approved artist, 422 \`express.behalf.not_artist\`), \`track_link\`, \`playlist_ids\` (at least one), \`pitch\` (at most 140 characters), \`made_with_ai\`, \`language_id\`. The artist's own rules apply: one hold per playlist on the artist's coins (desc 2); 409 for an open campaign of the track on a playlist, \`wallet.insufficient_balance\` when the coins do not cover the order. The campaigns start at status 1 Pending for Approval; the artist is told. Answers 201 with the campaigns. ${AUDITED} Spec section 2 "/express/checkout".`,
    errors: [409],
    examples: {
      request: {
        artist_id: 1042,
        track_link: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
        playlist_ids: [17, 23],
        pitch: 'Warm indie pop for late summer evenings',
      },
    },
  },
  'GET /api/admin/express/playlists/matched': {
    id: 'admin.express.listMatchedPlaylists',
    summary: "List playlists matched to an artist's track",
    description:
      'Query `artist_id` and the match filters (`genre_ids` up to 10, default the artist\'s genres; `moods`, `language_id`, `is_released`, `made_with_ai`). "Matched for this track": the playlists ranked by genre and mood overlap, language fit, acceptance and answer time, each with `why`; never the artist\'s own. Issue 31 "Choose with evidence".',
  },
  'GET /api/admin/express/campaigns': {
    id: 'admin.express.listCampaigns',
    summary: 'List Spotify express campaigns',
    description: `Every Spotify express campaign, newest first (\`order\` ending in \`:asc\` for oldest first): track, artist, curator, playlist, tier, price (coins) and status. Filters \`filter[status]\` (one or more of 1 Pending for Approval … 8 Failed to Submit Playlist), \`filter[artist_id]\`, \`filter[curator_id]\`, \`filter[playlist_id]\`, \`filter[date_from]\` and \`filter[date_to]\` (\`YYYY-MM-DD\`, created, inclusive; 422 \`validation.date_invalid\` for a date that is no day, \`validation.date_range\` when the end is before the start), the typed \`filter[artist]\` and \`filter[seller]\` (the artist's or the curator's name or e-mail, contains) and \`filter[track]\` (contains; issue 36); \`q\` matches the track name or the artist's or curator's e-mail. ${PAGED} Spec section 2 "/express/campaigns/list" and section 4 "Express campaign status map".`,
  },
  'GET /api/admin/express/campaigns/export.csv': {
    id: 'admin.express.exportCampaignsCsv',
    summary: 'Export Spotify express campaigns as CSV',
    description: `The campaigns the list's \`q\` and filters select (the same filters and 422s as the list), in its order: number, ordered, status code (\`pending_for_approval\` … \`failed_to_submit_playlist\`), artist and curator (id, name, e-mail), track (name, artist, link), playlist, tier, price, coins paid to the curator and refunded (whole coins), completed. ${EXPORTED} Needs \`express.campaigns.show\`. Issue 36 "Lists"; spec section 2 "/express/campaigns/list".`,
    errors: [422, 429],
  },
  'GET /api/admin/express/campaigns/{id}': {
    id: 'admin.express.getCampaign',
    summary: 'Read a Spotify express campaign',
    description:
      'The campaign with its track, playlist, seller, timeline (staff names shown), decline reason and pitch, and its performance so far. Spec section 2 "/express-campaigns/{campaignId}".',
  },
  'GET /api/admin/express-campaigns/{id}/checks': {
    id: 'admin.express.getCampaignChecks',
    summary: "Read an express campaign's daily history",
    description:
      'Any platform\'s campaign: its daily checks, days ascending, with its own dates to mark (acceptance, first seen, On Going\'s start and end, removal, the end). Issue 32 "Results: the daily history".',
  },
  'POST /api/admin/express/campaigns/{id}/force-end': {
    id: 'admin.express.forceEndCampaign',
    summary: 'Force-end an express campaign',
    description: `Body \`outcome\` and \`note\` (at most 500). \`completed\` pays the seller in full (status 6), \`refunded\` voids the hold and refunds the artist (status 7). A refund fits while the campaign is open; paying in full only once the placement or video was seen (Verifying, On Going, Auditing): 409 \`express.force_end_not_placed\`; 409 \`express.not_open\` when it has ended. The row is locked, so a concurrent decision wins or loses whole. Answers \`{ id, status_id }\` and a message with the coins moved. ${AUDITED} Spec section 4 "admin force-ends"; docs/decisions.md "Force-end outcomes fit the campaign's state (issue 28 item 3)".`,
    errors: [409],
    examples: {
      request: { outcome: 'refunded', note: 'Playlist deleted by its owner' },
      response: {
        data: { id: 5521, status_id: 7 },
        message: 'Campaign ended: 120 coins went back to the artist',
      },
    },
  },
  'POST /api/admin/express-campaigns/{id}/withdraw': {
    id: 'admin.express.withdrawCampaign',
    summary: 'Withdraw an unanswered campaign request for its artist',
    description: `Any platform: a request nobody has answered yet goes 1 → 7 Declined (end reason \`withdrawn\`), the hold is voided, the artist refunded in full, the seller told and the request's jobs cancelled. 409 \`express.not_pending\` when already answered (of a withdrawal and an approval at the same moment one wins), \`express.not_withdrawable\` for a placement of a custom campaign. Timelined as the staff member. Answers \`{ id, status_id, end_reason, refunded_coins }\`. ${AUDITED} Issue 30 "Answer in time: the artist's withdrawal".`,
    errors: [409],
    examples: {
      response: {
        data: { id: 5521, status_id: 7, end_reason: 'withdrawn', refunded_coins: 120 },
        message: 'Request withdrawn. 120 coins are back in your wallet.',
      },
    },
  },
  'GET /api/admin/express-campaigns/{id}/messages': {
    id: 'admin.express.readCampaignMessages',
    summary: "Read a campaign's conversation between artist and seller",
    description:
      'Read-only, a page of the thread (`campaignMessagesQuery`). Allowed when a support ticket names the campaign, the campaign has a dispute, or the admin holds `express.messages.read`; otherwise 403 `express.messages.staff_not_allowed`. Every read is audited with its reason. Issue 30 "Campaign messages".',
  },
  'GET /api/admin/results/campaigns/{id}': {
    id: 'admin.express.getCampaignReport',
    summary: "Read an express campaign's results report",
    description:
      'What the campaign did against the 28 days before it (its target, window and baseline, the metrics measured and those missing, coins spent and the results per unit), in the reader\'s language, as its artist sees it. Issue 32 "Results: the report and what worked".',
  },
};
