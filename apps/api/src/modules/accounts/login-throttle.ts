import { LIMITS } from '@lm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { TooManyRequestsError } from '../../platform/errors';
import { loginAttempts } from './accounts.schema';

/**
 * Refuse a sign-in when the account (5) or the IP (20) has too many failures in the last 15 minutes.
 * Kept in the database so every API instance sees the same counts. The same answer is given whether
 * the account exists or not.
 * @throws TooManyRequestsError 429 'auth.too_many_attempts'
 */
export async function assertLoginAllowed(
  database: Database,
  scope: 'user' | 'admin',
  email: string,
  ip: string,
  clock: Clock,
): Promise<void> {
  const since = new Date(clock.now().getTime() - LIMITS.login.windowMinutes * 60_000).toISOString();
  const [row] = await database.db
    .select({
      byAccount: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.scope, scope),
        eq(loginAttempts.succeeded, false),
        sql`${loginAttempts.createdAt} > ${since}`,
        sql`(${loginAttempts.email} = ${email} or ${loginAttempts.ip} = ${ip})`,
      ),
    );
  if (
    (row?.byAccount ?? 0) >= LIMITS.login.maxFailuresPerAccount ||
    (row?.byIp ?? 0) >= LIMITS.login.maxFailuresPerIp
  ) {
    throw new TooManyRequestsError('auth.too_many_attempts', LIMITS.login.windowMinutes * 60, {
      minutes: LIMITS.login.windowMinutes,
    });
  }
}

/** Record a sign-in attempt; a success clears nothing (failures age out of the window). */
export async function recordLoginAttempt(
  database: Database,
  scope: 'user' | 'admin',
  email: string,
  ip: string,
  succeeded: boolean,
  clock: Clock,
): Promise<void> {
  await database.db.insert(loginAttempts).values({ scope, email, ip, succeeded, createdAt: clock.now() });
}
