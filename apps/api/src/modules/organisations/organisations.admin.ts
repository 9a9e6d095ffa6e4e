import {
  ADMIN_ORGANISATION_SORTS,
  type AdminOrganisationDetail,
  type AdminOrganisationListItem,
  type AdminOrganisationUpdate,
  type AdminUserOrganisations,
  ORGANISATION_STATUSES,
  type OrganisationStatus,
} from '@lm/contracts/admin-organisations';
import {
  ORGANISATION_KINDS,
  type OrganisationKind,
  type OrganisationRole,
  type RosterStatus,
} from '@lm/contracts/organisations';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { admins, auditLogs, countries, ledgerAccounts, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { type ExportColumn, isoInstant } from '../../platform/csv-export';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { type ListQuery, paginate, parseOrder } from '../../platform/http';
import { filterValues } from '../../platform/list-filters';
import type { AuditActor } from '../audit';
import { audit, auditChanges } from '../audit';
import {
  organisationArtists,
  organisationBudgets,
  organisationInvites,
  organisationMemberArtists,
  organisationMembers,
  organisations,
} from './organisations.schema';

// The back-office's view of organisations (issue 35, staff side): list, export, detail, corrections,
// suspension, and the user overview's card. Members' own routes live beside this file.

const fullName = (t: typeof users) => sql<string>`trim(${t.firstName} || ' ' || ${t.lastName})`;
const artistName = sql<string>`coalesce(nullif(btrim(${users.artistName}), ''), trim(${users.firstName} || ' ' || ${users.lastName}))`;

// Always qualified: drizzle leaves a single-table query's columns unqualified, and inside these
// subqueries an unqualified "id" would name the subquery's own row.
const orgId = sql.raw('"organisations"."id"');
const membersCount = sql<number>`(select count(*) from ${organisationMembers} m where m.organisation_id = ${orgId})`;
const activeArtistsCount = sql<number>`(select count(*) from ${organisationArtists} a where a.organisation_id = ${orgId} and a.status = 'active')`;
const walletBalance = sql<number>`coalesce((select sum(l.balance) from ${ledgerAccounts} l where l.organisation_id = ${orgId} and l.kind = 'organisation_wallet'), 0)`;
/** The first Owner of the team (the oldest membership). */
const ownerId = sql<
  number | null
>`(select m.user_id from ${organisationMembers} m where m.organisation_id = ${orgId} and m.role = 'owner' order by m.id limit 1)`;

/**
 * The list's condition and sort of a list query (`listOrganisations`, `organisationExportQuery`):
 * `q` (name, or an Owner's name or e-mail, contains), `filter[kind]`, `filter[status]` and
 * `filter[country]` (one or more values each). Deleted organisations are left out.
 * @throws ValidationError 422 on `filter[kind]` / `filter[status]` (`validation.invalid`) or
 *   `filter[country]` (`validation.country_invalid`) when a value is not one the list knows
 */
function organisationListWhere(query: Pick<ListQuery, 'filter' | 'q' | 'order'>) {
  const f = query.filter;
  const parts: SQL[] = [isNull(organisations.deletedAt)];
  const kinds = filterValues(f, 'kind', (v) => (ORGANISATION_KINDS as readonly string[]).includes(v));
  if (kinds.length > 0) parts.push(inArray(organisations.kind, kinds));
  const statuses = filterValues(f, 'status', (v) => (ORGANISATION_STATUSES as readonly string[]).includes(v));
  if (statuses.length > 0) parts.push(inArray(organisations.status, statuses));
  const countryCodes = filterValues(
    f,
    'country',
    (v) => /^[A-Za-z]{2}$/.test(v),
    'validation.country_invalid',
  ).map((v) => v.toUpperCase());
  if (countryCodes.length > 0) parts.push(inArray(organisations.billingCountry, countryCodes));
  if (query.q) {
    const pattern = containsPattern(query.q);
    parts.push(sql`(${organisations.name} ilike ${pattern} or exists (
      select 1 from ${organisationMembers} m join ${users} u on u.id = m.user_id
       where m.organisation_id = ${orgId} and m.role = 'owner'
         and (u.email ilike ${pattern} or trim(u.first_name || ' ' || u.last_name) ilike ${pattern})))`);
  }
  const order = parseOrder(query.order, ADMIN_ORGANISATION_SORTS, { column: 'id', dir: 'desc' });
  const column = {
    id: sql`${organisations.id}`,
    name: sql`lower(${organisations.name})`,
    created_at: sql`${organisations.createdAt}`,
    members: membersCount,
    active_artists: activeArtistsCount,
    wallet_balance: walletBalance,
  }[order.column];
  const sort = order.dir === 'asc' ? asc(column) : desc(column);
  return { where: and(...parts) as SQL, sort };
}

/**
 * The back-office organisations list (issue 35): one page of `{ id, name, kind, country, status, owner,
 * members, active_artists, wallet_balance (coins), created_at }`, newest first unless `order` says
 * otherwise (`id`, `name`, `created_at`, `members`, `active_artists`, `wallet_balance`).
 * @throws ValidationError 422 per bad filter field (see `organisationListWhere`)
 */
export async function listOrganisations(
  database: Database,
  query: ListQuery,
): Promise<{ data: AdminOrganisationListItem[]; pagination: ReturnType<typeof paginate> }> {
  const { where, sort } = organisationListWhere(query);
  const [rows, [count]] = await Promise.all([
    database.db
      .select({
        id: organisations.id,
        name: organisations.name,
        kind: organisations.kind,
        country: organisations.billingCountry,
        status: organisations.status,
        createdAt: organisations.createdAt,
        members: membersCount.mapWith(Number),
        activeArtists: activeArtistsCount.mapWith(Number),
        walletBalance: walletBalance.mapWith(Number),
        ownerId: ownerId,
      })
      .from(organisations)
      .where(where)
      .orderBy(sort, desc(organisations.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(organisations)
      .where(where),
  ]);
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is number => id !== null))];
  const owners =
    ownerIds.length === 0
      ? []
      : await database.db
          .select({ id: users.id, name: fullName(users), email: users.email })
          .from(users)
          .where(inArray(users.id, ownerIds));
  const byId = new Map(owners.map((o) => [o.id, o]));
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind as OrganisationKind,
      country: r.country,
      status: r.status as OrganisationStatus,
      owner: r.ownerId === null ? null : (byId.get(r.ownerId) ?? null),
      members: r.members,
      active_artists: r.activeArtists,
      wallet_balance: r.walletBalance,
      created_at: r.createdAt.toISOString(),
    })),
    pagination: paginate(count?.n ?? 0, query.page, query.limit),
  };
}

