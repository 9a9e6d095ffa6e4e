import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { formatDevMail } from './dev-mail';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The `lm_dev_mail=…` pair the server set on a response. */
const cookieOf = (setCookie: string | string[] | undefined) => String([setCookie].flat()[0]).split(';')[0]!;

describe('development mail', () => {
  it("shows a new user's verification mail to this browser session only, without staff", async () => {
    // The browser's first call gives it its session cookie.
    const first = await ctx.call('GET', '/api/setting/all');
    expect(first.json().data.dev_mail).toBe(true);
    const cookie = cookieOf(first.headers['set-cookie']);
    expect(cookie).toMatch(/^lm_dev_mail=[A-Za-z0-9_-]{22}$/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);

    const email = `dev-mail-${Date.now()}@example.test`;
    const registered = await ctx.call('POST', '/api/user/store-user', {
      headers: { cookie },
      body: {
        first_name: 'Nia',
        last_name: 'Dev',
        email,
        password: 'Str0ng-pass!',
        password_confirmation: 'Str0ng-pass!',
        user_type_id: 1,
        gender: 'female',
      },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    const code = /\b(\d{6})\b/.exec((await ctx.lastMail(email))!.text)![1]!;

    const mine = await ctx.call('GET', `/api/dev/mail?to=${encodeURIComponent(email.toUpperCase())}`, {
      headers: { cookie },
    });
    expect(mine.statusCode).toBe(200);
    const mails = mine.json().data as { to: string; subject: string; text: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.text).toContain(code);

    // Another browser, or none, sees nothing.
    const other = cookieOf((await ctx.call('GET', '/api/setting/all')).headers['set-cookie']);
    expect(other).not.toBe(cookie);
    const theirs = await ctx.call('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`, {
      headers: { cookie: other },
    });
    expect(theirs.json().data).toEqual([]);
    expect((await ctx.call('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`)).json().data).toEqual([]);
    // A browser that has its cookie is not given another.
    expect(
      (await ctx.call('GET', '/api/setting/all', { headers: { cookie } })).headers['set-cookie'],
    ).toBeUndefined();
  });

  it('is off with DEV_MAIL=0 (the benchmarks): no cookie, nothing kept', async () => {
    const off = await createTestApp({ env: { DEV_MAIL: '0' } });
    try {
      const first = await off.call('GET', '/api/setting/all');
      expect(first.json().data.dev_mail).toBe(false);
      expect(first.headers['set-cookie']).toBeUndefined();
      const email = `dev-mail-off-${Date.now()}@example.test`;
      const registered = await off.call('POST', '/api/user/store-user', {
        body: {
          first_name: 'Nia',
          last_name: 'Off',
          email,
          password: 'Str0ng-pass!',
          password_confirmation: 'Str0ng-pass!',
          user_type_id: 1,
          gender: 'female',
        },
      });
      expect(registered.statusCode, registered.body).toBeLessThan(300);
      // The mail is written to the outbox all the same.
      expect(await off.lastMail(email)).toBeTruthy();
      expect((await off.call('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`)).json().data).toEqual(
        [],
      );
    } finally {
      await off.close();
    }
  });

  it('refuses a missing address with a translated 422', async () => {
    const res = await ctx.call('GET', '/api/dev/mail', { headers: { 'x-lang': 'de' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.to?.[0]).toBeTruthy();
  });

  it('prints a mail to the server log as a readable block', () => {
    const block = formatDevMail({
      to: 'nia@example.test',
      from: '"Liberty Music" <no-reply@example.test>',
      subject: 'Your code',
      text: 'Hello Nia,\n\nYour code is 123456.',
    });
    expect(block.split('\n')).toEqual([
      `┌${'─'.repeat(72)}`,
      '│ Development mail to nia@example.test from "Liberty Music" <no-reply@example.test>',
      '│ Subject: Your code',
      `├${'─'.repeat(72)}`,
      '│ Hello Nia,',
      '│ ',
      '│ Your code is 123456.',
      `└${'─'.repeat(72)}`,
    ]);
  });
});
