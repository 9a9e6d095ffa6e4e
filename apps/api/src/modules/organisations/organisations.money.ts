import { randomUUID } from 'node:crypto';
import type {
  Budget,
  OrganisationCheckout,
  OrganisationCheckoutInput,
  OrganisationTransfer,
  OrganisationTransferInput,
  OrganisationWallet,
} from '@lm/contracts/organisation-money-api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError } from '../../platform/errors';
import type { ListQuery } from '../../platform/http';
import { notify } from '../notifications';
import {
  createBudgetAccount,
  ensureInvoicePdf,
  fundingMove,
  getInvoice,
  InsufficientBalanceError,
  listInvoices,
  listOrganisationTransactions,
  lockOrganisationAccounts,
  paymentsService,
} from '../wallet';
import { assertCan, type Membership, membershipOf } from './organisations.access';
import { organisationArtists, organisationBudgets, organisations } from './organisations.schema';

/*
 * An organisation's money (issue 35, DESIGN.md section 9): coins bought into its wallet, transfers
 * to the artists of its roster, and monthly budgets. Every coin moves through the ledger
 * (`modules/wallet`): a budget is a ledger account of its own (`organisation_budget`) that campaigns
 * for the artist are held from, so "a budget is never exceeded" is that account's non-negative check.
 */

type Deps = Pick<AppDeps, 'config' | 'database' | 'providers' | 'jobs' | 'clock' | 'mail'>;

