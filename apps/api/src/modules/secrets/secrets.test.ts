import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { AppDeps } from '../../platform/app';
import { createKeyRing, type KeyRing } from '../../platform/key-ring';
import { openSealed, openSecret, sealSecret } from '../../platform/secret-box';
import { withDatabase } from '../../test/global-setup';
import { createTestApp, testAppForFile } from '../../test/harness';
import { agreeOnSandboxConsent } from '../../test/sandbox-consent';
import { accessTokenOf } from '../connections';
import { signWebhook } from '../crm/crm-campaigns.service';
import { rotateSecrets, SEALED_COLUMNS, UnopenableSecretsError } from './secrets.rotate';

const OLD = 'old-app-key-of-the-rotation-test-0123456789';
const NEW = 'new-app-key-of-the-rotation-test-0123456789';
const OLD_WEBHOOK_SECRET = 'old-crm-webhook-secret-0123456789';
const NEW_WEBHOOK_SECRET = 'new-crm-webhook-secret-0123456789';
const STRANGER = 'a-key-this-product-never-had-0123456789ab';
const API_ROOT = path.resolve(import.meta.dirname, '../../..');

// The product ran on OLD: everything below is sealed and signed with it through the real flows.
const ctx = testAppForFile(() =>
  createTestApp({
    env: {
      APP_KEY: OLD,
      CRM_WEBHOOK_SECRET: NEW_WEBHOOK_SECRET,
      CRM_WEBHOOK_SECRET_PREVIOUS: OLD_WEBHOOK_SECRET,
    },
  }),
);

/** The product's dependencies as an instance configured with `keys` sees them. */
const withKeys = (keys: KeyRing): AppDeps => ({
  ...ctx.deps,
  config: { ...ctx.deps.config, APP_KEY: keys.current, keys },
});
const afterSwitch = createKeyRing(NEW, [OLD]);
const newOnly = createKeyRing(NEW);

/** Every value of every sealed column, by `table.column#id`, opened with `keys`. */
async function stored(keys: KeyRing) {
  const values = new Map<string, { sealed: string; purpose: string; plain: string; keyIndex: number }>();
  for (const c of SEALED_COLUMNS) {
    const { rows } = await ctx.deps.database.pool.query(
      `select * from ${c.table} where ${c.column} is not null order by id`,
    );
    for (const row of rows) {
      const sealed = row[c.column] as string;
      const purpose = c.purpose(row);
      values.set(`${c.table}.${c.column}#${row.id}`, {
        sealed,
        purpose,
        ...openSealed(keys, sealed, purpose),
      });
    }
  }
  return values;
}

/** The `table.column` of every text column holding a sealed-looking value (`v1.<nonce>.<tag>.<body>`). */
async function columnsHoldingSealedValues() {
  const { rows: columns } = await ctx.deps.database.pool.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const { rows } = await ctx.deps.database.pool.query(
      `select 1 from "${table_name}" where "${column_name}" ~ '^v1\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}\\.' limit 1`,
    );
    if (rows.length > 0) found.push(`${table_name}.${column_name}`);
  }
  return found.sort();
}

