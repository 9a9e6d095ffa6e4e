import { type AbilityRule, ADMIN_PERMISSIONS, SUPER_ADMIN_ROLE, USER_PERMISSIONS } from '@lm/contracts';
import { and, asc, desc, eq, ilike, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { ConflictError, type FieldErrors, NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit, auditChanges } from '../audit';
import { adminRoles, permissions, rolePermissions, roles, userRoles } from './rbac.schema';

/** Permission names a user holds through their roles. */
export async function userPermissionNames(db: Database | Tx, userId: number): Promise<Set<string>> {
  const rows = await db.db
    .selectDistinct({ name: permissions.name })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  return new Set(rows.map((r) => r.name));
}

/** Permission names an admin holds through their roles. */
export async function adminPermissionNames(db: Database | Tx, adminId: number): Promise<Set<string>> {
  const rows = await db.db
    .selectDistinct({ name: permissions.name })
    .from(adminRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, adminRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(adminRoles.adminId, adminId));
  return new Set(rows.map((r) => r.name));
}

/** Role names of an admin. */
export async function adminRoleNames(db: Database | Tx, adminId: number): Promise<string[]> {
  const rows = await db.db
    .select({ name: roles.name })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(eq(adminRoles.adminId, adminId));
  return rows.map((r) => r.name);
}

/**
 * CASL rules for a set of permission names (action `call`, subject = permission name), plus
 * `general`, which every signed-in principal holds (spec section 6). The answer for a `Set` is
 * remembered for that set and shared: read it, never change it.
 */
export function abilityRules(names: Iterable<string>): AbilityRule[] {
  // A principal's permission set is shared by every request of the same roles and version
  // (accounts/principal.ts): its rules are worked out once per set.
  const known = names instanceof Set ? RULES.get(names) : undefined;
  if (known) return known;
  const out: AbilityRule[] = [{ action: 'call', subject: 'general' }];
  for (const name of [...names].sort()) out.push({ action: 'call', subject: name });
  if (names instanceof Set) RULES.set(names, out);
  return out;
}
const RULES = new WeakMap<ReadonlySet<string>, AbilityRule[]>();

/** Give a new user the default role(s) of their type. */
export async function assignDefaultRoles(tx: Tx, userId: number, userTypeId: number): Promise<void> {
  const defaults = await tx.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.defaultForUserType, userTypeId));
  if (defaults.length === 0) return;
  await tx.db
    .insert(userRoles)
    .values(defaults.map((r) => ({ userId, roleId: r.id })))
    .onConflictDoNothing();
}

/** Guards of roles and permissions: user-side roles (spec section 6 "Roles") and back-office roles. */
export const GUARDS = ['admin', 'user'] as const;
export type Guard = (typeof GUARDS)[number];

/** A permission as the role editor reads it. */
export interface PermissionItem {
  id: number;
  name: string;
  guard: Guard;
}

/**
 * Every permission, grouped by guard (admin first), each group in the catalogue's order, which is the
 * order spec section 6 lists them in (`GET /api/permissions`).
 * @param guard only this guard's group
 */
