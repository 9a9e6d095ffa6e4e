import { type ActingFor, useActing } from '@lm/ui';
import { canInOrganisation, organisationAbility } from '@lm/ui/organisations/ability.ts';
import { matchRoutes } from 'react-router';
import { useMyOrganisations } from '../hooks/use-organisations';
import { type ActingScreenMode, type AppRoute, appRoutes } from './routes';

/** What the member's role lets them do for the artist they act for: manage, read, or nothing. */
export type ActingRoleMode = ActingScreenMode | null;

/**
 * The acting context of the tab and what the member's role allows on that artist (issue 35):
 * `manage` or `read` on subject `Artist` `{ organisationId, artistUserId }` of the organisation's CASL
 * `rules` (`organisationRules` of @lm/contracts, the rules the API checks), `null` when the role allows
 * neither. `loading` while the member's organisations are being read (the mode is then unknown).
 * Not acting: `{ acting: null, mode: null, loading: false }`.
 */
export function useActingAccess(): { acting: ActingFor | null; mode: ActingRoleMode; loading: boolean } {
  const acting = useActing();
  const mine = useMyOrganisations(acting !== null);
  if (!acting) return { acting: null, mode: null, loading: false };
  if (!mine.data) return { acting, mode: null, loading: mine.isPending };
  const org = mine.data.find((o) => o.id === acting.organisationId);
  if (!org) return { acting, mode: null, loading: false };
  const ability = organisationAbility(org.rules);
  const can = (action: 'manage' | 'read') =>
    canInOrganisation(ability, action, 'Artist', acting.organisationId, acting.artistUserId);
  return { acting, mode: can('manage') ? 'manage' : can('read') ? 'read' : null, loading: false };
}

/**
 * While acting for an artist, what the member's role allows on them (`'manage'`, `'read'`, or `null`
 * when it allows nothing or is still being read); `null` also when not acting. Screens hide the
 * buttons leading to a change (e.g. "New campaign") when this is `'read'` (issue 35: "screens a role
 * may not use are not shown").
 */
export function useActingMode(): ActingRoleMode {
  return useActingAccess().mode;
}

/** True when the screen `route` may be used while acting with a role allowing `mode` (issue 35). */
export function actingAllows(route: Pick<AppRoute, 'acting'>, mode: ActingRoleMode): boolean {
  if (!route.acting || !mode) return false;
  return route.acting === 'read' || mode === 'manage';
}

/**
 * Paths never gated while acting: the organisation screens (always the member's own: the API client
 * calls them without `X-Acting-For`) and the not-found screen.
 */
export function alwaysOpenWhileActing(path: string): boolean {
  return /^\/(organisations|not-found)(\/|$)/.test(path);
}

/** The signed-in route the router shows at `pathname` (the same ranking as `<Routes>`), if any. */
export function routeAt(pathname: string): AppRoute | undefined {
  const matched = matchRoutes(
    appRoutes.map((route) => ({ path: route.path, route })),
    pathname,
  );
  return (matched?.[0]?.route as { route?: AppRoute } | undefined)?.route;
}
