import { API_KEY_PATTERN, type ApiScope } from '@lm/contracts/api-keys';
import type { Database } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { sameDigest, sha256 } from '../../platform/crypto';
import { UnauthenticatedError } from '../../platform/errors';
import { permissionsOf } from '../accounts';

interface KeyRow {
  id: number;
  user_id: number | null;
  admin_id: number | null;
  secret_hash: string;
  scopes: ApiScope[];
  permissions: string[];
  live: boolean;
  stale: boolean;
  user_type_id: number | null;
  user_status: string | null;
  must_change_password: boolean | null;
  language: string | null;
  verified: boolean | null;
  user_live: boolean | null;
  admin_status: string | null;
  admin_live: boolean | null;
  role_ids: number[];
  rbac_version: number;
}

/**
 * The key found by its lookup part, with its owner (user or staff member), the owner's role ids and the
 * `rbac_version` (see `permissionsOf`): one round trip, as for a session token.
 */
const KEY_STATEMENT = {
  name: 'resolve-api-key',
  text: `select k.id, k.user_id, k.admin_id, k.secret_hash, k.scopes, k.permissions,
            (k.revoked_at is null and k.expires_at > $2) as live,
            (k.last_used_at is null or k.last_used_at < $3) as stale,
            u.user_type_id, u.status as user_status, u.must_change_password, u.language,
            (u.email_verified_at is not null) as verified, (u.deleted_at is null) as user_live,
            a.status as admin_status, (a.deleted_at is null) as admin_live,
            array(select role_id from user_roles where user_id = k.user_id
                  union all select role_id from admin_roles where admin_id = k.admin_id) as role_ids,
            (select version from rbac_version where id = 1) as rbac_version
       from api_keys k
       left join users u on u.id = k.user_id
       left join admins a on a.id = k.admin_id
      where k.lookup = $1`,
};

/** Whether a bearer value is an API key (`lm_<env>_<lookup>_<secret>`); a session token never is (43 characters). */
export const isApiKey = (bearer: string): boolean => API_KEY_PATTERN.test(bearer);

/**
 * Resolve an API key into the request's principal (issue 34): the key is found by its lookup part and
 * its SHA-256 compared in constant time; it must be of this site's environment (`live` in production,
 * `test` elsewhere), neither revoked nor expired, and its owner must still be allowed in: a user live,
 * verified and not disabled; a staff member live and active. The principal carries `apiKey` (its id and
 * scopes): the access hook lets it reach only routes declaring a scope it holds.
 *
 * A user key's permissions are its user's (the route's user-type rules apply as for a session); a staff
 * key's are those it was given that the staff member still holds (a permission taken from their role
 * leaves every key of theirs at once). `last_used_at` and `last_used_ip` are written at most once a minute.
 * @param environment this site's (`keyEnvironment`)
 * @param ip the caller's address, kept as the key's last used address
 * @throws UnauthenticatedError 401 for a malformed, unknown, revoked or expired key, a key of the
 *   other environment, or an owner no longer allowed in
 */
export async function resolveApiKey(
  database: Database,
  bearer: string,
  clock: Clock,
  environment: 'live' | 'test',
  ip: string,
): Promise<Principal> {
  const parts = API_KEY_PATTERN.exec(bearer);
  if (!parts || parts[1] !== environment) throw new UnauthenticatedError();
  const now = clock.now();
  const { rows } = await database.pool.query<KeyRow>({
    ...KEY_STATEMENT,
    values: [parts[2], now.toISOString(), new Date(now.getTime() - 60_000).toISOString()],
  });
  const row = rows[0];
  if (!row || !sameDigest(row.secret_hash, sha256(bearer)) || !row.live) throw new UnauthenticatedError();
  if (row.stale)
    await database.pool.query('update api_keys set last_used_at = $1, last_used_ip = $2 where id = $3', [
      now,
      ip.slice(0, 64),
      row.id,
    ]);
  const apiKey = { id: row.id, scopes: new Set(row.scopes) as ReadonlySet<ApiScope> };
  const held = await permissionsOf(database, row.role_ids, row.rbac_version);
  if (row.user_id !== null) {
    if (!row.user_live || row.user_status === 'disabled' || !row.verified) throw new UnauthenticatedError();
    return {
      kind: 'user',
      id: row.user_id,
      tokenId: 0,
      userTypeId: row.user_type_id as 1 | 2 | 3,
      status: row.user_status ?? '',
      mustChangePassword: row.must_change_password === true,
      language: row.language ?? 'en',
      permissions: held,
      apiKey,
    };
  }
  if (row.admin_id === null || !row.admin_live || row.admin_status !== 'active')
    throw new UnauthenticatedError();
  return {
    kind: 'admin',
    id: row.admin_id,
    tokenId: 0,
    permissions: new Set(row.permissions.filter((p) => held.has(p))),
    apiKey,
  };
}