/** One organisation as a row of the list's CSV export. */
export interface OrganisationExportRow extends Record<string, unknown> {
  id: number;
  name: string;
  kind: string;
  country: string;
  status: string;
  owner_name: string | null;
  owner_email: string | null;
  members: number;
  active_artists: number;
  wallet_balance: number;
  created_at: Date;
}

/** Columns of the organisations list's CSV export, headers from `exports.organisations.*`. */
export const ORGANISATION_EXPORT_COLUMNS = [
  { key: 'id', header: 'exports.organisations.id' },
  { key: 'name', header: 'exports.organisations.name' },
  { key: 'kind', header: 'exports.organisations.kind' },
  { key: 'country', header: 'exports.organisations.country' },
  { key: 'status', header: 'exports.organisations.status' },
  { key: 'owner_name', header: 'exports.organisations.owner_name' },
  { key: 'owner_email', header: 'exports.organisations.owner_email' },
  { key: 'members', header: 'exports.organisations.members' },
  { key: 'active_artists', header: 'exports.organisations.active_artists' },
  { key: 'wallet_balance', header: 'exports.organisations.wallet_balance' },
  { key: 'created_at', header: 'exports.organisations.created_at', format: isoInstant },
] as const satisfies readonly ExportColumn<OrganisationExportRow>[];

/**
 * The query of the organisations list's CSV export (`GET /api/admin/organisations/export.csv`): every
 * organisation the list's `q` and filters select, in the list's order, with its Owner and figures.
 * @throws ValidationError 422 per bad filter field, like the list
 */
