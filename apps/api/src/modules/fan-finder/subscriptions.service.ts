import type { FanFinderSubscriptionStatus } from '@lm/contracts';
import { and, count, desc, eq, ilike, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { ledgerTransfers, users } from '../../db/schema';
import { containsPattern, userMatches } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { type ListQuery, paginate } from '../../platform/http';
import { type AuditActor, audit } from '../audit';
import { notify } from '../notifications';
import { DESC, debit, InsufficientBalanceError } from '../wallet';
import { FAN_FINDER_ONE_OPEN, fanFinderPlans, fanFinderSubscriptions } from './fan-finder.schema';

type Deps = Pick<AppDeps, 'database' | 'clock'>;
type Row = typeof fanFinderSubscriptions.$inferSelect;

const DAY_MS = 86_400_000;
/** Where notifications about the subscription lead. */
const SUBSCRIPTION_LINK = '/fan-finder/subscribe';

/** Whether a subscription gives access at `now`, is the running (not cancelled) kind, or has ended. */
export interface SubscriptionFlags {
  /** Access now: not expired and before its end date, or past it awaiting the daily renewal run. */
  is_subscribed: boolean;
  /** Had a subscription and it no longer gives access. */
  is_expired: boolean;
  /** Subscribed and not cancelled (renews when auto-renew is on). */
  is_active: boolean;
  /** Whole days of access left, rounded up (0 once ended). */
  remaining_days: number;
}

/**
 * Flags of a subscription at `now` (remaining_days, is_subscribed, is_expired, is_active).
 * An active auto-renewing subscription past its end date keeps access until the daily job renews or
 * expires it, so a renewal never shows a gap of hours.
 */
export function subscriptionFlags(row: Row | null, now: Date): SubscriptionFlags {
  if (!row) return { is_subscribed: false, is_expired: false, is_active: false, remaining_days: 0 };
  const ended = row.endAt.getTime() <= now.getTime();
  const awaitingRenewal = row.status === 'active' && row.autoRenew;
  const subscribed = row.status !== 'expired' && (!ended || awaitingRenewal);
  return {
    is_subscribed: subscribed,
    is_expired: !subscribed,
    is_active: subscribed && row.status === 'active',
    remaining_days: Math.max(0, Math.ceil((row.endAt.getTime() - now.getTime()) / DAY_MS)),
  };
}

/** A subscription as the artist and staff read it (spec section 3 "Fan finder subscription"). */
export function subscriptionView(row: Row, now: Date) {
  return {
    id: row.id,
    plan: { id: row.planId, plan_name: row.planName, plan_days: row.planDays },
    price: row.price,
    status: row.status as FanFinderSubscriptionStatus,
    // The spec's field names (sic: start_data, end_data).
    start_data: row.startAt.toISOString(),
    end_data: row.endAt.toISOString(),
    auto_renew: row.autoRenew,
    renewals: row.renewals,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    expired_at: row.expiredAt?.toISOString() ?? null,
    expired_reason: row.expiredReason,
    // Empty here: the answers that show the connections and related artists spread
    // `subscriptionConnectionFields` (connections.service.ts) over these.
    spotify_name: null as string | null,
    spotify_id: null as string | null,
    instagram_username: null as string | null,
    related_artists: [] as {
      spotify_name: string;
      spotify_image: string | null;
      spotify_url: string | null;
      instagram_username: string | null;
    }[],
    ...subscriptionFlags(row, now),
  };
}
export type SubscriptionView = ReturnType<typeof subscriptionView>;

/**
 * The artist's subscription that matters now: the open one (active or cancelled), else the latest
 * expired one, else null.
 */
export async function currentSubscription(deps: Pick<Deps, 'database'>, userId: number): Promise<Row | null> {
  const [row] = await deps.database.db
    .select()
    .from(fanFinderSubscriptions)
    .where(eq(fanFinderSubscriptions.userId, userId))
    .orderBy(sql`(${fanFinderSubscriptions.status} <> 'expired') desc`, desc(fanFinderSubscriptions.id))
    .limit(1);
  return row ?? null;
}

/** `fan/finder/check/subscription`: the flags of the current subscription, and its id. */
export async function checkSubscription(deps: Deps, userId: number) {
  const row = await currentSubscription(deps, userId);
  return { subscription_id: row?.id ?? null, ...subscriptionFlags(row, deps.clock.now()) };
}

/**
 * Subscribe the artist to an offered plan (spec section 4 desc 7): the
 * plan's price in coins leaves the wallet as ONE ledger transfer (desc 7 "Fan Finder Subscription
 * purchase", not a hold) and the plan starts now for its days. One open subscription per artist is a
 * partial unique index: of concurrent requests one wins, the others get 409 and pay nothing.
 * @returns the new subscription
 * @throws ValidationError on `plan_id` (unknown or withdrawn plan); ConflictError
 *   `fan_finder.already_subscribed`; InsufficientBalanceError (409) when the wallet has too few coins
 */
export async function subscribe(
  deps: Deps,
  userId: number,
  input: { plan_id: number; auto_renew: boolean },
): Promise<SubscriptionView> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const [plan] = await tx.db
      .select()
      .from(fanFinderPlans)
      .where(and(eq(fanFinderPlans.id, input.plan_id), eq(fanFinderPlans.status, 1)))
      .for('share');
    if (!plan) throw new ValidationError({ plan_id: ['fan_finder.plan_unavailable'] });
    // A cancelled (or non-renewing) subscription past its end frees the place before the daily job runs.
    await tx.db
      .update(fanFinderSubscriptions)
      .set({ status: 'expired', expiredAt: now, expiredReason: 'ended' })
      .where(
        and(
          eq(fanFinderSubscriptions.userId, userId),
          ne(fanFinderSubscriptions.status, 'expired'),
          lte(fanFinderSubscriptions.endAt, now),
          sql`not (${fanFinderSubscriptions.status} = 'active' and ${fanFinderSubscriptions.autoRenew})`,
        ),
      );
    const [created] = await tx.db
      .insert(fanFinderSubscriptions)
      .values({
        userId,
        planId: plan.id,
        planName: plan.planName,
        planDays: plan.planDays,
        price: plan.price,
        autoRenew: input.auto_renew,
        startAt: now,
        endAt: new Date(now.getTime() + plan.planDays * DAY_MS),
      })
      .returning()
      .catch((err) => {
        if (isUniqueViolation(err, FAN_FINDER_ONE_OPEN))
          throw new ConflictError('fan_finder.already_subscribed');
        throw err;
      });
    const { transfer } = await debit(tx, {
      userId,
      coins: plan.price,
      descId: DESC.FAN_FINDER,
      idempotencyKey: `fan-finder:${created!.id}:0`,
      meta: { subscription_id: created!.id, plan_id: plan.id, plan_name: plan.planName, period: 0 },
    });
    const [row] = await tx.db
      .update(fanFinderSubscriptions)
      .set({ lastTransferId: transfer.id })
      .where(eq(fanFinderSubscriptions.id, created!.id))
      .returning();
    return subscriptionView(row!, now);
  });
}

