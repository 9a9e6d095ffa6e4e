import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/harness';

const ctx = testAppForFile();

describe('sandbox time travel', () => {
  it('moves the product clock forward for admins only', async () => {
    const admin = await ctx.makeAdmin({ permissions: [] });
    const token = await ctx.loginAdmin(admin.email);
    const before = ctx.clock.now().getTime();
    const res = await ctx.call('POST', '/api/admin/dev/clock/advance', { token, body: { days: 2 } });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().data.now).getTime() - before).toBe(2 * 86_400_000);
    const user = await ctx.makeUser();
    ctx.clock.set(new Date());
    const userToken = await ctx.loginUser(user.email);
    expect(
      (await ctx.call('POST', '/api/admin/dev/clock/advance', { token: userToken, body: { days: 1 } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.call('POST', '/api/admin/dev/clock/advance', { token, body: { days: 400 } })).statusCode,
    ).toBe(422);
  });
});
