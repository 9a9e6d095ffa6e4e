import type { Language } from '@lm/contracts';
import type { Database } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { sha256 } from '../../platform/crypto';
import { UnauthenticatedError } from '../../platform/errors';

interface Row {
  token_id: number;
  user_id: number | null;
  admin_id: number | null;
  stale: boolean;
  user_type_id: number | null;
  user_status: string | null;
  must_change_password: boolean | null;
  language: string | null;
  admin_language: string | null;
  verified: boolean | null;
  user_live: boolean | null;
  admin_status: string | null;
  admin_live: boolean | null;
  permissions: string[];
}

/**
 * Resolve a bearer token into the request's principal in one round trip: the live token, its user
 * or admin, and the permission names of their roles. `last_used_at` is written at most once a minute.
 *
 * `chosen` is the language the app says its reader uses now (`X-Lang`): when it differs from the
 * account's stored language (`users.language`, `admins.language`), the account's is updated, so the
 * mails sent to them later are in the language they read in (issue 20). Null leaves it alone.
 * @throws UnauthenticatedError (401 USR_UNAUTHENTICATED) for an unknown, revoked or expired token, or
 *   a disabled, deleted or unverified account
 */
export async function resolveBearer(
  database: Database,
  token: string,
  clock: Clock,
  chosen: Language | null = null,
): Promise<Principal> {
  const now = clock.now();
  // A named (prepared) statement: planning this join costs more than running it.
  const { rows } = await database.pool.query<Row>({
    name: 'resolve-bearer',
    text: `select t.id as token_id, t.user_id, t.admin_id,
            (t.last_used_at is null or t.last_used_at < $3) as stale,
            u.user_type_id, u.status as user_status, u.must_change_password, u.language,
            (u.email_verified_at is not null) as verified, (u.deleted_at is null) as user_live,
            a.status as admin_status, (a.deleted_at is null) as admin_live, a.language as admin_language,
            array(select distinct p.name from role_permissions rp join permissions p on p.id = rp.permission_id
                  where rp.role_id in (select role_id from user_roles where user_id = t.user_id
                                       union all select role_id from admin_roles where admin_id = t.admin_id)) as permissions
       from access_tokens t
       left join users u on u.id = t.user_id
       left join admins a on a.id = t.admin_id
      where t.token_hash = $1 and t.revoked_at is null and t.expires_at > $2`,
    values: [sha256(token), now, new Date(now.getTime() - 60_000)],
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
      permissions: new Set(row.permissions),
    };
  }
  if (row.admin_id === null || !row.admin_live || row.admin_status !== 'active')
    throw new UnauthenticatedError();
  if (chosen && chosen !== row.admin_language)
    await database.pool.query('update admins set language = $1 where id = $2', [chosen, row.admin_id]);
  return { kind: 'admin', id: row.admin_id, tokenId: row.token_id, permissions: new Set(row.permissions) };
}
