import { createMongoAbility, type MongoAbility, subject } from '@casl/ability';
import {
  type OrganisationAction,
  type OrganisationRole,
  type OrganisationRule,
  type OrganisationSubject,
  organisationRules,
} from '@lm/contracts/organisations';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { organisationMemberArtists, organisationMembers, organisations } from './organisations.schema';

/** A member's CASL ability on organisation subjects (conditions: organisationId, artistUserId). */
export type OrganisationAbility = MongoAbility<[OrganisationAction, OrganisationSubject | object]>;

/** The signed-in user's membership of one organisation, with the ability worked out from it. */
export interface Membership {
  memberId: number;
  organisationId: number;
  userId: number;
  role: OrganisationRole;
  /** The artists the role is limited to; null when it covers the whole roster. */
  artistUserIds: number[] | null;
  /** The organisation is suspended by staff: members may only read. */
  suspended: boolean;
  rules: OrganisationRule[];
  ability: OrganisationAbility;
}

/**
 * The membership of `userId` in organisation `organisationId`, read in this request (roles are checked
 * on the server per request, never cached across requests). A suspended organisation's members keep
 * their read rules only.
 * @throws NotFoundError (404 `organisations.not_found`) when the organisation is deleted, unknown, or the
 *   user is not a member (a member of A learns nothing of B, not even that it exists)
 */
export async function membershipOf(
  database: Database | Tx,
  userId: number,
  organisationId: number,
): Promise<Membership> {
  const [row] = await database.db
    .select({
      memberId: organisationMembers.id,
      role: organisationMembers.role,
      allArtists: organisationMembers.allArtists,
      status: organisations.status,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.userId, userId),
        isNull(organisations.deletedAt),
      ),
    );
  if (!row) throw new NotFoundError('organisations.not_found');
  const role = row.role as OrganisationRole;
  const artistUserIds = row.allArtists
    ? null
    : (
        await database.db
          .select({ id: organisationMemberArtists.artistUserId })
          .from(organisationMemberArtists)
          .where(eq(organisationMemberArtists.memberId, row.memberId))
      ).map((r) => r.id);
  const suspended = row.status === 'suspended';
  let rules = organisationRules(organisationId, role, artistUserIds);
  if (suspended) rules = readOnly(rules);
  return {
    memberId: row.memberId,
    organisationId,
    userId,
    role,
    artistUserIds,
    suspended,
    rules,
    ability: createMongoAbility<[OrganisationAction, OrganisationSubject | object]>(rules),
  };
}

/** The rules kept while an organisation is suspended: reading only. */
function readOnly(rules: OrganisationRule[]): OrganisationRule[] {
  return rules.map((r) => ({ ...r, action: 'read' as const }));
}

/**
 * Refuses unless the membership allows `action` on `subjectType` (of its organisation; for `Artist` and
 * `Roster`, of the artist `artistUserId`).
 * @throws ForbiddenError (403 `organisations.forbidden`)
 */
export function assertCan(
  membership: Membership,
  action: OrganisationAction,
  subjectType: OrganisationSubject,
  artistUserId?: number,
): void {
  if (!can(membership, action, subjectType, artistUserId))
    throw new ForbiddenError('organisations.forbidden');
}

/** Whether the membership allows `action` on `subjectType` (see {@link assertCan}). */
export function can(
  membership: Membership,
  action: OrganisationAction,
  subjectType: OrganisationSubject,
  artistUserId?: number,
): boolean {
  const fields: Record<string, unknown> = { organisationId: membership.organisationId };
  if (artistUserId !== undefined) fields.artistUserId = artistUserId;
  return membership.ability.can(action, subject(subjectType, fields));
}
