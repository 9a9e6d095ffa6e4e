import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config/env';
import { withTransaction } from '../db/client';
import { putSetting } from '../modules/settings/settings.service';
import { ROUTE_MODULES } from '../routes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { testAppForFile } from '../test/harness';
import { multipartFile, PNG } from '../test/uploads';
import { userAccess } from './access';
import { buildApp, type RouteModule } from './app';

const ctx = testAppForFile();

describe('configuration', () => {
  it('uses safe defaults and refuses demo data or the dev key in production', () => {
    const dev = loadConfig({});
    expect(dev.embedded).toBe(true);
    expect(dev.seedDemo).toBe(true);
    expect(dev.PORT).toBe(3000);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1', APP_KEY: 'k'.repeat(40) })).toThrow(
      /SEED_DEMO/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toThrow(/APP_KEY/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', APP_KEY: 'k'.repeat(40) }),
    ).toThrow(/CRM_WEBHOOK_SECRET/);
    const prod = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x/y',
      APP_KEY: 'k'.repeat(40),
      CRM_WEBHOOK_SECRET: 'w'.repeat(32),
    };
    expect(() => loadConfig(prod)).toThrow(/production never runs on sandbox providers.*Stripe.*PayPal/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(loadConfig({ APP_URL: '' }).appUrl).toBe('http://localhost:3000');
  });
});

describe('validation messages', () => {
  it("fill a key's {{value}} with the bound zod reports (never '{{value}} is min value')", async () => {
    const probe: RouteModule = (app) => {
      app.post(
        '/api/test/bounds',
        {
          config: { access: { kind: 'public' } },
          schema: {
            body: z.object({
              rating: z.number().int().min(1, 'validation.min_value').max(5, 'validation.max_value'),
            }),
          },
        },
        async () => ({ ok: true }),
      );
    };
    const app = await buildApp(ctx.deps, [probe]);
    try {
      const low = await app.inject({ method: 'POST', url: '/api/test/bounds', payload: { rating: 0 } });
      expect(low.statusCode).toBe(422);
      expect(low.json().errors.rating).toEqual(['1 is min value']);
      const high = await app.inject({ method: 'POST', url: '/api/test/bounds', payload: { rating: 6 } });
      expect(high.json().errors.rating[0]).toContain('5');
      expect(high.json().errors.rating[0]).not.toContain('{{');
    } finally {
      await app.close();
    }
  });
});

