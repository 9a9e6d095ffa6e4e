import { createMongoAbility, type MongoAbility, subject } from '@casl/ability';
import type { OrganisationAction, OrganisationRule, OrganisationSubject } from '@lm/contracts/organisations';

/** A member's ability in one organisation, built from the `rules` of `GET /api/organisations`. */
export type OrganisationAbility = MongoAbility<[OrganisationAction, OrganisationSubject]>;

/** Builds the CASL ability of a member's role (`organisationRules` of @lm/contracts, issue 35). */
export function organisationAbility(rules: readonly OrganisationRule[]): OrganisationAbility {
  return createMongoAbility<[OrganisationAction, OrganisationSubject]>(rules as never);
}

/**
 * Whether the member may do `action` on `what` in organisation `organisationId`, for the artist
 * `artistUserId` when given (subjects `Artist` and `Roster` of an artist-limited role). Without an
 * artist the question is "for some artist": CASL then checks the subject type only, so a rule limited
 * to some artists answers yes (the ability holds the rules of this one organisation).
 */
export function canInOrganisation(
  ability: OrganisationAbility,
  action: OrganisationAction,
  what: OrganisationSubject,
  organisationId: number,
  artistUserId?: number,
): boolean {
  if (artistUserId === undefined) return ability.can(action, what);
  return ability.can(action, subject(what, { organisationId, artistUserId }) as never);
}
