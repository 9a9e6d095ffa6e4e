import type { OperationDocs } from '../types';
import { AUDITED, EXPORTED, PAGED } from './common';

const TICKETS = 'Spec section 7 "Tickets"; issue 14 "Support tickets".';
const STATUSES = '1 Open, 2 In Progress, 3 Resolved, 4 Closed, 5 Waiting on User';
const LIST_FILTERS = `\`filter[status_id]\` (one or more of ${STATUSES}), \`filter[priority_id]\` (1 High, 2 Medium, 3 Low), \`filter[department_id]\`, \`filter[admin_id]\` (an id or \`none\`), \`filter[due]\` (\`overdue\` or \`soon\`), \`filter[tag]\` (a tag, normalised to lower case); an unknown value answers 422 on \`filter.<name>\`, never ignored; \`q\`; order by the ticket columns (default newest first).`;
const SAVED = 'Issue 36 "Helpdesk"; docs/decisions.md "Saved replies (issue 36)".';
const PLACEHOLDERS =
  'The body may hold the placeholders `{{user.name}}` (first name), `{{user.full_name}}`, `{{ticket.number}}`, `{{ticket.subject}}`, `{{ticket.department}}` and `{{agent.name}}`; any other `{{...}}` answers 422 `tickets.saved_reply_placeholder_unknown`.';
const BULK =
  'Body `ids` (1 to 100 ticket ids; 422 `bulk.none`, `bulk.too_many`). Each ticket runs through the single action (same rules, audit entry and notices; each in its own transaction with the ticket locked, so a ticket already changed by a concurrent run is left as it is), in the order given. Answers per id `ok` or the refusal with its key and words (`errors.not_found`...), and the counts.';
const HELPDESK = 'Issue 36 "Helpdesk"; docs/decisions.md "Helpdesk: collisions, merge, tags".';
const REPLYING =
  'Answers the other agents whose heartbeat on this ticket has not expired (`admin_id`, `name`, `until`), never the caller; an unknown ticket answers 404.';
const _LOOKUP = 'Query `q` and `limit` (default 20, at most 100).';

