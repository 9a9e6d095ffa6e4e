import { coinsPriceMinor, TRANSACTION_DESCRIPTIONS } from '@lm/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { settings, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { type ExportColumn, isoInstant, statusCode } from '../../platform/csv-export';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { type ListQuery, paginate } from '../../platform/http';
import { countOrEstimate } from '../../platform/list-total';
import { formatMinor } from '../../providers/payments/money';
import { type AuditActor, audit, auditChanges } from '../audit';
import { getSettings } from '../settings';
import { describeTransfers, type TransactionDescription } from './descriptions';
import { credit, DESC, debit } from './ledger';
import { coinPackages, invoices, payments } from './payments.schema';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from './wallet.schema';
import { coinValue, type ValueBasis } from './wallet.value';

/** A user-facing transaction (spec section 3 "Transaction"): one ledger entry of the user's wallet. */
export interface TransactionItem {
  id: number;
  transactions_id: string;
  coins: number;
  amount: number | null;
  currency: string | null;
  transaction_date: string;
  transaction_type: 'credit' | 'debit';
  desc_id: number;
  desc: { desc: string };
  balance_after: number;
  invoice: { id: number; attachment_link: string | null; payment: { id: number } } | null;
  transaction_details: {
    refund_type: string | null;
    campaign_type: string | null;
    campaign_id: string | null;
  };
  transfer: { wise_quote_id: string | null } | null;
  /** The Fan Finder plan a desc 7 movement paid for (spec section 3: fan_finder.plan.plan_name). */
  fan_finder: { plan: { plan_name: string } } | null;
  user: { id: number; name: string; email: string } | null;
  /** What the movement was: a catalog key and its parameters, translated by the app. */
  description: TransactionDescription;
  /**
   * Signed money of the movement in pence (debits negative): what was paid when money came with it
   * (`basis: 'paid'`), otherwise the coins valued like the wallet's balance (`coinValue`: the coin
   * price for artists, the payout rate for payees) at today's settings.
   */
  total: { minor: number; currency: string; basis: 'paid' | ValueBasis };
}

const str = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

/**
 * Filters of the transaction lists, on the entries alone so the (account_id, ...) indexes serve them:
 * number (contains, trigram index), desc_id, type (credit/debit), date range (YYYY-MM-DD, inclusive).
 */
function entryFilters(filter: ListQuery['filter']): SQL[] {
  const f = filter ?? {};
  const out: SQL[] = [];
  const one = (k: string) => (Array.isArray(f[k]) ? f[k][0] : f[k]) as string | undefined;
  const number = one('transactions_id')?.trim();
  if (number) {
    const pattern = containsPattern(number);
    out.push(
      inArray(
        ledgerEntries.transferId,
        sql`(select ${ledgerTransfers.id} from ${ledgerTransfers} where ${ledgerTransfers.number} ilike ${pattern})`,
      ),
    );
  }
  const descId = one('desc_id');
  if (descId && /^[1-7]$/.test(descId)) out.push(eq(ledgerEntries.descId, Number(descId)));
  const type = one('transaction_type');
  if (type === 'credit') out.push(sql`${ledgerEntries.amount} > 0`);
  if (type === 'debit') out.push(sql`${ledgerEntries.amount} < 0`);
  const from = one('date_from');
  if (from && /^\d{4}-\d{2}-\d{2}$/.test(from))
    out.push(gte(ledgerEntries.createdAt, new Date(`${from}T00:00:00Z`)));
  const to = one('date_to');
  if (to && /^\d{4}-\d{2}-\d{2}$/.test(to)) {
    out.push(lt(ledgerEntries.createdAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000)));
  }
  return out;
}

