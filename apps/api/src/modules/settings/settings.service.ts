import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit/audit.service';
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

/**
 * Rules of each setting (`PUT /api/admin/settings`), messages as i18n keys: platform fee a whole
 * percent 0..90 (the share of a campaign's price the platform keeps), coin price and payout rate
 * whole pence per coin 1..100,000 with the payout rate at most the coin price (the platform never
 * pays out more for a coin than it sold it for), durations whole days (submission and auditing 1..30,
 * on-going 1..365), the mail sender's display name 1..100 characters without `<`, `>`, `"` or line breaks.
 */
export const settingsUpdateSchema = z
  .object({
    maintenance_mode: z.boolean(),
    platform_fee_percent: wholeNumber(0, 90),
    coin_price_pence: wholeNumber(1, 100_000),
    payout_rate_pence: wholeNumber(1, 100_000),
    playlist_submission_days: wholeNumber(1, 30),
    on_going_days: wholeNumber(1, 365),
    auditing_days: wholeNumber(1, 30),
    mail_from_name: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(100, 'validation.too_long')
      .regex(/^[^<>"\r\n]+$/, 'settings.sender_invalid'),
  })
  .partial()
  .strict();
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

function wholeNumber(min: number, max: number) {
  return z.number().int('validation.whole_number').min(min).max(max);
}

/**
 * Change some settings (`PUT /api/admin/settings`, issue 7 "/system/settings"): all in one
 * transaction, the rows locked so concurrent saves apply one after the other, one audit entry
 * `settings.update` per changed key (`meta: {key, from, to}`). Unchanged keys write nothing.
 * @returns every setting after the change and the keys that changed
 * @throws ValidationError 422 `settings.payout_above_price` on `payout_rate_pence` when the payout
 *   rate would exceed the coin price (either may be the one changing)
 */
export async function updateSettings(
  database: Database,
  actor: AuditActor,
  input: SettingsUpdate,
): Promise<{ settings: SettingsMap; changed: SettingKey[] }> {
  return withTransaction(database, async (tx) => {
    await tx.db.execute(sql`select key from ${settings} order by key for update`);
    const before = await getSettings(tx);
    const after = { ...before, ...input } as SettingsMap;
    if (after.payout_rate_pence > after.coin_price_pence)
      throw new ValidationError({ payout_rate_pence: ['settings.payout_above_price'] });
    const changed = (Object.keys(input) as SettingKey[]).filter((k) => before[k] !== after[k]);
    for (const key of changed) {
      await putSetting(tx, key, after[key]);
      await audit(
        database,
        actor,
        {
          action: 'settings.update',
          targetType: 'setting',
          targetId: key,
          meta: { key, from: before[key], to: after[key] },
        },
        tx,
      );
    }
    return { settings: after, changed };
  });
}
