import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

let smtp: TestContext;
beforeAll(async () => {
  // Nothing listens on this port: the mail job would fail and retry, which this test never reaches.
  smtp = await createTestApp({ env: { MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' } });
});
afterAll(async () => {
  await smtp?.close();
});

describe('dev mailbox', () => {
  it('exists only while the outbox driver is active: 404 with the SMTP driver, mail still recorded', async () => {
    const token = await smtp.loginAdmin((await smtp.makeAdmin()).email);
    const user = await smtp.makeUser();
    expect(
      (await smtp.call('POST', '/api/forget-password', { body: { email: user.email } })).statusCode,
    ).toBe(200);
    expect(await smtp.lastMail(user.email)).toBeDefined();
    const res = await smtp.call('GET', '/api/admin/dev/mailbox', { token });
    expect(res.statusCode).toBe(404);
  });
});
