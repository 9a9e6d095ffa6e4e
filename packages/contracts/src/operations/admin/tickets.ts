import type { OperationDocs } from '../types';
import { EXPORTED, PAGED } from './common';

const TICKETS = 'Spec section 7 "Tickets"; issue 14 "Support tickets".';
const STATUSES = '1 Open, 2 In Progress, 3 Resolved, 4 Closed, 5 Waiting on User';
const LIST_FILTERS = `\`filter[status_id]\` (one or more of ${STATUSES}), \`filter[priority_id]\` (1 High, 2 Medium, 3 Low), \`filter[department_id]\`, \`filter[admin_id]\` (an id or \`none\`), \`filter[due]\` (\`overdue\` or \`soon\`); an unknown value answers 422 on \`filter.<name>\`, never ignored; \`q\`; order by the ticket columns (default newest first).`;
const _LOOKUP = 'Query `q` and `limit` (default 20, at most 100).';

/** Support tickets: the spec's paths both apps call, and the staff desk (spec sections 2, 4, 6, 7; issue 14). */
export const ticketsOperations: OperationDocs = {
  'GET /api/admin/tickets/export.csv': {
    id: 'admin.tickets.exportCsv',
    summary: 'Export tickets as CSV',
    description: `The tickets the list's \`q\` and filters select, in its order: number, opened, subject, user, department, assignee, priority and status codes, campaign, last reply, first response, resolution and next deadline. ${EXPORTED} Spec section 7 "Tickets".`,
    errors: [422, 429],
  },
  'GET /api/admin/tickets': {
    id: 'admin.tickets.list',
    summary: 'List every ticket',
    description: `The staff desk: ${LIST_FILTERS} ${PAGED} Spec section 2 "/tickets/list"; ${TICKETS}`,
  },
};
