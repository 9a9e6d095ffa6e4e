import type { Language } from '@lm/contracts';
import { LIMITS } from '@lm/contracts';
import { localized, type Translations } from '@lm/contracts/translations';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { genres } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { expressDurations, expressReasons, expressTiers } from './express.schema';

/**
 * Reference lists of express (spec section 3 "Tier", "Duration", "Reason"): what the forms read and
 * the back-office edits (every write audited). Spotify's lists (`campaign_type_id` 1) for now; the
 * TikTok and Instagram screens pass their type.
 */

type Tier = typeof expressTiers.$inferSelect;

/**
 * A tier as the API answers it (`name` repeats `tier_name` for older clients). With `lang` (the user
 * app) name and description are the reader's language, English where missing; without it (staff) the
 * English columns and `translations`.
 */
export function tierItem(r: Tier, lang?: Language) {
  const name = lang ? localized(r.tierName, r.translations, 'tier_name', lang) : r.tierName;
  return {
    id: r.id,
    tier_name: name,
    name,
    price: r.price,
    description: lang ? localized(r.description, r.translations, 'description', lang) : r.description,
    status: r.status,
    ...(lang ? {} : { translations: r.translations }),
  };
}

/** Active tiers of a platform, cheapest first, in the reader's language. */
export async function activeTiers(database: Database, campaignTypeId = 1, lang: Language = 'en') {
  const rows = await database.db
    .select()
    .from(expressTiers)
    .where(and(eq(expressTiers.status, 1), eq(expressTiers.campaignTypeId, campaignTypeId)))
    .orderBy(asc(expressTiers.price));
  return rows.map((r) => tierItem(r, lang));
}

/** The cheapest active tier of a platform (`express/artist/min/tier`), null when there is none. */
export async function minTier(database: Database, campaignTypeId = 1, lang: Language = 'en') {
  const [tier] = await activeTiers(database, campaignTypeId, lang);
  return tier ? { id: tier.id, tier_name: tier.tier_name, price: tier.price } : null;
}

/** Every tier of a platform (back-office), cheapest first. */
export async function allTiers(database: Database, campaignTypeId = 1) {
  const rows = await database.db
    .select()
    .from(expressTiers)
    .where(eq(expressTiers.campaignTypeId, campaignTypeId))
    .orderBy(asc(expressTiers.price));
  return rows.map((r) => tierItem(r));
}

/** A tier as the back-office form sends it (price in coins). */
export interface TierInput {
  tier_name: string;
  price: number;
  description?: string | null;
  status: 0 | 1;
  /** Name and description in the other languages; absent keeps the stored ones. */
  translations?: Translations<'tier_name' | 'description'>;
}

/** Tier names are unique per platform (`express_tiers_name_unique`): a taken one is the field's error. */
const tierNameTaken = (err: unknown): never => {
  if (isUniqueViolation(err, 'express_tiers_name_unique'))
    throw new ValidationError({ tier_name: ['lookups.name_taken'] });
  throw err;
};

/**
 * Create (`id` absent) or update a tier, audited.
 * @throws ValidationError 422 `lookups.name_taken` on `tier_name`; NotFoundError when `id` is unknown
 */
export async function saveTier(database: Database, actor: AuditActor, input: TierInput, id?: number) {
  return withTransaction(database, async (tx) => {
    const values = {
      tierName: input.tier_name,
      price: input.price,
      description: input.description ?? null,
      status: input.status,
      translations: input.translations,
    };
    const [r] =
      id === undefined
        ? await tx.db.insert(expressTiers).values(values).returning().catch(tierNameTaken)
        : await tx.db
            .update(expressTiers)
            .set(values)
            .where(eq(expressTiers.id, id))
            .returning()
            .catch(tierNameTaken);
    if (!r) throw new NotFoundError();
    await audit(
      database,
      actor,
      {
        action: id === undefined ? 'express.tier_create' : 'express.tier_update',
        targetType: 'express_tier',
        targetId: r.id,
        meta: { ...input },
      },
      tx,
    );
    return tierItem(r);
  });
}

