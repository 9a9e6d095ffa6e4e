import type { Translations } from '@lm/contracts/translations';
import { and, asc, eq } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import type { AppDeps } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { type SocialPlatformName, socialDurations, socialTiers } from './connections.schema';
import { tierItem } from './connections.service';

type Deps = Pick<AppDeps, 'database'>;

/** A tier as staff write it (spec "Tier", plus min_followers: the followers an account needs to take it). */
export interface TierInput {
  tier_name: string;
  price: number;
  min_followers: number;
  description?: string | null;
  status: 0 | 1;
  /** Name and description in the other languages; absent keeps the stored ones. */
  translations?: Translations<'tier_name' | 'description'>;
}

/** Tier names are unique per platform in any case: a taken one is the field's error, not a 500. */
function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'social_tiers_name_unique'))
    throw new ValidationError({ tier_name: ['lookups.name_taken'] });
  throw err;
}

/** Every tier of a platform (active and inactive), cheapest first, for the back-office. */
export async function listTiers(deps: Deps, platform: SocialPlatformName) {
  const rows = await deps.database.db
    .select()
    .from(socialTiers)
    .where(eq(socialTiers.platform, platform))
    .orderBy(asc(socialTiers.price), asc(socialTiers.id));
  return rows.map((r) => tierItem(r));
}

/**
 * Create (`id` null) or update a tier of `platform`, audited in the same transaction.
 * @throws ValidationError on `tier_name` when the name is taken on the platform; NotFoundError for an
 *   unknown id or one of another platform
 */
export async function saveTier(
  deps: Deps,
  actor: AuditActor,
  platform: SocialPlatformName,
  id: number | null,
  input: TierInput,
) {
  const values = {
    tierName: input.tier_name,
    price: input.price,
    minFollowers: input.min_followers,
    description: input.description ?? null,
    status: input.status,
    translations: input.translations,
  };
  return withTransaction(deps.database, async (tx) => {
    const [row] =
      id === null
        ? await tx.db
            .insert(socialTiers)
            .values({ platform, ...values })
            .returning()
            .catch(nameTaken)
        : await tx.db
            .update(socialTiers)
            .set(values)
            .where(and(eq(socialTiers.id, id), eq(socialTiers.platform, platform)))
            .returning()
            .catch(nameTaken);
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      actor,
      {
        action: id === null ? 'social.tier_create' : 'social.tier_update',
        targetType: 'social_tier',
        targetId: row.id,
        meta: { platform, ...input },
      },
      tx,
    );
    return tierItem(row);
  });
}

/** Every duration of a platform, shortest first. */
export async function listDurations(deps: Deps, platform: SocialPlatformName) {
  return deps.database.db
    .select({ id: socialDurations.id, duration: socialDurations.duration, status: socialDurations.status })
    .from(socialDurations)
    .where(eq(socialDurations.platform, platform))
    .orderBy(asc(socialDurations.duration));
}

/** Active durations of a platform (what campaign forms offer). */
export async function activeDurations(deps: Deps, platform: SocialPlatformName) {
  return (await listDurations(deps, platform)).filter((d) => d.status === 1);
}

/**
 * Create (`id` null; an existing duration of the same days only changes status) or update a duration,
 * audited.
 * @throws ValidationError on `duration` when another row of the platform has those days; NotFoundError
 */
export async function saveDuration(
  deps: Deps,
  actor: AuditActor,
  platform: SocialPlatformName,
  id: number | null,
  input: { duration: number; status: 0 | 1 },
) {
  return withTransaction(deps.database, async (tx) => {
    const [row] =
      id === null
        ? await tx.db
            .insert(socialDurations)
            .values({ platform, ...input })
            .onConflictDoUpdate({
              target: [socialDurations.platform, socialDurations.duration],
              set: { status: input.status },
            })
            .returning()
        : await tx.db
            .update(socialDurations)
            .set(input)
            .where(and(eq(socialDurations.id, id), eq(socialDurations.platform, platform)))
            .returning()
            .catch((err) => {
              if (isUniqueViolation(err, 'social_durations_unique'))
                throw new ValidationError({ duration: ['lookups.name_taken'] });
              throw err;
            });
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      actor,
      {
        action: 'social.duration_save',
        targetType: 'social_duration',
        targetId: row.id,
        meta: { platform, ...input },
      },
      tx,
    );
    return { id: row.id, duration: row.duration, status: row.status };
  });
}

/** Default tiers per platform (price in coins per video; followers an account needs), inserted once. */
export const DEFAULT_SOCIAL_TIERS = [
  { tierName: 'Nano', price: 40, minFollowers: 1_000, description: '1k to 10k followers' },
  { tierName: 'Micro', price: 100, minFollowers: 10_000, description: '10k to 50k followers' },
  { tierName: 'Mid', price: 250, minFollowers: 50_000, description: '50k to 250k followers' },
  { tierName: 'Macro', price: 700, minFollowers: 250_000, description: 'Over 250k followers' },
] as const;
/** Default days a video must stay public. */
export const DEFAULT_SOCIAL_DURATIONS = [7, 14, 28] as const;

/**
 * Reference data of both platforms, inserted for a platform only while it has no tier (or no duration),
 * so staff edits are never overwritten.
 */
export async function seedSocialReference(deps: Deps): Promise<void> {
  for (const platform of ['tiktok', 'instagram'] as const) {
    const [tier] = await deps.database.db
      .select({ id: socialTiers.id })
      .from(socialTiers)
      .where(eq(socialTiers.platform, platform))
      .limit(1);
    if (!tier)
      await deps.database.db
        .insert(socialTiers)
        .values(DEFAULT_SOCIAL_TIERS.map((t) => ({ ...t, platform })))
        .onConflictDoNothing();
    const [duration] = await deps.database.db
      .select({ id: socialDurations.id })
      .from(socialDurations)
      .where(eq(socialDurations.platform, platform))
      .limit(1);
    if (!duration)
      await deps.database.db
        .insert(socialDurations)
        .values(DEFAULT_SOCIAL_DURATIONS.map((d) => ({ platform, duration: d })))
        .onConflictDoNothing();
  }
}
