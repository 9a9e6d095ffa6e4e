import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { testAppForFile } from '../../test/harness';
import { payments } from './payments.schema';
import { createInvoice } from './payments.service';

const ctx = testAppForFile();

/** One purchase's invoice in its own transaction; `fail` rolls it back after the number was taken. */
async function purchase(userId: number, fail: boolean) {
  return withTransaction(ctx.deps.database, async (tx) => {
    const [p] = await tx.db
      .insert(payments)
      .values({ userId, method: 'card', provider: 'sandbox', coins: 10, amountMinor: 100, currency: 'GBP' })
      .returning();
    await createInvoice(tx, ctx.deps, p!, null);
    if (fail) throw new Error('rolled back after the invoice was numbered');
  });
}

const numbersOf = async (year: number) =>
  (
    await ctx.deps.database.pool.query<{ number: string }>(
      `select number from invoices where number like $1 order by number`,
      [`INV-${year}-%`],
    )
  ).rows.map((r) => Number(r.number.slice(9)));

describe('invoice numbers (one gapless sequence per issuer)', () => {
  it('numbers 50 concurrent purchases 1..N without gaps when some roll back', async () => {
    ctx.clock.set(new Date('2091-03-01T12:00:00Z'));
    const user = await ctx.makeUser();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => purchase(user.id, i % 5 === 4)),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(10);
    expect(await numbersOf(2091)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // A payment that already has its invoice uses no number.
    const [first] = (await ctx.deps.database.pool.query('select payment_id from invoices limit 1')).rows;
    await withTransaction(ctx.deps.database, async (tx) => {
      const [p] = await tx.db.select().from(payments).limit(1);
      await createInvoice(tx, ctx.deps, { ...p!, id: Number(first.payment_id) }, null);
    });
    await purchase(user.id, false);
    expect((await numbersOf(2091)).at(-1)).toBe(41);
  });

  it('starts a new series each year, formatted INV-<year>-000001', async () => {
    ctx.clock.set(new Date('2092-01-01T00:00:05Z'));
    const user = await ctx.makeUser();
    await purchase(user.id, false);
    const r = await ctx.deps.database.pool.query(
      `select number from invoices where number like 'INV-2092-%'`,
    );
    expect(r.rows.map((x) => x.number)).toEqual(['INV-2092-000001']);
  });
});
