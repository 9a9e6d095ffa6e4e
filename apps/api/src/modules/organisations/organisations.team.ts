import { LANGUAGES, type Language } from '@lm/contracts';
import type { OrganisationRole } from '@lm/contracts/organisations';
import type {
  MemberRoleInput,
  OrganisationMember,
  TeamInvite,
  TeamInviteInput,
  TeamInvitePreview,
} from '@lm/contracts/organisations-api';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import {
  organisationInvites,
  organisationMemberArtists,
  organisationMembers,
  organisations,
  users,
} from '../../db/schema';
import { randomToken, sha256 } from '../../platform/crypto';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../platform/errors';
import { t } from '../../platform/i18n';
import { type AuditActor, audit } from '../audit';
import { assertCan, can, type Membership, membershipOf } from './organisations.access';
import {
  assertRosterArtists,
  inOrganisation,
  lockOrganisation,
  type OrganisationDeps,
} from './organisations.context';

/**
 * The team of an organisation (issue 35 "Team"): members and their roles, invitations by e-mail with a
 * single-use link, leaving. Every change runs under the organisation's row lock with the caller's
 * membership read again under it, so concurrent changes see each other (docs/decisions.md
 * "Organisations: last owner, invitations").
 */

/** How long a team invitation link stays valid. */
export const TEAM_INVITE_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The team of an organisation (Team read), Owners first then by joining date.
 * @throws NotFoundError 404 to a non-member; ForbiddenError 403
 */
export async function listMembers(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
): Promise<OrganisationMember[]> {
  const membership = await membershipOf(deps.database, userId, organisationId);
  assertCan(membership, 'read', 'Team');
  const rows = await deps.database.db
    .select({
      id: organisationMembers.id,
      userId: organisationMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: organisationMembers.role,
      allArtists: organisationMembers.allArtists,
      createdAt: organisationMembers.createdAt,
      artists: sql<number[]>`coalesce((select array_agg(a.artist_user_id order by a.artist_user_id)
        from organisation_member_artists a where a.member_id = ${organisationMembers.id}), '{}')`,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(
      sql`case ${organisationMembers.role} when 'owner' then 0 else 1 end`,
      organisationMembers.createdAt,
      organisationMembers.id,
    );
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    role: r.role as OrganisationRole,
    artist_user_ids: r.allArtists ? null : r.artists.map(Number),
    joined_at: r.createdAt.toISOString(),
  }));
}

/**
 * What a role being given must respect: only an Owner gives the Owner role, an Owner covers the whole
 * roster, the artists are active on the roster and each one the caller may manage (a caller limited to
 * some artists gives no wider access than their own).
 * @throws ForbiddenError 403 `organisations.owner_only`, `organisations.artists_not_yours`;
 *   ValidationError 422 `organisations.owner_all_artists`, `organisations.artist_not_in_roster`
 */
async function assertGrantable(tx: Tx, caller: Membership, input: MemberRoleInput): Promise<void> {
  if (input.role === 'owner') {
    if (caller.role !== 'owner') throw new ForbiddenError('organisations.owner_only');
    if (input.artist_user_ids !== null)
      throw new ValidationError({ artist_user_ids: ['organisations.owner_all_artists'] });
  }
  if (input.artist_user_ids === null) {
    if (caller.artistUserIds !== null) throw new ForbiddenError('organisations.artists_not_yours');
    return;
  }
  await assertRosterArtists(tx, caller.organisationId, input.artist_user_ids);
  if (input.artist_user_ids.some((id) => !can(caller, 'manage', 'Artist', id)))
    throw new ForbiddenError('organisations.artists_not_yours');
}

/** The member `memberId` of organisation `organisationId`, locked. @throws NotFoundError 404 */
async function lockMember(tx: Tx, organisationId: number, memberId: number) {
  const [row] = await tx.db
    .select()
    .from(organisationMembers)
    .where(and(eq(organisationMembers.id, memberId), eq(organisationMembers.organisationId, organisationId)))
    .for('update');
  if (!row) throw new NotFoundError('organisations.member_not_found');
  return row;
}

/** How many Owners the organisation has (read under its lock). */
async function ownerCount(tx: Tx, organisationId: number): Promise<number> {
  const [row] = await tx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.role, 'owner')),
    );
  return row?.n ?? 0;
}

/** Replace a member's artists (none kept when the role covers the whole roster). */
async function setMemberArtists(tx: Tx, memberId: number, artistUserIds: readonly number[] | null) {
  await tx.db.delete(organisationMemberArtists).where(eq(organisationMemberArtists.memberId, memberId));
  if (artistUserIds && artistUserIds.length > 0)
    await tx.db
      .insert(organisationMemberArtists)
      .values(artistUserIds.map((artistUserId) => ({ memberId, artistUserId })));
}

