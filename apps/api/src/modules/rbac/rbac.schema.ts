import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';

/** Permission names of spec section 6; `guard` is 'user' or 'admin'. */
export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    guard: varchar('guard', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('permissions_name_guard_unique').on(t.name, t.guard)],
);

/** Roles; `defaultForUserType` marks the role every new user of that type receives. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    guard: varchar('guard', { length: 10 }).notNull(),
    defaultForUserType: smallint('default_for_user_type'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('roles_name_guard_unique').on(t.name, t.guard)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const adminRoles = pgTable(
  'admin_roles',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.roleId] })],
);

/**
 * One row whose `version` goes up with every change to roles, permissions or their links (statement
 * triggers, migration 0040). The token statement reads it with the token's role ids, so a process may
 * reuse the permission names it already worked out for those roles at that version (
 * the names were joined and aggregated on every request) and still sees a change on the very next
 * request.
 */
export const rbacVersion = pgTable(
  'rbac_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('rbac_version_one_row', sql`${t.id} = 1`)],
);
