import { randomUUID } from 'node:crypto';
import { LANGUAGES, type Language, USER_STATUSES } from '@lm/contracts';
import type { OrganisationKind, RosterStatus } from '@lm/contracts/organisations';
import type {
  ManagedArtistInput,
  MyRoster,
  RosterArtist,
  RosterInviteInput,
} from '@lm/contracts/organisations-api';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { genres, organisationArtists, organisations, userGenres, users } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { notifyLater } from '../notifications';
import { assignDefaultRoles } from '../rbac';
import { assertCan, can, membershipOf } from './organisations.access';
import {
  artistNameSql,
  inOrganisation,
  lockOrganisation,
  type OrganisationDeps,
} from './organisations.context';

/**
 * The roster of an organisation (issue 35 "Roster"): managed artist profiles it creates, existing
 * artist accounts it invites (who accept, refuse or leave), and artists it takes off. An artist is
 * active in at most one organisation: the unique index `organisation_artists_one_active` decides.
 */

/** The domain of managed profiles' addresses: `.invalid` never delivers (RFC 2606). */
export const MANAGED_EMAIL_DOMAIN = 'managed.invalid';

type RosterRow = typeof organisationArtists.$inferSelect;

const rosterColumns = {
  row: organisationArtists,
  name: artistNameSql,
  avatar: users.avatar,
  country: users.countryCode,
};

function rosterView(
  r: { row: RosterRow; name: string; avatar: string | null; country: string | null },
  url: (k: string) => string,
): RosterArtist {
  return {
    id: r.row.id,
    artist_user_id: r.row.artistUserId,
    artist_name: r.name,
    avatar_url: r.avatar ? url(r.avatar) : null,
    country_code: r.country,
    status: r.row.status as RosterStatus,
    managed: r.row.managed,
    invited_at: r.row.createdAt.toISOString(),
    joined_at: r.row.joinedAt?.toISOString() ?? null,
    ended_at: r.row.endedAt?.toISOString() ?? null,
  };
}

/**
 * The roster (Roster read): every artist invited, active or gone, newest first, at most 500; a role
 * limited to some artists sees those only.
 * @throws NotFoundError 404 to a non-member
 */
export async function listRoster(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
): Promise<RosterArtist[]> {
  const membership = await membershipOf(deps.database, userId, organisationId);
  const rows = await deps.database.db
    .select(rosterColumns)
    .from(organisationArtists)
    .innerJoin(users, eq(users.id, organisationArtists.artistUserId))
    .where(
      and(
        eq(organisationArtists.organisationId, organisationId),
        membership.artistUserIds === null
          ? undefined
          : inArray(organisationArtists.artistUserId, [0, ...membership.artistUserIds]),
      ),
    )
    .orderBy(desc(organisationArtists.createdAt), desc(organisationArtists.id))
    .limit(500);
  return rows
    .filter((r) => can(membership, 'read', 'Roster', r.row.artistUserId))
    .map((r) => rosterView(r, (k) => deps.storage.url(k)));
}

async function rosterEntry(
  tx: Pick<Tx, 'db'>,
  id: number,
  url: (k: string) => string,
): Promise<RosterArtist> {
  const [row] = await tx.db
    .select(rosterColumns)
    .from(organisationArtists)
    .innerJoin(users, eq(users.id, organisationArtists.artistUserId))
    .where(eq(organisationArtists.id, id));
  return rosterView(row!, url);
}

/**
 * Create a managed artist profile (Roster manage over the whole roster): a users row of an artist
 * (type 1, approved, e-mail verified, the artist's default roles) without a password, with
 * `managed_profile` set and an undeliverable unique address `managed-<uuid>@managed.invalid`, so it can
 * never sign in nor receive mail; active on the roster at once. Audited
 * `organisations.artist_create_managed`.
 * @throws NotFoundError 404; ForbiddenError 403; ValidationError 422 `user.validation.genre_invalid` on
 *   `genre_ids`
 */
