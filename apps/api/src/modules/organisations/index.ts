/** Organisations (issue 35): labels, managers and agencies with a roster, a team and budgets. */
export {
  assertCan,
  can,
  type Membership,
  membershipOf,
  type OrganisationAbility,
} from './organisations.access';
export { organisationRoutes } from './organisations.routes';
