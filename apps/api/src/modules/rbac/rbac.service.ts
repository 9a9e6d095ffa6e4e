import { eq } from 'drizzle-orm';
import type { AbilityRule } from '@lm/contracts';
import type { Database, Tx } from '../../db/client';
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
 * `general`, which every signed-in principal holds (spec section 6).
 */
export function abilityRules(names: Iterable<string>): AbilityRule[] {
  const out: AbilityRule[] = [{ action: 'call', subject: 'general' }];
  for (const name of [...names].sort()) out.push({ action: 'call', subject: name });
  return out;
}

/** Give a new user the default role(s) of their type. */
export async function assignDefaultRoles(tx: Tx, userId: number, userTypeId: number): Promise<void> {
  const defaults = await tx.db.select({ id: roles.id }).from(roles).where(eq(roles.defaultForUserType, userTypeId));
  if (defaults.length === 0) return;
  await tx.db
    .insert(userRoles)
    .values(defaults.map((r) => ({ userId, roleId: r.id })))
    .onConflictDoNothing();
}
