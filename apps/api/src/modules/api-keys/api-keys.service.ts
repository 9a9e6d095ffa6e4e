import { randomBytes } from 'node:crypto';
import { API_KEY_LIMITS, type ApiKeyStatus, type ApiScope } from '@lm/contracts/api-keys';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@lm/contracts/api-keys-api';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import type { Clock } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';

/**
 * API keys of users and staff (issue 34 "API keys"; rules in docs/decisions.md "API keys"): made with a
 * name, scopes and a lifetime, shown once, stored as a SHA-256, listed with their last use, revoked.
 * Who may call what with a key is the access hook's (`api-keys.principal.ts` and platform/app.ts).
 */

/** The owner of a key: a user (artist, curator, creator) or a staff member. */
export type KeyOwner = { userId: number } | { adminId: number };

const DAY_MS = 86_400_000;
const LOOKUP_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

type KeyRow = typeof apiKeys.$inferSelect;

/** `live` on a production site, `test` anywhere else: a key names the kind of site it works on. */
export function keyEnvironment(deps: Pick<AppDeps, 'config'>): 'live' | 'test' {
  return deps.config.NODE_ENV === 'production' ? 'live' : 'test';
}

/** Eight letters or digits from a CSPRNG (62^8 values; the unique index refuses the rare repeat). */
function newLookup(): string {
  const bytes = randomBytes(16);
  let out = '';
  // Rejection sampling: bytes >= 248 would favour the first characters of the alphabet.
  for (const b of bytes) {
    if (b < 248) out += LOOKUP_ALPHABET[b % 62];
    if (out.length === 8) return out;
  }
  return newLookup();
}

function statusOf(row: KeyRow, now: Date): ApiKeyStatus {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'active';
}

function viewOf(row: KeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    permissions: row.permissions,
    status: statusOf(row, now),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

const ownerWhere = (owner: KeyOwner) =>
  'userId' in owner ? eq(apiKeys.userId, owner.userId) : eq(apiKeys.adminId, owner.adminId);

/**
 * Lock the owner's row for the rest of `tx`, so two creations for one account count their live keys
 * one after the other (the "at most `activePerAccount` live keys" rule cannot be raced past).
 */
async function lockOwner(tx: Tx, owner: KeyOwner): Promise<void> {
  if ('userId' in owner) await tx.db.execute(sql`select 1 from users where id = ${owner.userId} for update`);
  else await tx.db.execute(sql`select 1 from admins where id = ${owner.adminId} for update`);
}

/**
 * Make a key for `owner`: `lm_<env>_<lookup>_<secret>` with a 256-bit secret; only the SHA-256 of the
 * whole key is stored. Audited as `api_keys.create` (name, scopes, permissions; never the secret).
 * @param body name, scopes, lifetime in days (one of `API_KEY_LIMITS.expiryDays`)
 * @param permissions a staff key's back-office permissions, already checked against the staff member's
 * @returns the key as listed, with `secret`: the only time the whole key is ever answered
 * @throws ConflictError 409 `api_keys.too_many` when the owner already holds `activePerAccount` live keys
 */
export async function createApiKey(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  owner: KeyOwner,
  body: CreateApiKeyBody,
  actor: AuditActor,
  permissions: readonly string[] = [],
): Promise<CreatedApiKey> {
  const now = deps.clock.now();
  const lookup = newLookup();
  const prefix = `lm_${keyEnvironment(deps)}_${lookup}`;
  const secret = `${prefix}_${randomToken()}`;
  const row = await withTransaction(deps.database, async (tx) => {
    await lockOwner(tx, owner);
    const [live] = await tx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(ownerWhere(owner), isNull(apiKeys.revokedAt), sql`${apiKeys.expiresAt} > ${now}`));
    if ((live?.n ?? 0) >= API_KEY_LIMITS.activePerAccount)
      throw new ConflictError('api_keys.too_many', { max: API_KEY_LIMITS.activePerAccount });
    const [inserted] = await tx.db
      .insert(apiKeys)
      .values({
        userId: 'userId' in owner ? owner.userId : null,
        adminId: 'adminId' in owner ? owner.adminId : null,
        name: body.name,
        lookup,
        prefix,
        secretHash: sha256(secret),
        scopes: [...body.scopes],
        permissions: [...permissions],
        createdAt: now,
        expiresAt: new Date(now.getTime() + body.expires_in_days * DAY_MS),
      })
      .returning();
    await audit(
      deps.database,
      actor,
      {
        action: 'api_keys.create',
        targetType: 'api_key',
        targetId: inserted!.id,
        meta: { name: body.name, prefix, scopes: body.scopes, permissions, days: body.expires_in_days },
      },
      tx,
    );
    return inserted!;
  });
  return { ...viewOf(row, now), secret };
}

/**
 * A staff key's permissions must each be one the staff member holds now.
 * @throws ValidationError 422 `api_keys.permission_not_held` (field `permissions`) otherwise
 */
export function assertPermissionsHeld(wanted: readonly string[], held: ReadonlySet<string>): void {
  if (wanted.some((p) => !held.has(p)))
    throw new ValidationError({ permissions: ['api_keys.permission_not_held'] });
}

/** The owner's keys, newest first (revoked and expired ones too, with their status), at most 100. */
export async function listApiKeys(
  deps: { database: Database; clock: Clock },
  owner: KeyOwner,
): Promise<ApiKey[]> {
  const now = deps.clock.now();
  const rows = await deps.database.db
    .select()
    .from(apiKeys)
    .where(ownerWhere(owner))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(100);
  return rows.map((r) => viewOf(r, now));
}

/**
 * Revoke one of the owner's keys: it answers 401 from the next request on. Revoking a revoked key
 * changes nothing (the first revocation's time stays). Audited as `api_keys.revoke`.
 * @throws NotFoundError 404 when the key is not the owner's (another's key and a missing one alike)
 */
export async function revokeApiKey(
  deps: { database: Database; clock: Clock },
  owner: KeyOwner,
  id: number,
  actor: AuditActor,
): Promise<ApiKey> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), ownerWhere(owner)))
      .for('update');
    if (!row) throw new NotFoundError();
    if (row.revokedAt) return viewOf(row, now);
    const [revoked] = await tx.db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(eq(apiKeys.id, id))
      .returning();
    await audit(
      deps.database,
      actor,
      { action: 'api_keys.revoke', targetType: 'api_key', targetId: id, meta: { prefix: row.prefix } },
      tx,
    );
    return viewOf(revoked!, now);
  });
}

/**
 * A user's keys as staff read them on the user overview (the same answer as the user's own list).
 * @throws NotFoundError 404 when there is no such live user
 */
export async function listUserApiKeysForStaff(
  deps: { database: Database; clock: Clock },
  userId: number,
): Promise<ApiKey[]> {
  const [user] = await deps.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new NotFoundError();
  return listApiKeys(deps, { userId });
}
