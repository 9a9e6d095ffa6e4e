import type { adminChangePasswordSchema, resetPasswordSchema } from '@lm/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, withTransaction } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors';
import { liveResetLink, markResetLinkUsed, revokeAllAdminTokens } from '../accounts';
import { type AuditActor, audit } from '../audit';
import { adminLanguage } from './admin-links';
import { admins } from './admins.schema';

type Deps = Pick<AppDeps, 'database' | 'mail' | 'clock'>;

/** Where a self-service call came from, for the audit entry. */
export interface AdminRequestMeta {
  ip: string;
  userAgent: string | null;
}

/**
 * The active, live admin a link was sent to, when `token` is an open link of that admin and `email`
 * their address; a disabled account's links do not work (staff disabled it after sending).
 */
async function linkAdmin(db: Database | Tx, email: string, token: string, now: Date, lock = false) {
  const link = await liveResetLink(db, token, now, lock);
  if (!link?.adminId) return undefined;
  const [admin] = await db.db
    .select()
    .from(admins)
    .where(
      and(
        eq(admins.id, link.adminId),
        eq(admins.email, email),
        eq(admins.status, 'active'),
        isNull(admins.deletedAt),
      ),
    );
  return admin ? { link, admin } : undefined;
}

/** Tells the admin by mail that their password changed; queued in `tx`, so a change rolled back mails nothing. */
function mailPasswordChanged(deps: Deps, admin: { email: string; name: string; language: string }, tx: Tx) {
  return deps.mail.send(
    {
      to: admin.email,
      language: adminLanguage(admin),
      key: 'mail.password_changed',
      params: { name: admin.name },
    },
    tx,
  );
}

/**
 * Is this back-office link still usable (`GET /api/admin/check/reset/token`)? Answers the same for an
 * unknown, used, expired or other admin's link.
 * @throws AppError 422 'auth.reset_link_invalid'
 */
export async function checkAdminResetToken(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  email: string,
  token: string,
): Promise<{ invitation: boolean }> {
  const found = await linkAdmin(deps.database, email, token, deps.clock.now());
  if (!found) throw new AppError(422, 'auth.reset_link_invalid');
  return { invitation: found.admin.passwordHash === null };
}

/**
 * Set an admin's password from an emailed link (`POST /api/admin/reset-password`):
 * single use (the link row is locked and marked used in the same transaction), the product's password
 * rule (contracts `passwordSchema`), every session of the admin revoked, a notice mailed, audited as
 * `admin.password_reset` by the admin themself.
 * @throws AppError 422 'auth.reset_link_invalid' when the link is unknown, used, expired or not this admin's
 */
export async function resetAdminPassword(
  deps: Deps,
  input: z.output<typeof resetPasswordSchema>,
  meta: AdminRequestMeta,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await withTransaction(deps.database, async (tx) => {
    const now = deps.clock.now();
    const found = await linkAdmin(tx, input.email, input.token, now, true);
    if (!found) throw new AppError(422, 'auth.reset_link_invalid');
    const { link, admin } = found;
    await markResetLinkUsed(tx, link.id, now);
    await tx.db.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, admin.id));
    await revokeAllAdminTokens(tx, admin.id);
    const actor: AuditActor = { type: 'admin', id: admin.id, ...meta };
    await audit(
      deps.database,
      actor,
      {
        action: 'admin.password_reset',
        targetType: 'admin',
        targetId: admin.id,
        meta: { invitation: admin.passwordHash === null },
      },
      tx,
    );
    await mailPasswordChanged(deps, admin, tx);
  });
}

/**
 * An admin changes their own password (`POST /api/admin/password`): the current password is required,
 * the new one follows the product's rule, the admin's other sessions end, a notice is mailed; audited as
 * `admin.password_changed` (a wrong current password as `admin.password_change_failed`).
 * @throws ValidationError 422 'auth.current_password_wrong' on `current_password`
 */
export async function changeOwnAdminPassword(
  deps: Deps,
  adminId: number,
  tokenId: number,
  input: z.output<typeof adminChangePasswordSchema>,
  meta: AdminRequestMeta,
): Promise<void> {
  const [admin] = await deps.database.db.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) throw new NotFoundError();
  const actor: AuditActor = { type: 'admin', id: adminId, ...meta };
  const ok = admin.passwordHash ? await verifyPassword(admin.passwordHash, input.current_password) : false;
  if (!ok) {
    await audit(deps.database, actor, {
      action: 'admin.password_change_failed',
      targetType: 'admin',
      targetId: adminId,
    });
    throw new ValidationError({ current_password: ['auth.current_password_wrong'] });
  }
  const passwordHash = await hashPassword(input.password);
  await withTransaction(deps.database, async (tx) => {
    await tx.db
      .update(admins)
      .set({ passwordHash, updatedAt: deps.clock.now() })
      .where(eq(admins.id, adminId));
    await revokeAllAdminTokens(tx, adminId, tokenId);
    await audit(
      deps.database,
      actor,
      { action: 'admin.password_changed', targetType: 'admin', targetId: adminId },
      tx,
    );
    await mailPasswordChanged(deps, admin, tx);
  });
}
