import { SUPER_ADMIN_ROLE } from '@lm/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { adminRoles, permissions, rolePermissions, roles } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import {
  ConflictError,
  type FieldErrors,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../platform/errors';
import { revokeAllAdminTokens } from '../accounts';
import { type AuditActor, audit, auditChanges } from '../audit';
import { adminPermissionNames } from '../rbac';
import { type AdminLinkKind, mailAdminPasswordLink } from './admin-links';
import { admins } from './admins.schema';

/** Statuses of a staff account: `active` may sign in, `disabled` may not (and its sessions end). */
export const ADMIN_STATUSES = ['active', 'disabled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** A staff account as the back-office lists it (never the password hash). */
export interface AdminView {
  id: number;
  name: string;
  email: string;
  status: AdminStatus;
  roles: { id: number; name: string }[];
  /** True until the admin sets a password through their invitation link. */
  invitation_pending: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * Body of `POST /api/admin/admins` and `PUT /api/admin/admins/{id}`. No password: staff never set
 * another admin's password; the admin sets it through an emailed link.
 */
export interface AdminInput {
  name: string;
  email: string;
  status: AdminStatus;
  role_ids: number[];
}

/** Sortable columns of `GET /api/admin/admins`. */
export const ADMIN_ORDER_COLUMNS = ['id', 'name', 'email', 'status', 'created_at'] as const;

const adminIdRef = sql`${admins}.${sql.identifier(admins.id.name)}`;
const adminColumns = {
  id: admins.id,
  name: admins.name,
  email: admins.email,
  status: admins.status,
  invitationPending: sql<boolean>`${admins.passwordHash} is null`,
  createdAt: admins.createdAt,
  updatedAt: admins.updatedAt,
  roles: sql<
    { id: number; name: string }[]
  >`coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name)
    from ${adminRoles} ar join ${roles} r on r.id = ar.role_id where ar.admin_id = ${adminIdRef}), '[]'::json)`,
};
type AdminRow = {
  id: number;
  name: string;
  email: string;
  status: string;
  invitationPending: boolean;
  createdAt: Date;
  updatedAt: Date;
  roles: { id: number; name: string }[];
};

function view(row: AdminRow): AdminView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status as AdminStatus,
    roles: row.roles,
    invitation_pending: row.invitationPending,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A page of live (not deleted) staff accounts (`GET /api/admin/admins`): `q` matches name or email
 * (case-insensitive contains), `roleId` keeps holders of one role, `status` one status.
 * @returns the page and the total matching
 */
export async function listAdmins(
  database: Database,
  query: {
    page: number;
    limit: number;
    q?: string;
    roleId?: number;
    status?: AdminStatus;
    order: { column: (typeof ADMIN_ORDER_COLUMNS)[number]; dir: 'asc' | 'desc' };
  },
): Promise<{ rows: AdminView[]; total: number }> {
  const where = and(
    isNull(admins.deletedAt),
    query.q
      ? or(ilike(admins.name, containsPattern(query.q)), ilike(admins.email, containsPattern(query.q)))
      : undefined,
    query.status ? eq(admins.status, query.status) : undefined,
    query.roleId
      ? sql`exists (select 1 from ${adminRoles} ar where ar.admin_id = ${adminIdRef} and ar.role_id = ${query.roleId})`
      : undefined,
  );
  const column = {
    id: admins.id,
    name: admins.name,
    email: admins.email,
    status: admins.status,
    created_at: admins.createdAt,
  }[query.order.column];
  const [rows, total] = await Promise.all([
    database.db
      .select(adminColumns)
      .from(admins)
      .where(where)
      .orderBy(query.order.dir === 'asc' ? asc(column) : desc(column), asc(admins.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db.$count(admins, where),
  ]);
  return { rows: rows.map(view), total };
}

/**
 * One live staff account (`GET /api/admin/admins/{id}`).
 * @throws NotFoundError 404 when there is none (or it was deleted)
 */
export async function getAdmin(db: Database | Tx, id: number): Promise<AdminView> {
  const [row] = await db.db
    .select(adminColumns)
    .from(admins)
    .where(and(eq(admins.id, id), isNull(admins.deletedAt)));
  if (!row) throw new NotFoundError();
  return view(row);
}

/**
 * Live staff accounts whose name or email contains `q`, by name, `{id, name}` only
 * (`GET /api/admin/getAllAdminsWithQ`, the admin pickers of spec section 7 "Lookups").
 */
export async function searchAdmins(
  database: Database,
  search: { q?: string; limit: number },
): Promise<{ id: number; name: string }[]> {
  return database.db
    .select({ id: admins.id, name: admins.name })
    .from(admins)
    .where(
      and(
        isNull(admins.deletedAt),
        search.q
          ? or(ilike(admins.name, containsPattern(search.q)), ilike(admins.email, containsPattern(search.q)))
          : undefined,
      ),
    )
    .orderBy(asc(admins.name), asc(admins.id))
    .limit(search.limit);
}

/**
 * Check the roles of an admin body: each must be an admin role, and each must grant only permissions
 * the acting admin holds (no one hands out more than they have).
 * @param checkGrant which roles must be grantable (on update: only the roles being added)
 * @throws ValidationError 422 on `role_ids.{index}`: `admins.role_unknown` (no such admin role),
 *   `admins.role_not_grantable` (the role grants a permission the actor lacks)
 */
async function assertGrantableRoles(
  tx: Tx,
  actorId: number,
  roleIds: number[],
  checkGrant: (roleId: number) => boolean = () => true,
): Promise<void> {
  if (roleIds.length === 0) return;
  const rows = await tx.db
    .select({
      id: roles.id,
      name: roles.name,
      permissions: sql<
        string[]
      >`array(select p.name::text from ${rolePermissions} rp join ${permissions} p on p.id = rp.permission_id where rp.role_id = ${sql`${roles}.${sql.identifier(roles.id.name)}`})`,
    })
    .from(roles)
    .where(and(inArray(roles.id, roleIds), eq(roles.guard, 'admin')));
  const held = await adminPermissionNames(tx, actorId);
  const errors: FieldErrors = {};
  roleIds.forEach((id, index) => {
    const role = rows.find((r) => r.id === id);
    if (!role) errors[`role_ids.${index}`] = ['admins.role_unknown'];
    else if (checkGrant(id) && role.permissions.some((p) => !held.has(p)))
      errors[`role_ids.${index}`] = [{ key: 'admins.role_not_grantable', params: { name: role.name } }];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** @throws ValidationError 422 `validation.email_taken` on `email` when another live admin has it. */
async function assertEmailFree(tx: Tx, email: string, exceptId?: number): Promise<void> {
  const [clash] = await tx.db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.email, email), exceptId ? ne(admins.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw new ValidationError({ email: ['validation.email_taken'] });
}

/**
 * Lock the Super Admin role row, so that concurrent changes that could remove the last active Super
 * Admin run one after the other, then count its active holders other than `exceptAdminId`.
 */
async function otherActiveSuperAdmins(
  tx: Tx,
  exceptAdminId: number,
): Promise<{ roleId: number; count: number }> {
  const [role] = await tx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, SUPER_ADMIN_ROLE), eq(roles.guard, 'admin')))
    .for('update');
  if (!role) return { roleId: -1, count: 0 };
  const [row] = await tx.db
    .execute<{ count: number }>(sql`select count(*)::int as count from ${adminRoles} ar
    join ${admins} a on a.id = ar.admin_id
    where ar.role_id = ${role.id} and a.deleted_at is null and a.status = 'active' and a.id <> ${exceptAdminId}`)
    .then((r) => r.rows);
  return { roleId: role.id, count: row?.count ?? 0 };
}

async function setRoles(tx: Tx, adminId: number, roleIds: number[]): Promise<void> {
  await tx.db.delete(adminRoles).where(eq(adminRoles.adminId, adminId));
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) await tx.db.insert(adminRoles).values(unique.map((roleId) => ({ adminId, roleId })));
}

/** The live account `id`, its row locked for the rest of the transaction. @throws NotFoundError 404 */
async function lockAdmin(tx: Tx, id: number) {
  const [row] = await tx.db
    .select({
      id: admins.id,
      name: admins.name,
      email: admins.email,
      status: admins.status,
      language: admins.language,
      hasPassword: sql<boolean>`${admins.passwordHash} is not null`,
    })
    .from(admins)
    .where(and(eq(admins.id, id), isNull(admins.deletedAt)))
    .for('update');
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * No staff member acts on someone who holds more than they do: editing, disabling,
 * deleting or sending a password link to an admin needs every permission that admin holds. An admin
 * acting on their own account holds them all by definition.
 * @throws ForbiddenError 403 'admins.target_outranks'
 */
export async function assertMayActOn(tx: Tx, actorId: number, targetId: number): Promise<void> {
  if (actorId === targetId) return;
  const [held, target] = await Promise.all([
    adminPermissionNames(tx, actorId),
    adminPermissionNames(tx, targetId),
  ]);
  if ([...target].some((p) => !held.has(p))) throw new ForbiddenError('admins.target_outranks');
}

/**
 * Create a staff account with its roles (`POST /api/admin/admins`), audited as `admins.create`
 * (name, email, status, role ids). The account has no password: an active one is mailed an invitation
 * link to choose it (`mailAdminPasswordLink`, 7 days); a disabled one is invited when staff send the
 * link later.
 * @throws ValidationError 422: `validation.email_taken` (email), `admins.role_unknown` /
 *   `admins.role_not_grantable` (role_ids.{index})
 */
export async function createAdmin(
  deps: Pick<AppDeps, 'config' | 'database' | 'mail' | 'clock'>,
  actor: AuditActor & { id: number },
  input: AdminInput,
): Promise<AdminView> {
  return withTransaction(deps.database, async (tx) => {
    await assertGrantableRoles(tx, actor.id, input.role_ids);
    await assertEmailFree(tx, input.email);
    let row: { id: number } | undefined;
    try {
      [row] = await tx.db
        .insert(admins)
        .values({
          name: input.name,
          email: input.email,
          status: input.status,
          createdAt: deps.clock.now(),
          updatedAt: deps.clock.now(),
        })
        .returning({ id: admins.id });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ValidationError({ email: ['validation.email_taken'] });
      throw err;
    }
    const id = row!.id;
    await setRoles(tx, id, input.role_ids);
    if (input.status === 'active')
      await mailAdminPasswordLink(
        deps,
        tx,
        { id, name: input.name, email: input.email, language: 'en' },
        'invite',
      );
    await audit(
      deps.database,
      actor,
      {
        action: 'admins.create',
        targetType: 'admin',
        targetId: id,
        meta: {
          name: input.name,
          email: input.email,
          status: input.status,
          role_ids: input.role_ids,
          invited: input.status === 'active',
        },
      },
      tx,
    );
    return getAdmin(tx, id);
  });
}

/**
 * Update a staff account (`PUT /api/admin/admins/{id}`): name, email, status, roles (never the
 * password: see `sendAdminPasswordLink`). Disabling ends the account's sessions. Audited as
 * `admins.update` with the fields that changed.
 * @throws NotFoundError 404 when there is no live account `id`
 * @throws ForbiddenError 403 `admins.target_outranks` when the account holds a permission the actor lacks
 * @throws ConflictError 409 `admins.self_protected` when an admin would disable themself;
 *   `admins.last_super_admin` when the last active Super Admin would be disabled or lose the role
 * @throws ValidationError 422 as `createAdmin`
 */
export async function updateAdmin(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  actor: AuditActor & { id: number },
  id: number,
  input: AdminInput,
): Promise<AdminView> {
  return withTransaction(deps.database, async (tx) => {
    if (id === actor.id && input.status !== 'active') throw new ConflictError('admins.self_protected');
    // Lock first (see otherActiveSuperAdmins), then the account, and read it as it is now.
    const { roleId: superRoleId, count } = await otherActiveSuperAdmins(tx, id);
    await lockAdmin(tx, id);
    await assertMayActOn(tx, actor.id, id);
    const before = await getAdmin(tx, id);
    const beforeRoleIds = before.roles.map((r) => r.id).sort((a, b) => a - b);
    const afterRoleIds = [...new Set(input.role_ids)].sort((a, b) => a - b);
    const rolesChanged = beforeRoleIds.join(',') !== afterRoleIds.join(',');
    // Only roles being added need to be grantable: keeping a role the actor could not grant is fine.
    await assertGrantableRoles(tx, actor.id, input.role_ids, (roleId) => !beforeRoleIds.includes(roleId));
    const wasSuper = before.status === 'active' && beforeRoleIds.includes(superRoleId);
    const staysSuper = input.status === 'active' && afterRoleIds.includes(superRoleId);
    if (wasSuper && !staysSuper && count === 0) throw new ConflictError('admins.last_super_admin');
    await assertEmailFree(tx, input.email, id);
    try {
      await tx.db
        .update(admins)
        .set({
          name: input.name,
          email: input.email,
          status: input.status,
          updatedAt: deps.clock.now(),
        })
        .where(eq(admins.id, id));
    } catch (err) {
      if (isUniqueViolation(err)) throw new ValidationError({ email: ['validation.email_taken'] });
      throw err;
    }
    if (rolesChanged) await setRoles(tx, id, afterRoleIds);
    if (input.status !== 'active' && before.status === 'active') await revokeAllAdminTokens(tx, id);
    const changes = auditChanges(
      { name: before.name, email: before.email, status: before.status, roleIds: beforeRoleIds },
      { name: input.name, email: input.email, status: input.status, roleIds: afterRoleIds },
    );
    await audit(
      deps.database,
      actor,
      { action: 'admins.update', targetType: 'admin', targetId: id, meta: { changes } },
      tx,
    );
    return getAdmin(tx, id);
  });
}

/**
 * Delete a staff account (`DELETE /api/admin/admins/{id}`): a soft delete that frees the email
 * (renamed to `deleted+<id>@deleted.invalid`), drops its roles and ends its sessions; audited as
 * `admins.delete` with the former name and email.
 * @throws NotFoundError 404 when there is no live account `id`
 * @throws ForbiddenError 403 `admins.target_outranks` when the account holds a permission the actor lacks
 * @throws ConflictError 409 `admins.self_protected` (one's own account), `admins.last_super_admin`
 */
export async function deleteAdmin(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  actor: AuditActor & { id: number },
  id: number,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    if (id === actor.id) throw new ConflictError('admins.self_protected');
    const { roleId: superRoleId, count } = await otherActiveSuperAdmins(tx, id);
    await lockAdmin(tx, id);
    await assertMayActOn(tx, actor.id, id);
    const before = await getAdmin(tx, id);
    if (before.status === 'active' && before.roles.some((r) => r.id === superRoleId) && count === 0)
      throw new ConflictError('admins.last_super_admin');
    await tx.db
      .update(admins)
      .set({
        email: `deleted+${id}@deleted.invalid`,
        status: 'disabled',
        deletedAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .where(eq(admins.id, id));
    await tx.db.delete(adminRoles).where(eq(adminRoles.adminId, id));
    await revokeAllAdminTokens(tx, id);
    await audit(
      deps.database,
      actor,
      {
        action: 'admins.delete',
        targetType: 'admin',
        targetId: id,
        meta: { name: before.name, email: before.email, roles: before.roles.map((r) => r.name) },
      },
      tx,
    );
  });
}

/**
 * Send an admin a link to set their password (`POST /api/admin/admins/{id}/reset-password`): a reset
 * link (60 minutes) when they have a password, a new invitation (7 days) while they have none. Staff
 * never learn or type the password; using the link ends the admin's sessions. Audited as
 * `admins.password_link` with the kind.
 * @returns the kind of link and the address it went to
 * @throws NotFoundError 404 when there is no live account `id`
 * @throws ForbiddenError 403 `admins.target_outranks` when the account holds a permission the actor lacks
 * @throws ConflictError 409 `admins.link_disabled` for a disabled account (enable it first)
 */
export async function sendAdminPasswordLink(
  deps: Pick<AppDeps, 'config' | 'database' | 'mail' | 'clock'>,
  actor: AuditActor & { id: number },
  id: number,
): Promise<{ kind: AdminLinkKind; email: string }> {
  return withTransaction(deps.database, async (tx) => {
    const admin = await lockAdmin(tx, id);
    await assertMayActOn(tx, actor.id, id);
    if (admin.status !== 'active') throw new ConflictError('admins.link_disabled');
    const kind: AdminLinkKind = admin.hasPassword ? 'reset' : 'invite';
    await mailAdminPasswordLink(deps, tx, admin, kind);
    await audit(
      deps.database,
      actor,
      { action: 'admins.password_link', targetType: 'admin', targetId: id, meta: { kind } },
      tx,
    );
    return { kind, email: admin.email };
  });
}