export function organisationExportQuery(query: Pick<ListQuery, 'filter' | 'q' | 'order'>): SQL {
  const { where, sort } = organisationListWhere(query);
  return sql`select ${organisations.id} as id, ${organisations.name} as name, ${organisations.kind} as kind,
      ${organisations.billingCountry} as country, ${organisations.status} as status,
      trim(o.first_name || ' ' || o.last_name) as owner_name, o.email as owner_email,
      ${membersCount}::int as members, ${activeArtistsCount}::int as active_artists,
      ${walletBalance}::bigint as wallet_balance, ${organisations.createdAt} as created_at
    from ${organisations}
    left join ${users} o on o.id = ${ownerId}
    where ${where}
    order by ${sort}, ${organisations.id} desc`;
}

/** How many audit entries the detail shows. */
const DETAIL_AUDIT_ENTRIES = 50;

/**
 * The back-office detail of organisation `id` (issue 35): profile and billing, the team (roles and
 * artist limits), pending invitations, the roster in every status, the wallet's and budgets' coins from
 * their ledger accounts, the budgets, and the newest 50 audit entries whose target is the organisation.
 * @throws NotFoundError 404 `errors.not_found` when there is no such (non-deleted) organisation
 */
export async function organisationDetail(database: Database, id: number): Promise<AdminOrganisationDetail> {
  const { db } = database;
  const [org] = await db
    .select()
    .from(organisations)
    .where(and(eq(organisations.id, id), isNull(organisations.deletedAt)));
  if (!org) throw new NotFoundError();
  const [creator, team, limits, invites, roster, accounts, budgets, entries] = await Promise.all([
    db
      .select({ id: users.id, name: fullName(users), email: users.email })
      .from(users)
      .where(eq(users.id, org.createdByUserId)),
    db
      .select({
        memberId: organisationMembers.id,
        userId: organisationMembers.userId,
        role: organisationMembers.role,
        allArtists: organisationMembers.allArtists,
        since: organisationMembers.createdAt,
        name: fullName(users),
        email: users.email,
      })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(eq(organisationMembers.organisationId, id))
      .orderBy(asc(organisationMembers.id)),
    db
      .select({
        memberId: organisationMemberArtists.memberId,
        userId: organisationMemberArtists.artistUserId,
        artistName,
      })
      .from(organisationMemberArtists)
      .innerJoin(organisationMembers, eq(organisationMembers.id, organisationMemberArtists.memberId))
      .innerJoin(users, eq(users.id, organisationMemberArtists.artistUserId))
      .where(eq(organisationMembers.organisationId, id))
      .orderBy(asc(artistName)),
    db
      .select()
      .from(organisationInvites)
      .where(
        and(
          eq(organisationInvites.organisationId, id),
          isNull(organisationInvites.acceptedAt),
          isNull(organisationInvites.revokedAt),
          sql`${organisationInvites.expiresAt} > now()`,
        ),
      )
      .orderBy(desc(organisationInvites.createdAt)),
    db
      .select({
        r: organisationArtists,
        artistName,
        email: users.email,
        managedProfile: users.managedProfile,
      })
      .from(organisationArtists)
      .innerJoin(users, eq(users.id, organisationArtists.artistUserId))
      .where(eq(organisationArtists.organisationId, id))
      .orderBy(asc(organisationArtists.id)),
    db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.organisationId, id)),
    db
      .select({ b: organisationBudgets, balance: ledgerAccounts.balance, artistName })
      .from(organisationBudgets)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, organisationBudgets.ledgerAccountId))
      .innerJoin(users, eq(users.id, organisationBudgets.artistUserId))
      .where(eq(organisationBudgets.organisationId, id))
      .orderBy(asc(artistName)),
    db
      .select({
        id: auditLogs.id,
        action: auditLogs.action,
        actorType: auditLogs.actorType,
        actorId: auditLogs.actorId,
        meta: auditLogs.meta,
        createdAt: auditLogs.createdAt,
        adminName: admins.name,
        userName: fullName(users),
      })
      .from(auditLogs)
      .leftJoin(admins, and(eq(auditLogs.actorType, 'admin'), eq(admins.id, auditLogs.actorId)))
      .leftJoin(users, and(eq(auditLogs.actorType, 'user'), eq(users.id, auditLogs.actorId)))
      .where(
        or(
          eq(auditLogs.organisationId, id),
          and(eq(auditLogs.targetType, 'organisation'), eq(auditLogs.targetId, String(id))),
        ),
      )
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(DETAIL_AUDIT_ENTRIES),
  ]);
  const sumOf = (kind: string) =>
    accounts.filter((a) => a.kind === kind).reduce((sum, a) => sum + Number(a.balance), 0);
  return {
    id: org.id,
    name: org.name,
    kind: org.kind as OrganisationKind,
    status: org.status as OrganisationStatus,
    billing_name: org.billingName,
    billing_address: org.billingAddress,
    billing_country: org.billingCountry,
    vat_number: org.vatNumber,
    created_by: creator[0] ?? null,
    created_at: org.createdAt.toISOString(),
    updated_at: org.updatedAt.toISOString(),
    team: team.map((m) => ({
      member_id: m.memberId,
      user_id: m.userId,
      name: m.name,
      email: m.email,
      role: m.role as OrganisationRole,
      all_artists: m.allArtists,
      artists: m.allArtists
        ? []
        : limits
            .filter((l) => l.memberId === m.memberId)
            .map((l) => ({ user_id: l.userId, artist_name: l.artistName })),
      since: m.since.toISOString(),
    })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role as OrganisationRole,
      expires_at: i.expiresAt.toISOString(),
      created_at: i.createdAt.toISOString(),
    })),
    roster: roster.map(({ r, artistName: name, email, managedProfile }) => ({
      id: r.id,
      artist_user_id: r.artistUserId,
      artist_name: name,
      email: managedProfile ? null : email,
      status: r.status as RosterStatus,
      managed: r.managed,
      joined_at: r.joinedAt?.toISOString() ?? null,
      ended_at: r.endedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    wallet_balance: sumOf('organisation_wallet'),
    budgets_balance: sumOf('organisation_budget'),
    budgets: budgets.map(({ b, balance, artistName: name }) => ({
      id: b.id,
      artist_user_id: b.artistUserId,
      artist_name: name,
      monthly_coins: b.monthlyCoins,
      balance: Number(balance),
      funded_month: b.fundedMonth,
    })),
    audit: entries.map((e) => ({
      id: e.id,
      action: e.action,
      actor_type: e.actorType,
      actor_id: e.actorId,
      actor_name: e.adminName ?? (e.actorType === 'user' ? e.userName : null),
      meta: (e.meta as Record<string, unknown> | null) ?? null,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

/**
 * Staff correct organisation `id`'s name and billing details (issue 35), under the row's lock; the
 * fields that changed are audited (`organisations.admin_update`, target the organisation). Saving
 * the same values changes nothing and logs nothing.
 * @throws NotFoundError 404 `errors.not_found` for an unknown or deleted organisation
 * @throws ValidationError 422 `validation.country_invalid` on `billing_country` for a code that is
 *   not a country
 */
export async function updateOrganisation(
  database: Database,
  id: number,
  body: AdminOrganisationUpdate,
  actor: AuditActor,
): Promise<void> {
  const [country] = await database.db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, body.billing_country));
  if (!country) throw new ValidationError({ billing_country: ['validation.country_invalid'] });
  await withTransaction(database, async (tx) => {
    const [org] = await tx.db
      .select()
      .from(organisations)
      .where(and(eq(organisations.id, id), isNull(organisations.deletedAt)))
      .for('update');
    if (!org) throw new NotFoundError();
    const after = {
      name: body.name,
      billing_name: body.billing_name,
      billing_address: body.billing_address,
      billing_country: body.billing_country,
      vat_number: body.vat_number ?? null,
    };
    const changes = auditChanges(
      {
        name: org.name,
        billing_name: org.billingName,
        billing_address: org.billingAddress,
        billing_country: org.billingCountry,
        vat_number: org.vatNumber,
      },
      after,
    );
    if (Object.keys(changes).length === 0) return;
    await tx.db
      .update(organisations)
      .set({
        name: after.name,
        billingName: after.billing_name,
        billingAddress: after.billing_address,
        billingCountry: after.billing_country,
        vatNumber: after.vat_number,
        updatedAt: new Date(),
      })
      .where(eq(organisations.id, id));
    await audit(
      database,
      actor,
      { action: 'organisations.admin_update', targetType: 'organisation', targetId: id, meta: { changes } },
      tx,
    );
  });
}

/**
 * Suspend (`to` = suspended: members keep only their read rules, `membershipOf`) or reactivate
 * organisation `id` (issue 35), with staff's reason in the audit entry (`organisations.suspend` /
 * `organisations.reactivate`). One conditional UPDATE decides, so two staff acting at once give one
 * change and one 409.
 * @throws NotFoundError 404 `errors.not_found` for an unknown or deleted organisation
 * @throws ConflictError 409 `organisations_admin.already_suspended` / `organisations_admin.not_suspended`
 *   when the organisation is already in that state
 */
export async function setOrganisationStatus(
  database: Database,
  id: number,
  to: OrganisationStatus,
  note: string,
  actor: AuditActor,
): Promise<void> {
  const from: OrganisationStatus = to === 'suspended' ? 'active' : 'suspended';
  await withTransaction(database, async (tx) => {
    const changed = await tx.db
      .update(organisations)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(organisations.id, id), eq(organisations.status, from), isNull(organisations.deletedAt)))
      .returning({ id: organisations.id });
    if (changed.length === 0) {
      const [exists] = await tx.db
        .select({ id: organisations.id })
        .from(organisations)
        .where(and(eq(organisations.id, id), isNull(organisations.deletedAt)));
      if (!exists) throw new NotFoundError();
      throw new ConflictError(
        to === 'suspended' ? 'organisations_admin.already_suspended' : 'organisations_admin.not_suspended',
      );
    }
    await audit(
      database,
      actor,
      {
        action: to === 'suspended' ? 'organisations.suspend' : 'organisations.reactivate',
        targetType: 'organisation',
        targetId: id,
        meta: { note },
      },
      tx,
    );
  });
}

/**
 * The organisations of user `userId` for the back-office user overview (issue 35): the teams the user
 * belongs to with the role, and the organisation acting for the user as an artist (its active roster
 * entry: since when, managed profile or not). Deleted organisations are left out.
 * @throws NotFoundError 404 when there is no such (non-deleted) user
 */
export async function userOrganisations(database: Database, userId: number): Promise<AdminUserOrganisations> {
  const { db } = database;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new NotFoundError();
  const [memberships, [acting]] = await Promise.all([
    db
      .select({
        organisationId: organisations.id,
        name: organisations.name,
        kind: organisations.kind,
        status: organisations.status,
        role: organisationMembers.role,
        allArtists: organisationMembers.allArtists,
      })
      .from(organisationMembers)
      .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
      .where(and(eq(organisationMembers.userId, userId), isNull(organisations.deletedAt)))
      .orderBy(asc(organisations.name)),
    db
      .select({
        organisationId: organisations.id,
        name: organisations.name,
        kind: organisations.kind,
        status: organisations.status,
        joinedAt: organisationArtists.joinedAt,
        createdAt: organisationArtists.createdAt,
        managed: organisationArtists.managed,
      })
      .from(organisationArtists)
      .innerJoin(organisations, eq(organisations.id, organisationArtists.organisationId))
      .where(
        and(
          eq(organisationArtists.artistUserId, userId),
          eq(organisationArtists.status, 'active'),
          isNull(organisations.deletedAt),
        ),
      ),
  ]);
  return {
    memberships: memberships.map((m) => ({
      organisation_id: m.organisationId,
      name: m.name,
      kind: m.kind as OrganisationKind,
      status: m.status as OrganisationStatus,
      role: m.role as OrganisationRole,
      all_artists: m.allArtists,
    })),
    acting_for: acting
      ? {
          organisation_id: acting.organisationId,
          name: acting.name,
          kind: acting.kind as OrganisationKind,
          status: acting.status as OrganisationStatus,
          since: (acting.joinedAt ?? acting.createdAt).toISOString(),
          managed: acting.managed,
        }
      : null,
  };
}
