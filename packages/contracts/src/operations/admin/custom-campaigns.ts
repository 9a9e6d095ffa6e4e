import type { OperationDocs } from '../types';
import { AUDITED, EXPORTED, PAGED } from './common';

const STATUSES =
  '1 Pending, 2 Pending for Approval, 3 Approved, 4 Declined, 5 Deleted, 6 Pending for Publishing, 7 Published, 8 Completed';

/** Custom campaigns in the back-office (spec section 2 "/custom/campaigns/list", "/campaigns/custom/{id}"; section 4 "Custom campaign status options"; issue 13). */
export const customCampaignsOperations: OperationDocs = {
  'GET /api/admin/custom-campaigns': {
    id: 'admin.customCampaigns.list',
    summary: 'List custom campaigns',
    description: `Every custom campaign, newest first: type, artist, tier, released or not, status, form and invoice (paid, transaction). Filters \`filter[status]\` (${STATUSES}; Deleted ones are hidden unless asked for), \`filter[artist_id]\`, \`filter[is_paid]\` and \`filter[is_released]\` (1 or 0), \`q\`. ${PAGED} Spec section 2 "/custom/campaigns/list" and section 3 "Custom campaign list item".`,
  },
  'GET /api/admin/custom-campaigns/export.csv': {
    id: 'admin.customCampaigns.exportCsv',
    summary: 'Export custom campaigns as CSV',
    description: `The custom campaigns the list's \`q\` and filters select, newest first: number, created, name, artist, tier, status code, price in coins, placements, start date, released (1/0), invoice, paid and completed times. ${EXPORTED} Issue 36 "Lists".`,
    errors: [429],
  },
  'GET /api/admin/custom-campaigns/stats': {
    id: 'admin.customCampaigns.getStats',
    summary: 'Count custom campaigns by status',
    description:
      'The stats card of the campaigns list: counts by status of every campaign (deleted ones not counted). The figures add up: total = pending + pending for approval + approved + pending for publishing + publishing (published, still running) + completed + declined; "invited" has no custom status and is 0. Spec section 3 "Campaign stats".',
  },
  'GET /api/admin/custom-campaigns/tiers': {
    id: 'admin.customCampaigns.listTiers',
    summary: 'List the tiers a custom campaign may take',
    description:
      'The active tiers of the New Campaign wizard\'s Campaign Details step. Spec section 2 "Add New Campaign wizard".',
  },
  'GET /api/admin/custom-campaigns/artists': {
    id: 'admin.customCampaigns.searchArtists',
    summary: 'Search artists staff may order a custom campaign for',
    description:
      'Artists, approved or not, not deleted, whose name or e-mail contains `q` (at most 100 characters); at most 20. Spec section 2 "Add New Campaign wizard" (artist required, section 5 "Campaign details").',
  },
  'GET /api/admin/custom-campaigns/{id}': {
    id: 'admin.customCampaigns.get',
    summary: 'Read a custom campaign with its placements and coins',
    description:
      'The campaign with its song, settings (submission, on-going and auditing days), team, invoice, placements and where its coins are (held, paid, refunded). Spec section 2 "/campaigns/custom/{id}".',
  },
  'POST /api/admin/custom-campaigns': {
    id: 'admin.customCampaigns.create',
    summary: 'Order a custom campaign for an artist',
    description: `The artist's wizard fields (\`campaign_type_id\`, \`is_released\`, \`link\`, \`name\`, \`language_id\`, \`genre_ids\` 1 to 5, \`released_date\`, \`media_link\` (an uploaded mp3 or mp4 up to 50 MB when unreleased), \`start_date\` (not before today), \`tier_id\`, \`placements\` (1 to 20, default 3), \`pitch\` (at most 140 characters), \`made_with_ai\`) plus \`artist_id\`, \`admin_ids\` (team in charge, up to 20), \`playlist_submission_days\` (1 to 365) and \`auditing_days\` (0 to 365); on-going days come from the settings. Starts at 1 Pending. 404 when \`artist_id\` names no artist; the section 5 messages answer 422. Answers 201 with \`{ id, status }\`. ${AUDITED} Spec section 2 "Add New Campaign wizard" and section 5 "Campaign song step", "Campaign details", "Campaign settings".`,
    errors: [404],
  },
  'PUT /api/admin/custom-campaigns/{id}': {
    id: 'admin.customCampaigns.update',
    summary: 'Edit a pending custom campaign',
    description: `The same fields without \`artist_id\`, and \`status\` 1 or 2. Only while 1 Pending (spec section 4: edit disabled above 1): 409 \`custom.not_editable\`, also when the edit races an approval. ${AUDITED} Spec section 4 "Custom campaign status options".`,
    errors: [409],
  },
  'DELETE /api/admin/custom-campaigns/{id}': {
    id: 'admin.customCampaigns.delete',
    summary: 'Delete a pending custom campaign',
    description: `Status 5 Deleted while 1 Pending (409 \`custom.not_deletable\` otherwise); the row stays for the record. ${AUDITED} Spec section 4 "Edit and delete disabled when status id is above 1".`,
    errors: [409],
  },
  'POST /api/admin/custom-campaigns/{id}/approve': {
    id: 'admin.customCampaigns.approve',
    summary: 'Approve a custom campaign and invoice the artist',
    description: `1 or 2 → 3 Approved: an invoice for the price (coins) is raised from the platform's gapless invoice series and the artist is told to pay. 409 \`custom.not_pending\`. ${AUDITED} Spec section 4 "admin approves or declines"; docs/decisions.md "Custom campaigns (issue 13)".`,
    errors: [409],
    examples: { response: { message: 'Campaign approved and invoice raised' } },
  },
  'POST /api/admin/custom-campaigns/{id}/decline': {
    id: 'admin.customCampaigns.decline',
    summary: 'Decline a custom campaign with a reason',
    description: `Body \`reason\` (at most 1000 characters), shown to the artist. 1, 2 or an unpaid 3 → 4 Declined; nothing was held yet. 409 \`custom.not_declinable\`. ${AUDITED} Spec section 4 "admin approves or declines".`,
    errors: [409],
    examples: {
      request: { reason: 'The track is not released on Spotify yet' },
      response: { message: 'Campaign declined' },
    },
  },
  'POST /api/admin/custom-campaigns/{id}/publish': {
    id: 'admin.customCampaigns.publish',
    summary: 'Publish a paid custom campaign to curators',
    description: `6 Pending for Publishing → 7 Published: curators may opt in for \`playlist_submission_days\`; a job closes the window then. 409 \`custom.not_publishable\`. ${AUDITED} Spec section 4 "Custom campaign status options"; docs/decisions.md "Custom campaigns: what happens after ordering (issue 28 item 6)".`,
    errors: [409],
    examples: { response: { message: 'Campaign published to curators' } },
  },
  'POST /api/admin/custom-campaigns/{id}/force-end': {
    id: 'admin.customCampaigns.forceEnd',
    summary: 'Force-end a published custom campaign',
    description: `Body \`outcome\` and \`note\` (at most 1000). Every open placement is force-ended on the express engine (\`completed\`: the curator paid where the placement was seen, refunded where it never was; \`refunded\`: the artist refunded), unclaimed slots are refunded and the campaign completes. 409 \`custom.not_published\`. ${AUDITED} Spec section 4 "admin force-ends"; issue 28 item 3.`,
    errors: [409],
    examples: {
      request: { outcome: 'completed', note: 'All placements were seen' },
      response: { message: 'Campaign ended' },
    },
  },
};