export async function createManagedArtist(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  input: ManagedArtistInput,
  actor: AuditActor,
): Promise<RosterArtist> {
  const genreIds = [...new Set(input.genre_ids ?? [])];
  return withTransaction(deps.database, async (tx) => {
    await lockOrganisation(tx, organisationId);
    assertCan(await membershipOf(tx, userId, organisationId), 'manage', 'Roster');
    if (genreIds.length > 0) {
      const found = await tx.db
        .select({ id: genres.id })
        .from(genres)
        .where(and(inArray(genres.id, genreIds), eq(genres.isActive, true)));
      if (found.length !== genreIds.length)
        throw new ValidationError({ genre_ids: ['user.validation.genre_invalid'] });
    }
    const now = deps.clock.now();
    const [artist] = await tx.db
      .insert(users)
      .values({
        userTypeId: 1,
        firstName: input.artist_name.slice(0, 100),
        lastName: '',
        artistName: input.artist_name,
        email: `managed-${randomUUID()}@${MANAGED_EMAIL_DOMAIN}`,
        passwordHash: null,
        status: USER_STATUSES.APPROVED,
        emailVerifiedAt: now,
        managedProfile: true,
        countryCode: input.country_code ?? null,
        spotifyLink: input.spotify_link ?? null,
      })
      .returning({ id: users.id });
    await assignDefaultRoles(tx, artist!.id, 1);
    if (genreIds.length > 0)
      await tx.db.insert(userGenres).values(genreIds.map((genreId) => ({ userId: artist!.id, genreId })));
    const [entry] = await tx.db
      .insert(organisationArtists)
      .values({
        organisationId,
        artistUserId: artist!.id,
        status: 'active',
        managed: true,
        invitedByUserId: userId,
        joinedAt: now,
      })
      .returning({ id: organisationArtists.id });
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.artist_create_managed',
        targetType: 'organisation_artist',
        targetId: entry!.id,
        meta: { artist_name: input.artist_name },
        ...inOrganisation(organisationId, artist!.id),
      },
      tx,
    );
    return rosterEntry(tx, entry!.id, (k) => deps.storage.url(k));
  });
}

/**
 * Invite an existing artist account to the roster by its e-mail (Roster manage over the whole roster).
 * The artist is notified in the app (and by e-mail, the notification repeated) and answers on their
 * side. Audited `organisations.artist_invite`.
 * @throws NotFoundError 404 `organisations.artist_not_found` (no live account uses the address);
 *   ValidationError 422 `organisations.not_an_artist` (on `email`); ConflictError 409
 *   `organisations.artist_already_invited` (already invited or active here; the unique index decides)
 */
export async function inviteArtist(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  input: RosterInviteInput,
  actor: AuditActor,
): Promise<RosterArtist> {
  try {
    return await withTransaction(deps.database, async (tx) => {
      const org = await lockOrganisation(tx, organisationId);
      assertCan(await membershipOf(tx, userId, organisationId), 'manage', 'Roster');
      const [artist] = await tx.db
        .select({
          id: users.id,
          type: users.userTypeId,
          managed: users.managedProfile,
          firstName: users.firstName,
          language: users.language,
          email: users.email,
        })
        .from(users)
        .where(and(eq(users.email, input.email), isNull(users.deletedAt)));
      if (!artist || artist.managed) throw new NotFoundError('organisations.artist_not_found');
      if (artist.type !== 1) throw new ValidationError({ email: ['organisations.not_an_artist'] });
      const [entry] = await tx.db
        .insert(organisationArtists)
        .values({ organisationId, artistUserId: artist.id, status: 'invited', invitedByUserId: userId })
        .returning({ id: organisationArtists.id });
      notifyLater(tx, {
        userId: artist.id,
        type: 'organisations.roster_invite',
        message: 'organisations.notify.roster_invite',
        params: { organisation: org.name },
        link: '/organisation',
        data: { organisation_id: organisationId, invitation_id: entry!.id },
      });
      await deps.mail.queue(
        {
          to: artist.email,
          language: (LANGUAGES as readonly string[]).includes(artist.language)
            ? (artist.language as Language)
            : 'en',
          notification: 'organisations.notify.roster_invite',
          params: { organisation: org.name },
          name: artist.firstName,
          link: `${deps.config.appUrl}/organisation`,
        },
        tx,
      );
      await audit(
        deps.database,
        actor,
        {
          action: 'organisations.artist_invite',
          targetType: 'organisation_artist',
          targetId: entry!.id,
          ...inOrganisation(organisationId, artist.id),
        },
        tx,
      );
      return rosterEntry(tx, entry!.id, (k) => deps.storage.url(k));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'organisation_artists_open_unique'))
      throw new ConflictError('organisations.artist_already_invited');
    throw error;
  }
}