/**
 * Change a member's role and artists (Team manage). Only an Owner changes an Owner; the last Owner
 * cannot be demoted. Runs under the organisation's lock with the caller's role read again, so two Owners
 * demoting each other at once leave one Owner (the second finds it is no longer an Owner). Audited
 * `organisations.member_update`.
 * @throws NotFoundError 404; ForbiddenError 403 (`organisations.forbidden`, `organisations.owner_only`,
 *   `organisations.artists_not_yours`); ValidationError 422; ConflictError 409 `organisations.last_owner`
 */
export async function updateMember(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  memberId: number,
  input: MemberRoleInput,
  actor: AuditActor,
): Promise<OrganisationMember> {
  await withTransaction(deps.database, async (tx) => {
    await lockOrganisation(tx, organisationId);
    const caller = await membershipOf(tx, userId, organisationId);
    assertCan(caller, 'manage', 'Team');
    const target = await lockMember(tx, organisationId, memberId);
    if (target.role === 'owner' && caller.role !== 'owner')
      throw new ForbiddenError('organisations.owner_only');
    await assertGrantable(tx, caller, input);
    if (target.role === 'owner' && input.role !== 'owner' && (await ownerCount(tx, organisationId)) <= 1)
      throw new ConflictError('organisations.last_owner');
    await tx.db
      .update(organisationMembers)
      .set({ role: input.role, allArtists: input.artist_user_ids === null, updatedAt: deps.clock.now() })
      .where(eq(organisationMembers.id, memberId));
    await setMemberArtists(tx, memberId, input.artist_user_ids);
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.member_update',
        targetType: 'organisation_member',
        targetId: memberId,
        meta: {
          user_id: target.userId,
          from: target.role,
          role: input.role,
          artist_user_ids: input.artist_user_ids,
        },
        ...inOrganisation(organisationId),
      },
      tx,
    );
  });
  const members = await listMembers(deps, userId, organisationId);
  return members.find((m) => m.id === memberId)!;
}

/**
 * Remove a member (Team manage; an Owner only by an Owner), or leave the team (any member removing
 * themselves). The last Owner can be neither removed nor leave. Audited `organisations.member_remove`
 * or `organisations.member_leave`.
 * @throws NotFoundError 404; ForbiddenError 403; ConflictError 409 `organisations.last_owner`
 */
export async function removeMember(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  memberId: number,
  actor: AuditActor,
): Promise<{ left: boolean }> {
  return withTransaction(deps.database, async (tx) => {
    await lockOrganisation(tx, organisationId);
    const caller = await membershipOf(tx, userId, organisationId);
    const target = await lockMember(tx, organisationId, memberId);
    const leaving = target.id === caller.memberId;
    if (!leaving) {
      assertCan(caller, 'manage', 'Team');
      if (target.role === 'owner' && caller.role !== 'owner')
        throw new ForbiddenError('organisations.owner_only');
    }
    if (target.role === 'owner' && (await ownerCount(tx, organisationId)) <= 1)
      throw new ConflictError('organisations.last_owner');
    await tx.db.delete(organisationMembers).where(eq(organisationMembers.id, memberId));
    await audit(
      deps.database,
      actor,
      {
        action: leaving ? 'organisations.member_leave' : 'organisations.member_remove',
        targetType: 'organisation_member',
        targetId: memberId,
        meta: { user_id: target.userId, role: target.role },
        ...inOrganisation(organisationId),
      },
      tx,
    );
    return { left: leaving };
  });
}

type InviteRow = typeof organisationInvites.$inferSelect;

