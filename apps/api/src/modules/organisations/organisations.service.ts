import type { MyOrganisation, Organisation, OrganisationInput } from '@lm/contracts/organisations-api';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import {
  ledgerAccounts,
  organisationArtists,
  organisationInvites,
  organisationMembers,
  organisations,
} from '../../db/schema';
import { ConflictError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { storeUpload } from '../files';
import { assertCan, type Membership, membershipOf } from './organisations.access';
import {
  activeArtistsFor,
  inOrganisation,
  lockOrganisation,
  type OrganisationDeps,
  organisationView,
} from './organisations.context';

/**
 * Organisations themselves (issue 35 "Organisations"): created by a user who becomes their Owner, read
 * and changed by their members as their role allows (checked per request, `organisations.access.ts`),
 * a logo, deleted by an Owner once no coins are left in them.
 */

/** Images a logo may be (as avatars): PNG or JPEG up to 5 MB, checked by content. */
const LOGO_UPLOADS: Record<string, { ext: string; maxBytes: number }> = {
  'image/png': { ext: 'png', maxBytes: 5 * 1024 * 1024 },
  'image/jpeg': { ext: 'jpg', maxBytes: 5 * 1024 * 1024 },
};

/**
 * The signed-in user's organisations (`GET /api/organisations`): every team they belong to, oldest
 * membership first, with their role, its CASL rules and the active artists they may act for.
 */
export async function listMyOrganisations(deps: OrganisationDeps, userId: number): Promise<MyOrganisation[]> {
  const rows = await deps.database.db
    .select({ org: organisations })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.userId, userId), isNull(organisations.deletedAt)))
    .orderBy(organisationMembers.createdAt, organisationMembers.id);
  const url = (k: string) => deps.storage.url(k);
  const out: MyOrganisation[] = [];
  for (const { org } of rows) {
    const membership = await membershipOf(deps.database, userId, org.id);
    out.push({
      id: org.id,
      kind: org.kind as MyOrganisation['kind'],
      name: org.name,
      logo_url: org.logo ? url(org.logo) : null,
      status: org.status as MyOrganisation['status'],
      member_id: membership.memberId,
      role: membership.role,
      artist_user_ids: membership.artistUserIds,
      rules: membership.rules,
      artists: await activeArtistsFor(deps.database, membership, url),
    });
  }
  return out;
}

/**
 * Create an organisation; the signed-in user becomes its Owner (a member row over the whole roster).
 * Audited `organisations.create`.
 * @returns the organisation as its Owner reads it (billing details included)
 */
export async function createOrganisation(
  deps: OrganisationDeps,
  userId: number,
  input: OrganisationInput,
  actor: AuditActor,
): Promise<Organisation> {
  const organisationId = await withTransaction(deps.database, async (tx) => {
    const [org] = await tx.db
      .insert(organisations)
      .values({
        kind: input.kind,
        name: input.name,
        billingName: input.billing_name,
        billingAddress: input.billing_address,
        billingCountry: input.billing_country,
        vatNumber: input.vat_number ?? null,
        createdByUserId: userId,
      })
      .returning({ id: organisations.id });
    await tx.db.insert(organisationMembers).values({ organisationId: org!.id, userId, role: 'owner' });
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.create',
        targetType: 'organisation',
        targetId: org!.id,
        meta: { name: input.name, kind: input.kind },
        ...inOrganisation(org!.id),
      },
      tx,
    );
    return org!.id;
  });
  return readOrganisation(deps, userId, organisationId);
}

/**
 * One organisation as the signed-in member reads it.
 * @throws NotFoundError 404 `organisations.not_found` to a non-member
 */
export async function readOrganisation(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
): Promise<Organisation> {
  const membership = await membershipOf(deps.database, userId, organisationId);
  assertCan(membership, 'read', 'Organisation');
  const [row] = await deps.database.db
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return organisationView(row!, membership, (k) => deps.storage.url(k));
}

/**
 * Change an organisation's profile (kind, name: `Organisation update`) and billing details (`Billing
 * manage`). PUT sends the whole shape; only the parts that differ need the role's right, so Finance
 * changes billing details and an Admin the profile. Audited `organisations.update` with the fields
 * changed. Nothing changes when a check fails.
 * @throws NotFoundError 404 to a non-member; ForbiddenError 403 `organisations.forbidden` when a part
 *   that changes is not the role's (or the organisation is suspended)
 */