function detailedEntries(database: Database) {
  return database.db
    .select({
      entry: ledgerEntries,
      transfer: ledgerTransfers,
      userId: ledgerAccounts.userId,
      invoiceId: invoices.id,
      invoicePath: invoices.attachmentPath,
      paymentId: invoices.paymentId,
      userName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      userEmail: users.email,
      userTypeId: users.userTypeId,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .leftJoin(invoices, eq(invoices.transferId, ledgerTransfers.id))
    .leftJoin(users, eq(users.id, ledgerAccounts.userId));
}

/**
 * Page of entry ids of the list: on one wallet without filters a seek on `(account_id, account_seq)`
 * (positions are dense, so page N is a range of positions, however deep) with the exact total kept on
 * the account (`entry_count`); otherwise the ids on the (account_id, ...) indexes with OFFSET and a
 * total that is exact up to COUNT_EXACT_UP_TO matches and an estimate above.
 */
async function pageEntryIds(
  database: Database,
  account: { id: number; entryCount: number } | null,
  query: ListQuery,
): Promise<{ ids: number[]; total: number; estimated: boolean }> {
  const ascending = query.order?.endsWith(':asc') ?? false;
  const filters = entryFilters(query.filter);
  if (account && filters.length === 0) {
    const total = account.entryCount;
    const skip = (query.page - 1) * query.limit;
    // Positions of the page: newest first counts down from the account's last position.
    const [low, high] = ascending
      ? [skip + 1, skip + query.limit]
      : [total - skip - query.limit + 1, total - skip];
    if (high < 1) return { ids: [], total, estimated: false };
    const rows = await database.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.accountId, account.id),
          gte(ledgerEntries.accountSeq, Math.max(1, low)),
          sql`${ledgerEntries.accountSeq} <= ${high}`,
        ),
      )
      .orderBy(ascending ? asc(ledgerEntries.accountSeq) : desc(ledgerEntries.accountSeq));
    return { ids: rows.map((r) => r.id), total, estimated: false };
  }
  const accountCondition = account
    ? eq(ledgerEntries.accountId, account.id)
    : sql`${ledgerEntries.accountId} in (select ${ledgerAccounts.id} from ${ledgerAccounts} where ${ledgerAccounts.kind} = 'user_wallet')`;
  const where = and(accountCondition, ...filters) ?? accountCondition;
  const [rows, count] = await Promise.all([
    database.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(where)
      .orderBy(ascending ? asc(ledgerEntries.id) : desc(ledgerEntries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countOrEstimate(database, sql`from ${ledgerEntries} where ${where}`),
  ]);
  return { ids: rows.map((r) => r.id), ...count };
}

/**
 * Transactions of one wallet (or of every user wallet when `userId` is null), newest first (`order`
 * ending in `:asc` for oldest first). The page's entry ids are found on the indexes first (see
 * `pageEntryIds`) and only those rows are joined (docs/performance.md).
 * @returns items and the pagination block; `total_estimated` when the total is an estimate
 */
export async function listTransactions(
  database: Database,
  userId: number | null,
  query: ListQuery,
  storageUrl: (key: string) => string,
) {
  let account: { id: number; entryCount: number } | null = null;
  if (userId !== null) {
    const [found] = await database.db
      .select({ id: ledgerAccounts.id, entryCount: ledgerAccounts.entryCount })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'user_wallet'), eq(ledgerAccounts.userId, userId)));
    if (!found) return { data: [], pagination: paginate(0, query.page, query.limit) };
    account = found;
  }
  return entriesPage(database, account, query, storageUrl);
}

/**
 * The entries of an organisation's wallet (issue 35), paged, filtered and ordered like a user's
 * transactions ({@link listTransactions}); an organisation without a wallet yet has none.
 */
export async function listOrganisationTransactions(
  database: Database,
  organisationId: number,
  query: ListQuery,
  storageUrl: (key: string) => string,
) {
  const [found] = await database.db
    .select({ id: ledgerAccounts.id, entryCount: ledgerAccounts.entryCount })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.kind, 'organisation_wallet'), eq(ledgerAccounts.organisationId, organisationId)),
    );
  if (!found) return { data: [], pagination: paginate(0, query.page, query.limit) };
  return entriesPage(database, found, query, storageUrl);
}

