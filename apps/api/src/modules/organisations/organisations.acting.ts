import type { Database } from '../../db/client';
import type { ActingResolver } from '../../platform/access';
import { ForbiddenError } from '../../platform/errors';
import { permissionsOf } from '../accounts';
import { can, membershipOf } from './organisations.access';

/**
 * Acting for an artist (issue 35, `X-Acting-For`): whether a team member may run a request as an
 * artist of their organisation's roster, registered with the platform's access hook at boot
 * (`apps/api/src/wiring.ts`). Decided per request from the database: the artist must be active on the
 * roster of an organisation (live) the user is a member of, and the member's role must allow `Artist
 * read` (reading routes) or `Artist manage` (the others) on that artist; a suspended organisation's
 * members only read. docs/decisions.md "Organisations: acting for an artist".
 * @throws ForbiddenError 403 `organisations.acting_invalid` when the artist is not reachable (not on the
 *   roster, left, removed, another organisation's, a disabled or deleted account) or the role may not
 */
export const resolveActing: ActingResolver = async (database: Database, memberUserId, artistUserId, mode) => {
  const { rows } = await database.pool.query<{
    organisation_id: number;
    user_type_id: number;
    status: string;
    role_ids: number[];
    rbac_version: number;
  }>({
    name: 'acting-for-artist',
    text: `select a.organisation_id, u.user_type_id, u.status,
              array(select role_id from user_roles where user_id = u.id) as role_ids,
              (select version from rbac_version where id = 1) as rbac_version
         from organisation_artists a
         join organisations o on o.id = a.organisation_id and o.deleted_at is null
         join organisation_members m on m.organisation_id = a.organisation_id and m.user_id = $1
         join users u on u.id = a.artist_user_id and u.deleted_at is null and u.status <> 'disabled'
        where a.artist_user_id = $2 and a.status = 'active'`,
    values: [memberUserId, artistUserId],
  });
  const row = rows[0];
  if (!row) throw new ForbiddenError('organisations.acting_invalid');
  const membership = await membershipOf(database, memberUserId, row.organisation_id);
  if (!can(membership, mode, 'Artist', artistUserId))
    throw new ForbiddenError('organisations.acting_invalid');
  return {
    member: {
      userId: memberUserId,
      memberId: membership.memberId,
      organisationId: row.organisation_id,
      role: membership.role,
    },
    artist: {
      userTypeId: row.user_type_id as 1 | 2 | 3,
      status: row.status,
      permissions: await permissionsOf(database, row.role_ids, row.rbac_version),
    },
  };
};