export async function updateOrganisation(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  input: OrganisationInput,
  actor: AuditActor,
): Promise<Organisation> {
  return withTransaction(deps.database, async (tx) => {
    const row = await lockOrganisation(tx, organisationId);
    const membership = await membershipOf(tx, userId, organisationId);
    assertCan(membership, 'read', 'Organisation');
    const profile = { kind: input.kind, name: input.name };
    const billing = {
      billingName: input.billing_name,
      billingAddress: input.billing_address,
      billingCountry: input.billing_country,
      vatNumber: input.vat_number ?? null,
    };
    const changed = [
      ...Object.entries(profile).filter(([k, v]) => row[k as keyof typeof profile] !== v),
      ...Object.entries(billing).filter(([k, v]) => row[k as keyof typeof billing] !== v),
    ].map(([k]) => k);
    if (changed.some((k) => k in profile)) assertCan(membership, 'update', 'Organisation');
    if (changed.some((k) => k in billing)) assertCan(membership, 'manage', 'Billing');
    if (changed.length === 0) return organisationView(row, membership, (k) => deps.storage.url(k));
    const [updated] = await tx.db
      .update(organisations)
      .set({ ...profile, ...billing, updatedAt: deps.clock.now() })
      .where(eq(organisations.id, organisationId))
      .returning();
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.update',
        targetType: 'organisation',
        targetId: organisationId,
        meta: { fields: changed },
        ...inOrganisation(organisationId),
      },
      tx,
    );
    return organisationView(updated!, membership, (k) => deps.storage.url(k));
  });
}

/**
 * Store a new logo (`Organisation update`): a PNG or JPEG up to 5 MB, checked by its content, stored
 * through the files module like an avatar. Audited `organisations.logo`.
 * @throws NotFoundError 404 to a non-member; ForbiddenError 403; ValidationError 422 on `file`
 *   (`validation.file_type`, `validation.file_too_large`)
 */
export async function setOrganisationLogo(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  file: { bytes: Buffer; filename: string | undefined },
  actor: AuditActor & { ip: string; userAgent: string | null },
): Promise<Organisation> {
  assertCan(await membershipOf(deps.database, userId, organisationId), 'update', 'Organisation');
  const { key } = await storeUpload(deps, {
    field: 'file',
    bytes: file.bytes,
    filename: file.filename,
    allowed: LOGO_UPLOADS,
    uploader: { kind: 'user', id: userId },
    info: { ip: actor.ip, userAgent: actor.userAgent },
  });
  return withTransaction(deps.database, async (tx) => {
    await lockOrganisation(tx, organisationId);
    // Read again under the lock: the role may have changed while the file was stored.
    const membership = await membershipOf(tx, userId, organisationId);
    assertCan(membership, 'update', 'Organisation');
    const [updated] = await tx.db
      .update(organisations)
      .set({ logo: key, updatedAt: deps.clock.now() })
      .where(eq(organisations.id, organisationId))
      .returning();
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.logo',
        targetType: 'organisation',
        targetId: organisationId,
        meta: { file: key },
        ...inOrganisation(organisationId),
      },
      tx,
    );
    return organisationView(updated!, membership, (k) => deps.storage.url(k));
  });
}

/**
 * Delete an organisation (the Owner: `Organisation delete`): soft delete, once neither its wallet nor
 * any budget account holds coins (read from `ledger_accounts.organisation_id` under the organisation's
 * lock). Its artists are taken off the roster (`removed`), pending invitations revoked; the members
 * lose access at once (a deleted organisation answers 404). Audited `organisations.delete`.
 * @throws NotFoundError 404; ForbiddenError 403 for any role but Owner; ConflictError 409
 *   `organisations.has_coins` (`coins`: how many are left)
 */
export async function deleteOrganisation(
  deps: OrganisationDeps,
  userId: number,
  organisationId: number,
  actor: AuditActor,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    await lockOrganisation(tx, organisationId);
    const membership: Membership = await membershipOf(tx, userId, organisationId);
    assertCan(membership, 'delete', 'Organisation');
    const [held] = await tx.db
      .select({ coins: sql<number>`coalesce(sum(${ledgerAccounts.balance}), 0)::bigint` })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.organisationId, organisationId), ne(ledgerAccounts.balance, 0)));
    const coins = Number(held?.coins ?? 0);
    if (coins !== 0) throw new ConflictError('organisations.has_coins', { coins });
    const now = deps.clock.now();
    await tx.db
      .update(organisations)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(organisations.id, organisationId));
    await tx.db
      .update(organisationArtists)
      .set({ status: 'removed', endedAt: now, updatedAt: now })
      .where(
        and(
          eq(organisationArtists.organisationId, organisationId),
          inArray(organisationArtists.status, ['invited', 'active']),
        ),
      );
    await tx.db
      .update(organisationInvites)
      .set({ revokedAt: now })
      .where(
        and(
          eq(organisationInvites.organisationId, organisationId),
          isNull(organisationInvites.acceptedAt),
          isNull(organisationInvites.revokedAt),
        ),
      );
    await audit(
      deps.database,
      actor,
      {
        action: 'organisations.delete',
        targetType: 'organisation',
        targetId: organisationId,
        ...inOrganisation(organisationId),
      },
      tx,
    );
  });
}
