import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let superToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.makeAdmin();
  superToken = await ctx.loginAdmin(admin.email);
});
afterAll(async () => {
  await ctx?.close();
});

describe("the product's one name (issue 28 item 13)", () => {
  it('is read by anyone from setting/all and written in mails, following the staff setting', async () => {
    const before = (await ctx.call('GET', '/api/setting/all')).json().data;
    expect(before.product_name).toBe('Liberty Music');

    const put = await ctx.call('PUT', '/api/admin/settings', {
      token: superToken,
      body: { mail_from_name: 'Melodia Promo' },
    });
    expect(put.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/setting/all')).json().data.product_name).toBe('Melodia Promo');

    const [role] = (
      await ctx.deps.database.db.execute<{ id: number }>(
        sql`select id from roles where name = 'Super Admin' and guard = 'admin'`,
      )
    ).rows;
    const email = `named-${Date.now()}@test.test`;
    const created = await ctx.call('POST', '/api/admin/admins', {
      token: superToken,
      body: { name: 'Nora Staff', email, role_ids: [role!.id] },
    });
    expect(created.statusCode).toBe(201);
    const mail = await ctx.lastMail(email);
    expect(mail?.subject).toBe('Your Melodia Promo back-office account');
    expect(mail?.text).toContain('A back-office account was created for you on Melodia Promo.');
    expect(mail?.text).not.toContain('Liberty');
    expect(mail?.fromAddress).toContain('"Melodia Promo"');
  });
});
