import type { SettingsUpdate } from '@lm/contracts';
import { sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { ValidationError } from '../../platform/errors';
import { type AuditActor, audit, auditChanges } from '../audit';
import { settings } from './settings.schema';

/**
 * System settings with their defaults (spec section 9): maintenance mode, platform fee,
 * coin price (pence per coin), payout rate (pence per coin), the smallest withdrawal (coins:
 * 25 coins = £20 at the default payout rate, so the sandbox Wise fee of 0.45 % + 30p is under 2 % of
 * any withdrawal, and one Starter-tier campaign earns enough to withdraw), default campaign durations
 * (days), mail sender.
 */
export const SETTING_DEFAULTS = {
  maintenance_mode: false,
  // Shown on the maintenance screen and banners; '' shows the apps' translated text.
  maintenance_message: '',
  platform_fee_percent: 20,
  coin_price_pence: 100,
  payout_rate_pence: 80,
  min_withdrawal_coins: 25,
  // A payout request of more coins than this needs a second approver who is not the first; 0: off.
  payout_second_approval_coins: 0,
  playlist_submission_days: 3,
  on_going_days: 28,
  auditing_days: 3,
  // A request nobody answers within these days is declined by the system and refunded.
  answer_days: 7,
  // A seller hears a request this long (seconds of playback counted by the server) before deciding; 0: off.
  min_listen_seconds: 30,
  // A decline carries written feedback of at least this many words (`countWords`); 0: none asked.
  min_feedback_words: 15,
  mail_from_name: 'Liberty Music',
  // Support tickets: first answer and resolution promised within these hours of opening.
  ticket_response_hours_high: 4,
  ticket_response_hours_medium: 8,
  ticket_response_hours_low: 24,
  ticket_resolution_hours_high: 24,
  ticket_resolution_hours_medium: 72,
  ticket_resolution_hours_low: 120,
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
  'maintenance_message',
  'coin_price_pence',
  'playlist_submission_days',
  'on_going_days',
  'auditing_days',
  'answer_days',
  'min_listen_seconds',
  'min_feedback_words',
];

/** Insert missing settings with their defaults (idempotent). */
export async function seedSettings(database: Database): Promise<void> {
  for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
    await database.db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
  }
}

/** Settings already read for a transaction (see {@link rememberSettings}), by transaction. */
const SNAPSHOTS = new WeakMap<Tx, SettingsMap>();

/**
 * Let later reads of the settings in this transaction reuse `values`, read just before it opened
 * (a campaign purchase read them twice, for its prices and days, then for the mail's From
 * name). Forgotten when the transaction writes a setting, and with the transaction.
 */
export function rememberSettings(tx: Tx, values: SettingsMap): void {
  SNAPSHOTS.set(tx, values);
}

/**
 * All settings merged over the defaults: one statement, or none in a transaction whose settings were
 * remembered ({@link rememberSettings}).
 */
export async function getSettings(database: Database | Tx): Promise<SettingsMap> {
  const known = SNAPSHOTS.get(database as Tx);
  if (known) return known;
  const rows = await database.db.select().from(settings);
  return settingsFrom(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/**
 * The settings map from stored values (key to value, e.g. read as JSON with a route's token: the
 * `purchase` preload), merged over the defaults; unknown keys are ignored.
 */
export function settingsFrom(stored: Record<string, unknown> | null): SettingsMap {
  const out = { ...SETTING_DEFAULTS } as Record<string, unknown>;
  for (const [key, value] of Object.entries(stored ?? {})) if (key in SETTING_DEFAULTS) out[key] = value;
  return out as SettingsMap;
}

/** Write one setting. */
export async function putSetting(db: Database | Tx, key: SettingKey, value: unknown): Promise<void> {
  SNAPSHOTS.delete(db as Tx);
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
 * Change some settings (`PUT /api/admin/settings`), the input checked by
 * `settingsUpdateSchema` of `@lm/contracts` (shared with the back-office form: whole numbers in their
 * ranges, refused with 422, never clamped): all in one
 * transaction, the rows locked so concurrent saves apply one after the other, one audit entry
 * `settings.update` per changed key (`meta: { key, changes: { [key]: { from, to } } }`, secrets masked). Unchanged keys write nothing.
 * @returns every setting after the change and the keys that changed
 * @throws ValidationError 422 `settings.payout_above_price` on `payout_rate_pence` when the payout
 *   rate would exceed the coin price (either may be the one changing);
 *   `settings.coin_price_below_package` on `coin_price_pence` when an active coin package would then
 *   cost more per coin than the coin price (a package is never dearer than the same
 *   coins bought as a custom amount). Package saves lock the coin price row, so the two cannot race.
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
    if (after.coin_price_pence < before.coin_price_pence) {
      const dearer = await tx.db.execute<{ name: string }>(sql`
        select name from coin_packages
         where is_active and price_minor > (coins + bonus_coins)::bigint * ${after.coin_price_pence}
         order by position, id limit 1`);
      const name = dearer.rows[0]?.name;
      if (name !== undefined)
        throw new ValidationError({
          coin_price_pence: [{ key: 'settings.coin_price_below_package', params: { name } }],
        });
    }
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
          meta: { key, changes: auditChanges(before, after, { fields: [key] }) },
        },
        tx,
      );
    }
    return { settings: after, changed };
  });
}