describe('HTTP platform', () => {
  it('refuses to start when a route declares no access', async () => {
    const rogue: RouteModule = (app) => {
      app.get('/api/rogue', async () => ({ ok: true }));
    };
    await expect(buildApp(ctx.deps, [rogue])).rejects.toThrow(/declares no access/);
  });

  it('masks 5xx errors and adds a requestId', async () => {
    const boom: RouteModule = (app) => {
      app.get('/api/boom', { config: { access: userAccess() } }, async () => {
        throw new Error('secret internal detail');
      });
    };
    const app = await buildApp(ctx.deps, [...ROUTE_MODULES, boom]);
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    const res = await app.inject({
      method: 'GET',
      url: '/api/boom',
      headers: { authorization: `Bearer ${token}`, 'x-lang': 'tr' },
    });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.json().requestId).toMatch(/[0-9a-f-]{36}/);
    expect(res.json().code).toBe('INTERNAL');
  });

  it("maps zod's own messages to the spec's generic ones ('{value} is max value', 'Field is required')", async () => {
    const tooBig = await ctx.call('GET', '/api/user/genre/getAllGenresWithQ?limit=101');
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.limit).toEqual(['100 is max value']);
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    const wrongType = await ctx.call('POST', '/api/user/two-factor', {
      token,
      body: { enabled: 'yes', password: 'x' },
    });
    expect(wrongType.json().errors.enabled).toEqual(['Invalid value']);
    const missing = await ctx.call('POST', '/api/user/two-factor', { token, body: { password: 'x' } });
    expect(missing.json().errors.enabled).toEqual(['Field is required']);
  });

  it('refuses a NUL byte in a query, a path parameter or a JSON string with 422 and the field, translated', async () => {
    const query = await ctx.call('GET', '/api/user/genre/getAllGenresWithQ?q=%00', {
      headers: { 'x-lang': 'de' },
    });
    expect(query.statusCode).toBe(422);
    expect(query.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Dieser Wert enthält unzulässige Zeichen',
      errors: { q: ['Dieser Wert enthält unzulässige Zeichen'] },
    });
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    const body = await ctx.call('POST', '/api/stripe/checkout/check/pay', {
      token,
      body: { session_id: 'cs_\u0000x' },
    });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({
      session_id: ['This value contains characters that are not allowed'],
    });
    const adminToken = await ctx.loginAdmin((await ctx.makeAdmin()).email);
    const nested = await ctx.call('GET', '/api/admin/audit-logs?filter[action]=a%00', { token: adminToken });
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(nested.json().errors)).toEqual(['filter.action']);
    const param = await ctx.call('GET', '/api/admin/queues/ab%00cd/jobs', { token: adminToken });
    expect(param.statusCode).toBe(422);
    expect(param.json().errors).toEqual({ name: ['This value contains characters that are not allowed'] });
  });

  it('answers a value PostgreSQL cannot store with 422, not 500 (backstop behind validation)', async () => {
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const token = await ctx.loginUser(artist.email);
    const res = await ctx.call('POST', '/api/express/artist/campaign/renew/check', {
      token,
      body: { campaign_id: 2_147_483_648 },
      headers: { 'x-lang': 'fr' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Valeur invalide' });
  });

  it('compresses API answers of 1 KiB and more for a client that accepts it (issue 37)', async () => {
    const plain = await ctx.call('GET', '/api/countries');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1_024);
    const browser = await ctx.call('GET', '/api/countries', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(browser.rawPayload).toString())).toEqual(plain.json());
    const off = await buildApp(
      { ...ctx.deps, config: { ...ctx.deps.config, API_COMPRESSION: 'off' } },
      ROUTE_MODULES,
    );
    try {
      const unencoded = await off.inject({ url: '/api/countries', headers: { 'accept-encoding': 'br' } });
      expect(unencoded.headers['content-encoding']).toBeUndefined();
      expect(unencoded.json()).toEqual(plain.json());
    } finally {
      await off.close();
    }
  });

  it('answers unknown API paths with a JSON 404 and sets security headers', async () => {
    const res = await ctx.call('GET', '/api/does/not/exist');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the OpenAPI document with the spec paths', async () => {
    const res = await ctx.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/user/login',
        '/api/login-2fa',
        '/api/user/store-user',
        '/api/admin/login',
      ]),
    );
    expect((await ctx.call('GET', '/api/docs/')).statusCode).toBe(200);
  });

  it('reports health of the database and the job system', async () => {
    const res = await ctx.call('GET', '/api/health');
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', jobs: 'ok' });
  });

  it('answers 503 to user calls in maintenance mode while admins keep working', async () => {
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    const admin = await ctx.makeAdmin();
    const adminToken = await ctx.loginAdmin(admin.email);
    await putSetting(ctx.deps.database, 'maintenance_mode', true);
    try {
      const blocked = await ctx.call('GET', '/api/user/info', { token });
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json().code).toBe('MAINTENANCE');
      // No staff message set: the apps show their translated text.
      expect((await ctx.call('GET', '/api/maintenance-mode-check')).json().data).toEqual({
        check: true,
        message: null,
      });
      expect((await ctx.call('GET', '/api/admin/info', { token: adminToken })).statusCode).toBe(200);
    } finally {
      await putSetting(ctx.deps.database, 'maintenance_mode', false);
    }
    expect((await ctx.call('GET', '/api/user/info', { token })).statusCode).toBe(200);
  });
});