async function lockOwn(tx: Tx, id: number, userId: number | null): Promise<Row> {
  const [row] = await tx.db
    .select()
    .from(fanFinderSubscriptions)
    .where(
      userId === null
        ? eq(fanFinderSubscriptions.id, id)
        : and(eq(fanFinderSubscriptions.id, id), eq(fanFinderSubscriptions.userId, userId)),
    )
    .for('update');
  // Another artist's subscription is not found, like one that does not exist (no id probing).
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Switch auto-renew (`fan/finder/update/subscription/{id}`; staff from the user overview). Turning it
 * on again for a cancelled subscription that still runs resumes it (status active).
 * @param userId the owner (object-level check), or null for staff (audited with `actor`)
 * @throws NotFoundError (unknown or someone else's); ConflictError `fan_finder.subscription_ended`
 */
export async function setAutoRenew(
  deps: Deps,
  id: number,
  userId: number | null,
  autoRenew: boolean,
  actor?: AuditActor,
): Promise<SubscriptionView> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const row = await lockOwn(tx, id, userId);
    if (!subscriptionFlags(row, now).is_subscribed) throw new ConflictError('fan_finder.subscription_ended');
    const [updated] = await tx.db
      .update(fanFinderSubscriptions)
      .set(autoRenew ? { autoRenew: true, status: 'active', cancelledAt: null } : { autoRenew: false })
      .where(eq(fanFinderSubscriptions.id, id))
      .returning();
    if (actor)
      await audit(
        deps.database,
        actor,
        {
          action: 'fan_finder.auto_renew',
          targetType: 'fan_finder_subscription',
          targetId: id,
          meta: { auto_renew: autoRenew, user_id: row.userId },
        },
        tx,
      );
    return subscriptionView(updated!, now);
  });
}

