/**
 * Public surface of the rbac module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { rbacRoutes } from './rbac.routes';
export {
  abilityRules,
  adminPermissionNames,
  adminRoleNames,
  assignDefaultRoles,
  userPermissionNames,
} from './rbac.service';
