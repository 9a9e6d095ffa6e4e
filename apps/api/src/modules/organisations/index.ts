/** Organisations (issue 35): labels, managers and agencies with a roster, a team and budgets. */
export {
  assertCan,
  can,
  type Membership,
  membershipOf,
  type OrganisationAbility,
} from './organisations.access';
export { resolveActing } from './organisations.acting';
export { adminOrganisationRoutes } from './organisations.admin.routes';
export { seedOrganisationsDemo } from './organisations.demo';
export { organisationJobs } from './organisations.jobs';
export { organisationMoneyRoutes } from './organisations.money.routes';
export { organisationRoutes } from './organisations.routes';
