import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { settings } from './settings.schema';

/**
 * System settings with their defaults (spec section 9 and issue 7): maintenance mode, platform fee,
 * coin price (pence per coin), payout rate (pence per coin), default campaign durations (days), mail sender.
 */
export const SETTING_DEFAULTS = {
  maintenance_mode: false,
  platform_fee_percent: 20,
  coin_price_pence: 100,
  payout_rate_pence: 80,
  playlist_submission_days: 3,
  on_going_days: 28,
  auditing_days: 3,
  mail_from_name: 'Liberty Music',
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingsMap = {
  -readonly [K in SettingKey]: (typeof SETTING_DEFAULTS)[K] extends boolean
    ? boolean
    : (typeof SETTING_DEFAULTS)[K] extends number
      ? number
      : string;
};

/** Keys anyone (even signed out) may read through `setting/all`. */
export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = [
  'maintenance_mode',
  'coin_price_pence',
  'playlist_submission_days',
  'on_going_days',
  'auditing_days',
];

/** Insert missing settings with their defaults (idempotent). */
export async function seedSettings(database: Database): Promise<void> {
  for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
    await database.db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
  }
}

/** All settings merged over the defaults. */
export async function getSettings(database: Database | Tx): Promise<SettingsMap> {
  const rows = await database.db.select().from(settings);
  const out = { ...SETTING_DEFAULTS } as Record<string, unknown>;
  for (const row of rows) if (row.key in SETTING_DEFAULTS) out[row.key] = row.value;
  return out as SettingsMap;
}

/** Write one setting. */
export async function putSetting(db: Database | Tx, key: SettingKey, value: unknown): Promise<void> {
  await db.db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * Per-instance cache of the maintenance flag (5 s), so the check on every user request costs no query.
 * Several instances converge within the TTL.
 */
export function maintenanceFlag(database: Database, ttlMs = 5_000) {
  let cached: { value: boolean; at: number } | null = null;
  return {
    async get(): Promise<boolean> {
      if (cached && Date.now() - cached.at < ttlMs) return cached.value;
      const rows = await database.db.execute<{ value: unknown }>(
        sql`select value from settings where key = 'maintenance_mode'`,
      );
      cached = { value: rows.rows[0]?.value === true, at: Date.now() };
      return cached.value;
    },
    invalidate() {
      cached = null;
    },
  };
}