/**
 * Take an artist off the roster (Roster manage on that artist): an active or invited entry becomes
 * `removed`; the team can no longer act for them. Audited `organisations.artist_remove`.
 * @throws NotFoundError 404 (`organisations.roster_not_found` when the artist has no open entry);
 *   ForbiddenError 403
 */
export async function removeArtist(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  artistUserId: number,
  actor: AuditActor,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    await lockOrganisation(tx, organisationId);
    const membership = await membershipOf(tx, userId, organisationId);
    assertCan(membership, 'manage', 'Roster', artistUserId);
    const now = deps.clock.now();
    const [ended] = await tx.db
      .update(organisationArtists)
      .set({ status: 'removed', endedAt: now, updatedAt: now })
      .where(
        and(
          eq(organisationArtists.organisationId, organisationId),
          eq(organisationArtists.artistUserId, artistUserId),
          inArray(organisationArtists.status, ['invited', 'active']),
        ),
      )
      .returning({ id: organisationArtists.id });
    if (!ended) throw new NotFoundError('organisations.roster_not_found');
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.artist_remove',
        targetType: 'organisation_artist',
        targetId: ended.id,
        ...inOrganisation(organisationId, artistUserId),
      },
      tx,
    );
  });
}

/**
 * The artist side (`GET /api/user/organisation`): the organisation the artist is active in, and the
 * invitations waiting for an answer (of live organisations), newest first.
 */
export async function myRoster(deps: OrganisationDeps, artistUserId: number): Promise<MyRoster> {
  const rows = await deps.database.db
    .select({ row: organisationArtists, org: organisations })
    .from(organisationArtists)
    .innerJoin(organisations, eq(organisations.id, organisationArtists.organisationId))
    .where(
      and(
        eq(organisationArtists.artistUserId, artistUserId),
        inArray(organisationArtists.status, ['invited', 'active']),
        isNull(organisations.deletedAt),
      ),
    )
    .orderBy(desc(organisationArtists.createdAt), desc(organisationArtists.id));
  const url = (k: string | null) => (k ? deps.storage.url(k) : null);
  const active = rows.find((r) => r.row.status === 'active');
  return {
    current: active
      ? {
          organisation_id: active.org.id,
          name: active.org.name,
          kind: active.org.kind as OrganisationKind,
          logo_url: url(active.org.logo),
          joined_at: (active.row.joinedAt ?? active.row.createdAt).toISOString(),
        }
      : null,
    invitations: rows
      .filter((r) => r.row.status === 'invited')
      .map((r) => ({
        id: r.row.id,
        organisation_id: r.org.id,
        name: r.org.name,
        kind: r.org.kind as OrganisationKind,
        logo_url: url(r.org.logo),
        invited_at: r.row.createdAt.toISOString(),
      })),
  };
}