export async function listPermissions(
  database: Database,
  guard?: Guard,
): Promise<{ guard: Guard; permissions: PermissionItem[] }[]> {
  const rows = await database.db
    .select({ id: permissions.id, name: permissions.name, guard: permissions.guard })
    .from(permissions)
    .where(guard ? eq(permissions.guard, guard) : undefined)
    .orderBy(asc(permissions.id));
  // Spec order, whatever order the rows were inserted in (a migration that adds a permission to an
  // existing database inserts it after the others); a name outside the catalogue goes last, by id.
  const catalogue = { admin: ADMIN_PERMISSIONS, user: USER_PERMISSIONS } as Record<Guard, readonly string[]>;
  const position = (g: Guard, name: string) => {
    const at = catalogue[g]?.indexOf(name) ?? -1;
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  return GUARDS.filter((g) => !guard || g === guard).map((g) => ({
    guard: g,
    permissions: rows
      .filter((r) => r.guard === g)
      .sort((a, b) => position(g, a.name) - position(g, b.name) || a.id - b.id)
      .map((r) => ({ id: r.id, name: r.name, guard: g })),
  }));
}

/**
 * A role as the back-office shows it: permission names (sorted by code point, as abilities are) and
 * how many live (not deleted) accounts hold it, `users_count` for user roles, `admins_count` for admin
 * roles.
 */
export interface RoleView {
  id: number;
  name: string;
  guard: Guard;
  default_for_user_type: number | null;
  permissions: string[];
  users_count?: number;
  admins_count?: number;
  created_at: string;
  updated_at: string;
}

// Qualified on purpose: drizzle writes a single-table select's columns unqualified, and a bare "id"
// inside the correlated subqueries below would bind to the inner table's id.
const roleIdRef = sql`${roles}.${sql.identifier(roles.id.name)}`;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  guard: roles.guard,
  defaultForUserType: roles.defaultForUserType,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  permissionNames: sql<string[]>`array(
    select p.name::text from ${rolePermissions} rp join ${permissions} p on p.id = rp.permission_id
    where rp.role_id = ${roleIdRef} order by p.name collate "C")`,
  usersCount: sql<number>`(select count(*)::int from ${userRoles} ur join users u on u.id = ur.user_id
    where ur.role_id = ${roleIdRef} and u.deleted_at is null)`,
  adminsCount: sql<number>`(select count(*)::int from ${adminRoles} ar join admins a on a.id = ar.admin_id
    where ar.role_id = ${roleIdRef} and a.deleted_at is null)`,
};

interface RoleRow {
  id: number;
  name: string;
  guard: string;
  defaultForUserType: number | null;
  createdAt: Date;
  updatedAt: Date;
  permissionNames: string[];
  usersCount: number;
  adminsCount: number;
}

