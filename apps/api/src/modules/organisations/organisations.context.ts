import type { Organisation, RosterArtistBrief } from '@lm/contracts/organisations-api';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { organisationArtists, organisations, users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { can, type Membership } from './organisations.access';

/**
 * What the organisation services share (issue 35): their dependencies, the row lock that serialises
 * every change of one organisation's team and roster, and the answers' views.
 */

/** The dependencies of the organisation services. */
export type OrganisationDeps = Pick<AppDeps, 'database' | 'clock' | 'storage' | 'mail' | 'config'>;

/** A live organisation row. */
export type OrganisationRow = typeof organisations.$inferSelect;

/**
 * Lock the live organisation `organisationId` for the rest of `tx`: team and roster changes of one
 * organisation run one after the other (two owners demoting each other leave one owner; two accepts of
 * one invitation make one member).
 * @throws NotFoundError 404 `organisations.not_found` when it is deleted or unknown
 */
export async function lockOrganisation(tx: Tx, organisationId: number): Promise<OrganisationRow> {
  const [row] = await tx.db
    .select()
    .from(organisations)
    .where(and(eq(organisations.id, organisationId), isNull(organisations.deletedAt)))
    .for('update');
  if (!row) throw new NotFoundError('organisations.not_found');
  return row;
}

/**
 * An organisation as a member reads it: billing details only for a role reading `Billing` (Owner,
 * Finance), null for the others.
 */
export function organisationView(
  row: OrganisationRow,
  membership: Membership,
  storageUrl: (key: string) => string,
): Organisation {
  const billing = can(membership, 'read', 'Billing');
  return {
    id: row.id,
    kind: row.kind as Organisation['kind'],
    name: row.name,
    logo_url: row.logo ? storageUrl(row.logo) : null,
    status: row.status as Organisation['status'],
    billing_name: billing ? row.billingName : null,
    billing_address: billing ? row.billingAddress : null,
    billing_country: billing ? row.billingCountry : null,
    vat_number: billing ? row.vatNumber : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The name an artist is shown by: the artist name, else the person's name. */
export const artistNameSql = sql<string>`coalesce(nullif(btrim(${users.artistName}), ''), btrim(${users.firstName} || ' ' || ${users.lastName}))`;

/**
 * The active artists of organisation `organisationId` a membership may read (every one for a role over
 * the whole roster, the assigned ones otherwise), by name.
 */
export async function activeArtistsFor(
  db: Database | Tx,
  membership: Membership,
  storageUrl: (key: string) => string,
): Promise<RosterArtistBrief[]> {
  if (membership.artistUserIds !== null && membership.artistUserIds.length === 0) return [];
  const rows = await db.db
    .select({
      userId: organisationArtists.artistUserId,
      name: artistNameSql,
      avatar: users.avatar,
      managed: organisationArtists.managed,
    })
    .from(organisationArtists)
    .innerJoin(users, eq(users.id, organisationArtists.artistUserId))
    .where(
      and(
        eq(organisationArtists.organisationId, membership.organisationId),
        eq(organisationArtists.status, 'active'),
        membership.artistUserIds === null
          ? undefined
          : inArray(organisationArtists.artistUserId, membership.artistUserIds),
      ),
    )
    .orderBy(artistNameSql, organisationArtists.artistUserId);
  return rows
    .filter((r) => can(membership, 'read', 'Artist', r.userId))
    .map((r) => ({
      user_id: r.userId,
      artist_name: r.name,
      avatar_url: r.avatar ? storageUrl(r.avatar) : null,
      managed: r.managed,
    }));
}

/**
 * Refuses artists a role would be limited to that are not active on the roster of `organisationId`.
 * @throws ValidationError 422 `organisations.artist_not_in_roster` on `artist_user_ids`
 */
export async function assertRosterArtists(
  tx: Tx,
  organisationId: number,
  artistUserIds: readonly number[],
): Promise<void> {
  if (artistUserIds.length === 0) return;
  const found = await tx.db
    .select({ id: organisationArtists.artistUserId })
    .from(organisationArtists)
    .where(
      and(
        eq(organisationArtists.organisationId, organisationId),
        eq(organisationArtists.status, 'active'),
        inArray(organisationArtists.artistUserId, [...artistUserIds]),
      ),
    );
  if (found.length !== new Set(artistUserIds).size)
    throw new ValidationError({ artist_user_ids: ['organisations.artist_not_in_roster'] });
}

/** The audit actor of a change made in organisation `organisationId` (the entry names it). */
export const inOrganisation = (organisationId: number, artistUserId?: number) => ({
  organisationId,
  ...(artistUserId === undefined ? {} : { onBehalfOfUserId: artistUserId }),
});
