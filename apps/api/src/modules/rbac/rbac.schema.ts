import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';

/** Permission names of spec section 6; `guard` is 'user' or 'admin'. */
export const permissions = pg.pgTable(
  'permissions',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    guard: pg.varchar('guard', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [pg.uniqueIndex('permissions_name_guard_unique').on(t.name, t.guard)],
);

/** Roles; `defaultForUserType` marks the role every new user of that type receives. */
export const roles = pg.pgTable(
  'roles',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    guard: pg.varchar('guard', { length: 10 }).notNull(),
    defaultForUserType: pg.smallint('default_for_user_type'),
    ...timestamps(),
  },
  (t) => [pg.uniqueIndex('roles_name_guard_unique').on(t.name, t.guard)],
);

export const rolePermissions = pg.pgTable(
  'role_permissions',
  {
    roleId: pg
      .integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: pg
      .integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [pg.primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pg.pgTable(
  'user_roles',
  {
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: pg
      .integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [pg.primaryKey({ columns: [t.userId, t.roleId] })],
);

export const adminRoles = pg.pgTable(
  'admin_roles',
  {
    adminId: pg
      .integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: pg
      .integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [pg.primaryKey({ columns: [t.adminId, t.roleId] })],
);

/**
 * One row whose `version` goes up with every change to roles, permissions or their links (statement
 * triggers, migration 0040). The token statement reads it with the token's role ids, so a process may
 * reuse the permission names it already worked out for those roles at that version (
 * the names were joined and aggregated on every request) and still sees a change on the very next
 * request.
 */
export const rbacVersion = pg.pgTable(
  'rbac_version',
  {
    id: pg.smallint('id').primaryKey().default(1),
    version: pg.bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [pg.check('rbac_version_one_row', sql`${t.id} = 1`)],
);
