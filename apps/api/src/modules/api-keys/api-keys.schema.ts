import { API_KEY_LIMITS, API_SCOPES } from '@lm/contracts/api-keys';
import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';

const scopeList = sql.raw(`array[${API_SCOPES.map((s) => `'${s}'`).join(', ')}]::varchar[]`);
const longestDays = Math.max(...API_KEY_LIMITS.expiryDays);

/**
 * API keys (issue 34, docs/decisions.md "API keys"): a key belongs to one user (artist, curator,
 * creator) or one staff member. `lookup` is the random part of the visible prefix (`lm_live_<lookup>`),
 * by which a presented key is found; `secret_hash` is the SHA-256 (hex) of the whole key, compared in
 * constant time. Revoking sets `revoked_at`; rows stay for the use log and the audit trail.
 * `permissions` (staff keys only) are back-office permission names, each held by the staff member
 * when the key was made and again checked at every use.
 */
export const apiKeys = pg.pgTable(
  'api_keys',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg.integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: pg.integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    name: pg.varchar('name', { length: API_KEY_LIMITS.nameMax }).notNull(),
    lookup: pg.varchar('lookup', { length: 8 }).notNull(),
    prefix: pg.varchar('prefix', { length: 20 }).notNull(),
    secretHash: pg.varchar('secret_hash', { length: 64 }).notNull(),
    scopes: pg.varchar('scopes', { length: 30 }).array().notNull(),
    permissions: pg.varchar('permissions', { length: 100 }).array().notNull().default(sql`'{}'::varchar[]`),
    createdAt: createdAt(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: pg.timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: pg.varchar('last_used_ip', { length: 64 }),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex('api_keys_lookup_unique').on(t.lookup),
    pg.index('api_keys_user_idx').on(t.userId),
    pg.index('api_keys_admin_idx').on(t.adminId),
    pg.check('api_keys_owner_check', sql`num_nonnulls(${t.userId}, ${t.adminId}) = 1`),
    pg.check('api_keys_lookup_check', sql`${t.lookup} ~ '^[A-Za-z0-9]{8}$'`),
    pg.check('api_keys_secret_hash_check', sql`${t.secretHash} ~ '^[0-9a-f]{64}$'`),
    pg.check('api_keys_name_check', sql`length(btrim(${t.name})) > 0`),
    pg.check('api_keys_scopes_check', sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ ${scopeList}`),
    // A user's key never carries back-office permissions.
    pg.check(
      'api_keys_permissions_check',
      sql`(${t.userId} is null or cardinality(${t.permissions}) = 0) and cardinality(${t.permissions}) <= ${sql.raw(String(API_KEY_LIMITS.permissionsMax))}`,
    ),
    // Every key expires, at most the longest lifetime offered after it was made (a day of slack for clocks).
    pg.check(
      'api_keys_expiry_check',
      sql`${t.expiresAt} > ${t.createdAt} and ${t.expiresAt} <= ${t.createdAt} + interval '${sql.raw(String(longestDays + 1))} days'`,
    ),
    pg.check('api_keys_revoked_check', sql`${t.revokedAt} is null or ${t.revokedAt} >= ${t.createdAt}`),
  ],
);

/**
 * Every request made with an API key (issue 34: "every use audited"): the key, the method, the route
 * pattern (never the address with its values), the answer's status, the caller's address and the time.
 * Written after the answer; pruned after `API_KEY_USE_KEEP_DAYS` by `api-keys.prune-uses`.
 */
export const apiKeyUses = pg.pgTable(
  'api_key_uses',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    apiKeyId: pg
      .integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    method: pg.varchar('method', { length: 10 }).notNull(),
    route: pg.varchar('route', { length: 200 }).notNull(),
    status: pg.smallint('status').notNull(),
    ip: pg.varchar('ip', { length: 64 }),
    at: pg.timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('api_key_uses_key_at_idx').on(t.apiKeyId, t.at),
    pg.index('api_key_uses_at_idx').on(t.at),
    pg.check('api_key_uses_status_check', sql`${t.status} between 100 and 599`),
  ],
);
