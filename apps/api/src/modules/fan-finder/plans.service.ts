import type { FanFinderFeature, Language } from '@lm/contracts';
import { localized, type Translations } from '@lm/contracts/translations';
import { asc, count, eq } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { fanFinderPlans, fanFinderSubscriptions } from './fan-finder.schema';

type Deps = Pick<AppDeps, 'database'>;

/** A plan as staff write it (name, days, price in coins, features). */
export interface PlanInput {
  plan_name: string;
  plan_days: number;
  price: number;
  features: FanFinderFeature[];
  status: 0 | 1;
  /** `plan_name` in the other languages; absent keeps the stored ones. */
  translations?: Translations<'plan_name'>;
}

/** A plan as both apps read it. */
export interface PlanItem {
  id: number;
  plan_name: string;
  plan_days: number;
  price: number;
  features: FanFinderFeature[];
  status: number;
  /** Back-office only: `plan_name` in the other languages. */
  translations?: Translations<'plan_name'>;
}

/**
 * The API shape of a plan row. With `lang` (artists) `plan_name` is the reader's language, English
 * when it has none; without it (staff) `plan_name` is English and `translations` the other languages.
 */
export function planItem(row: typeof fanFinderPlans.$inferSelect, lang?: Language): PlanItem {
  return {
    id: row.id,
    plan_name: lang ? localized(row.planName, row.translations, 'plan_name', lang) : row.planName,
    ...(lang ? {} : { translations: row.translations }),
    plan_days: row.planDays,
    price: row.price,
    features: row.features as FanFinderFeature[],
    status: row.status,
  };
}

/**
 * Plans, cheapest first: every plan for staff, only offered ones (status 1) for artists
 * (`fan/finder/get/all-plans`).
 */
export async function listPlans(
  deps: Deps,
  options: { offeredOnly: boolean; lang?: Language },
): Promise<PlanItem[]> {
  const rows = await deps.database.db
    .select()
    .from(fanFinderPlans)
    .where(options.offeredOnly ? eq(fanFinderPlans.status, 1) : undefined)
    .orderBy(asc(fanFinderPlans.price), asc(fanFinderPlans.id));
  return rows.map((row) => planItem(row, options.lang));
}

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'fan_finder_plans_name_unique'))
    throw new ValidationError({ plan_name: ['lookups.name_taken'] });
  throw err;
}

/**
 * Create (`id` null) or update a plan, audited in the same transaction. An edit changes what is sold
 * from now on; running subscriptions keep the name, days and price they were bought with until they
 * renew (renewals charge the plan's price of the day).
 * @throws ValidationError on `plan_name` when another plan has that name (any case); NotFoundError
 */
export async function savePlan(deps: Deps, actor: AuditActor, id: number | null, input: PlanInput) {
  const values = {
    planName: input.plan_name,
    planDays: input.plan_days,
    price: input.price,
    features: [...new Set(input.features)],
    status: input.status,
    translations: input.translations,
  };
  return withTransaction(deps.database, async (tx) => {
    const [row] =
      id === null
        ? await tx.db.insert(fanFinderPlans).values(values).returning().catch(nameTaken)
        : await tx.db
            .update(fanFinderPlans)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(fanFinderPlans.id, id))
            .returning()
            .catch(nameTaken);
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      actor,
      {
        action: id === null ? 'fan_finder.plan_create' : 'fan_finder.plan_update',
        targetType: 'fan_finder_plan',
        targetId: row.id,
        meta: { ...input },
      },
      tx,
    );
    return planItem(row);
  });
}

/**
 * Delete a plan nobody ever subscribed to; a plan with subscriptions is withdrawn instead (status 0)
 * so their history keeps naming it.
 * @throws NotFoundError; ConflictError `fan_finder.plan_in_use` when it has subscriptions
 */
export async function deletePlan(deps: Deps, actor: AuditActor, id: number): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [plan] = await tx.db.select().from(fanFinderPlans).where(eq(fanFinderPlans.id, id)).for('update');
    if (!plan) throw new NotFoundError();
    const [used] = await tx.db
      .select({ n: count() })
      .from(fanFinderSubscriptions)
      .where(eq(fanFinderSubscriptions.planId, id));
    if (used!.n > 0) throw new ConflictError('fan_finder.plan_in_use');
    await tx.db.delete(fanFinderPlans).where(eq(fanFinderPlans.id, id));
    await audit(
      deps.database,
      actor,
      {
        action: 'fan_finder.plan_delete',
        targetType: 'fan_finder_plan',
        targetId: id,
        meta: { name: plan.planName },
      },
      tx,
    );
  });
}

/** Default plans (inserted while there is none, so staff edits are never overwritten). */
export const DEFAULT_FAN_FINDER_PLANS = [
  {
    planName: 'Monthly',
    planDays: 30,
    price: 300,
    features: ['weekly_updates', 'latest_posts', 'comments_per_post', 'related_artists'],
  },
  {
    planName: 'Quarterly',
    planDays: 90,
    price: 800,
    features: ['weekly_updates', 'latest_posts', 'comments_per_post', 'related_artists', 'csv_export'],
  },
] as const;

/** Insert the default plans when the table is empty. */
export async function seedFanFinderPlans(deps: Deps): Promise<void> {
  const [any] = await deps.database.db.select({ id: fanFinderPlans.id }).from(fanFinderPlans).limit(1);
  if (any) return;
  await deps.database.db
    .insert(fanFinderPlans)
    .values(DEFAULT_FAN_FINDER_PLANS.map((p) => ({ ...p, features: [...p.features] })))
    .onConflictDoNothing();
}