const durationItem = (r: typeof expressDurations.$inferSelect) => ({
  id: r.id,
  duration: r.duration,
  status: r.status,
});

/** Active durations of a platform (days), shortest first. */
export async function activeDurations(database: Database, campaignTypeId = 1) {
  return database.db
    .select({ id: expressDurations.id, duration: expressDurations.duration })
    .from(expressDurations)
    .where(and(eq(expressDurations.status, 1), eq(expressDurations.campaignTypeId, campaignTypeId)))
    .orderBy(asc(expressDurations.duration));
}

/** Every duration of a platform (back-office), shortest first. */
export async function allDurations(database: Database, campaignTypeId = 1) {
  const rows = await database.db
    .select()
    .from(expressDurations)
    .where(eq(expressDurations.campaignTypeId, campaignTypeId))
    .orderBy(asc(expressDurations.duration));
  return rows.map(durationItem);
}

/**
 * Save a duration, audited: without `id` an existing one of the same length is re-activated (or
 * retired) instead of duplicated; with `id` that row is changed.
 * @throws ValidationError 422 `lookups.name_taken` on `duration` when the platform has that length already;
 *   NotFoundError when `id` is unknown
 */
export async function saveDuration(
  database: Database,
  actor: AuditActor,
  input: { duration: number; status: 0 | 1 },
  id?: number,
) {
  return withTransaction(database, async (tx) => {
    const [r] =
      id === undefined
        ? await tx.db
            .insert(expressDurations)
            .values(input)
            .onConflictDoUpdate({
              target: [expressDurations.campaignTypeId, expressDurations.duration],
              set: { status: input.status },
            })
            .returning()
        : await tx.db
            .update(expressDurations)
            .set(input)
            .where(eq(expressDurations.id, id))
            .returning()
            .catch((err) => {
              // Another duration of the platform already has this length (as the social durations).
              if (isUniqueViolation(err, 'express_durations_unique'))
                throw new ValidationError({ duration: ['lookups.name_taken'] });
              throw err;
            });
    if (!r) throw new NotFoundError();
    await audit(
      database,
      actor,
      { action: 'express.duration_save', targetType: 'express_duration', targetId: r.id, meta: input },
      tx,
    );
    return durationItem(r);
  });
}

const reasonItem = (r: typeof expressReasons.$inferSelect) => ({
  id: r.id,
  reason: r.reason,
  status: r.status,
  translations: r.translations,
  campaign_type_ids: r.campaignTypeIds,
});

/** Whether a reason is offered to the sellers of a platform (`campaign_type_id`). */
const offeredOn = (campaignTypeId: number) =>
  sql`${campaignTypeId}::smallint = any(${expressReasons.campaignTypeIds})`;

/**
 * Active decline reasons of one platform (`express/curator/campaign/reasons` for Spotify,
 * `<platform>/influencer/campaign/reasons`), in the reader's language, English where a reason has none.
 */
export async function activeReasons(database: Database, campaignTypeId: number, lang: Language = 'en') {
  const rows = await database.db
    .select({
      id: expressReasons.id,
      reason: expressReasons.reason,
      translations: expressReasons.translations,
    })
    .from(expressReasons)
    .where(and(eq(expressReasons.status, 1), offeredOn(campaignTypeId)))
    .orderBy(asc(expressReasons.id));
  return rows.map((r) => ({ id: r.id, reason: localized(r.reason, r.translations, 'reason', lang) }));
}

/** A decline reason as the engine stores and tells it: its id, English text and translations. */
export interface DeclineReason {
  id: number;
  reason: string;
  translations: Translations<'reason'>;
}

/**
 * An active reason of the campaign's platform, for a decline.
 * @throws ValidationError 422 `express.reason_required` on `reason_id` when the reason is unknown,
 *   retired, or another platform's (a creator reason on a playlist request, or the reverse)
 */
