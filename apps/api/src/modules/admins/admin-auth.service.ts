import type { Language, SessionAdmin } from '@lm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { burnPasswordCheck, verifyPassword } from '../../platform/crypto';
import { AppError, NotFoundError } from '../../platform/errors';
import { assertLoginAllowed, issueToken, recordLoginAttempt } from '../accounts';
import { audit } from '../audit';
import { abilityRules, adminPermissionNames, adminRoleNames } from '../rbac';
import { admins } from './admins.schema';

/** Admin session data (`admin/info`): roles and CASL rules of the admin's permissions. */
export async function sessionAdmin(deps: Pick<AppDeps, 'database'>, adminId: number): Promise<SessionAdmin> {
  const [admin] = await deps.database.db.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) throw new NotFoundError();
  return {
    id: admin.id,
    name: admin.name,
    email: admin.email,
    roles: await adminRoleNames(deps.database, adminId),
    abilities: abilityRules(await adminPermissionNames(deps.database, adminId)),
  };
}

/**
 * Sign an admin in (`admin/login`, spec section 6): throttled per address and IP, an invited admin
 * without a password fails like an unknown address, the sign-in language becomes the admin's mail
 * language, and both outcomes are audited.
 * @returns the new bearer token and the admin's id
 * @throws AppError 422 `auth.invalid_credentials` (on `email`); the throttle's 429 when locked out
 */
export async function signInAdmin(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  credentials: { email: string; password: string },
  lang: Language,
  info: { ip: string; userAgent: string | null },
): Promise<{ token: string; adminId: number }> {
  const { email, password } = credentials;
  await assertLoginAllowed(deps.database, 'admin', email, info.ip, deps.clock);
  const [admin] = await deps.database.db
    .select()
    .from(admins)
    .where(and(eq(admins.email, email), sql`${admins.deletedAt} is null`));
  // An invited admin without a password yet fails like an unknown address (same work, same answer).
  const ok = admin?.passwordHash
    ? await verifyPassword(admin.passwordHash, password)
    : await burnPasswordCheck(password);
  if (!admin || !ok || admin.status !== 'active') {
    await recordLoginAttempt(deps.database, 'admin', email, info.ip, false, deps.clock);
    await audit(
      deps.database,
      { type: 'guest', ...info },
      { action: 'admin.login_failed', targetType: 'admin', targetId: admin?.id, meta: { email } },
    );
    throw new AppError(422, 'auth.invalid_credentials', {
      errors: { email: ['auth.invalid_credentials'] },
    });
  }
  await recordLoginAttempt(deps.database, 'admin', email, info.ip, true, deps.clock);
  const token = await withTransaction(deps.database, async (tx) => {
    // The back-office language of this sign-in is the one the admin's mails are written in.
    if (admin.language !== lang)
      await tx.db.update(admins).set({ language: lang }).where(eq(admins.id, admin.id));
    const tok = await issueToken(
      tx,
      { adminId: admin.id },
      info,
      deps.clock,
      deps.config.ADMIN_TOKEN_TTL_HOURS * 3_600_000,
    );
    await audit(
      deps.database,
      { type: 'admin', id: admin.id, ...info },
      { action: 'admin.login', targetType: 'admin', targetId: admin.id },
      tx,
    );
    return tok;
  });
  return { token, adminId: admin.id };
}
