import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, loadConfig } from '../config/env';
import { createTestApp, type TestContext } from '../test/harness';
import { PRODUCTION_ENV, REAL_PROVIDER_KEYS } from '../test/production-env';
import { appWithRouteTable } from '../test/route-table';
import { providerModes } from './modes';

const env = (vars: Record<string, string>) =>
  loadConfig({ DATABASE_URL: 'postgres://x@localhost/x', ...vars });

describe('providerModes: the one place that picks real, sandbox or off', () => {
  it('uses every sandbox outside production and every real client when its keys are set', () => {
    expect(providerModes(env({ NODE_ENV: 'test' }))).toEqual({
      google: 'sandbox',
      card: 'sandbox',
      paypal: 'sandbox',
      spotify: 'sandbox',
      wise: 'sandbox',
      tiktok: 'sandbox',
      instagram: 'sandbox',
    });
    expect(
      providerModes(
        env({
          NODE_ENV: 'test',
          ...REAL_PROVIDER_KEYS,
          GOOGLE_CLIENT_ID: 'g',
          GOOGLE_CLIENT_SECRET: 's',
          TIKTOK_CLIENT_KEY: 't',
          TIKTOK_CLIENT_SECRET: 's',
          INSTAGRAM_APP_ID: 'i',
          INSTAGRAM_APP_SECRET: 's',
        }),
      ),
    ).toEqual({
      google: 'real',
      card: 'real',
      paypal: 'real',
      spotify: 'real',
      wise: 'real',
      tiktok: 'real',
      instagram: 'real',
    });
  });

  it('refuses half a configuration, naming what is missing', () => {
    expect(() => env({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'g' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => env({ NODE_ENV: 'test', PAYPAL_CLIENT_ID: 'p' })).toThrow(/PAYPAL_WEBHOOK_ID/);
    expect(() => env({ NODE_ENV: 'test', TIKTOK_CLIENT_KEY: 't' })).toThrow(/TIKTOK_CLIENT_SECRET/);
    expect(() => env({ NODE_ENV: 'test', INSTAGRAM_APP_SECRET: 'i' })).toThrow(/INSTAGRAM_APP_ID/);
  });

  it('in production: Google sign-in off without its keys, every money or campaign provider required', () => {
    expect(providerModes(env(PRODUCTION_ENV)).google).toBe('off');
    // TikTok and Instagram wait for each platform's app review: a site may launch without them.
    expect(providerModes(env(PRODUCTION_ENV)).tiktok).toBe('off');
    expect(providerModes(env(PRODUCTION_ENV)).instagram).toBe('off');
    for (const missing of ['STRIPE_SECRET_KEY', 'PAYPAL_CLIENT_ID', 'SPOTIFY_CLIENT_ID', 'WISE_API_TOKEN']) {
      const vars: Record<string, string> = { ...PRODUCTION_ENV };
      // Drop the whole provider so the error is "production lacks it", not "half configured".
      const provider = missing.split('_')[0]!;
      for (const key of Object.keys(vars)) if (key.startsWith(provider)) delete vars[key];
      expect(() => env(vars)).toThrow(new RegExp(`production never runs on sandbox providers.*${provider}`));
    }
  });

  it('production sends mail through SMTP, never into the dev outbox', () => {
    expect(() => env({ ...PRODUCTION_ENV, MAIL_DRIVER: 'outbox' })).toThrow(/MAIL_DRIVER=smtp/);
  });

  it('the modes read only the environment', () => {
    const vars = { NODE_ENV: 'production', ...REAL_PROVIDER_KEYS } as unknown as Env;
    expect(providerModes(vars).card).toBe('real');
  });
});

/** Every route of an app built from `ctx`'s deps, as `METHOD url`. */
async function registeredRoutes(ctx: TestContext): Promise<{ app: FastifyInstance; routes: string[] }> {
  const { app, routes } = await appWithRouteTable(ctx);
  return { app, routes: routes.map((r) => `${r.method} ${r.url}`) };
}

const isDevOrSandbox = (route: string) => / \/api\/(sandbox\/|admin\/dev\/|dev\/)/.test(route);

describe('production serves no sandbox and no dev tool', () => {
  let dev: TestContext;
  let prod: TestContext;
  let devRoutes: string[];
  let prodRoutes: string[];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    dev = await createTestApp();
    prod = await createTestApp({ env: PRODUCTION_ENV });
    const d = await registeredRoutes(dev);
    const p = await registeredRoutes(prod);
    apps.push(d.app, p.app);
    devRoutes = d.routes;
    prodRoutes = p.routes;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await dev?.close();
    await prod?.close();
  });

  it('registers the sandbox pages and dev tools outside production', () => {
    const devOnly = devRoutes.filter(isDevOrSandbox);
    for (const expected of [
      'POST /api/sandbox/google/consent',
      'GET /api/sandbox/checkout/:id',
      'GET /api/sandbox/paypal/:id',
      'POST /api/sandbox/spotify/playlists/:playlistId/tracks',
      'POST /api/sandbox/wise/transfers/:transferId/bounce',
      'GET /api/admin/dev/mailbox',
      'POST /api/admin/dev/clock/advance',
      'POST /api/admin/dev/queues/probe',
      'POST /api/sandbox/tiktok/authorize',
      'POST /api/sandbox/instagram/authorize',
      'POST /api/admin/dev/tiktok/posts',
      'DELETE /api/admin/dev/instagram/posts/:postId',
      'GET /api/dev/mail',
    ])
      expect(devOnly).toContain(expected);
  });

  it('has no /api/sandbox or /api/admin/dev route in production, and each answers 404', async () => {
    expect(prodRoutes.filter(isDevOrSandbox)).toEqual([]);
    // Every route the development build has under those prefixes, called on the production app.
    const admin = await prod.makeAdmin();
    const token = await prod.loginAdmin(admin.email);
    for (const route of devRoutes.filter(isDevOrSandbox)) {
      const [method, url] = route.split(' ') as [string, string];
      const concrete = url.replace(/:[A-Za-z]+/g, '4tKtTz6bQ9ZC8ZzN5Mb4ux');
      const res = await prod.call(method, concrete, {
        token,
        body:
          method === 'GET' ? undefined : { email: 'owner@example.com', state: 's', redirect_uri: '/oauth' },
      });
      expect(res.statusCode, route).toBe(404);
    }
  });

  it('keeps no development mail in production: no cookie, no route, not offered', async () => {
    const settings = await prod.call('GET', '/api/setting/all');
    expect(settings.json().data.dev_mail).toBe(false);
    expect(settings.headers['set-cookie']).toBeUndefined();
    const user = await prod.makeUser();
    expect(
      (await prod.call('POST', '/api/forget-password', { body: { email: user.email } })).statusCode,
    ).toBe(200);
    expect((await prod.call('GET', `/api/dev/mail?to=${encodeURIComponent(user.email)}`)).statusCode).toBe(
      404,
    );
    expect((await dev.call('GET', '/api/setting/all')).json().data.dev_mail).toBe(true);
  });

  it('switches Google sign-in off: the apps are told, and the flow answers a translated 503', async () => {
    const settings = await prod.call('GET', '/api/setting/all');
    expect(settings.json().data.google_sign_in).toBe(false);
    expect((await dev.call('GET', '/api/setting/all')).json().data.google_sign_in).toBe(true);
    const redirect = await prod.call('GET', '/api/oauth/gmail/redirect?auth_type=login', {
      headers: { 'accept-language': 'fr' },
    });
    expect(redirect.statusCode).toBe(503);
    expect(redirect.json().code).toBe('PROVIDER_OFF');
    expect(redirect.json().message).toMatch(/Google/);
    expect(redirect.json().message).not.toBe('auth.google_unavailable');
  });

  it('gives the dev mailbox its own permission: an admin without it is refused', async () => {
    const without = await dev.makeAdmin({ permissions: [] });
    const holder = await dev.makeAdmin({ permissions: ['dev.mailbox.show'] });
    const url = '/api/admin/dev/mailbox?page=1&limit=10';
    expect((await dev.call('GET', url, { token: await dev.loginAdmin(without.email) })).statusCode).toBe(403);
    expect((await dev.call('GET', url, { token: await dev.loginAdmin(holder.email) })).statusCode).toBe(200);
  });
});
