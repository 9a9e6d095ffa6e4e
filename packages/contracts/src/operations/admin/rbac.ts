import type { OperationDocs } from '../types';
import { AUDITED, PAGED } from './common';

/** Roles and permissions (spec section 6, section 7 "Settings/roles"; issue 7). */
export const rbacOperations: OperationDocs = {
  'GET /api/permissions': {
    id: 'admin.rbac.listPermissions',
    summary: 'List every permission, grouped by guard',
    description:
      'Every permission name, grouped by guard (admin first), each group in seed order, the order spec section 6 lists them in. Query `guard` (`admin` or `user`) keeps one group. Spec section 7 "Settings/roles: GET permissions".',
  },
  'GET /api/roles': {
    id: 'admin.rbac.listRoles',
    summary: 'List roles',
    description: `Roles with their guard and permissions; \`q\` matches the name, \`guard\` keeps one guard; default order name ascending. ${PAGED} Spec section 7 "Settings/roles: GET roles".`,
  },
  'GET /api/roles/{id}': {
    id: 'admin.rbac.getRole',
    summary: 'Read one role with its permissions',
    description: 'One role: name, guard and the permission names it grants. Spec section 2 "/roles".',
  },
  'POST /api/roles': {
    id: 'admin.rbac.createRole',
    summary: 'Create a role',
    description: `Name (at most 100 characters, unique: 422 \`roles.name_taken\`), guard and up to 500 permission names, each known, of the role's guard and held by the acting admin (422 \`roles.permission_unknown\`, \`roles.permission_wrong_guard\`, \`roles.permission_not_held\` on \`permissions.{index}\`). Answers 201. ${AUDITED} Spec section 7 "Settings/roles: POST roles".`,
    examples: {
      request: {
        name: 'Support',
        guard: 'admin',
        permissions: ['view.main.tickets.tab.list', 'tickets.show'],
      },
    },
  },
  'PUT /api/roles/{id}': {
    id: 'admin.rbac.updateRole',
    summary: 'Rename a role and replace its permissions',
    description: `Replaces the permissions with exactly the ones given. The guard cannot change (422 \`roles.guard_locked\`); an added permission must be held by the acting admin. 409 \`roles.super_admin_protected\` when Super Admin would be renamed or lose a permission, \`roles.default_role_protected\` when a default user role would be renamed. ${AUDITED} Spec section 7 "Settings/roles: PUT roles/{id}".`,
    errors: [409],
  },
  'DELETE /api/roles/{id}': {
    id: 'admin.rbac.deleteRole',
    summary: 'Delete a role',
    description: `409 \`roles.super_admin_protected\` for Super Admin, \`roles.default_role_protected\` for a role new users receive, \`roles.in_use\` while live accounts still hold it. ${AUDITED} Spec section 7 "Settings/roles: DELETE roles/{id}".`,
    errors: [409],
  },
  'GET /api/getAllRolesWithQ': {
    id: 'admin.rbac.searchRoles',
    summary: 'Search roles for a picker',
    description:
      'Roles whose name contains `q`, by name, `{ id, name }` only (the role picker of the staff editor). `limit` default 20, at most 100. Spec section 7 "Lookups: getAllRolesWithQ" and section 9 "Role search limit 20".',
  },
};