/**
 * Cancel: no renewal, access until the end date. Cancelling a cancelled one changes nothing.
 * @throws NotFoundError (unknown or someone else's); ConflictError `fan_finder.subscription_ended`
 */
export async function cancelSubscription(deps: Deps, id: number, userId: number): Promise<SubscriptionView> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const row = await lockOwn(tx, id, userId);
    if (!subscriptionFlags(row, now).is_subscribed) throw new ConflictError('fan_finder.subscription_ended');
    if (row.status === 'cancelled') return subscriptionView(row, now);
    const [updated] = await tx.db
      .update(fanFinderSubscriptions)
      .set({ status: 'cancelled', autoRenew: false, cancelledAt: now })
      .where(eq(fanFinderSubscriptions.id, id))
      .returning();
    return subscriptionView(updated!, now);
  });
}

/** What happened to one due subscription in the renewal run. */
export type RenewalOutcome = 'renewed' | 'insufficient_coins' | 'plan_unavailable' | 'ended' | 'skipped';

/**
 * Renew or expire one subscription whose end date has passed, under its row lock (safe to run twice:
 * a second run finds it renewed or expired and skips). Auto-renew on: the plan's current price is
 * charged as one transfer (desc 7, idempotency key per period) and the end moves by the plan's days;
 * too few coins or a withdrawn plan expire it and nothing is charged (the wallet never goes negative:
 * the ledger's CHECK refuses). The artist is notified in every case.
 */
export async function renewOne(deps: Deps, id: number): Promise<RenewalOutcome> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const row = await lockOwn(tx, id, null);
    if (row.status === 'expired' || row.endAt.getTime() > now.getTime()) return 'skipped';
    const expire = async (reason: Exclude<RenewalOutcome, 'renewed' | 'skipped'>) => {
      await tx.db
        .update(fanFinderSubscriptions)
        .set({ status: 'expired', expiredAt: now, expiredReason: reason })
        .where(eq(fanFinderSubscriptions.id, id));
      await notify(tx, {
        userId: row.userId,
        type: 'fan_finder.expired',
        message:
          reason === 'insufficient_coins'
            ? 'fan_finder.notify.expired_no_coins'
            : reason === 'plan_unavailable'
              ? 'fan_finder.notify.expired_plan'
              : 'fan_finder.notify.ended',
        params: { plan: row.planName, coins: row.price },
        link: SUBSCRIPTION_LINK,
        data: { subscription_id: id },
        createdAt: now,
      });
      return reason;
    };
    if (row.status !== 'active' || !row.autoRenew) return expire('ended');
    const [plan] = await tx.db
      .select()
      .from(fanFinderPlans)
      .where(and(eq(fanFinderPlans.id, row.planId), eq(fanFinderPlans.status, 1)))
      .for('share');
    if (!plan) return expire('plan_unavailable');
    const period = row.renewals + 1;
    let transferId: number;
    try {
      const { transfer } = await debit(tx, {
        userId: row.userId,
        coins: plan.price,
        descId: DESC.FAN_FINDER,
        idempotencyKey: `fan-finder:${id}:${period}`,
        meta: { subscription_id: id, plan_id: plan.id, plan_name: plan.planName, period },
      });
      transferId = transfer.id;
    } catch (err) {
      if (err instanceof InsufficientBalanceError) return expire('insufficient_coins');
      throw err;
    }
    // The new period follows the old one; after a long outage of the job it starts now instead.
    const start = row.endAt.getTime() + plan.planDays * DAY_MS > now.getTime() ? row.endAt : now;
    const end = new Date(start.getTime() + plan.planDays * DAY_MS);
    await tx.db
      .update(fanFinderSubscriptions)
      .set({
        planName: plan.planName,
        planDays: plan.planDays,
        price: plan.price,
        endAt: end,
        renewals: period,
        lastTransferId: transferId,
      })
      .where(eq(fanFinderSubscriptions.id, id));
    await notify(tx, {
      userId: row.userId,
      type: 'fan_finder.renewed',
      message: 'fan_finder.notify.renewed',
      params: { plan: plan.planName, coins: plan.price, date: end.toISOString().slice(0, 10) },
      link: SUBSCRIPTION_LINK,
      data: { subscription_id: id },
      createdAt: now,
    });
    return 'renewed';
  });
}

/**
 * The daily renewal run (`fan-finder.renew`): every open subscription whose end date has passed is
 * renewed or expired, one transaction each, so one wallet's failure never holds back the others.
 * @returns how many ended in each outcome
 */
