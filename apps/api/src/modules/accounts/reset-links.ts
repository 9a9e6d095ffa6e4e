import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { randomToken, sha256 } from '../../platform/crypto';
import { passwordResets } from './accounts.schema';

/** Whose password a link sets: a user's or an admin's (`password_resets` holds both). */
export type ResetLinkOwner = { userId: number } | { adminId: number };

const ownedBy = (owner: ResetLinkOwner) =>
  'userId' in owner ? eq(passwordResets.userId, owner.userId) : eq(passwordResets.adminId, owner.adminId);

/**
 * Store a new single-use link to set a password (256 random bits, only its SHA-256 kept), voiding the
 * owner's links still open, so only the newest mail works.
 * @param ttlMs lifetime in milliseconds (reset: LIMITS.resetTokenTtlMinutes; invitation: days)
 * @returns the plain token, to be mailed once
 */
export async function issueResetLink(
  tx: Tx,
  owner: ResetLinkOwner,
  now: Date,
  ttlMs: number,
): Promise<string> {
  await tx.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(ownedBy(owner), isNull(passwordResets.usedAt)));
  const token = randomToken();
  await tx.db.insert(passwordResets).values({
    ...('userId' in owner ? { userId: owner.userId } : { adminId: owner.adminId }),
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/**
 * The open (unused, unexpired) link with this token, locked when `lock` (inside the transaction that
 * uses it, so two uses of one link run one after the other and the second finds it used).
 * @returns its id and owner, or undefined
 */
export async function liveResetLink(
  db: Database | Tx,
  token: string,
  now: Date,
  lock = false,
): Promise<{ id: number; userId: number | null; adminId: number | null } | undefined> {
  const q = db.db
    .select({ id: passwordResets.id, userId: passwordResets.userId, adminId: passwordResets.adminId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        sql`${passwordResets.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Mark a link used (single use). */
export async function markResetLinkUsed(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, id));
}