function inviteStatus(row: InviteRow, now: Date): TeamInvite['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/**
 * The team invitations of an organisation (Team read), newest first, at most 200; never their token.
 * @throws NotFoundError 404 to a non-member; ForbiddenError 403
 */
export async function listInvites(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
): Promise<TeamInvite[]> {
  assertCan(await membershipOf(deps.database, userId, organisationId), 'read', 'Team');
  const now = deps.clock.now();
  const rows = await deps.database.db
    .select({ invite: organisationInvites, firstName: users.firstName, lastName: users.lastName })
    .from(organisationInvites)
    .innerJoin(users, eq(users.id, organisationInvites.invitedByUserId))
    .where(eq(organisationInvites.organisationId, organisationId))
    .orderBy(desc(organisationInvites.createdAt), desc(organisationInvites.id))
    .limit(200);
  return rows.map(({ invite, firstName, lastName }) => ({
    id: invite.id,
    email: invite.email,
    role: invite.role as OrganisationRole,
    artist_user_ids: invite.allArtists ? null : invite.artistUserIds,
    status: inviteStatus(invite, now),
    invited_by: `${firstName} ${lastName}`.trim(),
    created_at: invite.createdAt.toISOString(),
    expires_at: invite.expiresAt.toISOString(),
  }));
}

/**
 * Invite someone to the team by e-mail (Team manage; an Owner invitation only by an Owner). A random
 * 256-bit token makes the link `/organisations/join/{token}` of the user app, valid
 * {@link TEAM_INVITE_DAYS} days; only its SHA-256 is stored. Re-inviting an address with a pending
 * invitation revokes the earlier link. The mail is written in the invitee's language (their account's
 * when they have one, else the inviter's request language). Audited `organisations.invite_create`.
 * @param lang the language of the request, for an invitee without an account
 * @throws NotFoundError 404; ForbiddenError 403; ValidationError 422; ConflictError 409
 *   `organisations.already_member` when the address is already a member's
 */
export async function createInvite(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  input: TeamInviteInput,
  lang: Language,
  actor: AuditActor,
): Promise<TeamInvite> {
  const token = randomToken();
  const inviteId = await withTransaction(deps.database, async (tx) => {
    const org = await lockOrganisation(tx, organisationId);
    const caller = await membershipOf(tx, userId, organisationId);
    assertCan(caller, 'manage', 'Team');
    await assertGrantable(tx, caller, input);
    const [existing] = await tx.db
      .select({ id: organisationMembers.id })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(users.email, input.email)));
    if (existing) throw new ConflictError('organisations.already_member');
    const now = deps.clock.now();
    const replaced = await tx.db
      .update(organisationInvites)
      .set({ revokedAt: now })
      .where(
        and(
          eq(organisationInvites.organisationId, organisationId),
          eq(organisationInvites.email, input.email),
          isNull(organisationInvites.acceptedAt),
          isNull(organisationInvites.revokedAt),
        ),
      )
      .returning({ id: organisationInvites.id });
    const [invite] = await tx.db
      .insert(organisationInvites)
      .values({
        organisationId,
        email: input.email,
        role: input.role,
        allArtists: input.artist_user_ids === null,
        artistUserIds: input.artist_user_ids ?? [],
        tokenHash: sha256(token),
        invitedByUserId: userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TEAM_INVITE_DAYS * DAY_MS),
      })
      .returning({ id: organisationInvites.id });
    const [inviter] = await tx.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    const [invitee] = await tx.db
      .select({ language: users.language })
      .from(users)
      .where(and(eq(users.email, input.email), isNull(users.deletedAt)));
    const language = (LANGUAGES as readonly string[]).includes(invitee?.language ?? '')
      ? (invitee!.language as Language)
      : lang;
    await deps.mail.queue(
      {
        to: input.email,
        language,
        key: 'organisations.mail.team_invite',
        params: {
          inviter: `${inviter?.firstName ?? ''} ${inviter?.lastName ?? ''}`.trim(),
          organisation: org.name,
          role: t(language, `organisations.roles.${input.role}`),
          link: `${deps.config.appUrl}/organisations/join/${token}`,
          days: TEAM_INVITE_DAYS,
        },
      },
      tx,
    );
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.invite_create',
        targetType: 'organisation_invite',
        targetId: invite!.id,
        meta: {
          email: input.email,
          role: input.role,
          artist_user_ids: input.artist_user_ids,
          replaced: replaced.map((r) => r.id),
        },
        ...inOrganisation(organisationId),
      },
      tx,
    );
    return invite!.id;
  });
  const invites = await listInvites(deps, userId, organisationId);
  return invites.find((i) => i.id === inviteId)!;
}

/**
 * Revoke a pending team invitation (Team manage): its link stops working at once. Revoking a revoked
 * one changes nothing. Audited `organisations.invite_revoke`.
 * @throws NotFoundError 404 (another organisation's invitation too); ForbiddenError 403; ConflictError
 *   409 `organisations.invite_used` when already accepted
 */
export async function revokeInvite(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  inviteId: number,
  actor: AuditActor,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    await lockOrganisation(tx, organisationId);
    assertCan(await membershipOf(tx, userId, organisationId), 'manage', 'Team');
    const [row] = await tx.db
      .select()
      .from(organisationInvites)
      .where(
        and(eq(organisationInvites.id, inviteId), eq(organisationInvites.organisationId, organisationId)),
      )
      .for('update');
    if (!row) throw new NotFoundError('organisations.invite_not_found');
    if (row.acceptedAt) throw new ConflictError('organisations.invite_used');
    if (row.revokedAt) return;
    await tx.db
      .update(organisationInvites)
      .set({ revokedAt: deps.clock.now() })
      .where(eq(organisationInvites.id, inviteId));
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.invite_revoke',
        targetType: 'organisation_invite',
        targetId: inviteId,
        meta: { email: row.email },
        ...inOrganisation(organisationId),
      },
      tx,
    );
  });
}

