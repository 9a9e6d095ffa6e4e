import type { OperationDocs } from '../types';
import { EXPORTED, PAGED } from './common';

/** The audit log (spec section 2 "/logs"). */
export const auditOperations: OperationDocs = {
  'GET /api/admin/audit-logs': {
    id: 'admin.audit.list',
    summary: 'List audit log entries',
    description: `Audit entries newest first (actor, action, target, address, user agent, changes). Filters: \`filter[actor_type]\` (admin, user, system, guest), \`filter[actor_id]\`, \`filter[actor]\` (name or e-mail), \`filter[action]\`, \`filter[target_type]\`, \`filter[target_id]\`, \`filter[from]\` and \`filter[to]\` (\`YYYY-MM-DD\`, \`from\` not after \`to\`; a bad value answers 422 on \`filter.<name>\`). Unfiltered the total is exact; filtered, above a threshold the total is PostgreSQL's estimate and \`pagination.estimated\` is true. ${PAGED} Spec section 2 "/logs".`,
  },
  'GET /api/admin/audit-logs/export.csv': {
    id: 'admin.audit.exportCsv',
    summary: 'Export audit log entries as CSV',
    description: `The entries the list's filters select, newest first: number, date, actor type, id, name and e-mail, action, target type and id, address, user agent, details (JSON). ${EXPORTED} Spec section 2 "/logs".`,
    errors: [429],
  },
  'GET /api/admin/audit-logs/actions': {
    id: 'admin.audit.listActions',
    summary: 'List the actions recorded in the audit log',
    description:
      'The distinct action names (`admins.create`, `payouts.approve`...) for the action filter. Spec section 2 "/logs".',
  },
};