async function connectSocial(platform: 'tiktok' | 'instagram', username: string) {
  const user = await ctx.makeUser({ userTypeId: 3 });
  const token = await ctx.loginUser(user.email);
  const base = platform === 'tiktok' ? '/api/express-tiktok' : '/api/express-instagram';
  const { url, binding } = (await ctx.call('GET', `${base}/oauth/url`, { token })).json().data;
  const back = await agreeOnSandboxConsent(ctx, url, { username, display_name: username, followers: '' });
  const res = await ctx.call('POST', `${base}/${platform}/access/token`, {
    token,
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state'), binding },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function connectCuratorSpotify() {
  const curator = await ctx.makeUser({ userTypeId: 2 });
  const token = await ctx.loginUser(curator.email);
  const { url } = (await ctx.call('GET', '/api/spotify/login', { token })).json().data;
  const back = await agreeOnSandboxConsent(ctx, url, { display_name: 'Curator', email: 'c@spotify.test' });
  const res = await ctx.call('GET', `/api/spotify/callback${back.search}`, { token });
  expect(res.statusCode, res.body).toBe(200);
}

async function connectPlatformSpotifyAndAddSenderDomain() {
  const admin = await ctx.makeAdmin();
  const token = await ctx.loginAdmin(admin.email);
  const start = await ctx.call('POST', '/api/admin/spotify/platform/connect', { token });
  const back = await agreeOnSandboxConsent(ctx, start.json().data.url, {
    display_name: 'HQ',
    email: 'hq@spotify.test',
  });
  expect((await ctx.call('GET', back.pathname + back.search)).statusCode).toBe(302);
  const domain = await ctx.call('POST', '/api/admin/crm/sender-domains', {
    token,
    body: { domain: 'rotation.example.com' },
  });
  expect(domain.statusCode, domain.body).toBe(201);
}

/** An artist's webhook endpoint (its signing secret is sealed, issue 34). */
async function addWebhookEndpoint() {
  const user = await ctx.makeUser();
  const res = await ctx.call('POST', '/api/user/webhooks', {
    token: await ctx.loginUser(user.email),
    body: { url: 'https://hooks.example.com/rotation', events: ['campaign.created'] },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** `npm run rotate-secrets` as an operator runs it, against this file's database. */
function runCli(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(API_ROOT, 'src/modules/secrets/rotate-secrets-cli.ts')],
    {
      cwd: API_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: withDatabase(inject('pgAdminUrl'), ctx.dbName),
        ...env,
      },
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

describe('rotating APP_KEY (issue 33): APP_KEY_PREVIOUS and npm run rotate-secrets', () => {
  let tiktokId: number;
  let instagramId: number;
  let before: Awaited<ReturnType<typeof stored>>;

  it('finds a sealed value in every sealed column after the real flows, and in no other column', async () => {
    tiktokId = await connectSocial('tiktok', 'rotating.tiktok');
    instagramId = await connectSocial('instagram', 'rotating.insta');
    await connectCuratorSpotify();
    await connectPlatformSpotifyAndAddSenderDomain();
    await addWebhookEndpoint();
    const declared = SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`).sort();
    expect(await columnsHoldingSealedValues()).toEqual(declared);
    before = await stored(createKeyRing(OLD));
    expect(before.size).toBe(7);
  });

  it('keeps the product working on the new key while APP_KEY_PREVIOUS holds the old one', async () => {
    const switched = withKeys(afterSwitch);
    expect(await accessTokenOf(switched, tiktokId)).toBe(
      before.get(`social_accounts.access_token#${tiktokId}`)!.plain,
    );
    expect(await accessTokenOf(switched, instagramId)).toBe(
      before.get(`social_accounts.access_token#${instagramId}`)!.plain,
    );
    // Without the old key nothing opens: this is what rotate-secrets is for.
    await expect(accessTokenOf(withKeys(newOnly), tiktokId)).rejects.toThrow(/any key/);
  });

  it('refuses to run without APP_KEY_PREVIOUS', async () => {
    await expect(rotateSecrets(ctx.deps.database, newOnly)).rejects.toThrow(/APP_KEY_PREVIOUS is not set/);
    const cli = await runCli({ APP_KEY: NEW });
    expect(cli.code).toBe(2);
    expect(cli.output).toMatch(/APP_KEY_PREVIOUS is not set/);
  });

  it('fails on a value no key opens and writes nothing, naming the row', async () => {
    const domain = (await ctx.deps.database.pool.query('select id from crm_sender_domains')).rows[0].id;
    const original = before.get(`crm_sender_domains.dkim_private_key#${domain}`)!.sealed;
    const foreign = sealSecret(STRANGER, 'pem', 'crm:dkim-private-key');
    await ctx.deps.database.pool.query('update crm_sender_domains set dkim_private_key = $1 where id = $2', [
      foreign,
      domain,
    ]);
    await expect(rotateSecrets(ctx.deps.database, afterSwitch)).rejects.toThrow(UnopenableSecretsError);
    const cli = await runCli({ APP_KEY: NEW, APP_KEY_PREVIOUS: OLD });
    expect(cli.code).toBe(1);
    expect(cli.output).toContain(`crm_sender_domains.dkim_private_key id ${domain}`);
    // Every other value is still the one sealed with the old key.
    const now = await stored(createKeyRing(OLD, [STRANGER]));
    for (const [where, value] of now) {
      if (where.startsWith('crm_sender_domains')) expect(value.sealed).toBe(foreign);
      else expect(value.sealed).toBe(before.get(where)!.sealed);
    }
    await ctx.deps.database.pool.query('update crm_sender_domains set dkim_private_key = $1 where id = $2', [
      original,
      domain,
    ]);
  });

  it('re-seals every sealed column with the new key (the CLI reports per column), then a run changes nothing', async () => {
    const cli = await runCli({ APP_KEY: NEW, APP_KEY_PREVIOUS: OLD });
    expect(cli.code, cli.output).toBe(0);
    expect(cli.output).toContain('social_accounts.access_token: 2 re-sealed, 0 already sealed with APP_KEY');
    expect(cli.output).toContain('social_accounts.refresh_token: 1 re-sealed');
    expect(cli.output).toContain('spotify_connections.refresh_token: 1 re-sealed');
    expect(cli.output).toContain('platform_spotify_account.refresh_token: 1 re-sealed');
    expect(cli.output).toContain('crm_sender_domains.dkim_private_key: 1 re-sealed');
    expect(cli.output).toContain('webhook_endpoints.secret: 1 re-sealed');
    // The previous key removed: every value opens with the new key alone, to what it was.
    const after = await stored(newOnly);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [where, value] of after) {
      expect(value.plain).toBe(before.get(where)!.plain);
      expect(value.sealed).not.toBe(before.get(where)!.sealed);
      expect(() => openSecret(OLD, value.sealed, value.purpose)).toThrow(/any key/);
    }
    expect(await accessTokenOf(withKeys(newOnly), tiktokId)).toBe(
      before.get(`social_accounts.access_token#${tiktokId}`)!.plain,
    );
    const again = await rotateSecrets(ctx.deps.database, afterSwitch);
    expect(again.every((c) => c.resealed === 0)).toBe(true);
    expect(again.reduce((n, c) => n + c.current, 0)).toBe(7);
    expect((await stored(newOnly)).get(`social_accounts.access_token#${tiktokId}`)!.sealed).toBe(
      after.get(`social_accounts.access_token#${tiktokId}`)!.sealed,
    );
  });

  it('waits for a token refresh holding the row and keeps what the refresh wrote', async () => {
    const rotating = createKeyRing(NEW, [OLD]);
    const refreshed = sealSecret(rotating, 'access-from-the-refresh', 'tiktok:access');
    // Back to a value of the old key, so the row has something to re-seal.
    await ctx.deps.database.pool.query('update social_accounts set access_token = $1 where id = $2', [
      sealSecret(OLD, 'stale-access', 'tiktok:access'),
      tiktokId,
    ]);
    const refresh = new pg.Client({ connectionString: withDatabase(inject('pgAdminUrl'), ctx.dbName) });
    await refresh.connect();
    try {
      await refresh.query('begin');
      await refresh.query('select id from social_accounts where id = $1 for update', [tiktokId]);
      let done = false;
      const rotation = rotateSecrets(ctx.deps.database, rotating).then((r) => {
        done = true;
        return r;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(done).toBe(false);
      await refresh.query('update social_accounts set access_token = $1 where id = $2', [
        refreshed,
        tiktokId,
      ]);
      await refresh.query('commit');
      const report = await rotation;
      expect(report.find((c) => c.column === 'social_accounts.access_token')).toEqual({
        column: 'social_accounts.access_token',
        resealed: 0,
        current: 2,
      });
    } finally {
      await refresh.end();
    }
    expect(await accessTokenOf(withKeys(newOnly), tiktokId)).toBe('access-from-the-refresh');
  });
});

describe('rotating the CRM relay webhook secret (CRM_WEBHOOK_SECRET_PREVIOUS)', () => {
  it('accepts deliveries signed with the new or the previous secret while the relay switches, no other', async () => {
    const body = JSON.stringify({ events: [{ type: 'bounce', bounce_type: 'hard', send_id: 987_654 }] });
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const post = (secret: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/crm/webhooks/mail',
        headers: { 'content-type': 'application/json', 'x-lm-signature': signWebhook(secret, body, now) },
        payload: body,
      });
    expect((await post(NEW_WEBHOOK_SECRET)).statusCode).toBe(200);
    expect((await post(OLD_WEBHOOK_SECRET)).statusCode).toBe(200);
    expect((await post(STRANGER)).statusCode).toBe(400);
  });
});
