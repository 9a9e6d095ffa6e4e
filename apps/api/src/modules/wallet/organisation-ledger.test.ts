import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { createTestApp, type TestContext } from '../../test/harness';
import { makeOrganisation } from '../organisations/organisations.money.test-helpers';
import {
  accountBalance,
  createBudgetAccount,
  creditOrganisation,
  DESC,
  fundingMove,
  hold,
  InsufficientBalanceError,
  organisationWalletAccountId,
  postHold,
  voidHold,
  walletBalance,
} from './ledger';
import { ledgerInvariants } from './ledger.invariants';

/** The organisation accounts of the ledger (issue 35): wallet, budgets, holds paid from a budget. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const tx = <T>(fn: Parameters<typeof withTransaction<T>>[1]) => withTransaction(ctx.deps.database, fn);

async function fundedOrganisation(coins: number) {
  const { org } = await makeOrganisation(ctx);
  await tx((t) =>
    creditOrganisation(t, { organisationId: org.id, coins, idempotencyKey: `org-fund-${org.id}` }),
  );
  return org;
}

describe('organisation accounts', () => {
  it('creates the wallet once and credits bought coins to it, once per key', async () => {
    const org = await fundedOrganisation(300);
    const [a, b] = await Promise.all([
      tx((t) => organisationWalletAccountId(t, org.id)),
      tx((t) => organisationWalletAccountId(t, org.id)),
    ]);
    expect(a).toBe(b);
    const replay = await tx((t) =>
      creditOrganisation(t, { organisationId: org.id, coins: 300, idempotencyKey: `org-fund-${org.id}` }),
    );
    expect(replay.replayed).toBe(true);
    expect(replay.transfer.descId).toBe(DESC.COIN_PURCHASE);
    expect(await accountBalance(ctx.deps.database, a)).toBe(300);
  });

  it('moves coins wallet -> budget -> wallet and wallet -> artist under desc 8, never below zero', async () => {
    const org = await fundedOrganisation(500);
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const budget = await tx((t) => createBudgetAccount(t, org.id));
    const wallet = await tx((t) => organisationWalletAccountId(t, org.id));
    const moved = await tx((t) =>
      fundingMove(t, {
        from: { organisationWallet: org.id },
        to: { budgetAccount: budget },
        coins: 200,
        idempotencyKey: `b1-${org.id}`,
      }),
    );
    expect(moved.transfer.descId).toBe(DESC.ORGANISATION_FUNDING);
    await tx((t) =>
      fundingMove(t, {
        from: { budgetAccount: budget },
        to: { organisationWallet: org.id },
        coins: 50,
        idempotencyKey: `b2-${org.id}`,
      }),
    );
    await tx((t) =>
      fundingMove(t, {
        from: { organisationWallet: org.id },
        to: { userWallet: artist.id },
        coins: 100,
        idempotencyKey: `t1-${org.id}`,
        meta: { organisation_name: org.name },
      }),
    );
    await expect(
      tx((t) =>
        fundingMove(t, {
          from: { organisationWallet: org.id },
          to: { userWallet: artist.id },
          coins: 251,
          idempotencyKey: `t2-${org.id}`,
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await accountBalance(ctx.deps.database, wallet)).toBe(250);
    expect(await accountBalance(ctx.deps.database, budget)).toBe(150);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(100);
  });

  it("holds from a budget into the artist's own escrow; void and partial post refund the budget", async () => {
    const org = await fundedOrganisation(400);
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const budget = await tx((t) => createBudgetAccount(t, org.id));
    await tx((t) =>
      fundingMove(t, {
        from: { organisationWallet: org.id },
        to: { budgetAccount: budget },
        coins: 300,
        idempotencyKey: `hb-${org.id}`,
      }),
    );
    const budgetHold = (coins: number, key: string) =>
      tx((t) =>
        hold(t, {
          userId: artist.id,
          payerAccountId: budget,
          coins,
          descId: DESC.CAMPAIGN_PURCHASE,
          idempotencyKey: key,
        }),
      );
    const h1 = await budgetHold(100, `h1-${org.id}`);
    const h2 = await budgetHold(120, `h2-${org.id}`);
    expect(h1.payerAccountId).toBe(budget);
    await expect(budgetHold(81, `h3-${org.id}`)).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await accountBalance(ctx.deps.database, budget)).toBe(80);
    await tx((t) => voidHold(t, h1.id));
    expect(await accountBalance(ctx.deps.database, budget)).toBe(180);
    await tx((t) => postHold(t, h2.id, 70, { userId: curator.id }, { descId: DESC.CAMPAIGN_PURCHASE }));
    expect(await accountBalance(ctx.deps.database, budget)).toBe(230);
    expect(await walletBalance(ctx.deps.database, curator.id)).toBe(70);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(0);
    const inv = await ledgerInvariants(ctx.deps.database.db);
    expect(inv.balanceSumCoins).toBe(0);
    expect(inv.negativeAccounts).toBe(0);
    expect(inv.escrowMismatchedAccounts.campaign_escrow).toBe(0);
  });
});
