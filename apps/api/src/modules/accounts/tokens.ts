import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import { accessTokens } from './accounts.schema';

/**
 * Issue an opaque bearer token (256 random bits) for a user or an admin; only its SHA-256 is stored.
 * @param ttlMs lifetime in milliseconds
 * @returns the plain token, shown once to the client
 */
export async function issueToken(
  db: Database | Tx,
  owner: { userId: number } | { adminId: number },
  meta: { ip: string | null; userAgent: string | null },
  clock: Clock,
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  await db.db.insert(accessTokens).values({
    tokenHash: sha256(token),
    userId: 'userId' in owner ? owner.userId : null,
    adminId: 'adminId' in owner ? owner.adminId : null,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    expiresAt: new Date(clock.now().getTime() + ttlMs),
  });
  return token;
}

/** Revoke every live token of a user (logout everywhere: password change, disable, delete). */
export async function revokeAllUserTokens(
  db: Database | Tx,
  userId: number,
  exceptTokenId?: number,
): Promise<void> {
  await revokeLiveTokens(db, eq(accessTokens.userId, userId), exceptTokenId);
}

/**
 * Revoke every live token of an admin (disable, delete, a password set through a link or changed),
 * except `exceptTokenId` when given (the session that changed its own password).
 */
export async function revokeAllAdminTokens(
  db: Database | Tx,
  adminId: number,
  exceptTokenId?: number,
): Promise<void> {
  await revokeLiveTokens(db, eq(accessTokens.adminId, adminId), exceptTokenId);
}

/** Revokes the live tokens matching `owner` (one user's or one admin's), all but `exceptTokenId` if given. */
async function revokeLiveTokens(db: Database | Tx, owner: SQL, exceptTokenId?: number): Promise<void> {
  await db.db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        owner,
        sql`${accessTokens.revokedAt} is null`,
        exceptTokenId ? sql`${accessTokens.id} <> ${exceptTokenId}` : sql`true`,
      ),
    );
}

/** Revoke one token by id. */
export async function revokeToken(db: Database | Tx, tokenId: number): Promise<void> {
  await db.db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.id, tokenId), sql`${accessTokens.revokedAt} is null`));
}