/** Support tickets: the spec's paths both apps call, and the staff desk (spec sections 2, 4, 6, 7; issue 14). */
export const ticketsOperations: OperationDocs = {
  'GET /api/admin/tickets/export.csv': {
    id: 'admin.tickets.exportCsv',
    summary: 'Export tickets as CSV',
    description: `The tickets the list's \`q\` and filters select, in its order: number, opened, subject, user, department, assignee, priority and status codes, campaign, last reply, first response, resolution and next deadline. ${EXPORTED} Spec section 7 "Tickets".`,
    errors: [422, 429],
  },
  'POST /api/admin/tickets/bulk/status': {
    id: 'admin.tickets.bulkStatus',
    summary: 'Set the status of several tickets',
    description: `${BULK} \`status_id\`: 2 In Progress, 3 Resolved, 4 Closed or 5 Waiting on User (Open only comes from a new ticket: 422 \`tickets.status_not_settable\`). As \`PUT ticket_status/{id}/{status}\`: needs \`tickets.status.edit\`, resolving tells the user and asks for a rating, a ticket already in that status is left as it is. ${AUDITED} Issue 36 "Lists"; ${TICKETS}`,
    examples: { request: { ids: [12, 13], status_id: 3 } },
  },
  'POST /api/admin/tickets/bulk/priority': {
    id: 'admin.tickets.bulkPriority',
    summary: 'Set the priority of several tickets',
    description: `${BULK} \`priority_id\`: 1 High, 2 Medium, 3 Low (422 \`tickets.priority_required\`). As \`PUT update_ticket/{id}\`: needs \`tickets.edit\`; the due times move with the priority. ${AUDITED} Issue 36 "Lists"; ${TICKETS}`,
    examples: { request: { ids: [12, 13], priority_id: 1 } },
  },
  'POST /api/admin/tickets/bulk/assignee': {
    id: 'admin.tickets.bulkAssignee',
    summary: 'Assign several tickets',
    description: `${BULK} \`admin_id\`: the staff member to assign, or null to leave the tickets unassigned; one who is not an active staff member answers 422 \`tickets.admin_unknown\` and changes nothing. As \`PUT update_ticket/{id}\`: needs \`tickets.edit\`; the new assignee is told (unless it is the caller). ${AUDITED} Issue 36 "Lists"; ${TICKETS}`,
    examples: { request: { ids: [12, 13], admin_id: 4 } },
  },
  'GET /api/admin/tickets': {
    id: 'admin.tickets.list',
    summary: 'List every ticket',
    description: `The staff desk: ${LIST_FILTERS} ${PAGED} Spec section 2 "/tickets/list"; ${TICKETS}`,
  },
  'GET /api/admin/ticket-saved-replies': {
    id: 'admin.tickets.listSavedReplies',
    summary: 'List the saved replies',
    description: `Every saved reply with its texts in every language: those for every department first, then by department and title. ${SAVED}`,
  },
  'POST /api/admin/ticket-saved-replies': {
    id: 'admin.tickets.createSavedReply',
    summary: 'Create a saved reply',
    description: `A title (at most 100 characters) and a body (at most 5,000) in English, the other languages in \`translations\` (a missing one falls back to English), and \`department_id\` (null: every department). ${PLACEHOLDERS} A title used twice in one department, or an unknown department, answers 422. Audited. ${SAVED}`,
  },
  'PUT /api/admin/ticket-saved-replies/{id}': {
    id: 'admin.tickets.updateSavedReply',
    summary: 'Edit a saved reply',
    description: `Replaces the reply's title, body, translations and department, with the rules of creating one. Audited. ${SAVED}`,
  },
  'DELETE /api/admin/ticket-saved-replies/{id}': {
    id: 'admin.tickets.deleteSavedReply',
    summary: 'Delete a saved reply',
    description: `Answers already sent keep their text. Audited. ${SAVED}`,
  },
  'GET /api/admin/tickets/{id}/saved-replies': {
    id: 'admin.tickets.fillSavedReplies',
    summary: "List a ticket's saved replies, filled in",
    description: `The saved replies of the ticket's department and those for every department, ready to insert into an answer: the title in the caller's language, the body in the ticket user's language (\`language\`; English when the reply has no text in it) with its placeholders filled. Needs \`tickets.add\` (whoever may answer). ${SAVED}`,
  },
  'GET /api/admin/tickets/{id}/replying': {
    id: 'admin.tickets.listReplying',
    summary: 'Who is replying to a ticket',
    description: `The ticket page polls it to show "<name> is replying". ${REPLYING} Needs \`tickets.show\`. ${HELPDESK}`,
  },
  'PUT /api/admin/tickets/{id}/replying': {
    id: 'admin.tickets.beatReplying',
    summary: 'Say one is replying to a ticket (heartbeat)',
    description: `Sent by the ticket page every 15 s while the agent has text in the answer box: the agent counts as replying for 40 s after each beat (stored in PostgreSQL, so every API process sees it). ${REPLYING} Needs \`tickets.add\`. ${HELPDESK}`,
  },
  'DELETE /api/admin/tickets/{id}/replying': {
    id: 'admin.tickets.stopReplying',
    summary: 'Say one stopped replying to a ticket',
    description: `Sent when the answer box is emptied or the page closes; sending the answer clears it too. ${REPLYING} Needs \`tickets.add\`. ${HELPDESK}`,
  },
  'GET /api/admin/tickets/{id}/context': {
    id: 'admin.tickets.getContext',
    summary: "The ticket user's other tickets and recent campaigns",
    description: `Beside the thread: the user's other tickets (newest 10: number, subject, status) when the caller holds \`tickets.show\`, and their recent campaigns (newest 5 express and custom together: number, track, platform, status) when the caller may open a campaign's page (\`express.campaigns.show\` for express ones, \`custom.campaigns.show\` for custom ones; a list the caller may not open answers null, a sort they may not open is left out). An unknown ticket answers 404. ${HELPDESK}`,
  },
  'POST /api/admin/tickets/{id}/merge': {
    id: 'admin.tickets.merge',
    summary: 'Merge a ticket into another of the same user',
    description: `Ticket \`id\` (the source) goes into \`target_id\`: its first message (at its own time) and replies with their files move to the target in time order, each marked \`merged_from_ticket_id\`; its tags join the target's (up to 10); the source is closed with \`merged_into_id\`; both are audited; the user is told once (in-app and by mail). The same ticket, another user's ticket or a target that was merged itself answers 422 on \`target_id\`; a source already merged 409 \`tickets.merge_already\`. Both rows are locked in id order, so two merges at once (A into B, B into A) run one after the other. Needs \`tickets.edit\`. ${HELPDESK}`,
    errors: [409],
  },
  'POST /api/admin/tickets/{id}/tags': {
    id: 'admin.tickets.addTag',
    summary: 'Tag a ticket',
    description: `Adds \`tag\` (trimmed, spaces collapsed, lower case; 1 to 32 characters, else 422 \`tickets.tag_invalid\`); a tag the ticket has already changes nothing; an 11th tag answers 422 \`tickets.tag_limit\` (counted under the ticket's row lock). Answers the ticket's tags. Audited. Needs \`tickets.edit\`. ${HELPDESK}`,
  },
  'DELETE /api/admin/tickets/{id}/tags/{tag}': {
    id: 'admin.tickets.removeTag',
    summary: "Remove a ticket's tag",
    description: `Removes \`tag\` (normalised like adding); a tag the ticket does not have changes nothing. Answers the ticket's tags. Audited. Needs \`tickets.edit\`. ${HELPDESK}`,
  },
};
