import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditCoins } from './coins';
import { testAppForFile } from './harness';

// Issue 36: each back-office list's CSV export is that list's filter (same rows), behind that list's
// permission, audited as `export.<list>` with the filter, formulas neutralised.

const ctx = testAppForFile();
const sql = (text: string, values: unknown[] = []) => ctx.deps.database.pool.query(text, values);

/** The CSV's rows as objects keyed by the English headers (BOM removed). */
function rowsOf(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { columns: true }) as Record<string, string>[];
}
const audited = async (action: string) =>
  (await sql('select actor_id, meta from audit_logs where action = $1 order by id', [action])).rows as {
    actor_id: number;
    meta: { filter: Record<string, unknown> };
  }[];

let staff: string;
let staffId: number;
let nobody: string;

beforeAll(async () => {
  const admin = await ctx.makeAdmin({
    permissions: [
      'view.main.users.tab.list',
      'main.wallet.show.all.transactions',
      'INFLUENCER_VIEW_PAYOUT_PROFILE',
      'view.main.tickets.tab.list',
    ],
  });
  staffId = admin.id;
  staff = await ctx.loginAdmin(admin.email);
  nobody = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] })).email);
});

describe('users export', () => {
  it('has the rows of the list’s filter, formulas neutralised, and is audited with the filter', async () => {
    const a = await ctx.makeUser({ firstName: '=Zed', lastName: 'Exportable', userTypeId: 1 });
    const b = await ctx.makeUser({ firstName: 'Yann', lastName: 'Exportable', userTypeId: 2 });
    await ctx.makeUser({ firstName: 'Other', lastName: 'Person', userTypeId: 1 });
    const res = await ctx.call('GET', '/api/admin/users/export.csv?filter[name]=exportable&order=id:asc', {
      token: staff,
    });
    expect(res.statusCode).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows.map((r) => [r['No.'], r['First name'], r['Last name'], r['Status (code)']])).toEqual([
      [String(a.id), "'=Zed", 'Exportable', a.status],
      [String(b.id), 'Yann', 'Exportable', b.status],
    ]);
    const list = await ctx.call('GET', '/api/admin/users?filter[name]=exportable', { token: staff });
    expect(list.json().pagination.total).toBe(rows.length);
    expect((await audited('export.users')).at(-1)).toMatchObject({
      actor_id: staffId,
      meta: { filter: { filter: { name: 'exportable' }, order: 'id:asc' } },
    });
  });

  it('is refused without the list’s permission', async () => {
    const before = (await audited('export.users')).length;
    expect((await ctx.call('GET', '/api/admin/users/export.csv', { token: nobody })).statusCode).toBe(403);
    expect((await audited('export.users')).length).toBe(before);
  });
});

describe('transactions export', () => {
  it('has the wallet movements of the list’s filter with signed coins', async () => {
    const user = await ctx.makeUser({ userTypeId: 1 });
    await creditCoins(ctx, user.id, 250, `export-${user.id}`);
    const res = await ctx.call(
      'GET',
      `/api/admin/wallet/transactions/export.csv?filter[transaction_type]=credit&filter[desc_id]=1`,
      { token: staff },
    );
    expect(res.statusCode).toBe(200);
    const mine = rowsOf(res.body).filter((r) => r['User ID'] === String(user.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ 'Type (code)': 'coin_purchase', 'Coins (debits negative)': '250' });
    const debits = await ctx.call(
      'GET',
      '/api/admin/wallet/transactions/export.csv?filter[transaction_type]=debit',
      {
        token: staff,
      },
    );
    expect(rowsOf(debits.body).some((r) => r['User ID'] === String(user.id))).toBe(false);
    expect(
      (await ctx.call('GET', '/api/admin/wallet/transactions/export.csv', { token: nobody })).statusCode,
    ).toBe(403);
  });
});

describe('tickets export', () => {
  it('has the tickets of the list’s filter; a bad filter is refused like the list refuses it', async () => {
    const user = await ctx.makeUser({ userTypeId: 1 });
    const token = await ctx.loginUser(user.email);
    const [dept] = (await sql('select id from tickets_departments order by id limit 1')).rows;
    for (const [subject, priority] of [
      ['Export me please', 3],
      ['+SUM(A1) export me too', 1],
    ] as const) {
      const made = await ctx.call('POST', '/api/tickets', {
        token,
        body: {
          ticket_subject: subject,
          initial_message: 'Hello',
          department_id: dept.id,
          priority_id: priority,
        },
      });
      expect(made.statusCode).toBe(200);
    }
    const res = await ctx.call('GET', `/api/admin/tickets/export.csv?q=export me&filter[priority_id]=1`, {
      token: staff,
    });
    expect(res.statusCode).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows.map((r) => [r.Subject, r['Priority (code)'], r['Status (code)']])).toEqual([
      ["'+SUM(A1) export me too", 'high', 'open'],
    ]);
    const bad = await ctx.call('GET', '/api/admin/tickets/export.csv?filter[priority_id]=x', {
      token: staff,
    });
    expect(bad.statusCode).toBe(422);
    expect((await ctx.call('GET', '/api/admin/tickets/export.csv', { token: nobody })).statusCode).toBe(403);
  });
});

describe('payouts export', () => {
  it('answers the header row for an empty selection, behind the payouts permission, audited', async () => {
    const res = await ctx.call('GET', '/api/admin/payouts/requests/export.csv?q=nobody-matches', {
      token: staff,
      headers: { 'x-lang': 'ar' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/payout-requests-/);
    const [header] = parse(res.body.slice(1)) as string[][];
    expect(header?.[0]).toBe('الرقم');
    expect(parse(res.body.slice(1))).toHaveLength(1);
    expect((await audited('export.payouts')).at(-1)?.meta.filter).toEqual({ q: 'nobody-matches' });
    expect((await ctx.call('GET', '/api/admin/payouts/export.csv', { token: nobody })).statusCode).toBe(403);
  });
});