/**
 * Refuses an invitation link that cannot be used any more.
 * @throws AppError 410 `organisations.invite_used`, `organisations.invite_cancelled`,
 *   `organisations.invite_expired`
 */
function assertUsable(row: InviteRow, now: Date): void {
  if (row.acceptedAt) throw new AppError(410, 'organisations.invite_used');
  if (row.revokedAt) throw new AppError(410, 'organisations.invite_cancelled');
  if (row.expiresAt <= now) throw new AppError(410, 'organisations.invite_expired');
}

/**
 * What an invitation link invites to (the join page, before signing in): the organisation, the role and
 * the address invited.
 * @throws NotFoundError 404 `organisations.invite_not_found`; AppError 410 (used, revoked, expired)
 */
export async function previewInvite(deps: OrganisationDeps, token: string): Promise<TeamInvitePreview> {
  const [row] = await deps.database.db
    .select({ invite: organisationInvites, name: organisations.name, logo: organisations.logo })
    .from(organisationInvites)
    .innerJoin(organisations, eq(organisations.id, organisationInvites.organisationId))
    .where(and(eq(organisationInvites.tokenHash, sha256(token)), isNull(organisations.deletedAt)));
  if (!row) throw new NotFoundError('organisations.invite_not_found');
  assertUsable(row.invite, deps.clock.now());
  return {
    organisation_name: row.name,
    organisation_logo_url: row.logo ? deps.storage.url(row.logo) : null,
    role: row.invite.role as OrganisationRole,
    email: row.invite.email,
    expires_at: row.invite.expiresAt.toISOString(),
  };
}

/**
 * Accept a team invitation: the signed-in user whose e-mail it names joins with its role (its artists
 * that are still active on the roster). Single use: the invitation row is locked, so of two accepts at
 * once one makes the member and the other finds it used. Audited `organisations.invite_accept`.
 * @returns the organisation joined
 * @throws NotFoundError 404; AppError 410; ForbiddenError 403 `organisations.invite_other_email`;
 *   ConflictError 409 `organisations.already_member`
 */
export async function acceptInvite(
  deps: OrganisationDeps,
  userId: number,
  token: string,
  actor: AuditActor,
): Promise<{ organisation_id: number; member_id: number }> {
  return withTransaction(deps.database, async (tx) => {
    const [invite] = await tx.db
      .select()
      .from(organisationInvites)
      .where(eq(organisationInvites.tokenHash, sha256(token)))
      .for('update');
    if (!invite) throw new NotFoundError('organisations.invite_not_found');
    await lockOrganisation(tx, invite.organisationId).catch(() => {
      throw new NotFoundError('organisations.invite_not_found');
    });
    const now = deps.clock.now();
    assertUsable(invite, now);
    const [user] = await tx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user?.email.toLowerCase() !== invite.email)
      throw new ForbiddenError('organisations.invite_other_email');
    const [existing] = await tx.db
      .select({ id: organisationMembers.id })
      .from(organisationMembers)
      .where(
        and(
          eq(organisationMembers.organisationId, invite.organisationId),
          eq(organisationMembers.userId, userId),
        ),
      );
    if (existing) throw new ConflictError('organisations.already_member');
    const [member] = await tx.db
      .insert(organisationMembers)
      .values({
        organisationId: invite.organisationId,
        userId,
        role: invite.role,
        allArtists: invite.allArtists,
      })
      .returning({ id: organisationMembers.id });
    if (!invite.allArtists && invite.artistUserIds.length > 0) {
      // Artists who left the roster since the invitation was sent are not granted.
      await tx.db.execute(sql`insert into organisation_member_artists (member_id, artist_user_id)
        select ${member!.id}, a.artist_user_id from organisation_artists a
        where a.organisation_id = ${invite.organisationId} and a.status = 'active'
          and a.artist_user_id = any(${`{${invite.artistUserIds.join(',')}}`}::int[])`);
    }
    await tx.db
      .update(organisationInvites)
      .set({ acceptedAt: now, acceptedByUserId: userId })
      .where(eq(organisationInvites.id, invite.id));
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.invite_accept',
        targetType: 'organisation_invite',
        targetId: invite.id,
        meta: { member_id: member!.id, role: invite.role },
        ...inOrganisation(invite.organisationId),
      },
      tx,
    );
    return { organisation_id: invite.organisationId, member_id: member!.id };
  });
}
