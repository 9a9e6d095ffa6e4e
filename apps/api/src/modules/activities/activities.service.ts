import { UAParser } from 'ua-parser-js';
import type { Database } from '../../db/client';
import { activities } from './activities.schema';

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
 * Record a user activity (sign-in and security actions; spec section 3 "Activity").
 * Country stays null until a GeoIP database is configured (issue 7 adds one).
 */
export async function recordActivity(
  database: Database,
  userId: number,
  action: string,
  meta: { ip: string; userAgent: string | null },
  platform = 'web',
): Promise<void> {
  await database.db.insert(activities).values({
    userId,
    action,
    platform,
    device: describeDevice(meta.userAgent),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    country: null,
  });
}
