import { PAYOUT_STATUS, PAYOUT_STATUSES } from '@lm/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins, ledgerTransfers, users } from '../../db/schema';
import { containsPattern, userMatches } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { type ExportColumn, isoInstant, statusCode } from '../../platform/csv-export';
import { NotFoundError } from '../../platform/errors';
import { type ListQuery, paginate } from '../../platform/http';
import { getSettings } from '../settings';
import type { Payout } from './payouts.context';
import { payoutRisks } from './payouts.risk';
import { payoutQuotes, payoutRecipients, payouts } from './payouts.schema';
import * as service from './payouts.service';

/**
 * Read side of the payout screens (spec section 2: /payouts/list, /payouts/{id}, /requests/list,
 * /transfers/{quote}): the queries the route files used to hold.
 */

type Deps = Pick<AppDeps, 'database' | 'storage' | 'providers' | 'clock'>;

const staffUser = (u: typeof users.$inferSelect) => ({
  id: u.id,
  name: `${u.firstName} ${u.lastName}`,
  email: u.email,
  user_type_id: u.userTypeId,
});

type Row = { p: Payout; u: typeof users.$inferSelect; r: typeof payoutRecipients.$inferSelect };

/**
 * Staff views of payout rows (lists and detail): payee, bank account, where each stands with its
 * approvers (the `payout_second_approval_coins` setting) and its risk context (payouts.risk).
 */
async function adminViews(deps: Pick<Deps, 'database' | 'storage'>, list: Row[]) {
  const firstIds = [...new Set(list.map((row) => row.p.firstApprovedByAdminId).filter((id) => id !== null))];
  const [settings, risks, approvers] = await Promise.all([
    getSettings(deps.database),
    payoutRisks(
      deps.database.db,
      list.map((row) => row.p),
    ),
    firstIds.length
      ? deps.database.db
          .select({ id: admins.id, name: admins.name })
          .from(admins)
          .where(inArray(admins.id, firstIds))
      : Promise.resolve([]),
  ]);
  const threshold = settings.payout_second_approval_coins;
  return list.map(({ p, u, r }) => {
    const first = approvers.find((a) => a.id === p.firstApprovedByAdminId) ?? null;
    return {
      ...service.payoutView(p, (k) => deps.storage.url(k)),
      user: staffUser(u),
      recipient: service.recipientView(r),
      approval: {
        needs_second_approver: threshold > 0 && p.coins > threshold,
        first_approved_by: first,
        first_approved_at: p.firstApprovedAt?.toISOString() ?? null,
      },
      risk: risks.get(p.id)!,
    };
  });
}

/** A status filter of 1-5 (spec section 4 payout statuses); anything else is no filter. */
function statusFilter(query: Pick<ListQuery, 'filter'>): number | null {
  const status = Number(query.filter?.status_id);
  return Number.isInteger(status) && status >= 1 && status <= 5 ? status : null;
}

/**
 * A payee's own payouts, newest first (`curator/payouts`), filterable by `filter[status_id]`.
 * @returns one page of payout views with the spec's pagination block
 */