export async function renewDueSubscriptions(deps: Deps): Promise<Record<RenewalOutcome, number>> {
  const due = await deps.database.db
    .select({ id: fanFinderSubscriptions.id })
    .from(fanFinderSubscriptions)
    .where(
      and(ne(fanFinderSubscriptions.status, 'expired'), lte(fanFinderSubscriptions.endAt, deps.clock.now())),
    )
    .orderBy(fanFinderSubscriptions.endAt);
  const outcomes: Record<RenewalOutcome, number> = {
    renewed: 0,
    insufficient_coins: 0,
    plan_unavailable: 0,
    ended: 0,
    skipped: 0,
  };
  for (const { id } of due) outcomes[await renewOne(deps, id)] += 1;
  return outcomes;
}

/** A subscription with its subscriber, for the back-office. */
function adminView(row: Row, user: typeof users.$inferSelect, now: Date) {
  return {
    ...subscriptionView(row, now),
    user: {
      id: user.id,
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
    },
  };
}

/**
 * Back-office list (/fan/finder/subscriptions): newest first, filters `status`, `plan_id`,
 * `auto_renew` (1/0), `user_id`, and `q` on the subscriber's name or e-mail or the plan's name.
 */
export async function listSubscriptions(deps: Deps, query: ListQuery) {
  const { page, limit } = query;
  const where: SQL[] = [];
  const f = query.filter ?? {};
  const status = typeof f.status === 'string' ? f.status : '';
  if (['active', 'cancelled', 'expired'].includes(status))
    where.push(eq(fanFinderSubscriptions.status, status));
  const planId = Number(f.plan_id);
  if (Number.isSafeInteger(planId) && planId > 0) where.push(eq(fanFinderSubscriptions.planId, planId));
  const userId = Number(f.user_id);
  if (Number.isSafeInteger(userId) && userId > 0) where.push(eq(fanFinderSubscriptions.userId, userId));
  if (f.auto_renew === '1' || f.auto_renew === '0')
    where.push(eq(fanFinderSubscriptions.autoRenew, f.auto_renew === '1'));
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(or(userMatches(like), ilike(fanFinderSubscriptions.planName, like))!);
  }
  const cond = where.length ? and(...where) : undefined;
  const now = deps.clock.now();
  const [rows, [total]] = await Promise.all([
    deps.database.db
      .select({ s: fanFinderSubscriptions, u: users })
      .from(fanFinderSubscriptions)
      .innerJoin(users, eq(users.id, fanFinderSubscriptions.userId))
      .where(cond)
      .orderBy(desc(fanFinderSubscriptions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db
      .select({ n: count() })
      .from(fanFinderSubscriptions)
      .innerJoin(users, eq(users.id, fanFinderSubscriptions.userId))
      .where(cond),
  ]);
  return {
    data: rows.map((r) => adminView(r.s, r.u, now)),
    pagination: paginate(total!.n, page, limit),
  };
}

/**
 * Back-office detail: the subscription, its subscriber and every charge (desc 7 transfers) it made.
 * @throws NotFoundError
 */
export async function subscriptionDetail(deps: Deps, id: number) {
  const [found] = await deps.database.db
    .select({ s: fanFinderSubscriptions, u: users })
    .from(fanFinderSubscriptions)
    .innerJoin(users, eq(users.id, fanFinderSubscriptions.userId))
    .where(eq(fanFinderSubscriptions.id, id));
  if (!found) throw new NotFoundError();
  const charges = await deps.database.db
    .select({
      id: ledgerTransfers.id,
      number: ledgerTransfers.number,
      coins: ledgerTransfers.amount,
      created_at: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.descId, DESC.FAN_FINDER),
        sql`${ledgerTransfers.idempotencyKey} like ${`fan-finder:${id}:%`}`,
      ),
    )
    .orderBy(ledgerTransfers.id);
  return {
    ...adminView(found.s, found.u, deps.clock.now()),
    charges: charges.map((c) => ({ ...c, created_at: c.created_at.toISOString() })),
  };
}

/** A user's subscriptions, newest first (user overview's Fan Finder Subscription tab). */
export async function userSubscriptions(deps: Deps, userId: number) {
  const rows = await deps.database.db
    .select()
    .from(fanFinderSubscriptions)
    .where(eq(fanFinderSubscriptions.userId, userId))
    .orderBy(desc(fanFinderSubscriptions.id));
  const now = deps.clock.now();
  return rows.map((r) => subscriptionView(r, now));
}
