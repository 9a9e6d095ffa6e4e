import type { Language } from '@lm/contracts';
import type { Database } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { sha256 } from '../../platform/crypto';
import { UnauthenticatedError } from '../../platform/errors';
import {
  type Preload,
  PURCHASE_COLUMNS,
  type PurchaseRow,
  SESSION_COLUMNS,
  type SessionUserRow,
  WALLET_COLUMNS,
  WALLET_JOIN,
  type WalletRow,
} from './preload';

interface Row {
  token_id: number;
  user_id: number | null;
  admin_id: number | null;
  stale: boolean;
  user_type_id: number | null;
  user_status: string | null;
  must_change_password: boolean | null;
  language: string | null;
  /** Absent from the user-only statement, as are `admin_status` and `admin_live`. */
  admin_language?: string | null;
  verified: boolean | null;
  user_live: boolean | null;
  admin_status?: string | null;
  admin_live?: boolean | null;
  role_ids: number[];
  rbac_version: number;
}

/**
 * The token statement: the live token, its user or admin, their role ids and the `rbac_version`, and,
 * for a route that preloads, its data (`u` is the token's user; an admin token finds no user, so the
 * preloaded columns are null). Named per variant: planning this join costs more than running it.
 * `userOnly` (a route only users may call): no admin join, no admin columns and no admin roles; an
 * admin's token then comes back without its admin (and is refused, as the route would refuse it).
 */
function bearerStatement(preload: Preload | undefined, userOnly: boolean): { name: string; text: string } {
  const extra =
    preload === 'session'
      ? { columns: `, ${SESSION_COLUMNS}`, join: WALLET_JOIN }
      : preload === 'wallet'
        ? { columns: `, ${WALLET_COLUMNS}`, join: WALLET_JOIN }
        : preload === 'purchase'
          ? { columns: `, ${PURCHASE_COLUMNS}`, join: '' }
          : { columns: '', join: '' };
  // The admin's part: none for a route only users may call.
  const admin = userOnly
    ? { columns: '', roles: '', join: '' }
    : {
        columns: `a.status as admin_status, (a.deleted_at is null) as admin_live, a.language as admin_language,`,
        roles: 'union all select role_id from admin_roles where admin_id = t.admin_id',
        join: 'left join admins a on a.id = t.admin_id',
      };
  return {
    name: `resolve-bearer${userOnly ? '-user' : ''}${preload ? `-${preload}` : ''}`,
    text: `select t.id as token_id, t.user_id, t.admin_id,
            (t.last_used_at is null or t.last_used_at < $3) as stale,
            u.user_type_id, u.status as user_status, u.must_change_password, u.language,
            (u.email_verified_at is not null) as verified, (u.deleted_at is null) as user_live,
            ${admin.columns}
            array(select role_id from user_roles where user_id = t.user_id ${admin.roles}) as role_ids,
            (select version from rbac_version where id = 1) as rbac_version
            ${extra.columns}
       from access_tokens t
       left join users u on u.id = t.user_id
       ${extra.join}
       ${admin.join}
      where t.token_hash = $1 and t.revoked_at is null and t.expires_at > $2`,
  };
}

/**
 * Permission names per database and set of roles, each worked out at an `rbac_version` (see
 * {@link permissionsOf}); per database because role ids and versions are only meaningful in theirs.
 */
const PERMISSIONS = new WeakMap<Database, Map<string, { version: number; names: ReadonlySet<string> }>>();
/** Distinct role sets remembered at most (there are a handful: one per role, a few combinations). */
const PERMISSION_SETS_MAX = 1_000;

/**
 * The permission names of a set of roles at `version`: reused while the version read with the token
 * is the one they were worked out at, read again otherwise (the join and aggregation ran on
 * every request). The version moves on in the same transaction as any change to roles, permissions or
 * a role's permissions (migration 0040), so a change applies on the very next request. Names read
 * after the version was read are at least that recent; kept under that version they are only ever
 * read again, never used stale.
 * @returns a shared, read-only set
 */
