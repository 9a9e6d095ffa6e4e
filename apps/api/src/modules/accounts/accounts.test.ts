import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { codeFrom, TEST_PASSWORD, testAppForFile } from '../../test/harness';
import { throttleSource } from './login-throttle';

/** `user/login` from a given client address (the throttle counts per account+address and per address). */
const loginFrom = (ip: string, email: string, password: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password },
    headers,
    remoteAddress: ip,
  });
const ctx = testAppForFile();

const strong = 'Str0ng-pass!';
const registration = (email: string) => ({
  first_name: 'Nina',
  last_name: 'Notes',
  email,
  password: strong,
  password_confirmation: strong,
  gender: 'female',
  user_type_id: 1,
});

describe('register, verify, login (spec section 7 Auth)', () => {
  it('registers, emails a 6-digit code, verifies and signs in', async () => {
    const email = 'nina@example.test';
    const res = await ctx.call('POST', '/api/user/store-user', { body: registration(email) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.email).toBe(email);
    const mail = await ctx.lastMail(email);
    const code = codeFrom(mail?.text);

    const early = await ctx.call('POST', '/api/user/login', { body: { email, password: strong } });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('USR_NOT_VERIFIED');

    const fresh = codeFrom((await ctx.lastMail(email))?.text);
    expect(fresh).not.toBe(code);
    const verify = await ctx.call('POST', '/api/verify-user', { body: { email, code: fresh } });
    expect(verify.statusCode).toBe(200);

    const login = await ctx.call('POST', '/api/user/login', { body: { email, password: strong } });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.user_type_id).toBe(1);
    expect(user.abilities).toContainEqual({ action: 'call', subject: 'ARTIST_PERMISSION' });
    expect(JSON.stringify(login.json())).not.toMatch(/password_hash|passwordHash|token_hash|argon2/);

    const info = await ctx.call('GET', '/api/user/info', { token });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.email).toBe(email);
  });

  it("requires gender with 'Gender Is Required' and refuses weak or mismatched passwords", async () => {
    const body = {
      ...registration('g@example.test'),
      gender: undefined,
      password: 'short',
      password_confirmation: 'other',
    };
    const res = await ctx.call('POST', '/api/user/store-user', { body });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.gender).toEqual(['Gender Is Required']);
    expect(errors.password[0]).toBe('8 Chars at least');
    const weak = await ctx.call('POST', '/api/user/store-user', {
      body: {
        ...registration('w@example.test'),
        password: 'alllowercase',
        password_confirmation: 'alllowercase',
      },
    });
    expect(weak.json().errors.password).toEqual(['Weak Password']);
    const mismatch = await ctx.call('POST', '/api/user/store-user', {
      body: { ...registration('m@example.test'), password_confirmation: 'Str0ng-pass?' },
    });
    expect(mismatch.json().errors.password_confirmation).toEqual(['Passwords must match']);
    const count = await ctx.deps.database.db.execute(
      sql`select count(*)::int as n from users where email like '%@example.test' and email <> 'nina@example.test'`,
    );
    expect(count.rows[0]).toEqual({ n: 0 });
  });

  it('translates validation messages into the request language', async () => {
    const res = await ctx.call('POST', '/api/user/store-user', { body: {}, headers: { 'x-lang': 'de' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.gender[0]).not.toBe('Gender Is Required');
    expect(res.headers['content-language']).toBe('de');
  });

  it('refuses a taken email', async () => {
    const user = await ctx.makeUser();
    const res = await ctx.call('POST', '/api/user/store-user', { body: registration(user.email) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeDefined();
  });
});

describe('login security', () => {
  it('gives the same answer for an unknown email and a wrong password', async () => {
    const user = await ctx.makeUser();
    const a = await ctx.call('POST', '/api/user/login', {
      body: { email: user.email, password: 'Wrong-pass-1' },
    });
    const b = await ctx.call('POST', '/api/user/login', {
      body: { email: 'nobody@nowhere.test', password: 'Wrong-pass-1' },
    });
    expect(a.statusCode).toBe(422);
    expect(b.statusCode).toBe(422);
    expect(a.json().message).toBe(b.json().message);
  });

  it('throttles an account from one address after 5 failures in 15 minutes with a translated 429', async () => {
    const user = await ctx.makeUser();
    for (let i = 0; i < 5; i++) {
      const r = await loginFrom('198.51.100.10', user.email, 'Wrong-pass-1');
      expect(r.statusCode).toBe(422);
    }
    const locked = await loginFrom('198.51.100.10', user.email, TEST_PASSWORD, { 'x-lang': 'fr' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(locked.json().message).toBe('Trop de tentatives. Veuillez réessayer dans 15 minutes');
    expect(locked.headers['retry-after']).toBe('900');
    ctx.clock.advance(16 * 60_000);
    expect((await loginFrom('198.51.100.10', user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('failures from one address never lock the owner out: the right password works from another', async () => {
    const user = await ctx.makeUser();
    for (let i = 0; i < 8; i++) await loginFrom('203.0.113.5', user.email, `Wrong-pass-${i}`);
    expect((await loginFrom('203.0.113.5', user.email, TEST_PASSWORD)).statusCode).toBe(429);
    const owner = await loginFrom('192.0.2.77', user.email, TEST_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.token).toBeTruthy();
    // The attacker's address stays throttled for this account.
    expect((await loginFrom('203.0.113.5', user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('throttles one address after 20 failures over any e-mails, and no other address', async () => {
    const user = await ctx.makeUser();
    for (let i = 0; i < 20; i++) {
      const r = await loginFrom('198.51.100.20', `sprayed${i}@nowhere.test`, 'Wrong-pass-1');
      expect(r.statusCode).toBe(422);
    }
    expect((await loginFrom('198.51.100.20', user.email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await loginFrom('198.51.100.21', user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts an IPv6 source by its /64 network', async () => {
    expect(throttleSource('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(throttleSource('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(throttleSource('203.0.113.9')).toBe('203.0.113.9');
    const user = await ctx.makeUser();
    for (let i = 1; i <= 5; i++) await loginFrom(`2001:db8:aa:bb::${i}`, user.email, 'Wrong-pass-1');
    expect((await loginFrom('2001:db8:aa:bb::99', user.email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await loginFrom('2001:db8:aa:cc::1', user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one, before and after throttling', async () => {
    const user = await ctx.makeUser();
    const known: LightMyRequestResponse[] = [];
    const unknown: LightMyRequestResponse[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await loginFrom('198.51.100.30', user.email, 'Wrong-pass-1'));
      unknown.push(await loginFrom('198.51.100.31', 'ghost@nowhere.test', 'Wrong-pass-1'));
    }
    const shape = (r: LightMyRequestResponse) => {
      const { requestId: _ignored, ...body } = r.json();
      return { status: r.statusCode, body, retryAfter: r.headers['retry-after'] };
    };
    expect(known.map(shape)).toEqual(unknown.map(shape));
    expect(known.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('applies to admins: failures from one address do not stop the admin signing in from another', async () => {
    const admin = await ctx.makeAdmin();
    const adminLogin = (ip: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: admin.email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++)
      expect((await adminLogin('203.0.113.50', 'Wrong-pass-1')).statusCode).toBe(422);
    expect((await adminLogin('203.0.113.50', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await adminLogin('192.0.2.50', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 USR_UNAUTHENTICATED for missing, malformed, revoked and expired tokens', async () => {
    expect((await ctx.call('GET', '/api/user/info')).json().code).toBe('USR_UNAUTHENTICATED');
    const bad = await ctx.call('GET', '/api/user/info', { headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    expect((await ctx.call('POST', '/api/user/logout', { token })).statusCode).toBe(200);
    const after = await ctx.call('GET', '/api/user/info', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('USR_UNAUTHENTICATED');
    const token2 = await ctx.loginUser(user.email);
    ctx.clock.advance(31 * 86_400_000);
    expect((await ctx.call('GET', '/api/user/info', { token: token2 })).statusCode).toBe(401);
    ctx.clock.set(new Date());
  });

  it('refuses the tokens and the sign-in of a disabled account', async () => {
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    await ctx.deps.database.pool.query(`update users set status = 'disabled' where id = $1`, [user.id]);
    const res = await ctx.call('GET', '/api/user/info', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('USR_UNAUTHENTICATED');
    const login = await ctx.call('POST', '/api/user/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
  });

  it('stores tokens only as SHA-256 and passwords as argon2id with the OWASP parameters', async () => {
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    const rows = await ctx.deps.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from access_tokens where user_id = ${user.id}`,
    );
    expect(rows.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows.some((r) => r.token_hash === token)).toBe(false);
    const reg = await ctx.call('POST', '/api/user/store-user', { body: registration('hash@example.test') });
    expect(reg.statusCode).toBe(201);
    const hash = await ctx.deps.database.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where email = 'hash@example.test'`,
    );
    expect(hash.rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('email codes', () => {
  it('refuses a wrong code, locks after 5 attempts and expires after 10 minutes', async () => {
    const email = 'codes@example.test';
    await ctx.call('POST', '/api/user/store-user', { body: registration(email) });
    const code = codeFrom((await ctx.lastMail(email))?.text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await ctx.call('POST', '/api/verify-user', { body: { email, code: wrong } })).statusCode).toBe(
        422,
      );
    }
    expect((await ctx.call('POST', '/api/verify-user', { body: { email, code: wrong } })).statusCode).toBe(
      429,
    );
    expect((await ctx.call('POST', '/api/verify-user', { body: { email, code } })).statusCode).toBe(429);

    await ctx.call('POST', '/api/user/resend-code', { body: { email } });
    const next = codeFrom((await ctx.lastMail(email))?.text);
    ctx.clock.advance(11 * 60_000);
    expect((await ctx.call('POST', '/api/verify-user', { body: { email, code: next } })).statusCode).toBe(
      422,
    );
    ctx.clock.set(new Date());
    await ctx.call('POST', '/api/user/resend-code', { body: { email } });
    const last = codeFrom((await ctx.lastMail(email))?.text);
    expect((await ctx.call('POST', '/api/verify-user', { body: { email, code: last } })).statusCode).toBe(
      200,
    );
    const codes = await ctx.deps.database.db.execute<{ code_hash: string }>(
      sql`select code_hash from email_codes`,
    );
    expect(codes.rows.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash) && r.code_hash !== last)).toBe(true);
  });
});

describe('two-step sign-in', () => {
  it('emails a code when 2FA is on and signs in with it', async () => {
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    const on = await ctx.call('POST', '/api/user/two-factor', {
      token,
      body: { enabled: true, password: TEST_PASSWORD },
    });
    expect(on.statusCode).toBe(200);
    const first = await ctx.call('POST', '/api/user/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(first.json().data).toEqual({ two_factor: true, email: user.email });
    const code = codeFrom((await ctx.lastMail(user.email))?.text);
    const second = await ctx.call('POST', '/api/login-2fa', { body: { email: user.email, code } });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.token).toBeTruthy();
    const replay = await ctx.call('POST', '/api/login-2fa', { body: { email: user.email, code } });
    expect(replay.statusCode).toBe(422);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown addresses and resets with a single-use link that revokes sessions', async () => {
    const user = await ctx.makeUser();
    const session = await ctx.loginUser(user.email);
    const unknown = await ctx.call('POST', '/api/forget-password', { body: { email: 'ghost@nowhere.test' } });
    const known = await ctx.call('POST', '/api/forget-password', { body: { email: user.email } });
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message).toBe(unknown.json().message);
    const link = /(http\S+)/.exec((await ctx.lastMail(user.email))?.text ?? '')?.[1];
    const url = new URL(link!);
    expect(url.pathname).toBe('/user/reset-password');
    const token = url.searchParams.get('token')!;
    const check = await ctx.call(
      'GET',
      `/api/check/reset/token?${new URLSearchParams({ token, email: user.email })}`,
    );
    expect(check.statusCode).toBe(200);
    const newPass = 'N3w-password!';
    const reset = await ctx.call('POST', '/api/user/reset-password', {
      body: { email: user.email, token, password: newPass, password_confirmation: newPass },
    });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user/info', { token: session })).statusCode).toBe(401);
    const again = await ctx.call('POST', '/api/user/reset-password', {
      body: { email: user.email, token, password: newPass, password_confirmation: newPass },
    });
    expect(again.statusCode).toBe(422);
    await ctx.loginUser(user.email, newPass);
  });

  it('refuses an expired link', async () => {
    const user = await ctx.makeUser();
    await ctx.call('POST', '/api/forget-password', { body: { email: user.email } });
    const link = new URL(/(http\S+)/.exec((await ctx.lastMail(user.email))?.text ?? '')![1]!);
    ctx.clock.advance(61 * 60_000);
    const check = await ctx.call('GET', `/api/check/reset/token?${link.searchParams}`);
    expect(check.statusCode).toBe(422);
    ctx.clock.set(new Date());
  });
});

describe('own account', () => {
  it('changes the password with the current one, revoking the other sessions', async () => {
    const user = await ctx.makeUser();
    const a = await ctx.loginUser(user.email);
    const b = await ctx.loginUser(user.email);
    const wrong = await ctx.call('POST', '/api/user/reset/password/login', {
      token: a,
      body: { current_password: 'nope', password: 'An0ther-pass!', password_confirmation: 'An0ther-pass!' },
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await ctx.call('POST', '/api/user/reset/password/login', {
      token: a,
      body: {
        current_password: TEST_PASSWORD,
        password: 'An0ther-pass!',
        password_confirmation: 'An0ther-pass!',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user/info', { token: a })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user/info', { token: b })).statusCode).toBe(401);
    const audit = await ctx.deps.database.db.execute<{ action: string }>(
      sql`select action from audit_logs where actor_id = ${user.id} and actor_type = 'user'`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['auth.login', 'auth.password_change_failed', 'auth.password_changed']),
    );
  });

  it('forces a password change before anything else when flagged', async () => {
    const user = await ctx.makeUser({ mustChangePassword: true });
    const token = await ctx.loginUser(user.email);
    const blocked = await ctx.call('GET', '/api/user/sessions', { token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('USR_PASSWORD_CHANGE_REQUIRED');
    const change = await ctx.call('POST', '/api/user/reset/password/login', {
      token,
      body: { password: 'Forc3d-change!', password_confirmation: 'Forc3d-change!' },
    });
    expect(change.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user/sessions', { token })).statusCode).toBe(200);
  });

  it("reads and updates only one's own profile", async () => {
    const me = await ctx.makeUser();
    const other = await ctx.makeUser();
    const token = await ctx.loginUser(me.email);
    expect((await ctx.call('GET', `/api/user/get-info/${other.id}`, { token })).statusCode).toBe(404);
    expect(
      (await ctx.call('POST', `/api/user/update-user/${other.id}`, { token, body: { first_name: 'X' } }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.call('DELETE', `/api/user/delete/${other.id}`, { token })).statusCode).toBe(404);
    const bad = await ctx.call('POST', `/api/user/update-user/${me.id}`, {
      token,
      body: { birth_date: '2999-01-01' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.birth_date).toEqual(['Invalid birth date']);
    const ok = await ctx.call('POST', `/api/user/update-user/${me.id}`, {
      token,
      body: { first_name: 'Mia', phone_number: '+14155550123' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.full_name).toMatch(/^Mia /);
  });

  it('lists sessions and revokes one; deleting the account revokes all', async () => {
    const user = await ctx.makeUser();
    const a = await ctx.loginUser(user.email);
    const b = await ctx.loginUser(user.email);
    const list = await ctx.call('GET', '/api/user/sessions', { token: a });
    const sessions = list.json().data as { id: number; current: boolean }[];
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s) => !s.current)!;
    expect((await ctx.call('DELETE', `/api/user/sessions/${other.id}`, { token: a })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user/info', { token: b })).statusCode).toBe(401);
    expect((await ctx.call('DELETE', `/api/user/delete/${user.id}`, { token: a })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user/info', { token: a })).statusCode).toBe(401);
  });
});

describe('sign out all other sessions', () => {
  it('ends every other session of the user, keeps the caller and other users signed in', async () => {
    const user = await ctx.makeUser();
    const stranger = await ctx.makeUser();
    const [a, b, c] = [
      await ctx.loginUser(user.email),
      await ctx.loginUser(user.email),
      await ctx.loginUser(user.email),
    ];
    const theirs = await ctx.loginUser(stranger.email);
    const res = await ctx.call('DELETE', '/api/user/sessions', { token: a });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { revoked: 2 },
      message: 'Your other sessions have been signed out',
    });
    expect((await ctx.call('GET', '/api/user/info', { token: b })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/user/info', { token: c })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/user/info', { token: a })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user/info', { token: theirs })).statusCode).toBe(200);
    const again = await ctx.call('DELETE', '/api/user/sessions', { token: a });
    expect(again.json().data.revoked).toBe(0);
    const audits = await ctx.deps.database.pool.query(
      `select meta from audit_logs where action = 'auth.other_sessions_revoked' and target_id = $1`,
      [user.id],
    );
    expect(audits.rows.map((r) => r.meta)).toEqual([{ count: 2 }]);
  });
});

describe('Google sign-in (sandbox provider)', () => {
  /** Start a sign-in in a "browser" (redirect) and pass the sandbox consent page as `email`. */
  async function startGoogle(email: string) {
    const redirect = await ctx.call('GET', '/api/oauth/gmail/redirect');
    expect(redirect.statusCode).toBe(200);
    const { url, state, binding } = redirect.json().data as { url: string; state: string; binding: string };
    expect(url).toContain('/api/sandbox/google/consent');
    expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state carries only a hash of the binding secret, never the secret itself.
    expect(Buffer.from(state.split('.')[0]!, 'base64url').toString()).not.toContain(binding);
    const consent = await ctx.call('POST', '/api/sandbox/google/consent', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        state,
        redirect_uri: `${ctx.deps.config.appUrl}/oauth`,
        email,
        first_name: 'Gina',
        last_name: 'Google',
      }).toString(),
    });
    expect(consent.statusCode).toBe(302);
    const back = new URL(consent.headers.location as string);
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code')!, state, binding };
  }
  const finish = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.call('GET', `/api/oauth/gmail/register/login?${new URLSearchParams(query)}`, { headers });

  it('signs up a new Google account through completion, then signs it in directly', async () => {
    const { code, state, binding } = await startGoogle('g.user@gmail.test');
    const first = await finish({ code, state, binding, auth_type: 'login' });
    expect(first.statusCode).toBe(200);
    const pending = first.json().data;
    expect(pending.needs_completion).toBe(true);
    const missingGender = await ctx.call('POST', '/api/oauth/gmail/register/complete', {
      body: { oauth_token: pending.oauth_token, user_type_id: 2 },
    });
    expect(missingGender.json().errors.gender).toEqual(['Gender Is Required']);
    const done = await ctx.call('POST', '/api/oauth/gmail/register/complete', {
      body: { oauth_token: pending.oauth_token, user_type_id: 2, gender: 'female' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user.oauth_type).toBe('google');
    expect(done.json().data.user.abilities).toContainEqual({ action: 'call', subject: 'CURATOR_PERMISSION' });
    const again = await startGoogle('g.user@gmail.test');
    expect((await finish(again)).json().data.token).toBeTruthy();
  });

  it('refuses a missing, foreign, tampered or expired state before using the code (login CSRF)', async () => {
    // The attacker finished the consent page with their own Google account; the victim opens the link
    // /oauth?code=…&state=… in their own browser, which holds its own binding secret (or none).
    await ctx.makeUser({ email: 'attacker@gmail.test' });
    const attacker = await startGoogle('attacker@gmail.test');
    const victim = await ctx.call('GET', '/api/oauth/gmail/redirect');
    const victimBinding = victim.json().data.binding as string;
    const sessions = async () =>
      (await ctx.deps.database.db.execute<{ n: number }>(sql`select count(*)::int as n from access_tokens`))
        .rows[0]!.n;
    const before = await sessions();

    const [body, mac] = attacker.state.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 3600 })).toString('base64url')}.${mac}`;
    const refusals: [string, Record<string, string>][] = [
      ['no state', { code: attacker.code, binding: victimBinding }],
      ['no state, no binding', { code: attacker.code }],
      ['no binding', { code: attacker.code, state: attacker.state }],
      ["another browser's binding", { code: attacker.code, state: attacker.state, binding: victimBinding }],
      ['tampered state', { code: attacker.code, state: tampered, binding: attacker.binding }],
      ['a code passed as state', { code: attacker.code, state: attacker.code, binding: attacker.binding }],
    ];
    for (const [label, query] of refusals) {
      const res = await finish(query);
      expect(res.statusCode, label).toBe(422);
      expect(res.json().message, label).toBe(
        'This Google sign-in was not started in this browser or has expired. Please start again',
      );
    }
    const arabic = await finish({ code: attacker.code }, { 'x-lang': 'ar' });
    expect(arabic.json().message).toBe(
      'لم يبدأ تسجيل الدخول عبر Google هذا في هذا المتصفح أو انتهت صلاحيته. يُرجى البدء من جديد',
    );
    expect(await sessions()).toBe(before);

    ctx.clock.advance(11 * 60_000);
    const expired = await finish(attacker);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toContain('not started in this browser');

    // The browser that started a sign-in finishes it.
    const fresh = await startGoogle('attacker@gmail.test');
    const ok = await finish(fresh);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.email).toBe('attacker@gmail.test');
  });

  it('refuses a forged code with a valid state', async () => {
    const { state, binding } = await startGoogle('forged@gmail.test');
    const forged = await finish({ code: 'abc.def', state, binding });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toBe('Google sign-in failed. Please try again');
  });
});

describe('routes that read their data with the token (hot paths)', () => {
  const INFO = '/api/user/info';
  const BALANCE = '/api/wallet/user/current/balance';
  const statuses = async (token: string) => [
    (await ctx.call('GET', INFO, { token })).statusCode,
    (await ctx.call('GET', BALANCE, { token })).statusCode,
  ];

  it('answer the signed-in user their own data, each in one statement with the token', async () => {
    const user = await ctx.makeUser({ firstName: 'Pre', lastName: 'Load' });
    const token = await ctx.loginUser(user.email);
    await statuses(token); // the first use records last_used_at (one more statement, once a minute)
    const pool = ctx.deps.database.pool;
    const original = pool.query;
    const texts: string[] = [];
    pool.query = function (this: typeof pool, ...args: unknown[]) {
      const config = args[0] as string | { text: string };
      texts.push(typeof config === 'string' ? config : config.text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pool.query;
    let info: LightMyRequestResponse;
    let balance: LightMyRequestResponse;
    try {
      info = await ctx.call('GET', INFO, { token });
      balance = await ctx.call('GET', BALANCE, { token });
    } finally {
      pool.query = original;
    }
    expect(info.json().data).toMatchObject({ id: user.id, full_name: 'Pre Load', balance: 0 });
    expect(balance.json().data).toMatchObject({ balance: 0, total_minor: 0, currency: 'GBP' });
    // The maintenance flag has its own short cache; everything else is the token's one statement.
    expect(texts.filter((t) => !t.includes('maintenance_mode'))).toHaveLength(2);
  });

  it('refuse a revoked token, a disabled or unverified user and an admin token on the very next request', async () => {
    const revoked = await ctx.makeUser();
    const revokedToken = await ctx.loginUser(revoked.email);
    expect(await statuses(revokedToken)).toEqual([200, 200]);
    await ctx.deps.database.pool.query('update access_tokens set revoked_at = now() where user_id = $1', [
      revoked.id,
    ]);
    expect(await statuses(revokedToken)).toEqual([401, 401]);

    const disabled = await ctx.makeUser();
    const disabledToken = await ctx.loginUser(disabled.email);
    expect(await statuses(disabledToken)).toEqual([200, 200]);
    await ctx.deps.database.pool.query(`update users set status = 'disabled' where id = $1`, [disabled.id]);
    expect(await statuses(disabledToken)).toEqual([401, 401]);

    const unverified = await ctx.makeUser();
    const unverifiedToken = await ctx.loginUser(unverified.email);
    await ctx.deps.database.pool.query('update users set email_verified_at = null where id = $1', [
      unverified.id,
    ]);
    expect(await statuses(unverifiedToken)).toEqual([401, 401]);

    const adminToken = await ctx.loginAdmin((await ctx.makeAdmin()).email);
    expect(await statuses(adminToken)).toEqual([401, 401]);
  });

  it('keep user/info open and the balance closed while a password change is forced', async () => {
    const user = await ctx.makeUser({ mustChangePassword: true });
    const token = await ctx.loginUser(user.email);
    const info = await ctx.call('GET', INFO, { token });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.must_change_password).toBe(true);
    const balance = await ctx.call('GET', BALANCE, { token });
    expect(balance.statusCode).toBe(403);
    expect(balance.json().code).toBe('USR_PASSWORD_CHANGE_REQUIRED');
  });
});