export async function listOwnPayouts(
  deps: Pick<Deps, 'database' | 'storage'>,
  userId: number,
  query: ListQuery,
) {
  const { page, limit } = query;
  const where: SQL[] = [eq(payouts.userId, userId)];
  const status = statusFilter(query);
  if (status) where.push(eq(payouts.statusId, status));
  const [rows, [total]] = await Promise.all([
    deps.database.db
      .select()
      .from(payouts)
      .where(and(...where))
      .orderBy(desc(payouts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db
      .select({ n: count() })
      .from(payouts)
      .where(and(...where)),
  ]);
  return {
    data: rows.map((p) => service.payoutView(p, (k) => deps.storage.url(k))),
    pagination: paginate(total!.n, page, limit),
  };
}

/**
 * Staff payout lists (/requests/list with `statuses` [1], /payouts/list with null): filter by
 * `filter[status_id]` (wins over `statuses`), `filter[user_id]`, and `q` over the payee's e-mail and
 * name and the Wise quote and transfer ids (LIKE wildcards in `q` are matched literally).
 */
export async function listPayouts(
  deps: Pick<Deps, 'database' | 'storage'>,
  query: ListQuery,
  statuses: number[] | null,
) {
  const { page, limit } = query;
  const cond = payoutListCondition(query, statuses);
  const [rows, [total]] = await Promise.all([
    deps.database.db
      .select({ p: payouts, u: users, r: payoutRecipients })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .innerJoin(payoutRecipients, eq(payoutRecipients.id, payouts.recipientId))
      .where(cond)
      .orderBy(desc(payouts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db
      .select({ n: count() })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .where(cond),
  ]);
  return {
    data: await adminViews(deps, rows),
    pagination: paginate(total!.n, page, limit),
  };
}

/** The staff payout lists' condition (on `payouts` joined to `users`) of a list query. */
function payoutListCondition(query: Pick<ListQuery, 'filter' | 'q'>, statuses: number[] | null) {
  const where: SQL[] = [];
  const status = statusFilter(query);
  if (status) where.push(eq(payouts.statusId, status));
  else if (statuses) where.push(inArray(payouts.statusId, statuses));
  const userId = Number(query.filter?.user_id);
  if (Number.isInteger(userId) && userId > 0) where.push(eq(payouts.userId, userId));
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(
      or(
        userMatches(like),
        ilike(payouts.wiseQuoteId, like),
        ilike(sql`coalesce(${payouts.wiseTransferId}, '')`, like),
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

/** One payout as a row of the staff payout lists' CSV export. */
export interface PayoutExportRow extends Record<string, unknown> {
  id: number;
  created_at: Date;
  user_id: number;
  name: string;
  email: string;
  coins: number;
  amount_minor: number;
  currency: string;
  fee_minor: number;
  target_minor: number;
  target_currency: string;
  status_id: number;
  wise_status: string | null;
  wise_quote_id: string;
  wise_transfer_id: string | null;
}

/** Columns of the payout lists' CSV export, headers from `exports.payouts.*`; money in major units. */
export const PAYOUT_EXPORT_COLUMNS = [
  { key: 'id', header: 'exports.payouts.id' },
  { key: 'created_at', header: 'exports.payouts.created_at', format: isoInstant },
  { key: 'user_id', header: 'exports.payouts.user_id' },
  { key: 'name', header: 'exports.payouts.name' },
  { key: 'email', header: 'exports.payouts.email' },
  { key: 'coins', header: 'exports.payouts.coins' },
  { key: 'amount_minor', header: 'exports.payouts.amount', format: (v) => minorToMajor(Number(v)) },
  { key: 'currency', header: 'exports.payouts.currency' },
  { key: 'fee_minor', header: 'exports.payouts.fee', format: (v) => minorToMajor(Number(v)) },
  { key: 'target_minor', header: 'exports.payouts.target_amount', format: (v) => minorToMajor(Number(v)) },
  { key: 'target_currency', header: 'exports.payouts.target_currency' },
  {
    key: 'status_id',
    header: 'exports.payouts.status',
    format: (v) => statusCode(PAYOUT_STATUSES, v),
  },
  { key: 'wise_status', header: 'exports.payouts.wise_status' },
  { key: 'wise_quote_id', header: 'exports.payouts.wise_quote_id' },
  { key: 'wise_transfer_id', header: 'exports.payouts.wise_transfer_id' },
] as const satisfies readonly ExportColumn<PayoutExportRow>[];

/** Minor units (pence) as a decimal of the major unit: 1234 → "12.34". */
const minorToMajor = (minor: number) => (minor / 100).toFixed(2);

/**
 * The query of a staff payout list's CSV export (`GET /api/admin/payouts/export.csv`,
 * `GET /api/admin/payouts/requests/export.csv`, issue 36): every payout the list's `q` and filters
 * select, newest first, with its payee.
 */
export function payoutExportQuery(query: Pick<ListQuery, 'filter' | 'q'>, statuses: number[] | null): SQL {
  const cond = payoutListCondition(query, statuses);
  return sql`select ${payouts.id} as id, ${payouts.createdAt} as created_at, ${payouts.userId} as user_id,
      trim(${users.firstName} || ' ' || ${users.lastName}) as name, ${payouts.email} as email,
      ${payouts.coins} as coins, ${payouts.amountMinor} as amount_minor, ${payouts.currency} as currency,
      ${payouts.feeMinor} as fee_minor, ${payouts.targetMinor} as target_minor,
      ${payouts.targetCurrency} as target_currency, ${payouts.statusId} as status_id,
      ${payouts.wiseStatus} as wise_status, ${payouts.wiseQuoteId} as wise_quote_id,
      ${payouts.wiseTransferId} as wise_transfer_id
    from ${payouts}
    join ${users} on ${users.id} = ${payouts.userId}
    where ${cond ?? sql`true`}
    order by ${payouts.id} desc`;
}

/**
 * Payout `id` (`p`) with its payee (`u`) and the recipient account it was sent to (`r`).
 * @throws NotFoundError for an unknown id
 */
export async function payoutWithParties(deps: Pick<Deps, 'database'>, id: number) {
  const [row] = await deps.database.db
    .select({ p: payouts, u: users, r: payoutRecipients })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .innerJoin(payoutRecipients, eq(payoutRecipients.id, payouts.recipientId))
    .where(eq(payouts.id, id));
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * One payout for staff (/payouts/{id}): payee, recipient, the hold behind it and the ledger
 * movements of that hold and of a declined payout's return.
 * @throws NotFoundError for an unknown id
 */
export async function payoutDetail(deps: Pick<Deps, 'database' | 'storage'>, id: number) {
  const row = await payoutWithParties(deps, id);
  const movements = await deps.database.db
    .select()
    .from(ledgerTransfers)
    .where(
      or(
        eq(ledgerTransfers.holdId, row.p.holdId),
        eq(ledgerTransfers.idempotencyKey, `payout:${row.p.id}:return`),
      ),
    )
    .orderBy(ledgerTransfers.id);
  const [view] = await adminViews(deps, [row]);
  return {
    ...view!,
    hold: await service.holdOf(deps, row.p),
    movements: movements.map((m) => ({
      id: m.id,
      number: m.number,
      desc_id: m.descId,
      coins: m.amount,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

/**
 * A Wise quote with its payee, recipient, payout and the transfer's live state at Wise
 * (/transfers/{quote}); the stored state is shown when Wise cannot be reached.
 * @throws NotFoundError for an unknown quote
 */
export async function transferView(deps: Deps, wiseQuoteId: string) {
  const [row] = await deps.database.db
    .select({ q: payoutQuotes, u: users, r: payoutRecipients })
    .from(payoutQuotes)
    .innerJoin(users, eq(users.id, payoutQuotes.userId))
    .innerJoin(payoutRecipients, eq(payoutRecipients.id, payoutQuotes.recipientId))
    .where(eq(payoutQuotes.wiseQuoteId, wiseQuoteId));
  if (!row) throw new NotFoundError();
  const [p] = await deps.database.db.select().from(payouts).where(eq(payouts.quoteId, row.q.id));
  let wise: { transfer_id: string; status: string } | null = null;
  if (p?.wiseTransferId) {
    const live = await deps.providers.wise.getTransfer(p.wiseTransferId).catch(() => null);
    wise = { transfer_id: p.wiseTransferId, status: live?.status ?? p.wiseStatus ?? 'unknown' };
  }
  return {
    quote: service.quoteView(row.q, deps.clock.now()),
    user: staffUser(row.u),
    recipient: service.recipientView(row.r),
    payout: p ? service.payoutView(p, (k) => deps.storage.url(k)) : null,
    wise,
  };
}

/**
 * Payouts waiting for staff (status 1 pending: transfer created, not yet approved or declined), and
 * how long the oldest has waited (issue 33, metrics `liberty_payouts_awaiting_approval`).
 * @param db drizzle over the pool or a transaction
 * @returns the count and the oldest one's age in seconds (0 when none waits)
 */
export async function payoutsAwaitingApproval(db: Db): Promise<{ waiting: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${payouts.createdAt})), 0)::float8`,
    })
    .from(payouts)
    .where(eq(payouts.statusId, PAYOUT_STATUS.PENDING));
  return row!;
}