export async function declineReason(
  database: Pick<Database, 'db'>,
  reasonId: number,
  campaignTypeId: number,
): Promise<DeclineReason> {
  const [reason] = await database.db
    .select({
      id: expressReasons.id,
      reason: expressReasons.reason,
      translations: expressReasons.translations,
    })
    .from(expressReasons)
    .where(and(eq(expressReasons.id, reasonId), eq(expressReasons.status, 1), offeredOn(campaignTypeId)));
  if (!reason) throw new ValidationError({ reason_id: ['express.reason_required'] });
  return reason;
}

/** Every decline reason (back-office). */
export async function allReasons(database: Database) {
  const rows = await database.db.select().from(expressReasons).orderBy(asc(expressReasons.id));
  return rows.map(reasonItem);
}

/**
 * Create (`id` absent) or update a decline reason, audited.
 * @throws NotFoundError when `id` is unknown
 */
export async function saveReason(
  database: Database,
  actor: AuditActor,
  input: {
    reason: string;
    status: 0 | 1;
    translations?: Translations<'reason'>;
    campaign_type_ids?: number[];
  },
  id?: number,
) {
  const { campaign_type_ids, ...rest } = input;
  // Without platforms, a new reason is Spotify's and an edited one keeps its platforms.
  const values = {
    ...rest,
    ...(campaign_type_ids ? { campaignTypeIds: [...new Set(campaign_type_ids)].sort() } : {}),
  };
  return withTransaction(database, async (tx) => {
    const [r] =
      id === undefined
        ? await tx.db.insert(expressReasons).values(values).returning()
        : await tx.db.update(expressReasons).set(values).where(eq(expressReasons.id, id)).returning();
    if (!r) throw new NotFoundError();
    await audit(
      database,
      actor,
      {
        action: id === undefined ? 'express.reason_create' : 'express.reason_update',
        targetType: 'express_reason',
        targetId: r.id,
        meta: input,
      },
      tx,
    );
    return reasonItem(r);
  });
}

/**
 * Retire a reason (reasons stay referenced by past declines, so deleting retires them), audited.
 * @throws NotFoundError when unknown
 */
export async function retireReason(database: Database, actor: AuditActor, id: number): Promise<void> {
  await withTransaction(database, async (tx) => {
    const [r] = await tx.db
      .update(expressReasons)
      .set({ status: 0 })
      .where(eq(expressReasons.id, id))
      .returning({ id: expressReasons.id });
    if (!r) throw new NotFoundError();
    await audit(
      database,
      actor,
      { action: 'express.reason_retire', targetType: 'express_reason', targetId: r.id },
      tx,
    );
  });
}

/**
 * Active genres whose name contains `q` (at least 3 characters), by name.
 * @throws ValidationError 422 `validation.search_min` on `q` when shorter than 3 characters
 */
export async function searchGenres(database: Database, q: string | undefined, limit: number) {
  if (q && q.length < 3) throw new ValidationError({ q: ['validation.search_min'] });
  return database.db
    .select({ id: genres.id, name: genres.name })
    .from(genres)
    .where(and(eq(genres.isActive, true), q ? sql`${genres.name} ilike ${`%${q}%`}` : undefined))
    .orderBy(asc(genres.name))
    .limit(limit);
}

/**
 * What the back-office playlist form offers (/express/playlist/create): the active Spotify tiers
 * (cheapest first), durations (shortest first) and every active genre by name, as the
 * curator's own form reads them from `express/curator/all-tiers`, `all-durations` and `playlist/genres`.
 */
export async function playlistOptions(database: Database) {
  const [tiers, durations, genreList] = await Promise.all([
    activeTiers(database),
    activeDurations(database),
    searchGenres(database, undefined, LIMITS.genreLookupMax),
  ]);
  return { tiers, durations, genres: genreList };
}
