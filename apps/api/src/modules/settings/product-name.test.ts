import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { DEMO_PACKAGES, seedWalletDemo } from '../wallet/wallet.demo';

let superToken: string;
const ctx = adminTestAppForFile((signedIn) => {
  ({ token: superToken } = signedIn);
});

describe("the product's one name", () => {
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

  it("issues the invoice PDF under the product's name staff set", async () => {
    await seedWalletDemo(ctx.deps.database);
    const put = await ctx.call('PUT', '/api/admin/settings', {
      token: superToken,
      body: { mail_from_name: 'Sonora Push' },
    });
    expect(put.statusCode).toBe(200);
    const user = await ctx.makeUser({ userTypeId: 1 });
    const token = await ctx.loginUser(user.email);
    const pkg = (
      await ctx.deps.database.pool.query('select id from coin_packages where name = $1', [
        DEMO_PACKAGES[1].name,
      ])
    ).rows[0];
    const checkout = (
      await ctx.call('POST', '/api/stripe/create/checkout', { token, body: { package_id: pkg.id } })
    ).json().data as { session_id: string };
    await ctx.call('POST', `/api/sandbox/checkout/${checkout.session_id}/complete`, { body: {} });
    const confirm = await ctx.call('POST', '/api/stripe/checkout/check/pay', {
      token,
      body: { session_id: checkout.session_id },
    });
    const pdf = await ctx.call('POST', `/api/artist/invoice/${confirm.json().data.invoice_id}`, { token });
    expect(pdf.statusCode).toBe(200);
    const file = (await ctx.call('GET', new URL(pdf.json().data.attachment_link).pathname)).rawPayload;
    // The document's author: a string object of its (uncompressed) information dictionary.
    const text = file.toString('latin1');
    const author = /\/Author (\d+) 0 R/.exec(text)?.[1];
    expect(text).toContain(`\n${author} 0 obj\n(Sonora Push)\nendobj`);
    expect(text).not.toContain('Liberty Music');
  });
});