async function entriesPage(
  database: Database,
  account: { id: number; entryCount: number } | null,
  query: ListQuery,
  storageUrl: (key: string) => string,
) {
  const direction = query.order?.endsWith(':asc') ? asc : desc;
  const page = await pageEntryIds(database, account, query);
  const rows =
    page.ids.length === 0
      ? []
      : await detailedEntries(database)
          .where(inArray(ledgerEntries.id, page.ids))
          .orderBy(direction(ledgerEntries.id));
  return {
    data: await toItems(database, rows, storageUrl),
    pagination: paginate(page.total, query.page, query.limit, page.estimated),
  };
}

type EntryRow = {
  entry: typeof ledgerEntries.$inferSelect;
  transfer: typeof ledgerTransfers.$inferSelect;
  userId: number | null;
  invoiceId: number | null;
  invoicePath: string | null;
  paymentId: number | null;
  userName: string | null;
  userEmail: string | null;
  userTypeId: number | null;
};

/** Items of a page of entries, with their descriptions and signed totals. */
async function toItems(
  database: Database,
  rows: EntryRow[],
  storageUrl: (key: string) => string,
): Promise<TransactionItem[]> {
  if (rows.length === 0) return [];
  const [descriptions, settings] = await Promise.all([
    describeTransfers(
      database,
      rows.map((r) => ({
        descId: r.transfer.descId,
        amount: r.entry.amount,
        meta: (r.transfer.meta ?? {}) as Record<string, unknown>,
      })),
    ),
    getSettings(database),
  ]);
  return rows.map((r, i) => {
    const sign = r.entry.amount < 0 ? -1 : 1;
    let total: TransactionItem['total'];
    if (r.transfer.moneyMinor !== null && r.transfer.currency) {
      total = { minor: sign * r.transfer.moneyMinor, currency: r.transfer.currency, basis: 'paid' };
    } else {
      const value = coinValue(Math.abs(r.entry.amount), r.userTypeId ?? 1, settings);
      total = { minor: sign * value.total_minor, currency: value.currency, basis: value.basis };
    }
    return { ...toItem(r, storageUrl), description: descriptions[i]!, total };
  });
}

function toItem(
  r: EntryRow,
  storageUrl: (key: string) => string,
): Omit<TransactionItem, 'description' | 'total'> {
  const meta = (r.transfer.meta ?? {}) as Record<string, unknown>;
  return {
    id: r.entry.id,
    transactions_id: r.transfer.number,
    coins: Math.abs(r.entry.amount),
    amount: r.transfer.moneyMinor,
    currency: r.transfer.currency,
    transaction_date: r.entry.createdAt.toISOString(),
    transaction_type: r.entry.amount > 0 ? 'credit' : 'debit',
    desc_id: r.transfer.descId,
    desc: { desc: TRANSACTION_DESCRIPTIONS[r.transfer.descId] ?? '' },
    balance_after: r.entry.balanceAfter,
    invoice: r.invoiceId
      ? {
          id: r.invoiceId,
          attachment_link: r.invoicePath ? storageUrl(r.invoicePath) : null,
          payment: { id: r.paymentId! },
        }
      : null,
    transaction_details: {
      refund_type: str(meta.refund_type),
      campaign_type: str(meta.campaign_type),
      campaign_id: str(meta.campaign_id),
    },
    transfer: meta.wise_quote_id ? { wise_quote_id: str(meta.wise_quote_id) } : null,
    fan_finder: typeof meta.plan_name === 'string' ? { plan: { plan_name: meta.plan_name } } : null,
    user: r.userId ? { id: r.userId, name: r.userName ?? '', email: r.userEmail ?? '' } : null,
  };
}