function roleView(row: RoleRow): RoleView {
  const guard = row.guard as Guard;
  return {
    id: row.id,
    name: row.name,
    guard,
    default_for_user_type: row.defaultForUserType,
    permissions: row.permissionNames,
    ...(guard === 'user' ? { users_count: row.usersCount } : { admins_count: row.adminsCount }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Sortable columns of `GET /api/roles` (`order=name:asc`). */
export const ROLE_ORDER_COLUMNS = ['id', 'name', 'guard', 'created_at'] as const;

/**
 * A page of roles (`GET /api/roles`), `q` matching the name (case-insensitive contains), optionally one
 * guard; ordered by `order` (default name ascending).
 * @returns the page's roles and the total matching
 */
export async function listRoles(
  database: Database,
  query: {
    page: number;
    limit: number;
    q?: string;
    guard?: Guard;
    order?: { column: (typeof ROLE_ORDER_COLUMNS)[number]; dir: 'asc' | 'desc' };
  },
): Promise<{ rows: RoleView[]; total: number }> {
  const where = and(
    query.q ? ilike(roles.name, containsPattern(query.q)) : undefined,
    query.guard ? eq(roles.guard, query.guard) : undefined,
  );
  const order = query.order ?? { column: 'name', dir: 'asc' };
  const column = { id: roles.id, name: roles.name, guard: roles.guard, created_at: roles.createdAt }[
    order.column
  ];
  const [rows, total] = await Promise.all([
    database.db
      .select(roleColumns)
      .from(roles)
      .where(where)
      .orderBy(order.dir === 'asc' ? asc(column) : desc(column), asc(roles.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db.$count(roles, where),
  ]);
  return { rows: rows.map(roleView), total };
}

async function findRole(db: Database | Tx, id: number, lock = false): Promise<RoleRow | undefined> {
  const q = db.db.select(roleColumns).from(roles).where(eq(roles.id, id));
  const [row] = lock ? await q.for('update', { of: roles }) : await q;
  return row;
}

/**
 * One role (`GET /api/roles/{id}`).
 * @throws NotFoundError 404 when there is no such role
 */
export async function getRole(database: Database, id: number): Promise<RoleView> {
  const row = await findRole(database, id);
  if (!row) throw new NotFoundError();
  return roleView(row);
}

/**
 * Roles whose name contains `q`, by name, `{id, name}` only (`GET /api/getAllRolesWithQ`, the role
 * picker of the admin editor; spec section 9 "Role search limit 20").
 */
export async function searchRoles(
  database: Database,
  search: { q?: string; limit: number; guard?: Guard },
): Promise<{ id: number; name: string }[]> {
  return database.db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(
      and(
        search.q ? ilike(roles.name, containsPattern(search.q)) : undefined,
        search.guard ? eq(roles.guard, search.guard) : undefined,
      ),
    )
    .orderBy(asc(roles.name), asc(roles.id))
    .limit(search.limit);
}

/** Body of `POST /api/roles` and `PUT /api/roles/{id}`: name, guard and the permission names it grants. */
export interface RoleInput {
  name: string;
  guard: Guard;
  permissions: string[];
}

const isSuperAdmin = (role: { name: string; guard: string }) =>
  role.name === SUPER_ADMIN_ROLE && role.guard === 'admin';

/**
 * Ids of the permission names `names` of `guard`.
 * @throws ValidationError 422 on field `permissions.{index}`: `roles.permission_unknown` for a name that
 *   is no permission, `roles.permission_wrong_guard` for a permission of the other guard
 */
async function permissionIds(tx: Tx, guard: Guard, names: string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await tx.db
    .select({ id: permissions.id, name: permissions.name, guard: permissions.guard })
    .from(permissions)
    .where(inArray(permissions.name, names));
  const errors: FieldErrors = {};
  const ids: number[] = [];
  names.forEach((name, index) => {
    const own = rows.find((r) => r.name === name && r.guard === guard);
    if (own) ids.push(own.id);
    else if (rows.some((r) => r.name === name))
      errors[`permissions.${index}`] = [{ key: 'roles.permission_wrong_guard', params: { name } }];
    else errors[`permissions.${index}`] = [{ key: 'roles.permission_unknown', params: { name } }];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return [...new Set(ids)];
}

/**
 * @throws ValidationError 422 `roles.name_taken` on field `name` when another role of `guard` has the
 *   name, compared case-insensitively
 */
async function assertNameFree(tx: Tx, guard: Guard, name: string, exceptId?: number): Promise<void> {
  const [clash] = await tx.db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.guard, guard),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw new ValidationError({ name: ['roles.name_taken'] });
}

/**
 * No one grants what they do not hold: an admin adding permissions to an admin role must hold each
 * of them (otherwise a roles editor could give their own role every permission).
 * @param existing permissions the role already had (keeping them is always allowed)
 * @throws ValidationError 422 `roles.permission_not_held` on `permissions.{index}`
 */
async function assertHeld(
  tx: Tx,
  actor: AuditActor,
  guard: Guard,
  names: string[],
  existing: readonly string[] = [],
): Promise<void> {
  if (guard !== 'admin' || actor.type !== 'admin' || !actor.id) return;
  const held = await adminPermissionNames(tx, actor.id);
  const errors: FieldErrors = {};
  names.forEach((name, index) => {
    if (!held.has(name) && !existing.includes(name))
      errors[`permissions.${index}`] = [{ key: 'roles.permission_not_held', params: { name } }];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Create a role with exactly `input.permissions` (`POST /api/roles`, spec section 7 "Settings/roles"),
 * audited as `roles.create` in the same transaction.
 * @throws ValidationError 422: `roles.name_taken` (field `name`), `roles.permission_unknown` /
 *   `roles.permission_wrong_guard` / `roles.permission_not_held` (field `permissions.{index}`)
 */
export async function createRole(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  actor: AuditActor,
  input: RoleInput,
): Promise<RoleView> {
  const id = await withTransaction(deps.database, async (tx) => {
    const ids = await permissionIds(tx, input.guard, input.permissions);
    await assertHeld(tx, actor, input.guard, input.permissions);
    await assertNameFree(tx, input.guard, input.name);
    const [role] = await tx.db
      .insert(roles)
      .values({
        name: input.name,
        guard: input.guard,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    if (!role) throw new ValidationError({ name: ['roles.name_taken'] });
    if (ids.length > 0)
      await tx.db
        .insert(rolePermissions)
        .values(ids.map((permissionId) => ({ roleId: role.id, permissionId })));
    await audit(
      deps.database,
      actor,
      {
        action: 'roles.create',
        targetType: 'role',
        targetId: role.id,
        meta: { name: input.name, guard: input.guard, permissions: [...new Set(input.permissions)].sort() },
      },
      tx,
    );
    return role.id;
  });
  return getRole(deps.database, id);
}

/**
 * Rename a role and replace its permissions with exactly `input.permissions` (`PUT /api/roles/{id}`),
 * audited as `roles.update` (meta: names before and after, permissions added and removed).
 * @throws NotFoundError 404 when there is no such role
 * @throws ConflictError 409 `roles.super_admin_protected` when the Super Admin role would be renamed or
 *   lose a permission; `roles.default_role_protected` when a default user role would be renamed (the
 *   reference seed finds these roles by name)
 * @throws ValidationError 422: `roles.guard_locked` (field `guard`) when the guard would change,
 *   `roles.name_taken`, `roles.permission_unknown`, `roles.permission_wrong_guard`,
 *   `roles.permission_not_held` (an added permission the acting admin does not hold)
 */
export async function updateRole(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  actor: AuditActor,
  id: number,
  input: RoleInput,
): Promise<RoleView> {
  await withTransaction(deps.database, async (tx) => {
    const role = await findRole(tx, id, true);
    if (!role) throw new NotFoundError();
    const wanted = new Set(input.permissions);
    if (
      isSuperAdmin(role) &&
      (input.name !== role.name || role.permissionNames.some((p) => !wanted.has(p)))
    ) {
      throw new ConflictError('roles.super_admin_protected');
    }
    if (role.defaultForUserType !== null && input.name !== role.name)
      throw new ConflictError('roles.default_role_protected');
    if (input.guard !== role.guard) throw new ValidationError({ guard: ['roles.guard_locked'] });
    const ids = await permissionIds(tx, role.guard as Guard, input.permissions);
    await assertHeld(tx, actor, role.guard as Guard, input.permissions, role.permissionNames);
    await assertNameFree(tx, role.guard as Guard, input.name, id);
    try {
      await tx.db
        .update(roles)
        .set({ name: input.name, updatedAt: deps.clock.now() })
        .where(eq(roles.id, id));
    } catch (err) {
      if (isUniqueViolation(err)) throw new ValidationError({ name: ['roles.name_taken'] });
      throw err;
    }
    await tx.db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleId, id),
          ids.length > 0 ? notInArray(rolePermissions.permissionId, ids) : undefined,
        ),
      );
    if (ids.length > 0) {
      await tx.db
        .insert(rolePermissions)
        .values(ids.map((permissionId) => ({ roleId: id, permissionId })))
        .onConflictDoNothing();
    }
    const before = new Set(role.permissionNames);
    await audit(
      deps.database,
      actor,
      {
        action: 'roles.update',
        targetType: 'role',
        targetId: id,
        meta: {
          name: input.name,
          ...(input.name !== role.name ? { previous_name: role.name } : {}),
          permissions: [...wanted].sort(),
          added: [...wanted].filter((p) => !before.has(p)).sort(),
          removed: role.permissionNames.filter((p) => !wanted.has(p)),
          changes: auditChanges(
            { name: role.name, permissions: [...role.permissionNames].sort() },
            { name: input.name, permissions: [...wanted].sort() },
          ),
        },
      },
      tx,
    );
  });
  return getRole(deps.database, id);
}

/**
 * Delete a role (`DELETE /api/roles/{id}`), audited as `roles.delete` with its name and permissions.
 * @throws NotFoundError 404 when there is no such role
 * @throws ConflictError 409 `roles.super_admin_protected` for Super Admin, `roles.default_role_protected`
 *   for a role new users receive, `roles.in_use` (param `count`) while live accounts still hold it
 */
export async function deleteRole(
  deps: Pick<AppDeps, 'database'>,
  actor: AuditActor,
  id: number,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const role = await findRole(tx, id, true);
    if (!role) throw new NotFoundError();
    if (isSuperAdmin(role)) throw new ConflictError('roles.super_admin_protected');
    if (role.defaultForUserType !== null) throw new ConflictError('roles.default_role_protected');
    const holders = role.usersCount + role.adminsCount;
    if (holders > 0) throw new ConflictError('roles.in_use', { count: holders });
    await tx.db.delete(roles).where(eq(roles.id, id));
    await audit(
      deps.database,
      actor,
      {
        action: 'roles.delete',
        targetType: 'role',
        targetId: id,
        meta: { name: role.name, guard: role.guard, permissions: role.permissionNames },
      },
      tx,
    );
  });
}