/** The artist's waiting invitation `id` of a live organisation, locked. @throws NotFoundError 404 */
async function lockInvitation(tx: Tx, artistUserId: number, id: number): Promise<RosterRow> {
  const [row] = await tx.db
    .select({ row: organisationArtists })
    .from(organisationArtists)
    .innerJoin(organisations, eq(organisations.id, organisationArtists.organisationId))
    .where(
      and(
        eq(organisationArtists.id, id),
        eq(organisationArtists.artistUserId, artistUserId),
        eq(organisationArtists.status, 'invited'),
        isNull(organisations.deletedAt),
      ),
    )
    .for('update', { of: organisationArtists });
  if (!row) throw new NotFoundError('organisations.roster_invite_not_found');
  return row.row;
}

/**
 * The artist accepts a roster invitation: the organisation's team may act for them from now on. An
 * artist is active in at most one organisation; the unique index decides between concurrent accepts.
 * Audited `organisations.artist_accept`.
 * @throws NotFoundError 404 `organisations.roster_invite_not_found`; ConflictError 409
 *   `organisations.already_in_one`
 */
export async function acceptRosterInvite(
  deps: OrganisationDeps,
  artistUserId: number,
  id: number,
  actor: AuditActor,
): Promise<MyRoster> {
  try {
    await withTransaction(deps.database, async (tx) => {
      const row = await lockInvitation(tx, artistUserId, id);
      const now = deps.clock.now();
      await tx.db
        .update(organisationArtists)
        .set({ status: 'active', joinedAt: now, updatedAt: now })
        .where(eq(organisationArtists.id, id));
      await audit(
        deps.database,
        actor,
        {
          action: 'organisations.artist_accept',
          targetType: 'organisation_artist',
          targetId: id,
          ...inOrganisation(row.organisationId, artistUserId),
        },
        tx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'organisation_artists_one_active'))
      throw new ConflictError('organisations.already_in_one');
    throw error;
  }
  return myRoster(deps, artistUserId);
}

/**
 * The artist refuses a roster invitation. Audited `organisations.artist_refuse`.
 * @throws NotFoundError 404 `organisations.roster_invite_not_found`
 */
export async function refuseRosterInvite(
  deps: OrganisationDeps,
  artistUserId: number,
  id: number,
  actor: AuditActor,
): Promise<MyRoster> {
  await withTransaction(deps.database, async (tx) => {
    const row = await lockInvitation(tx, artistUserId, id);
    const now = deps.clock.now();
    await tx.db
      .update(organisationArtists)
      .set({ status: 'refused', endedAt: now, updatedAt: now })
      .where(eq(organisationArtists.id, id));
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.artist_refuse',
        targetType: 'organisation_artist',
        targetId: id,
        ...inOrganisation(row.organisationId, artistUserId),
      },
      tx,
    );
  });
  return myRoster(deps, artistUserId);
}

/**
 * The artist leaves the organisation acting for them: its team can no longer act for them from the
 * next request on. Audited `organisations.artist_leave`.
 * @throws NotFoundError 404 `organisations.not_in_one` when no organisation acts for them
 */
export async function leaveRoster(
  deps: OrganisationDeps,
  artistUserId: number,
  actor: AuditActor,
): Promise<MyRoster> {
  await withTransaction(deps.database, async (tx) => {
    const now = deps.clock.now();
    const [ended] = await tx.db
      .update(organisationArtists)
      .set({ status: 'left', endedAt: now, updatedAt: now })
      .where(
        and(
          eq(organisationArtists.artistUserId, artistUserId),
          eq(organisationArtists.status, 'active'),
          eq(organisationArtists.managed, false),
        ),
      )
      .returning({ id: organisationArtists.id, organisationId: organisationArtists.organisationId });
    if (!ended) throw new NotFoundError('organisations.not_in_one');
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.artist_leave',
        targetType: 'organisation_artist',
        targetId: ended.id,
        ...inOrganisation(ended.organisationId, artistUserId),
      },
      tx,
    );
  });
  return myRoster(deps, artistUserId);
}
