import { LIMITS } from '@lm/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { sameDigest, sha256, sixDigitCode } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { emailCodes } from './accounts.schema';

export type CodePurpose = 'verify_email' | 'login_2fa' | (string & {});

/**
 * Issue a fresh 6-digit code for `purpose`, voiding the user's earlier unconsumed codes of that purpose.
 * Only its SHA-256 is stored; it lives LIMITS.emailCode.ttlMinutes (10) minutes.
 * @returns the plain code, to be emailed
 */
export async function issueEmailCode(
  tx: Tx,
  userId: number,
  purpose: CodePurpose,
  clock: Clock,
): Promise<string> {
  await tx.db
    .update(emailCodes)
    .set({ consumedAt: clock.now() })
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, purpose),
        sql`${emailCodes.consumedAt} is null`,
      ),
    );
  const code = sixDigitCode();
  await tx.db.insert(emailCodes).values({
    userId,
    purpose,
    codeHash: sha256(`${purpose}:${userId}:${code}`),
    expiresAt: new Date(clock.now().getTime() + LIMITS.emailCode.ttlMinutes * 60_000),
  });
  return code;
}

/**
 * Check a code and consume it. A wrong code counts an attempt (committed even though the call fails);
 * after LIMITS.emailCode.maxAttempts (5) wrong codes the code is dead.
 * @throws AppError 422 'auth.code_invalid' (wrong, expired, none) or 429 'auth.code_too_many_attempts'
 */
export async function consumeEmailCode(
  database: Database,
  userId: number,
  purpose: CodePurpose,
  code: string,
  clock: Clock,
  onConsumed?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const outcome = await withTransaction(database, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.userId, userId),
          eq(emailCodes.purpose, purpose),
          sql`${emailCodes.consumedAt} is null`,
        ),
      )
      .orderBy(desc(emailCodes.id))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt <= clock.now()) return 'invalid' as const;
    if (row.attempts >= LIMITS.emailCode.maxAttempts) return 'locked' as const;
    if (!sameDigest(row.codeHash, sha256(`${purpose}:${userId}:${code}`))) {
      await tx.db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(eq(emailCodes.id, row.id));
      return row.attempts + 1 >= LIMITS.emailCode.maxAttempts ? ('locked' as const) : ('invalid' as const);
    }
    await tx.db.update(emailCodes).set({ consumedAt: clock.now() }).where(eq(emailCodes.id, row.id));
    if (onConsumed) await onConsumed(tx);
    return 'ok' as const;
  });
  if (outcome === 'invalid')
    throw new AppError(422, 'auth.code_invalid', { errors: { code: ['auth.code_invalid'] } });
  if (outcome === 'locked') {
    throw new AppError(429, 'auth.code_too_many_attempts', {
      errors: { code: ['auth.code_too_many_attempts'] },
    });
  }
}