export async function permissionsOf(
  database: Database,
  roleIds: readonly number[],
  version: number,
): Promise<ReadonlySet<string>> {
  if (roleIds.length === 0) return NO_PERMISSIONS;
  const key = [...roleIds].sort((a, b) => a - b).join(',');
  let sets = PERMISSIONS.get(database);
  if (!sets) {
    sets = new Map();
    PERMISSIONS.set(database, sets);
  }
  const known = sets.get(key);
  if (known && known.version === version) return known.names;
  const { rows } = await database.pool.query<{ name: string }>({
    name: 'role-permission-names',
    text: `select distinct p.name from role_permissions rp join permissions p on p.id = rp.permission_id
            where rp.role_id = any($1::int[])`,
    values: [roleIds],
  });
  const names: ReadonlySet<string> = new Set(rows.map((r) => r.name));
  if (sets.size >= PERMISSION_SETS_MAX) sets.clear();
  sets.set(key, { version, names });
  return names;
}
const NO_PERMISSIONS: ReadonlySet<string> = new Set();

/** The statement of each variant (preload, user-only), built once. */
const STATEMENTS = new Map<string, { name: string; text: string }>(
  ([undefined, 'session', 'wallet', 'purchase'] as const).flatMap((p) =>
    [false, true].map((userOnly) => [`${p}:${userOnly}`, bearerStatement(p, userOnly)] as const),
  ),
);

/**
 * Resolve a bearer token into the request's principal in one round trip: the live token, its user
 * or admin, and the permission names of their roles. `last_used_at` is written at most once a minute.
 *
 * `preload` reads a route's data in the same statement (modules/accounts/preload.ts); it is attached to
 * a user principal as `session`, `wallet` or `purchase`. The token, user and permission checks never come from a
 * cache: a revoked token or a disabled user is refused on the very next request.
 *
 * `chosen` is the language the app says its reader uses now (`X-Lang`): when it differs from the
 * account's stored language (`users.language`, `admins.language`), the account's is updated, so the
 * mails sent to them later are in the language they read in. Null leaves it alone.
 *
 * `userOnly`, for a route only users may call (access `user`): the statement reads no admin (cheaper),
 * and an admin's token is refused here rather than by the access check after it.
 * @throws UnauthenticatedError (401 USR_UNAUTHENTICATED) for an unknown, revoked or expired token, or
 *   a disabled, deleted or unverified account
 */
export async function resolveBearer(
  database: Database,
  token: string,
  clock: Clock,
  chosen: Language | null = null,
  preload?: Preload,
  userOnly = false,
): Promise<Principal> {
  const now = clock.now();
  const statement = STATEMENTS.get(`${preload}:${userOnly}`) ?? bearerStatement(preload, userOnly);
  const { rows } = await database.pool.query<Row>({
    ...statement,
    // Instants as ISO 8601 text: the driver's own Date encoding (local-time fields) showed in the profile.
    values: [sha256(token), now.toISOString(), new Date(now.getTime() - 60_000).toISOString()],
  });
  const row = rows[0];
  if (!row) throw new UnauthenticatedError();
  if (row.stale)
    await database.pool.query('update access_tokens set last_used_at = $1 where id = $2', [
      now,
      row.token_id,
    ]);
  if (row.user_id !== null) {
    if (!row.user_live || row.user_status === 'disabled' || !row.verified) throw new UnauthenticatedError();
    if (chosen && chosen !== row.language)
      await database.pool.query('update users set language = $1 where id = $2', [chosen, row.user_id]);
    return {
      kind: 'user',
      id: row.user_id,
      tokenId: row.token_id,
      userTypeId: row.user_type_id as 1 | 2 | 3,
      status: row.user_status ?? '',
      mustChangePassword: row.must_change_password === true,
      language: chosen ?? row.language ?? 'en',
      permissions: await permissionsOf(database, row.role_ids, row.rbac_version),
      ...(preload === 'session' ? { session: (row as Row & { session: SessionUserRow }).session } : {}),
      ...(preload === 'wallet' ? { wallet: row as unknown as WalletRow } : {}),
      ...(preload === 'purchase' ? { purchase: row as unknown as PurchaseRow } : {}),
    };
  }
  // (A user-only read knows nothing of the admin: refused, as a user-only route refuses admins.)
  if (userOnly || row.admin_id === null || !row.admin_live || row.admin_status !== 'active')
    throw new UnauthenticatedError();
  if (chosen && chosen !== row.admin_language)
    await database.pool.query('update admins set language = $1 where id = $2', [chosen, row.admin_id]);
  return {
    kind: 'admin',
    id: row.admin_id,
    tokenId: row.token_id,
    permissions: await permissionsOf(database, row.role_ids, row.rbac_version),
  };
}
