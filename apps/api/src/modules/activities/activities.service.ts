import { and, desc, eq, sql } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { Database } from '../../db/client';
import { countries } from '../../db/schema';
import { type ListQuery, paginate } from '../../platform/http';
import { activities } from './activities.schema';
import { countryOfIp } from './geoip';

/** "Chrome 120 on macOS 14"-style description of a user agent; 'Unknown device' when absent. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const ua = new UAParser(userAgent).getResult();
  const browser = [ua.browser.name, ua.browser.major].filter(Boolean).join(' ');
  const os = [ua.os.name, ua.os.version].filter(Boolean).join(' ');
  const text = [browser, os && `on ${os}`].filter(Boolean).join(' ');
  return (text || userAgent).slice(0, 150);
}

/**
 * Sign-in and security actions recorded as activities (spec section 3 "Activity"); the apps show them
 * translated (`users.activity_actions.<action>`).
 */
export const ACTIVITY_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'email_verified',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'profile_updated',
  '2fa_enabled',
  '2fa_disabled',
  'session_revoked',
  'account_deleted',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What recording an activity needs: the database and the GeoIP database path (`GEOIP_DB`). */
export interface ActivityDeps {
  database: Database;
  config: { GEOIP_DB?: string };
}

/**
 * Record a user activity: action, device (from the user agent, ua-parser-js), IP, and country from the
 * offline GeoIP database when `GEOIP_DB` names one (else null: "unknown"). Never throws for a lookup
 * failure.
 */
export async function recordActivity(
  deps: ActivityDeps,
  userId: number,
  action: ActivityAction,
  meta: { ip: string; userAgent: string | null },
  platform = 'web',
): Promise<void> {
  const country = await countryOfIp(deps.config.GEOIP_DB, meta.ip);
  await deps.database.db.insert(activities).values({
    userId,
    action,
    platform,
    device: describeDevice(meta.userAgent),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    country: country?.code ?? null,
  });
}

/** An activity row as `users/activities/{id}` lists it (spec "Activity" fields plus device). */
export interface ActivityItem {
  id: number;
  platform: string | null;
  action: string;
  device: string | null;
  country: { code: string; name: string } | null;
  ip: string | null;
  created_at: string;
}

/** Activities of one user, newest first, paged; filter[action] narrows to one action. */
export async function listActivities(database: Database, userId: number, query: ListQuery) {
  const action = query.filter?.action;
  const where = and(
    eq(activities.userId, userId),
    typeof action === 'string' && action ? eq(activities.action, action) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    database.db
      .select({ a: activities, countryName: countries.name })
      .from(activities)
      .leftJoin(countries, eq(countries.code, activities.country))
      .where(where)
      .orderBy(desc(activities.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(activities)
      .where(where),
  ]);
  return {
    data: rows.map(
      (r): ActivityItem => ({
        id: r.a.id,
        platform: r.a.platform,
        action: r.a.action,
        device: r.a.device,
        country: r.a.country ? { code: r.a.country, name: r.countryName ?? r.a.country } : null,
        ip: r.a.ip,
        created_at: r.a.createdAt.toISOString(),
      }),
    ),
    pagination: paginate(count?.n ?? 0, query.page, query.limit),
  };
}
