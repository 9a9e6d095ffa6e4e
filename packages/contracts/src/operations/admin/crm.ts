import type { OperationDocs } from '../types';
import { AUDITED, EXPORTED, PAGED } from './common';

const CRM =
  'Spec section 2 "CRM module" (paths not shown by the spec: REST under `/api/admin/crm`); issue 17 "CRM and e-mail marketing".';
const LEAD_FILTER =
  '`filter[genre]`, `filter[min_followers]`, `filter[max_followers]`, `filter[has_email]` (true or false), `filter[consent]` (unconfirmed, confirmed, unsubscribed), `q` (name or address)';

/** The CRM: artists (leads), lead lists, imports, consent and suppression, senders, templates and marketing campaigns (issue 17). */
export const crmOperations: OperationDocs = {
  'GET /api/admin/crm/artists': {
    id: 'admin.crm.listArtists',
    summary: 'List artist leads',
    description: `Artist leads (registered users and scraped or imported ones), newest first, with address, consent and suppression. ${LEAD_FILTER}. ${PAGED} ${CRM} Screen /crm/artists-list.`,
  },
  'GET /api/admin/crm/artists/export.csv': {
    id: 'admin.crm.exportArtistsCsv',
    summary: 'Export artist leads as CSV',
    description: `The artist leads the list's \`q\` and filters select (${LEAD_FILTER}), in its order: number, kind, origin and consent as codes (\`artist\`, \`scraping\`, \`confirmed\`...), name, address, suppressed (1/0), Spotify id and link, followers, genres, added. ${EXPORTED} Needs \`view.main.crm.leads.tab.list\`, like the list. Issue 36 "Lists"; ${CRM}`,
    errors: [422, 429],
  },
  'POST /api/admin/crm/artists/sync-users': {
    id: 'admin.crm.syncRegisteredArtists',
    summary: "Bring the product's registered artists into the leads",
    description: `One lead (\`origin = user\`) per registered artist, name and address refreshed; an erased address is left out. Answers how many leads were created and refreshed. ${AUDITED} ${CRM}`,
  },
  'GET /api/admin/crm/artists/{id}': {
    id: 'admin.crm.getArtist',
    summary: 'Read an artist lead with everything known',
    description: `Fields and their sources, address with consent and suppression, lists, and the scraping jobs that found it. ${CRM} Screen /artist/profile/{artistId}.`,
  },
  'GET /api/admin/crm/artists/{id}/campaigns': {
    id: 'admin.crm.listArtistCampaigns',
    summary: 'List the marketing campaigns sent to an artist lead',
    description: `Each campaign sent to the lead with what its recipient did: the artist profile's engagement. ${CRM}`,
  },
  'GET /api/admin/crm/lists': {
    id: 'admin.crm.listLeadLists',
    summary: 'List lead lists',
    description: `Static lists and saved filters with how many leads each holds now (a saved filter is counted live); \`q\` matches the name; \`limit\` at most 100. ${PAGED} ${CRM} Screen /crm/leads-lists.`,
  },
  'POST /api/admin/crm/lists': {
    id: 'admin.crm.createLeadList',
    summary: 'Create a static lead list or a saved filter',
    description: `Body \`type\` \`static\` with \`name\` (at most 100), or \`filter\` with \`name\` and \`filter\` (the leads filter). 422 \`crm.list_name_taken\` on \`name\` (any case). Answers 201. ${AUDITED} ${CRM}`,
    examples: {
      request: { type: 'filter', name: 'UK indie with address', filter: { genre: 'indie', has_email: true } },
    },
  },
  'DELETE /api/admin/crm/lists/{id}': {
    id: 'admin.crm.deleteLeadList',
    summary: 'Delete a lead list',
    description: `The list goes; its leads stay. ${AUDITED} ${CRM}`,
  },
  'GET /api/admin/crm/lists/{id}/leads': {
    id: 'admin.crm.listLeadListMembers',
    summary: "List a lead list's leads",
    description: `The list's leads by name (a saved filter's current matches), with the leads filter: \`filter[kind]\` (artist or curator), ${LEAD_FILTER}. ${PAGED} ${CRM}`,
  },
  'POST /api/admin/crm/lists/{id}/leads': {
    id: 'admin.crm.addLeadListMembers',
    summary: 'Add leads to a static list',
    description: `Body \`lead_ids\` (1 to 1000). 409 \`crm.list_not_static\` for a saved filter. ${AUDITED} ${CRM}`,
    errors: [409],
  },
  'GET /api/admin/crm/lists/{id}/export': {
    id: 'admin.crm.exportLeadList',
    summary: "Download a lead list's leads as CSV",
    description: `\`text/csv\` (UTF-8 with a byte order mark, headers in the reader's language), at most 100,000 rows: kind, name, address, consent, whether suppressed, Spotify id and link, followers, genres, origin. Audited with the list id and row count. ${CRM}`,
  },
  'POST /api/admin/crm/imports/preview': {
    id: 'admin.crm.previewImport',
    summary: 'Read the columns and first rows of a CSV to import',
    description: `Body \`csv\` (the file's text, at most 5,000,000 bytes: 422 \`crm.import.too_large\`). Answers the header and the first rows for the mapping step; 422 when unreadable. ${CRM}`,
  },
  'POST /api/admin/crm/imports': {
    id: 'admin.crm.importLeads',
    summary: 'Import leads from a CSV',
    description: `Body \`csv\` (at most 5,000,000 bytes and 20,000 rows), \`mapping\` (lead field → column; \`email\` required), \`list_id\` or \`list_name\`, \`consent\` (\`unconfirmed\` default, or \`confirmed\`), \`first_name_from_name\`. One transaction: each row's address is checked (present, valid, once in the file, not suppressed) and its other fields; refused rows are reported with their line and reason (up to 500 listed) and change nothing. Accepted rows create or update a lead, record the address with the import's consent (never lowering a confirmation, never lifting an unsubscribe) and join the list. 404 when \`list_id\` does not exist (no path parameter); 409 when it is a saved filter. Answers the report. ${AUDITED} ${CRM}`,
    errors: [404, 409],
  },
  'PUT /api/admin/crm/addresses/consent': {
    id: 'admin.crm.setConsent',
    summary: "Set an address's marketing consent",
    description: `Body \`email\` and \`consent\` (unconfirmed, confirmed, unsubscribed). \`unsubscribed\` also suppresses the address (reason \`unsubscribe\`); \`confirmed\` is refused for a suppressed address (409 \`crm.address_suppressed\`: suppression always wins). ${AUDITED} ${CRM}`,
    errors: [409],
    examples: {
      request: { email: 'lead@example.com', consent: 'unsubscribed' },
      response: { message: 'The consent was saved' },
    },
  },
  'GET /api/admin/crm/suppressions': {
    id: 'admin.crm.getSuppressions',
    summary: 'Count suppressed addresses, or check one',
    description: `How many addresses are suppressed per reason (erasure, unsubscribe, hard bounce, complaint) and, with query \`email\`, whether that one is. ${CRM}`,
  },
  'POST /api/admin/crm/suppressions': {
    id: 'admin.crm.suppressAddress',
    summary: 'Put an address on the suppression list',
    description: `Body \`email\` and \`reason\` (erasure, unsubscribe, hard_bounce, complaint). Its consent becomes \`unsubscribed\`; it is never sent to again and an import of it is refused. Idempotent (a second suppression keeps the first reason). ${AUDITED} ${CRM}`,
    examples: { request: { email: 'lead@example.com', reason: 'erasure' } },
  },
  'GET /api/admin/crm/sender-domains': {
    id: 'admin.crm.listSenderDomains',
    summary: 'List sender IDs (domains) with their DNS records',
    description: `Every sender domain with the SPF, DKIM and DMARC records to publish and the last check's results. ${CRM} Screen /crm/senders-id.`,
  },
  'POST /api/admin/crm/sender-domains': {
    id: 'admin.crm.createSenderDomain',
    summary: 'Add a sender ID (domain)',
    description: `Body \`domain\`. A new RSA 2048 DKIM key pair is made (selector \`CRM_DKIM_SELECTOR\`); the domain is not verified until its records are found. 422 \`crm.senders.domain_taken\` on \`domain\`. Answers 201 with the records to publish. ${AUDITED} ${CRM}`,
  },
  'POST /api/admin/crm/sender-domains/{id}/check': {
    id: 'admin.crm.checkSenderDomain',
    summary: "Check a sender ID's DNS records now",
    description: `Stores the results; verified when SPF, DKIM and DMARC all pass, unverified again when one stops passing. 503 \`crm.senders.dns_unavailable\` when DNS does not answer. ${AUDITED} ${CRM}`,
  },
  'DELETE /api/admin/crm/sender-domains/{id}': {
    id: 'admin.crm.deleteSenderDomain',
    summary: 'Delete a sender ID',
    description: `Its senders stay, unusable until the domain is verified again. ${AUDITED} ${CRM}`,
  },
  'GET /api/admin/crm/senders': {
    id: 'admin.crm.listSenders',
    summary: 'List senders',
    description: `Every sender address with whether it is confirmed, its domain verified, and so usable by a campaign. ${CRM} Screen /crm/senders.`,
  },
  'POST /api/admin/crm/senders': {
    id: 'admin.crm.createSender',
    summary: 'Add a sender address',
    description: `Body \`email\`, \`name\` (display name, at most 100) and \`rate_per_minute\` (1 to 100,000). A 6-digit code valid 10 minutes is mailed to the address in the staff member's language. 422 \`crm.senders.sender_taken\` on \`email\`. Answers 201. ${AUDITED} ${CRM}`,
  },
  'POST /api/admin/crm/senders/{id}/resend': {
    id: 'admin.crm.resendSenderCode',
    summary: 'Mail a new confirmation code to a sender',
    description: `For an unconfirmed sender (409 otherwise); the previous code stops working. ${CRM}`,
    errors: [409],
  },
  'POST /api/admin/crm/senders/{id}/confirm': {
    id: 'admin.crm.confirmSender',
    summary: 'Confirm a sender with its mailed code',
    description: `Body \`code\` (6 digits). A wrong, expired or missing code answers 422 \`auth.code_invalid\` and counts an attempt; after 5 the code is dead (429 \`auth.code_too_many_attempts\`) and a new one must be sent. ${AUDITED} ${CRM}`,
  },
  'DELETE /api/admin/crm/senders/{id}': {
    id: 'admin.crm.deleteSender',
    summary: 'Delete a sender',
    description: `409 while a campaign uses it. ${AUDITED} ${CRM}`,
    errors: [409],
  },
  'GET /api/admin/crm/templates': {
    id: 'admin.crm.listTemplates',
    summary: 'List e-mail templates',
    description: `Templates, newest change first, without their bodies; \`q\` matches the name. ${PAGED} ${CRM} Screen /crm/template-design.`,
  },
  'GET /api/admin/crm/templates/{id}': {
    id: 'admin.crm.getTemplate',
    summary: 'Read an e-mail template',
    description: `One template with its editor design, MJML, compiled HTML and text. ${CRM} Screen /crm/template-design/editor/edit.`,
  },
  'POST /api/admin/crm/templates': {
    id: 'admin.crm.createTemplate',
    summary: 'Create an e-mail template',
    description: `Body \`name\` (at most 100), \`subject\` (at most 200), \`mjml\` (at most 500,000 bytes) and \`design\` (the editor's JSON, at most 2,000,000 bytes). Compiled first: a template that does not compile or uses unknown merge tags is refused (422) and nothing changes; 422 \`crm.templates.name_taken\` on \`name\`. Answers 201. ${AUDITED} ${CRM}`,
  },
  'PUT /api/admin/crm/templates/{id}': {
    id: 'admin.crm.updateTemplate',
    summary: 'Update an e-mail template',
    description: `The same body and rules as creating. ${AUDITED} ${CRM}`,
  },
  'DELETE /api/admin/crm/templates/{id}': {
    id: 'admin.crm.deleteTemplate',
    summary: 'Delete an e-mail template',
    description: `${AUDITED} ${CRM}`,
  },
  'POST /api/admin/crm/templates/preview': {
    id: 'admin.crm.previewTemplate',
    summary: 'Compile MJML and a subject without saving',
    description: `Body \`subject\` and \`mjml\`: answers the HTML, text and subject written with sample merge values (the editor's preview); compile errors answer 422. ${CRM}`,
  },
  'GET /api/admin/crm/templates/{id}/preview': {
    id: 'admin.crm.previewSavedTemplate',
    summary: 'Preview a saved e-mail template',
    description: `The saved template compiled and written with sample merge values. ${CRM}`,
  },
  'POST /api/admin/crm/templates/{id}/test': {
    id: 'admin.crm.sendTestMessage',
    summary: 'Send a saved template to one address as a test',
    description: `Body \`email\` and optional \`sender_id\`. Subject prefixed \`[Test]\`, sample merge values, from the given sender (which must be usable: confirmed, verified domain, DKIM-signed; 422 on \`sender_id\` otherwise) or from the product's own address. ${AUDITED} ${CRM}`,
  },
  'GET /api/admin/crm/campaigns': {
    id: 'admin.crm.listCampaigns',
    summary: 'List marketing campaigns',
    description: `Campaigns newest first with their status (draft, scheduled, sending, paused, sent, cancelled) and counts; \`limit\` at most 100. ${PAGED} ${CRM} Screen /marketing-campaigns.`,
  },
  'POST /api/admin/crm/campaigns': {
    id: 'admin.crm.createCampaign',
    summary: 'Create a draft marketing campaign',
    description: `Body \`name\` (at most 100), \`list_id\`, \`template_id\`, \`sender_id\`, optional \`segment\` narrowing the list (as in \`POST /api/admin/crm/segments/count\`); 422 under the field when one does not exist. Answers 201 with the campaign. ${AUDITED} ${CRM}`,
    examples: { request: { name: 'November release push', list_id: 4, template_id: 9, sender_id: 2 } },
  },
  'GET /api/admin/crm/campaigns/{id}': {
    id: 'admin.crm.getCampaign',
    summary: 'Read a marketing campaign with its hourly figures',
    description: `The campaign with its counts and, per hour, messages sent, opens, clicks, bounces and unsubscribes. ${CRM} Screen /marketing-campaign/{campaignId}.`,
  },
  'GET /api/admin/crm/campaigns/{id}/audience': {
    id: 'admin.crm.getCampaignAudience',
    summary: 'Read what sending a draft campaign would reach',
    description: `Asked before the confirmation: how many addresses of the list it reaches today (suppressed and unsubscribed left out) and, for each optional merge tag the template uses without a fallback, how many of them have no value. 404 also when its list or template is gone. ${CRM}; docs/decisions.md "CRM: sending asks first (issue 28 item 15)".`,
  },
  'POST /api/admin/crm/segments/count': {
    id: 'admin.crm.countSegment',
    summary: 'Count the addresses a list narrowed by a segment reaches',
    description: `Body \`list_id\` and \`segment\`: \`genres\` (any of), \`countries\` (ISO 3166-1 alpha-2, any of; 422 \`crm.segments.country_invalid\`), \`sources\` (scraping, csv, user; 422 \`crm.segments.source_invalid\`), \`engaged_days\` (opened or clicked a campaign in the last N days, 1 to 3650; 422 \`crm.segments.days_invalid\`); all given conditions hold together. Suppressed and unsubscribed addresses are never counted. The same query queues a campaign's messages, so the count shown is the count sent. 422 \`crm.list_not_found\` under \`list_id\`. ${CRM}; issue 36 "E-mail campaigns".`,
  },
  'GET /api/admin/crm/lists/{id}/segment-options': {
    id: 'admin.crm.listSegmentOptions',
    summary: 'List the genres, countries and sources a segment can pick in a list',
    description: `For the campaign form's segment editor: the genres (compared without case, the 200 most common), countries (ISO 3166-1 alpha-2) and sources (scraping, csv, user) of the list's sendable addresses, suppressed and unsubscribed left out, each with how many addresses have it, most first. 404 \`crm.list_not_found\`. ${CRM}; issue 36 "E-mail campaigns".`,
  },
  'GET /api/admin/crm/campaigns/{id}/recipients': {
    id: 'admin.crm.listCampaignRecipients',
    summary: "List a campaign's recipients with what became of each",
    description: `One row per message of the campaign, in the order they were queued, with its status derived from the message, its tracking and the suppression list, the most advanced winning: unsubscribed (or complained) > bounced (or failed) > clicked > opened > sent > queued; \`skipped\` never went (cancelled, erased). \`filter[status]\` (one or several of queued, sent, opened, clicked, bounced, unsubscribed, skipped; 422 \`crm.campaigns.recipient_status_invalid\` otherwise), \`q\` (part of the address), \`order\` email or id. ${PAGED} ${CRM}; issue 36 "E-mail campaigns".`,
  },
  'POST /api/admin/crm/campaigns/{id}/start': {
    id: 'admin.crm.startCampaign',
    summary: 'Send a draft campaign now or at a time',
    description: `Body \`scheduled_at\` (ISO date-time with offset; absent: now; more than a minute in the past: 422 \`crm.campaigns.schedule_past\`), \`time_zone\` (the IANA zone it was chosen in, shown beside it; 422 \`crm.campaigns.time_zone_invalid\`) and \`recipients\` (the count the staff member was shown). The sender must be usable (422 otherwise); every sendable address of the list becomes one pending message and the first batch job is queued in the same transaction. 409 \`crm.campaigns.not_draft\`, \`crm.campaigns.no_recipients\`, \`crm.campaigns.recipients_changed\` (the list now reaches another number: nothing is sent). Answers the campaign. ${AUDITED} ${CRM}`,
    errors: [409],
    examples: { request: { recipients: 1840 } },
  },
  'POST /api/admin/crm/campaigns/{id}/reschedule': {
    id: 'admin.crm.rescheduleCampaign',
    summary: 'Move a scheduled campaign to another time',
    description: `Body \`scheduled_at\` (ISO date-time with offset, in the future: 422 \`crm.campaigns.schedule_past\` otherwise) and \`time_zone\` (IANA name shown beside the time; 422 \`crm.campaigns.time_zone_invalid\`). Only while scheduled and not started (409 \`crm.campaigns.not_scheduled\`); the job of the old time then does nothing, so the campaign still goes once. Answers the campaign. ${AUDITED} ${CRM}; issue 36 item 2.`,
    errors: [409],
    examples: { request: { scheduled_at: '2026-12-01T09:00:00+01:00', time_zone: 'Europe/Paris' } },
  },
  'POST /api/admin/crm/campaigns/{id}/unschedule': {
    id: 'admin.crm.unscheduleCampaign',
    summary: 'Take a scheduled campaign back to draft',
    description: `Cancels the schedule of a campaign that has not started: its pending messages are removed and it is a draft again (409 \`crm.campaigns.not_scheduled\` otherwise). Answers the campaign. ${AUDITED} ${CRM}; issue 36 item 2.`,
    errors: [409],
  },
  'POST /api/admin/crm/campaigns/{id}/test': {
    id: 'admin.crm.sendCampaignTest',
    summary: 'Send a campaign to yourself as a test',
    description: `Writes the campaign to the signed-in staff member's own address only, exactly as recipients get it (template, sender with DKIM, unsubscribe headers) with their own merge values and the subject prefixed \`[Test] \`; nothing is counted in the campaign's figures. 422 on \`sender_id\` when the sender is not usable; 429 \`crm.campaigns.test_too_many\` past 5 test sends per staff member in 10 minutes. Answers the address written to. ${AUDITED} ${CRM}; issue 36 item 1.`,
    errors: [422, 429],
  },
  'POST /api/admin/crm/campaigns/{id}/pause': {
    id: 'admin.crm.pauseCampaign',
    summary: 'Pause a scheduled or sending campaign',
    description: `The running batch finishes its messages. 409 in another status. Answers the campaign. ${AUDITED} ${CRM}`,
    errors: [409],
  },
  'POST /api/admin/crm/campaigns/{id}/cancel': {
    id: 'admin.crm.cancelCampaign',
    summary: 'Cancel a scheduled or paused campaign',
    description: `Cancelled for good, its pending messages skipped; no message is claimed once the cancel has committed (only one already handed to the transport may still go). 409 \`crm.campaigns.not_cancellable\` (draft, sending, sent, cancelled). Answers the campaign. ${AUDITED} ${CRM}`,
    errors: [409],
  },
  'POST /api/admin/crm/campaigns/{id}/resume': {
    id: 'admin.crm.resumeCampaign',
    summary: 'Resume a paused campaign',
    description: `Sending again, a batch queued. 409 when not paused. Answers the campaign. ${AUDITED} ${CRM}`,
    errors: [409],
  },
};
