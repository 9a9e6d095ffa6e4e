import type { OperationDocs } from '../types';
import { AUDITED, LOOKUP, PAGED } from './common';

/** Staff accounts (spec section 2 "/admin/list", section 7 "Admin: CRUD for admins"; issue 7). */
export const staffOperations: OperationDocs = {
  'GET /api/admin/admins': {
    id: 'admin.staff.list',
    summary: 'List staff accounts',
    description: `Live (not deleted) staff accounts with their roles. \`q\` matches name or e-mail; \`filter[role_id]\` keeps holders of one role, \`filter[status]\` \`active\` or \`disabled\`; sortable by id, name, email, status, created_at (default name). ${PAGED} Spec section 2 "/admin/list".`,
  },
  'GET /api/admin/admins/{id}': {
    id: 'admin.staff.get',
    summary: 'Read one staff account',
    description: 'A live staff account with its status and roles. Spec section 2 "/admin/list" (issue 7).',
  },
  'POST /api/admin/admins': {
    id: 'admin.staff.create',
    summary: 'Create a staff account and invite it by e-mail',
    description: `Name (at most 150 characters), e-mail (unique), status \`active\` (default) or \`disabled\` and up to 50 role ids. Staff never set a password: a \`password\` in the body is refused (422 \`admins.password_by_link\`); an active account is mailed an invitation link (7 days) to choose one. A role the actor may not grant is refused (422 \`admins.role_not_grantable\`). Answers 201. ${AUDITED} Spec section 7 "Admin: CRUD for admins".`,
    examples: {
      request: { name: 'Dana Support', email: 'dana@example.com', status: 'active', role_ids: [3] },
    },
  },
  'PUT /api/admin/admins/{id}': {
    id: 'admin.staff.update',
    summary: 'Update a staff account',
    description: `Name, e-mail, status and roles (never the password). Disabling ends the account's sessions. 403 \`admins.target_outranks\` when the account holds a permission the actor lacks; 409 \`admins.self_protected\` when an admin would disable themself, \`admins.last_super_admin\` when the last active Super Admin would be disabled or lose the role. ${AUDITED} Spec section 7 "Admin: CRUD for admins".`,
    errors: [409],
    examples: {
      request: { name: 'Dana Support', email: 'dana@example.com', status: 'disabled', role_ids: [3] },
    },
  },
  'DELETE /api/admin/admins/{id}': {
    id: 'admin.staff.delete',
    summary: 'Delete a staff account',
    description: `A soft delete: the e-mail is freed (renamed to \`deleted+<id>@deleted.invalid\`), roles dropped, sessions ended. 403 \`admins.target_outranks\` for an account holding a permission the actor lacks; 409 \`admins.self_protected\` for one's own account and \`admins.last_super_admin\` for the last Super Admin. ${AUDITED} Spec section 7 "Admin: CRUD for admins".`,
    errors: [409],
  },
  'POST /api/admin/admins/{id}/reset-password': {
    id: 'admin.staff.sendPasswordLink',
    summary: 'Send a staff member a link to set their password',
    description: `A reset link (60 minutes) when the admin has a password, a new invitation (7 days) while they have none; answers the kind and the address. Staff never learn or type the password. 403 \`admins.target_outranks\`; 409 \`admins.link_disabled\` for a disabled account (enable it first). ${AUDITED} Issue 7.`,
    errors: [409],
  },
  'GET /api/admin/getAllAdminsWithQ': {
    id: 'admin.staff.search',
    summary: 'Search staff accounts for a picker',
    description: `Live staff whose name or e-mail contains \`q\`, by name, \`{ id, name }\` only (ticket assignment, department pickers). ${LOOKUP} At most 100. Spec section 7 "Lookups: admin/getAllAdminsWithQ".`,
  },
};