/** First day (UTC) of the month of `at`, as `YYYY-MM-01`. */
export function monthStart(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

/** `YYYY-MM-01` of the month after `month` (`YYYY-MM-01`). */
export function nextMonth(month: string): string {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return monthStart(d);
}

/**
 * The member's membership of the organisation, refused unless the role allows `action` on `subject`.
 * @throws NotFoundError 404 `organisations.not_found` for a non-member; ForbiddenError 403
 *   `organisations.forbidden`
 */
async function member(
  database: Database | Tx,
  userId: number,
  organisationId: number,
  action: 'read' | 'manage',
  subject: 'Billing' | 'Funding',
  artistUserId?: number,
): Promise<Membership> {
  const membership = await membershipOf(database, userId, organisationId);
  assertCan(membership, action, subject, artistUserId);
  return membership;
}

/** The name an artist is shown under: the stage name, else first and last name. */
const artistName = sql<string>`coalesce(nullif(${users.artistName}, ''), ${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Refuses unless `artistUserId` is active on the organisation's roster.
 * @throws ValidationError-like 422 `organisations.artist_not_active` on `artist_user_id`
 */
async function assertActiveArtist(database: Database | Tx, organisationId: number, artistUserId: number) {
  const [row] = await database.db
    .select({ id: organisationArtists.id })
    .from(organisationArtists)
    .where(
      and(
        eq(organisationArtists.organisationId, organisationId),
        eq(organisationArtists.artistUserId, artistUserId),
        eq(organisationArtists.status, 'active'),
      ),
    );
  if (!row) throw new ConflictError('organisations.artist_not_active');
}

/**
 * Start buying coins into the organisation's wallet (`POST /api/organisations/:id/coins/checkout`,
 * Billing manage): the artist's checkout (a package or coins at the coin price, by card or PayPal
 * through the payments provider), with the payment marked for the organisation. On credit (return call
 * or verified webhook, once whichever comes first) the coins go to the organisation's wallet and the
 * invoice, next number of the one gapless series, carries the organisation's billing details.
 * @returns the hosted page to pay on and what it charges
 * @throws 404/403 (membership), 422 `payments.package_unknown`, 502 `payments.provider_unavailable`
 */
export async function startOrganisationCheckout(
  deps: Deps,
  userId: number,
  organisationId: number,
  input: OrganisationCheckoutInput,
  email: string,
): Promise<OrganisationCheckout> {
  await member(deps.database, userId, organisationId, 'manage', 'Billing');
  const method = input.method ?? 'card';
  const purchase =
    input.package_id !== undefined ? { packageId: input.package_id } : { coins: input.coins ?? 0 };
  const started = await paymentsService.startCheckout(
    deps,
    userId,
    purchase,
    method,
    email,
    undefined,
    'web',
    {
      organisationId,
      returnPath: `/organisations/${organisationId}/wallet`,
    },
  );
  return {
    url: started.url,
    payment_id: started.paymentId,
    ref: started.ref,
    method,
    coins: started.coins,
    amount_minor: started.amountMinor,
    currency: started.currency,
    sandbox: deps.providers.payments[method].name === 'sandbox',
  };
}

/**
 * The entries of the organisation's wallet (`GET /api/organisations/:id/wallet/transactions`, Funding
 * read), paged, filtered and described like an artist's transactions.
 * @throws 404/403 (membership)
 */
export async function organisationTransactions(
  database: Database,
  userId: number,
  organisationId: number,
  query: ListQuery,
  storageUrl: (key: string) => string,
) {
  await member(database, userId, organisationId, 'read', 'Funding');
  return listOrganisationTransactions(database, organisationId, query, storageUrl);
}

/**
 * The organisation's invoices (`GET /api/organisations/:id/invoices`, Billing read), newest first.
 * @throws 404/403 (membership)
 */
export async function organisationInvoices(
  database: Database,
  userId: number,
  organisationId: number,
  query: ListQuery,
  storageUrl: (key: string) => string,
) {
  await member(database, userId, organisationId, 'read', 'Billing');
  return listInvoices(database, { organisationId }, query, storageUrl);
}

/**
 * The stored PDF of one of the organisation's invoices, rendered now when not yet
 * (`GET /api/organisations/:id/invoices/:invoiceId/pdf`, Billing read).
 * @returns the PDF's storage key
 * @throws 404/403 (membership), 404 `errors.not_found` for another organisation's or an unknown invoice
 */
export async function organisationInvoicePdf(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  userId: number,
  organisationId: number,
  invoiceId: number,
): Promise<string> {
  await member(deps.database, userId, organisationId, 'read', 'Billing');
  const invoice = await getInvoice(deps.database, invoiceId, { organisationId }, (k) => k);
  if (!invoice) throw new NotFoundError();
  const key = await ensureInvoicePdf(deps, invoiceId);
  if (!key) throw new NotFoundError();
  return key;
}

/** The organisation's wallet balance and the coins sitting in its budgets. */
async function walletFigures(database: Database | Tx, organisationId: number): Promise<OrganisationWallet> {
  const { rows } = await database.db.execute<{ balance: number; in_budgets: number }>(sql`
    select coalesce(sum(balance) filter (where kind = 'organisation_wallet'), 0)::bigint as balance,
           coalesce(sum(balance) filter (where kind = 'organisation_budget'), 0)::bigint as in_budgets
      from ledger_accounts where organisation_id = ${organisationId}`);
  return { balance: Number(rows[0]?.balance ?? 0), in_budgets: Number(rows[0]?.in_budgets ?? 0) };
}

/**
 * The organisation's wallet (`GET /api/organisations/:id/wallet`, Funding read): coins free in the
 * wallet and coins sitting in its artists' budget accounts.
 * @throws 404/403 (membership)
 */
export async function organisationWallet(
  database: Database,
  userId: number,
  organisationId: number,
): Promise<OrganisationWallet> {
  await member(database, userId, organisationId, 'read', 'Funding');
  return walletFigures(database, organisationId);
}

/**
 * Transfer coins from the organisation's wallet to the wallet of an artist active on its roster
 * (`POST /api/organisations/:id/transfers`, Funding manage; desc 8 on both statements). The client's
 * `idempotency_key` makes a retried submit move the coins once (the replay answers the first transfer).
 * @returns the transfer's number, the coins and the wallet's balance after it
 * @throws 404/403 (membership), 409 `organisations.artist_not_active`, 409 `wallet.insufficient_balance`
 *   when the wallet holds fewer coins; nothing moves then
 */
export async function transferToArtist(
  deps: Pick<Deps, 'database'>,
  userId: number,
  organisationId: number,
  input: OrganisationTransferInput,
): Promise<OrganisationTransfer> {
  await member(deps.database, userId, organisationId, 'manage', 'Funding');
  return withTransaction(deps.database, async (tx) => {
    await assertActiveArtist(tx, organisationId, input.artist_user_id);
    const [org] = await tx.db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    const { transfer, replayed } = await fundingMove(tx, {
      from: { organisationWallet: organisationId },
      to: { userWallet: input.artist_user_id },
      coins: input.coins,
      // Scoped to the organisation so another organisation's key can never answer this transfer.
      idempotencyKey: `org:${organisationId}:transfer:${input.idempotency_key}`,
      meta: {
        kind: 'transfer',
        organisation_id: organisationId,
        organisation_name: org?.name ?? null,
        artist_user_id: input.artist_user_id,
        by_user_id: userId,
        note: input.note ?? null,
      },
    });
    const figures = await walletFigures(tx, organisationId);
    return {
      number: transfer.number,
      artist_user_id: input.artist_user_id,
      coins: transfer.amount,
      balance: figures.balance,
      replayed,
    };
  });
}

/**
 * Coins campaigns held from a budget account since `month` began (`YYYY-MM-01`, UTC), net of the
 * refunds that came back to it in that time: the entries of desc 2 (holds) and 3 (refunds).
 */
async function spentSince(database: Database | Tx, accountIds: number[], month: string) {
  if (accountIds.length === 0) return new Map<number, number>();
  const { rows } = await database.db.execute<{ account_id: number; spent: number }>(sql`
    select account_id, (-coalesce(sum(amount), 0))::bigint as spent
      from ledger_entries
     where account_id in (${sql.join(
       accountIds.map((id) => sql`${id}`),
       sql`, `,
     )}) and desc_id in (2, 3) and created_at >= ${month}::date
     group by account_id`);
  return new Map(rows.map((r) => [Number(r.account_id), Math.max(0, Number(r.spent))]));
}

/**
 * The organisation's monthly budgets (`GET /api/organisations/:id/budgets`, Funding read; a role
 * limited to some artists sees theirs only): monthly coins, what the budget account still holds and
 * what was spent this month (UTC) net of refunds.
 * @throws 404/403 (membership)
 */
export async function listBudgets(
  deps: Pick<Deps, 'database' | 'clock'>,
  userId: number,
  organisationId: number,
): Promise<Budget[]> {
  const membership = await member(deps.database, userId, organisationId, 'read', 'Funding');
  const rows = await deps.database.db
    .select({
      artistUserId: organisationBudgets.artistUserId,
      monthlyCoins: organisationBudgets.monthlyCoins,
      accountId: organisationBudgets.ledgerAccountId,
      name: artistName,
      balance:
        sql<number>`(select balance from ledger_accounts a where a.id = ${organisationBudgets.ledgerAccountId})`.mapWith(
          Number,
        ),
    })
    .from(organisationBudgets)
    .innerJoin(users, eq(users.id, organisationBudgets.artistUserId))
    .where(
      and(
        eq(organisationBudgets.organisationId, organisationId),
        membership.artistUserIds === null
          ? undefined
          : inArray(
              organisationBudgets.artistUserId,
              membership.artistUserIds.length ? membership.artistUserIds : [0],
            ),
      ),
    )
    .orderBy(artistName, organisationBudgets.id);
  const month = monthStart(deps.clock.now());
  const spent = await spentSince(
    deps.database,
    rows.map((r) => r.accountId),
    month,
  );
  return rows.map((r) => ({
    artist_user_id: r.artistUserId,
    artist_name: r.name,
    monthly_coins: r.monthlyCoins,
    available: r.balance,
    spent_this_month: spent.get(r.accountId) ?? 0,
    month: month.slice(0, 7),
  }));
}

/**
 * Bring a budget account to `target` coins from or to the organisation's wallet (both locked by the
 * caller): the excess returns first, a shortfall is funded up to what the wallet holds when `partial`,
 * else in full or not at all.
 * @returns the coins moved into the budget (negative: returned) and the coins still missing
 * @throws InsufficientBalanceError when not `partial` and the wallet cannot fund the shortfall
 */
async function bringTo(
  tx: Tx,
  budget: { id: number; organisationId: number; accountId: number; artistUserId: number },
  balances: { wallet: number; budget: number },
  target: number,
  key: string,
  partial: boolean,
): Promise<{ moved: number; missing: number }> {
  const meta = {
    kind: 'budget',
    organisation_id: budget.organisationId,
    budget_id: budget.id,
    artist_user_id: budget.artistUserId,
  };
  if (balances.budget > target) {
    const excess = balances.budget - target;
    await fundingMove(tx, {
      from: { budgetAccount: budget.accountId },
      to: { organisationWallet: budget.organisationId },
      coins: excess,
      idempotencyKey: `${key}:return`,
      meta: { ...meta, direction: 'return' },
    });
    return { moved: -excess, missing: 0 };
  }
  const need = target - balances.budget;
  const coins = partial ? Math.min(need, balances.wallet) : need;
  if (!partial && balances.wallet < need) throw new InsufficientBalanceError();
  if (coins > 0)
    await fundingMove(tx, {
      from: { organisationWallet: budget.organisationId },
      to: { budgetAccount: budget.accountId },
      coins,
      idempotencyKey: `${key}:fund`,
      meta: { ...meta, direction: 'fund' },
    });
  return { moved: coins, missing: need - coins };
}

/**
 * Set or change an artist's monthly budget (`PUT /api/organisations/:id/budgets/:artistUserId`,
 * Funding manage; the artist active on the roster). The budget account is brought to the monthly
 * amount less this month's net spend: raising or setting moves coins from the organisation's wallet
 * (all or nothing), lowering returns the excess to it. Runs with the wallet and the budget account
 * locked, so purchases from the budget and other changes wait.
 * @param monthlyCoins whole coins > 0
 * @returns the budget as listed
 * @throws 404/403 (membership), 409 `organisations.artist_not_active`, 409 `wallet.insufficient_balance`
 *   when the wallet cannot fund it (nothing changes then)
 */
export async function setBudget(
  deps: Pick<Deps, 'database' | 'clock'>,
  userId: number,
  organisationId: number,
  artistUserId: number,
  monthlyCoins: number,
): Promise<Budget> {
  await member(deps.database, userId, organisationId, 'manage', 'Funding');
  const month = monthStart(deps.clock.now());
  await withTransaction(deps.database, async (tx) => {
    await assertActiveArtist(tx, organisationId, artistUserId);
    let [budget] = await tx.db
      .select()
      .from(organisationBudgets)
      .where(
        and(
          eq(organisationBudgets.organisationId, organisationId),
          eq(organisationBudgets.artistUserId, artistUserId),
        ),
      )
      .for('update');
    if (!budget) {
      const accountId = await createBudgetAccount(tx, organisationId);
      [budget] = await tx.db
        .insert(organisationBudgets)
        .values({ organisationId, artistUserId, monthlyCoins, ledgerAccountId: accountId })
        .onConflictDoNothing()
        .returning();
      // A concurrent first setting won: change that one (its row is now locked here).
      if (!budget)
        [budget] = await tx.db
          .select()
          .from(organisationBudgets)
          .where(
            and(
              eq(organisationBudgets.organisationId, organisationId),
              eq(organisationBudgets.artistUserId, artistUserId),
            ),
          )
          .for('update');
    }
    const row = budget!;
    const locked = await lockOrganisationAccounts(tx, organisationId, [row.ledgerAccountId]);
    const spent = (await spentSince(tx, [row.ledgerAccountId], month)).get(row.ledgerAccountId) ?? 0;
    await bringTo(
      tx,
      { id: row.id, organisationId, accountId: row.ledgerAccountId, artistUserId: row.artistUserId },
      { wallet: locked.walletBalance, budget: locked.balances.get(row.ledgerAccountId) ?? 0 },
      Math.max(0, monthlyCoins - spent),
      `budget:${row.id}:set:${randomUUID()}`,
      false,
    );
    await tx.db
      .update(organisationBudgets)
      .set({ monthlyCoins, fundedMonth: month, updatedAt: deps.clock.now() })
      .where(eq(organisationBudgets.id, row.id));
  });
  const listed = await listBudgets(deps, userId, organisationId);
  return listed.find((b) => b.artist_user_id === artistUserId)!;
}

/**
 * Remove an artist's budget (`DELETE /api/organisations/:id/budgets/:artistUserId`, Funding manage):
 * every coin in its account returns to the organisation's wallet and campaigns for the artist are paid
 * from the artist's own wallet again. Coins of open campaigns refunded later return to the removed
 * budget's account and are swept back to the wallet by the monthly job.
 * @throws 404/403 (membership), 404 `organisations.budget_not_found`
 */
export async function removeBudget(
  deps: Pick<Deps, 'database'>,
  userId: number,
  organisationId: number,
  artistUserId: number,
): Promise<void> {
  await member(deps.database, userId, organisationId, 'manage', 'Funding');
  await withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(organisationBudgets)
      .where(
        and(
          eq(organisationBudgets.organisationId, organisationId),
          eq(organisationBudgets.artistUserId, artistUserId),
        ),
      )
      .for('update');
    if (!row) throw new NotFoundError('organisations.budget_not_found');
    const locked = await lockOrganisationAccounts(tx, organisationId, [row.ledgerAccountId]);
    await bringTo(
      tx,
      { id: row.id, organisationId, accountId: row.ledgerAccountId, artistUserId: row.artistUserId },
      { wallet: locked.walletBalance, budget: locked.balances.get(row.ledgerAccountId) ?? 0 },
      0,
      `budget:${row.id}:remove`,
      false,
    );
    await tx.db.delete(organisationBudgets).where(eq(organisationBudgets.id, row.id));
  });
}

/** What the monthly top-up did for one organisation. */
export interface TopUpOutcome {
  organisationId: number;
  /** Budgets brought to their monthly amount (fully or partly). */
  budgets: number;
  /** Coins the wallet could not provide, summed over its budgets (0: every budget full). */
  missing: number;
}

/**
 * The monthly top-up of one organisation's budgets for the month of `now` (UTC; the job on the 1st):
 * with the wallet and every budget account locked, budgets above their monthly amount return the
 * excess first, then each budget not yet funded for the month is topped back to its monthly amount
 * from the wallet, in budget order, as far as the wallet goes. What could not be funded is told to
 * the organisation's Owners and Finance members (in-app notification). Removed budgets' accounts
 * (coins of campaigns refunded after removal) are emptied into the wallet. Idempotent per month: the
 * transfers' keys name the budget and month, and funded budgets are skipped.
 */
export async function topUpOrganisation(
  deps: Pick<Deps, 'database' | 'clock'>,
  organisationId: number,
): Promise<TopUpOutcome> {
  const month = monthStart(deps.clock.now());
  return withTransaction(deps.database, async (tx) => {
    const budgets = await tx.db
      .select()
      .from(organisationBudgets)
      .where(eq(organisationBudgets.organisationId, organisationId))
      .orderBy(organisationBudgets.id)
      .for('update');
    const orphans = (
      await tx.db.execute<{ id: number }>(sql`
        select a.id from ledger_accounts a
         where a.kind = 'organisation_budget' and a.organisation_id = ${organisationId} and a.balance > 0
           and not exists (select 1 from organisation_budgets b where b.ledger_account_id = a.id)`)
    ).rows.map((r) => Number(r.id));
    const locked = await lockOrganisationAccounts(tx, organisationId, [
      ...budgets.map((b) => b.ledgerAccountId),
      ...orphans,
    ]);
    let wallet = locked.walletBalance;
    for (const accountId of orphans) {
      const coins = locked.balances.get(accountId) ?? 0;
      await fundingMove(tx, {
        from: { budgetAccount: accountId },
        to: { organisationWallet: organisationId },
        coins,
        idempotencyKey: `budget-account:${accountId}:sweep:${randomUUID()}`,
        meta: { kind: 'budget', organisation_id: organisationId, direction: 'return' },
      });
      wallet += coins;
    }
    const due = budgets.filter((b) => b.fundedMonth === null || b.fundedMonth < month);
    // Excess first, so the coins it frees can fund the others.
    const ordered = [
      ...due.filter((b) => (locked.balances.get(b.ledgerAccountId) ?? 0) > b.monthlyCoins),
      ...due.filter((b) => (locked.balances.get(b.ledgerAccountId) ?? 0) <= b.monthlyCoins),
    ];
    let missing = 0;
    const short: { artistUserId: number; missing: number; monthly: number }[] = [];
    for (const b of ordered) {
      const outcome = await bringTo(
        tx,
        { id: b.id, organisationId, accountId: b.ledgerAccountId, artistUserId: b.artistUserId },
        { wallet, budget: locked.balances.get(b.ledgerAccountId) ?? 0 },
        b.monthlyCoins,
        `budget:${b.id}:month:${month.slice(0, 7)}`,
        true,
      );
      wallet -= outcome.moved;
      if (outcome.missing > 0) {
        missing += outcome.missing;
        short.push({ artistUserId: b.artistUserId, missing: outcome.missing, monthly: b.monthlyCoins });
      }
      await tx.db
        .update(organisationBudgets)
        .set({ fundedMonth: month })
        .where(eq(organisationBudgets.id, b.id));
    }
    if (short.length > 0) await tellShortfall(tx, organisationId, month, short);
    return { organisationId, budgets: ordered.length, missing };
  });
}

/** Tell the Owners and Finance members that budgets could not be funded in full this month. */
async function tellShortfall(
  tx: Tx,
  organisationId: number,
  month: string,
  short: { artistUserId: number; missing: number; monthly: number }[],
) {
  const names = await tx.db
    .select({ id: users.id, name: artistName })
    .from(users)
    .where(
      inArray(
        users.id,
        short.map((s) => s.artistUserId),
      ),
    );
  const { rows: recipients } = await tx.db.execute<{ user_id: number }>(sql`
    select user_id from organisation_members
     where organisation_id = ${organisationId} and role in ('owner', 'finance') order by user_id`);
  const [org] = await tx.db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const missing = short.reduce((sum, s) => sum + s.missing, 0);
  for (const r of recipients)
    await notify(tx, {
      userId: Number(r.user_id),
      type: 'organisations.budget_underfunded',
      message: 'organisations.notify.budget_underfunded',
      params: {
        organisation: org?.name ?? '',
        artists: short.map((s) => names.find((n) => n.id === s.artistUserId)?.name ?? '').join(', '),
        coins: missing,
        month: month.slice(0, 7),
      },
      link: `/organisations/${organisationId}/budgets`,
      data: { organisation_id: organisationId, month: month.slice(0, 7) },
    });
}

/**
 * The monthly top-up of every organisation with budgets ({@link topUpOrganisation}), one transaction
 * per organisation so one organisation's failure leaves the others funded; safe to run twice.
 * @returns what was done, per organisation
 */
export async function topUpAllBudgets(deps: Pick<Deps, 'database' | 'clock'>): Promise<TopUpOutcome[]> {
  const { rows } = await deps.database.db.execute<{ organisation_id: number }>(sql`
    select distinct organisation_id from ledger_accounts
     where kind = 'organisation_budget' and organisation_id is not null order by organisation_id`);
  const outcomes: TopUpOutcome[] = [];
  for (const r of rows) outcomes.push(await topUpOrganisation(deps, Number(r.organisation_id)));
  return outcomes;
}
