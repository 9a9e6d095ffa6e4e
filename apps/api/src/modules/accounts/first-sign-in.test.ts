import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, testAppForFile } from '../../test/harness';

const ctx = testAppForFile();

describe('the greeting of a sign-in', () => {
  it('welcomes a first sign-in, and welcomes back only after one', async () => {
    const user = await ctx.makeUser();
    const signIn = () =>
      ctx.call('POST', '/api/user/login', { body: { email: user.email, password: TEST_PASSWORD } });
    const first = await signIn();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Welcome! You are signed in');
    expect(first.json().data.first_sign_in).toBe(true);
    const again = await signIn();
    expect(again.json().message).toBe('Welcome back');
    expect(again.json().data.first_sign_in).toBe(false);
  });
});