/** One transaction (entry) of a user's wallet, or of any wallet when `userId` is null. */
export async function getTransaction(
  database: Database,
  entryId: number,
  userId: number | null,
  storageUrl: (k: string) => string,
) {
  const [row] = await detailedEntries(database).where(
    and(
      eq(ledgerEntries.id, entryId),
      eq(ledgerAccounts.kind, 'user_wallet'),
      ...(userId === null ? [] : [eq(ledgerAccounts.userId, userId)]),
    ),
  );
  return row ? ((await toItems(database, [row], storageUrl))[0] ?? null) : null;
}

/** Active packages (or all for admins), by position then price; `q` matches the name. */
export async function listPackages(
  database: Database,
  options: { q?: string; limit: number; includeInactive?: boolean },
) {
  return database.db
    .select()
    .from(coinPackages)
    .where(
      and(
        options.includeInactive ? undefined : eq(coinPackages.isActive, true),
        options.q ? ilike(coinPackages.name, containsPattern(options.q)) : undefined,
      ),
    )
    .orderBy(asc(coinPackages.position), asc(coinPackages.priceMinor))
    .limit(options.limit);
}

/** A coin package as staff write it (`admin/wallet/packages`): coins, bonus coins, price in pence. */
export type PackageRow = Omit<typeof coinPackages.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Create (`id` null) or change a coin package, audited (`wallet.package_create` / `_update`, the update
 * with `meta.changes`: each changed field's value before and after). A package
 * may cost less than its coins (bonus included) at the coin price, never more: the
 * coin price row is locked (shared) first, so a concurrent coin price change waits or is seen.
 * @throws ValidationError 422 `wallet.package_above_coin_price` on `price`, naming the highest price;
 *   NotFoundError for an unknown id
 */
export async function savePackage(
  database: Database,
  actor: AuditActor,
  id: number | null,
  row: PackageRow,
  meta: Record<string, unknown>,
) {
  return withTransaction(database, async (tx) => {
    await tx.db.execute(sql`select key from ${settings} where key = 'coin_price_pence' for share`);
    const { coin_price_pence } = await getSettings(tx);
    const coins = row.coins + (row.bonusCoins ?? 0);
    const highest = coinsPriceMinor(coins, coin_price_pence);
    if (row.priceMinor > highest)
      throw new ValidationError({
        price: [
          {
            key: 'wallet.package_above_coin_price',
            params: { value: formatMinor(highest, row.currency ?? 'GBP'), coins },
          },
        ],
      });
    const [before] =
      id === null ? [] : await tx.db.select().from(coinPackages).where(eq(coinPackages.id, id)).for('update');
    if (id !== null && !before) throw new NotFoundError();
    const [saved] =
      id === null
        ? await tx.db.insert(coinPackages).values(row).returning()
        : await tx.db
            .update(coinPackages)
            .set({ ...row, updatedAt: sql`now()` })
            .where(eq(coinPackages.id, id))
            .returning();
    if (!saved) throw new NotFoundError();
    await audit(
      database,
      actor,
      {
        action: id === null ? 'wallet.package_create' : 'wallet.package_update',
        targetType: 'coin_package',
        targetId: saved.id,
        meta: before
          ? {
              ...meta,
              changes: auditChanges(before, saved, { fields: Object.keys(row) as (keyof PackageRow)[] }),
            }
          : meta,
      },
      tx,
    );
    return saved;
  });
}

/** Platform accounts and their balances, with totals of user wallets (admin Main Wallet). */
export async function mainWallet(database: Database) {
  const rows = await database.db
    .select({
      kind: ledgerAccounts.kind,
      accounts: sql<number>`count(*)`.mapWith(Number),
      balance: sql<number>`coalesce(sum(${ledgerAccounts.balance}), 0)`.mapWith(Number),
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.kind)
    .orderBy(ledgerAccounts.kind);
  const [sold] = await database.db
    .select({
      coins: sql<number>`coalesce(sum(${payments.coins}), 0)`.mapWith(Number),
      revenue_minor: sql<number>`coalesce(sum(${payments.amountMinor}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(payments)
    .where(eq(payments.status, 'paid'));
  return { accounts: rows, sold: sold ?? { coins: 0, revenue_minor: 0, count: 0 } };
}

/** Payments (deposits) for the admin list, newest first. */
export async function listPayments(database: Database, query: ListQuery) {
  const f = query.filter ?? {};
  const status = typeof f.status === 'string' ? f.status : undefined;
  const method = typeof f.method === 'string' ? f.method : undefined;
  const where = and(
    status ? eq(payments.status, status) : undefined,
    method ? eq(payments.method, method) : undefined,
    query.q ? ilike(users.email, containsPattern(query.q)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    database.db
      .select({
        payment: payments,
        email: users.email,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.payment.id,
      user: { id: r.payment.userId, name: r.name, email: r.email },
      method: r.payment.method,
      provider: r.payment.provider,
      provider_ref: r.payment.providerRef,
      coins: r.payment.coins,
      amount: r.payment.amountMinor,
      currency: r.payment.currency,
      status: r.payment.status,
      created_at: r.payment.createdAt.toISOString(),
      paid_at: r.payment.paidAt?.toISOString() ?? null,
    })),
    pagination: paginate(count?.n ?? 0, query.page, query.limit),
  };
}

/**
 * Whose invoices: a user's own purchases (an organisation's, paid by the user as a team member, are
 * the organisation's: issue 35), an organisation's, or everyone's (null: staff).
 */
export type InvoiceOwner = number | { organisationId: number } | null;

function invoiceOwnerWhere(owner: InvoiceOwner) {
  if (owner === null) return undefined;
  if (typeof owner === 'number') return and(eq(invoices.userId, owner), isNull(invoices.organisationId));
  return eq(invoices.organisationId, owner.organisationId);
}

/** Invoices of a user, of an organisation (issue 35) or all, newest first. */
export async function listInvoices(
  database: Database,
  owner: InvoiceOwner,
  query: ListQuery,
  storageUrl: (k: string) => string,
) {
  const where = invoiceOwnerWhere(owner);
  const [rows, [count]] = await Promise.all([
    database.db
      .select({
        invoice: invoices,
        method: payments.method,
        email: users.email,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(invoices)
      .innerJoin(payments, eq(payments.id, invoices.paymentId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where)
      .orderBy(desc(invoices.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(invoices)
      .where(where),
  ]);
  return {
    data: rows.map((r) => invoiceItem(r, storageUrl)),
    pagination: paginate(count?.n ?? 0, query.page, query.limit),
  };
}

function invoiceItem(
  r: { invoice: typeof invoices.$inferSelect; method: string; email: string; name: string },
  storageUrl: (k: string) => string,
) {
  return {
    id: r.invoice.id,
    number: r.invoice.number,
    coins: r.invoice.coins,
    amount: r.invoice.amountMinor,
    currency: r.invoice.currency,
    is_paid: true,
    method: r.method,
    payment: { id: r.invoice.paymentId, method: r.method },
    attachment_link: r.invoice.attachmentPath ? storageUrl(r.invoice.attachmentPath) : null,
    user: { id: r.invoice.userId, name: r.name, email: r.email },
    created_at: r.invoice.createdAt.toISOString(),
  };
}

/** One invoice; `owner` restricts it to its owner (see {@link InvoiceOwner}). */
export async function getInvoice(
  database: Database,
  id: number,
  owner: InvoiceOwner,
  storageUrl: (k: string) => string,
) {
  const [row] = await database.db
    .select({
      invoice: invoices,
      method: payments.method,
      email: users.email,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(eq(invoices.id, id), invoiceOwnerWhere(owner)));
  return row ? invoiceItem(row, storageUrl) : null;
}

/**
 * Wallet balances per user (admin coins details), largest first, each valued like the user's own app
 * values it (`coinValue`: artists at the coin price, curators and influencers at the payout rate).
 */
export async function listWalletBalances(database: Database, query: ListQuery) {
  const rates = await getSettings(database);
  const where = and(
    eq(ledgerAccounts.kind, 'user_wallet'),
    query.q ? ilike(users.email, containsPattern(query.q)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    database.db
      .select({
        userId: users.id,
        email: users.email,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        userTypeId: users.userTypeId,
        balance: ledgerAccounts.balance,
      })
      .from(ledgerAccounts)
      .innerJoin(users, eq(users.id, ledgerAccounts.userId))
      .where(where)
      .orderBy(desc(ledgerAccounts.balance), asc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerAccounts)
      .innerJoin(users, eq(users.id, ledgerAccounts.userId))
      .where(where),
  ]);
  return {
    data: rows.map((r) => {
      const value = coinValue(r.balance, r.userTypeId, rates);
      return {
        user: { id: r.userId, name: r.name, email: r.email, user_type_id: r.userTypeId },
        balance: r.balance,
        value_minor: value.total_minor,
        value_basis: value.basis,
        currency: value.currency,
      };
    }),
    pagination: paginate(count?.n ?? 0, query.page, query.limit),
  };
}

/**
 * A staff balance adjustment (back-office wallet "Adjust balance"): a credit posts desc 3
 * (`refund_type: manual_adjustment`) from platform revenue, a debit posts desc "deducted" to it; the
 * reason and the admin are kept on the transfer and audited once. Replaying the same
 * `idempotency_key` answers the first transfer and moves nothing.
 * @param body.coins whole coins, at least 1
 * @returns the ledger transfer (new or replayed)
 * @throws NotFoundError for an unknown user; the ledger's `wallet.insufficient_balance` for a debit
 *   above the balance
 */
export async function adjustBalance(
  database: Database,
  actor: AuditActor & { id: number },
  body: {
    user_id: number;
    coins: number;
    direction: 'credit' | 'debit';
    reason: string;
    idempotency_key: string;
  },
) {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
  if (!user) throw new NotFoundError();
  return withTransaction(database, async (tx) => {
    const meta = {
      reason: body.reason,
      admin_id: actor.id,
      refund_type: body.direction === 'credit' ? 'manual_adjustment' : undefined,
    };
    const key = `adjust:${actor.id}:${body.idempotency_key}`;
    const r =
      body.direction === 'debit'
        ? await debit(tx, {
            userId: body.user_id,
            coins: body.coins,
            descId: DESC.DEDUCTED,
            idempotencyKey: key,
            to: 'platform_revenue',
            meta,
          })
        : await credit(tx, {
            userId: body.user_id,
            coins: body.coins,
            descId: DESC.REFUND,
            idempotencyKey: key,
            from: 'platform_revenue',
            meta,
          });
    if (!r.replayed) {
      await audit(
        database,
        actor,
        {
          action: 'wallet.adjustment',
          targetType: 'user',
          targetId: body.user_id,
          meta: {
            coins: body.coins,
            direction: body.direction,
            reason: body.reason,
            transfer: r.transfer.number,
          },
        },
        tx,
      );
    }
    return r.transfer;
  });
}

/**
 * Retire a coin package (back-office DELETE): packages stay for the payments and invoices that
 * reference them, so deleting makes them inactive; audited.
 * @throws NotFoundError for an unknown id
 */
export async function retirePackage(database: Database, actor: AuditActor, id: number): Promise<void> {
  await withTransaction(database, async (tx) => {
    const [updated] = await tx.db
      .update(coinPackages)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(eq(coinPackages.id, id))
      .returning({ id: coinPackages.id });
    if (!updated) throw new NotFoundError();
    await audit(
      database,
      actor,
      { action: 'wallet.package_retire', targetType: 'coin_package', targetId: updated.id },
      tx,
    );
  });
}

/** The buyer's e-mail address given to the payment provider (empty when the user is gone). */
export async function buyerEmail(database: Database, userId: number): Promise<string> {
  const [u] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email ?? '';
}

/** One ledger entry of a user wallet as a row of the transactions list's CSV export. */
export interface TransactionExportRow extends Record<string, unknown> {
  id: number;
  created_at: Date;
  number: string;
  user_id: number | null;
  name: string | null;
  email: string | null;
  desc_id: number;
  coins: number;
  balance_after: number;
  money_minor: number | null;
  currency: string | null;
  campaign_type: string | null;
  campaign_id: string | null;
}

/** Columns of the transactions list's CSV export, headers from `exports.transactions.*`. */
export const TRANSACTION_EXPORT_COLUMNS = [
  { key: 'id', header: 'exports.transactions.id' },
  { key: 'created_at', header: 'exports.transactions.created_at', format: isoInstant },
  { key: 'number', header: 'exports.transactions.number' },
  { key: 'user_id', header: 'exports.transactions.user_id' },
  { key: 'name', header: 'exports.transactions.name' },
  { key: 'email', header: 'exports.transactions.email' },
  {
    key: 'desc_id',
    header: 'exports.transactions.type',
    format: (v) =>
      statusCode(
        Object.entries(TRANSACTION_DESCRIPTIONS).map(([id, label]) => ({ id: Number(id), label })),
        v,
      ),
  },
  { key: 'coins', header: 'exports.transactions.coins' },
  { key: 'balance_after', header: 'exports.transactions.balance_after' },
  {
    key: 'money_minor',
    header: 'exports.transactions.amount',
    format: (v) => (v === null || v === undefined ? null : (Number(v) / 100).toFixed(2)),
  },
  { key: 'currency', header: 'exports.transactions.currency' },
  { key: 'campaign_type', header: 'exports.transactions.campaign_type' },
  { key: 'campaign_id', header: 'exports.transactions.campaign_id' },
] as const satisfies readonly ExportColumn<TransactionExportRow>[];

/**
 * The query of the transactions list's CSV export (`GET /api/admin/wallet/transactions/export.csv`,
 * issue 36): every entry of every user wallet the list's filters select (number, type, credit/debit,
 * date range), newest first (`order` ending in `:asc` for oldest first). Coins are signed (debits
 * negative); money is what was paid when money came with the movement.
 */
export function transactionExportQuery(query: Pick<ListQuery, 'filter' | 'order'>): SQL {
  const filters = entryFilters(query.filter);
  const wallets = sql`${ledgerEntries.accountId} in (select ${ledgerAccounts.id} from ${ledgerAccounts} where ${ledgerAccounts.kind} = 'user_wallet')`;
  const direction = query.order?.endsWith(':asc') ? sql`asc` : sql`desc`;
  return sql`select ${ledgerEntries.id} as id, ${ledgerEntries.createdAt} as created_at,
      ${ledgerTransfers.number} as number, ${ledgerAccounts.userId} as user_id,
      trim(${users.firstName} || ' ' || ${users.lastName}) as name, ${users.email} as email,
      ${ledgerTransfers.descId} as desc_id, ${ledgerEntries.amount} as coins,
      ${ledgerEntries.balanceAfter} as balance_after, ${ledgerTransfers.moneyMinor} as money_minor,
      ${ledgerTransfers.currency} as currency, ${ledgerTransfers.meta}->>'campaign_type' as campaign_type,
      ${ledgerTransfers.meta}->>'campaign_id' as campaign_id
    from ${ledgerEntries}
    join ${ledgerAccounts} on ${ledgerAccounts.id} = ${ledgerEntries.accountId}
    join ${ledgerTransfers} on ${ledgerTransfers.id} = ${ledgerEntries.transferId}
    left join ${users} on ${users.id} = ${ledgerAccounts.userId}
    where ${and(wallets, ...filters)}
    order by ${ledgerEntries.id} ${direction}`;
}