describe('admin session', () => {
  it('signs in, reads admin/info with all permissions, and logs out', async () => {
    const admin = await ctx.makeAdmin();
    const token = await ctx.loginAdmin(admin.email);
    const info = await ctx.call('GET', '/api/admin/info', { token });
    expect(info.json().data.roles).toEqual(['Super Admin']);
    const subjects = info.json().data.abilities.map((a: { subject: string }) => a.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['general', 'view.main.roles.tab.list', 'main.wallet.show.all.transactions']),
    );
    expect((await ctx.call('POST', '/api/logout', { token })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/admin/info', { token })).statusCode).toBe(401);
  });

  it('keeps user and admin sessions apart', async () => {
    const user = await ctx.makeUser();
    const userToken = await ctx.loginUser(user.email);
    expect((await ctx.call('GET', '/api/admin/info', { token: userToken })).statusCode).toBe(401);
    const admin = await ctx.makeAdmin();
    const adminToken = await ctx.loginAdmin(admin.email);
    expect((await ctx.call('GET', '/api/user/info', { token: adminToken })).statusCode).toBe(401);
    expect(
      (await ctx.call('POST', '/api/admin/login', { body: { email: user.email, password: 'x' } })).statusCode,
    ).toBe(422);
  });

  it('records security events in the append-only audit log', async () => {
    const admin = await ctx.makeAdmin();
    await ctx.call('POST', '/api/admin/login', { body: { email: admin.email, password: 'Wrong-pass-1' } });
    await ctx.loginAdmin(admin.email);
    const rows = await ctx.deps.database.db.execute<{ action: string; ip: string }>(
      sql`select action, ip from audit_logs where target_type = 'admin' and target_id = ${String(admin.id)} order by id`,
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['admin.login_failed', 'admin.login']);
    expect(rows.rows[0]?.ip).toBeTruthy();
    await expect(ctx.deps.database.pool.query('delete from audit_logs')).rejects.toThrow(/append-only/);
    await expect(ctx.deps.database.pool.query("update audit_logs set action = 'x'")).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('dev mailbox', () => {
  it('lists outbox mail to admins holding dev.mailbox.show only', async () => {
    const admin = await ctx.makeAdmin({ permissions: ['dev.mailbox.show'] });
    const token = await ctx.loginAdmin(admin.email);
    const other = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
    const refused = await ctx.call('GET', '/api/admin/dev/mailbox', {
      token: await ctx.loginAdmin(other.email),
    });
    expect(refused.statusCode).toBe(403);
    await ctx.call('POST', '/api/user/store-user', {
      body: {
        first_name: 'M',
        last_name: 'B',
        email: 'mailbox@example.test',
        password: 'Str0ng-pass!',
        password_confirmation: 'Str0ng-pass!',
        gender: 'male',
        user_type_id: 2,
      },
    });
    const res = await ctx.call('GET', '/api/admin/dev/mailbox?limit=10', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ to: 'mailbox@example.test' });
    expect(res.json().pagination).toMatchObject({ limit: 10, current_page: 1 });
    const user = await ctx.makeUser();
    expect(
      (await ctx.call('GET', '/api/admin/dev/mailbox', { token: await ctx.loginUser(user.email) }))
        .statusCode,
    ).toBe(401);
    expect((await ctx.call('GET', '/api/admin/dev/mailbox?limit=7', { token })).statusCode).toBe(422);
  });
});

describe('jobs', () => {
  it('enqueues inside the business transaction: a rollback leaves no job', async () => {
    await ctx.deps.jobs.boss.createQueue('test.tx');
    await expect(
      withTransaction(ctx.deps.database, async (tx) => {
        await ctx.deps.jobs.send('test.tx', { n: 1 }, {}, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const id = await withTransaction(ctx.deps.database, (tx) =>
      ctx.deps.jobs.send('test.tx', { n: 2 }, {}, tx),
    );
    const jobs = await ctx.deps.jobs.boss.fetch<{ n: number }>('test.tx', { batchSize: 10 });
    expect(jobs.map((j) => j.data.n)).toEqual([2]);
    expect(jobs[0]?.id).toBe(id);
  });
});

describe('files', () => {
  it('stores an image under a generated name, checking its type by content', async () => {
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    const { body, headers } = multipartFile('../../evil name.png', PNG, 'image/png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload: body,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const file = res.json().data.file as string;
    expect(file).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const served = await ctx.call('GET', `/storage/${file}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it("refuses a file whose content is not an allowed type with 'You can only upload allowed Files!.'", async () => {
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    const { body, headers } = multipartFile(
      'photo.png',
      Buffer.from('<script>alert(1)</script>'),
      'image/png',
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/file/new-upload',
      payload: body,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['You can only upload allowed Files!.']);
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/file/upload', payload: body, headers });
    expect(anon.statusCode).toBe(401);
  });
});

describe('demo data', () => {
  it('creates the demo accounts once (idempotent) and they can sign in', async () => {
    await seedDemo(ctx.deps.database);
    await seedDemo(ctx.deps.database);
    const count = await ctx.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where email like '%@demo.test'`,
    );
    // artist, curator, influencer, and the demo label's Owner, Campaign manager and Finance member
    expect(count.rows[0]?.n).toBe(6);
    for (const account of DEMO_ACCOUNTS) {
      const url = account.email.startsWith('admin') ? '/api/admin/login' : '/api/user/login';
      const res = await ctx.call('POST', url, { body: { email: account.email, password: DEMO_PASSWORD } });
      expect(res.statusCode, account.email).toBe(200);
    }
    const artist = await ctx.call('POST', '/api/user/login', {
      body: { email: 'artist@demo.test', password: DEMO_PASSWORD },
    });
    expect(artist.json().data.user).toMatchObject({ user_type_id: 1, status: 'approved' });
  });
});
