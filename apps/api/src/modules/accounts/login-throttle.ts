import { LIMITS } from '@lm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { TooManyRequestsError } from '../../platform/errors';
import { loginAttempts } from './accounts.schema';

/**
 * The source a failure is counted against: an IPv4 address as it is (an IPv4-mapped IPv6 address as
 * its IPv4 form), an IPv6 address as its /64 network, because one IPv6 host usually holds a whole /64
 * and could otherwise change address at each try. Anything unparsable is kept as given.
 * @returns at most 64 characters, e.g. `203.0.113.7` or `2001:db8:1:2::/64`
 */
export function throttleSource(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.slice(0, 64);
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const net = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${net.toString()}/64`;
}

/**
 * Refuse a sign-in when, in the last LIMITS.login.windowMinutes (15) minutes, this account from this
 * source has LIMITS.login.maxFailuresPerAccountAndIp (5) failures, or this source has
 * LIMITS.login.maxFailuresPerIp (20) failures over any accounts. There is no limit on
 * an account alone: failures from elsewhere never lock the owner out. Counts live in the database, so
 * every API instance sees the same. The check reads no account, so the answer is the same whether the
 * email exists or not.
 * @param ip the request's client address (`req.ip`; behind a proxy only with TRUST_PROXY)
 * @throws TooManyRequestsError 429 'auth.too_many_attempts' with Retry-After of the whole window
 */
export async function assertLoginAllowed(
  database: Database,
  scope: 'user' | 'admin',
  email: string,
  ip: string,
  clock: Clock,
): Promise<void> {
  const source = throttleSource(ip);
  const since = new Date(clock.now().getTime() - LIMITS.login.windowMinutes * 60_000).toISOString();
  // Both counts are over this source's failures (the account+source pair is a subset of them), read
  // through the (scope, ip, created_at) index.
  const [row] = await database.db
    .select({
      byAccountAndIp: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*)`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.scope, scope),
        eq(loginAttempts.ip, source),
        eq(loginAttempts.succeeded, false),
        sql`${loginAttempts.createdAt} > ${since}`,
      ),
    );
  if (
    (row?.byAccountAndIp ?? 0) >= LIMITS.login.maxFailuresPerAccountAndIp ||
    (row?.byIp ?? 0) >= LIMITS.login.maxFailuresPerIp
  ) {
    throw new TooManyRequestsError('auth.too_many_attempts', LIMITS.login.windowMinutes * 60, {
      minutes: LIMITS.login.windowMinutes,
    });
  }
}

/**
 * Record a sign-in attempt against the account and its source (see `throttleSource`); a success clears
 * nothing (failures age out of the window).
 */
export async function recordLoginAttempt(
  database: Database,
  scope: 'user' | 'admin',
  email: string,
  ip: string,
  succeeded: boolean,
  clock: Clock,
): Promise<void> {
  await database.db
    .insert(loginAttempts)
    .values({ scope, email, ip: throttleSource(ip), succeeded, createdAt: clock.now() });
}
