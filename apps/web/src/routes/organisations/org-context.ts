import type { OrganisationAction, OrganisationSubject } from '@lm/contracts/organisations';
import type { MyOrganisation } from '@lm/contracts/organisations-api';
import {
  canInOrganisation,
  type OrganisationAbility,
  organisationAbility,
} from '@lm/ui/organisations/ability.ts';
import { useMemo } from 'react';
import { useMyOrganisations } from '../../hooks/use-organisations';

/** One organisation of mine with the CASL ability of my role there. */
export interface OrgContext {
  org: MyOrganisation;
  ability: OrganisationAbility;
  /** `can('manage', 'Team')`; with an artist for the artist-limited subjects. */
  can(action: OrganisationAction, what: OrganisationSubject, artistUserId?: number): boolean;
}

/**
 * My membership of organisation `id` from `GET /api/organisations` (no extra request), with what my
 * role may do there. `context` is null while loading and when I am not a member (the screen then
 * shows the not-found page, as the API answers 404).
 */
export function useOrgContext(id: number): { loading: boolean; context: OrgContext | null } {
  const mine = useMyOrganisations();
  const org = mine.data?.find((o) => o.id === id) ?? null;
  const context = useMemo<OrgContext | null>(() => {
    if (!org) return null;
    const ability = organisationAbility(org.rules);
    return {
      org,
      ability,
      can: (action, what, artistUserId) => canInOrganisation(ability, action, what, org.id, artistUserId),
    };
  }, [org]);
  return { loading: mine.isLoading, context };
}
