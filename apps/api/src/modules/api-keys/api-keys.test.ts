import { API_KEY_LIMITS, API_KEY_PATTERN, API_SCOPES, type ApiScope } from '@lm/contracts/api-keys';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/crypto';
import { artistWithCoins } from '../../test/coins';
import { createTestApp, type TestContext } from '../../test/harness';
import { audit } from '../audit';
import { createExchangeTestApp } from '../express/express.fixture';
import { pruneKeyUses } from './api-keys.uses';

/**
 * API keys (issue 34): made, listed and revoked by their owner; a key reaches only routes declaring a
 * scope it holds, never money out or account security; revoked, expired and unknown keys answer 401;
 * a staff key carries only permissions its staff member still holds; keys are rate limited each on
 * their own and every request made with one is logged. Real PostgreSQL throughout.
 */

const DAY_MS = 86_400_000;

async function makeKey(
  ctx: TestContext,
  token: string,
  scopes: readonly ApiScope[],
  extra: Record<string, unknown> = {},
  path = '/api/user/api-keys',
) {
  const res = await ctx.call('POST', path, {
    token,
    body: { name: `key ${scopes.join(' ')}`, scopes, expires_in_days: 30, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string; prefix: string };
}

const rows = async (ctx: TestContext, text: string, params: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, params)).rows;

/** The request log is written after the answer: wait until `count` rows of the key are there. */
async function usesOf(ctx: TestContext, keyId: number, count: number) {
  for (let i = 0; i < 50; i += 1) {
    const found = await rows(ctx, 'select * from api_key_uses where api_key_id = $1 order by id', [keyId]);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${count} uses of key ${keyId} were logged`);
}

describe('API keys of users', () => {
  let ctx: TestContext;
  let artist: { id: number; token: string };

  it('creates a key shown once, stores only its SHA-256, lists it and audits it', async () => {
    const world = await createExchangeTestApp();
    ctx = world.ctx;
    const a = await artistWithCoins(ctx, 1000);
    artist = { id: a.user.id, token: a.token };

    const created = await ctx.call('POST', '/api/user/api-keys', {
      token: artist.token,
      body: { name: 'Label dashboard', scopes: ['campaigns:read', 'wallet:read'], expires_in_days: 90 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().data;
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(key.secret.startsWith(`${key.prefix}_`)).toBe(true);
    expect(key.prefix).toMatch(/^lm_test_[A-Za-z0-9]{8}$/);
    expect(key).toMatchObject({
      name: 'Label dashboard',
      status: 'active',
      permissions: [],
      last_used_at: null,
    });
    expect(new Date(key.expires_at).getTime() - new Date(key.created_at).getTime()).toBe(90 * DAY_MS);

    const [stored] = await rows(ctx, 'select * from api_keys where id = $1', [key.id]);
    expect(stored.secret_hash).toBe(sha256(key.secret));
    expect(JSON.stringify(stored)).not.toContain(key.secret.slice(-43));

    const list = await ctx.call('GET', '/api/user/api-keys', { token: artist.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((k: { id: number }) => k.id)).toEqual([key.id]);
    expect(list.body).not.toContain(key.secret.slice(-43));
    expect(list.json().data[0]).not.toHaveProperty('secret');

    const [entry] = await rows(
      ctx,
      `select * from audit_logs where action = 'api_keys.create' and target_id = $1`,
      [String(key.id)],
    );
    expect(entry).toMatchObject({ actor_type: 'user', actor_id: artist.id, target_type: 'api_key' });
    expect(JSON.stringify(entry.meta)).not.toContain(key.secret.slice(-43));
  });

  it('refuses a key without scopes, with an unknown scope, a lifetime not offered or an empty name', async () => {
    const bad = [
      { name: 'x', scopes: [], expires_in_days: 30 },
      { name: 'x', scopes: ['payouts:write'], expires_in_days: 30 },
      { name: 'x', scopes: ['campaigns:read', 'campaigns:read'], expires_in_days: 30 },
      { name: 'x', scopes: ['campaigns:read'], expires_in_days: 400 },
      { name: 'x', scopes: ['campaigns:read'] },
      { name: '  ', scopes: ['campaigns:read'], expires_in_days: 30 },
    ];
    for (const body of bad) {
      const res = await ctx.call('POST', '/api/user/api-keys', { token: artist.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const fr = await ctx.call('POST', '/api/user/api-keys', {
      token: artist.token,
      body: { name: 'x', scopes: [], expires_in_days: 30 },
      headers: { 'x-lang': 'fr' },
    });
    expect(fr.json().errors.scopes).toEqual(['Choisissez au moins une portée']);
  });

  it('a key calls the routes of its scopes as its user, with the user’s own objects', async () => {
    const key = await makeKey(ctx, artist.token, ['campaigns:read', 'campaigns:write', 'wallet:read']);
    const balance = await ctx.call('GET', '/api/wallet/user/current/balance', { token: key.secret });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json().data.balance).toBe(1000);

    const playlists = await ctx.call('GET', '/api/express/artist/playlists', { token: key.secret });
    expect(playlists.statusCode, playlists.body).toBe(200);
    const playlistId = playlists.json().data[0].id;
    const created = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token: key.secret,
      body: {
        track_link: 'https://open.spotify.com/track/5xKeyCampaign000000001',
        playlist_ids: [playlistId],
        payment_method: 'coins',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = created.json().data[0].id;
    const [campaign] = await rows(ctx, 'select artist_id from express_campaigns where id = $1', [campaignId]);
    expect(campaign.artist_id).toBe(artist.id);

    const shown = await ctx.call('GET', `/api/express/artist/show/campaign/${campaignId}`, {
      token: key.secret,
    });
    expect(shown.statusCode).toBe(200);
    const withdrawn = await ctx.call('POST', `/api/express/campaigns/${campaignId}/withdraw`, {
      token: key.secret,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  });

  it('a read key cannot write: 403 API_KEY_SCOPE naming the scope it lacks, nothing changed', async () => {
    const key = await makeKey(ctx, artist.token, ['campaigns:read']);
    const before = await rows(ctx, 'select count(*)::int n from express_campaigns');
    const res = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token: key.secret,
      body: {
        track_link: 'https://open.spotify.com/track/5xKeyCampaign000000002',
        playlist_ids: [1],
        payment_method: 'coins',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'API_KEY_SCOPE',
      message: 'This API key lacks the scope campaigns:write',
    });
    expect(await rows(ctx, 'select count(*)::int n from express_campaigns')).toEqual(before);
    expect(
      (await ctx.call('GET', '/api/wallet/user/current/balance', { token: key.secret })).json().code,
    ).toBe('API_KEY_SCOPE');
  });

  it('no key reaches withdrawals, payout recipients, security settings or the keys themselves', async () => {
    const key = await makeKey(ctx, artist.token, API_SCOPES);
    const closed: [string, string, unknown?][] = [
      ['POST', '/api/payments/wise/create/transfer', {}],
      ['GET', '/api/payments/transfer/info'],
      ['POST', '/api/payments/transfer/info/store', {}],
      ['POST', '/api/payments/send/verification/code', {}],
      ['GET', '/api/curator/withdrawable'],
      ['POST', '/api/user/reset/password/login', {}],
      ['POST', '/api/user/two-factor', { enabled: false }],
      ['GET', '/api/user/sessions'],
      ['DELETE', '/api/user/sessions'],
      ['POST', `/api/user/update-user/${artist.id}`, { email: 'new@test.test' }],
      ['DELETE', `/api/user/delete/${artist.id}`],
      ['GET', '/api/user/api-keys'],
      ['POST', '/api/user/api-keys', { name: 'child', scopes: ['campaigns:read'], expires_in_days: 7 }],
      ['DELETE', `/api/user/api-keys/${key.id}`],
      ['POST', '/api/user/logout'],
      ['GET', '/api/user/info'],
    ];
    for (const [method, url, body] of closed) {
      const res = await ctx.call(method, url, { token: key.secret, body });
      expect({ method, url, status: res.statusCode, code: res.json().code }).toEqual({
        method,
        url,
        status: 403,
        code: 'API_KEY_SCOPE',
      });
    }
    const ar = await ctx.call('GET', '/api/user/sessions', {
      token: key.secret,
      headers: { 'x-lang': 'ar' },
    });
    expect(ar.json().message).toBe('لا يمكن تنفيذ هذه العملية بمفتاح API. سجّل الدخول للقيام بها');
    const [{ n }] = await rows(
      ctx,
      'select count(*)::int n from api_keys where user_id = $1 and revoked_at is null',
      [artist.id],
    );
    expect(n).toBeGreaterThan(0);
  });

  it('a revoked, expired, unknown, altered or other-environment key answers 401', async () => {
    const key = await makeKey(ctx, artist.token, ['wallet:read']);
    const call = (token: string) => ctx.call('GET', '/api/wallet/user/transaction', { token });
    expect((await call(key.secret)).statusCode).toBe(200);

    const altered = `${key.secret.slice(0, -1)}${key.secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await call(altered)).statusCode).toBe(401);
    expect((await call(`lm_test_Zz9Zz9Zz_${'a'.repeat(43)}`)).statusCode).toBe(401);
    expect((await call(key.secret.replace('lm_test_', 'lm_live_'))).statusCode).toBe(401);

    const revoke = await ctx.call('DELETE', `/api/user/api-keys/${key.id}`, { token: artist.token });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data.status).toBe('revoked');
    const refused = await call(key.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('USR_UNAUTHENTICATED');
    // Revoking again changes nothing; the audit has one entry.
    expect(
      (await ctx.call('DELETE', `/api/user/api-keys/${key.id}`, { token: artist.token })).statusCode,
    ).toBe(200);
    const revokes = await rows(
      ctx,
      `select 1 from audit_logs where action = 'api_keys.revoke' and target_id = $1`,
      [String(key.id)],
    );
    expect(revokes).toHaveLength(1);

    const week = await makeKey(ctx, artist.token, ['wallet:read'], { expires_in_days: 7 });
    expect((await call(week.secret)).statusCode).toBe(200);
    ctx.clock.advance(7 * DAY_MS + 1000);
    expect((await call(week.secret)).statusCode).toBe(401);
    const listed = (await ctx.call('GET', '/api/user/api-keys', { token: artist.token })).json().data;
    expect(listed.find((k: { id: number }) => k.id === week.id).status).toBe('expired');
  });

  it('a disabled or deleted user’s keys stop working', async () => {
    const other = await ctx.makeUser({ userTypeId: 1 });
    const token = await ctx.loginUser(other.email);
    const key = await makeKey(ctx, token, ['wallet:read']);
    expect((await ctx.call('GET', '/api/wallet/user/transaction', { token: key.secret })).statusCode).toBe(
      200,
    );
    await rows(ctx, `update users set status = 'disabled' where id = $1`, [other.id]);
    expect((await ctx.call('GET', '/api/wallet/user/transaction', { token: key.secret })).statusCode).toBe(
      401,
    );
    await rows(ctx, `update users set status = 'approved', deleted_at = now() where id = $1`, [other.id]);
    expect((await ctx.call('GET', '/api/wallet/user/transaction', { token: key.secret })).statusCode).toBe(
      401,
    );
  });

  it('logs every request made with a key and writes the last use at most once a minute', async () => {
    const key = await makeKey(ctx, artist.token, ['wallet:read']);
    await ctx.call('GET', '/api/wallet/user/transaction', {
      token: key.secret,
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    await ctx.call('GET', '/api/wallet/user/transaction/999999', { token: key.secret });
    await ctx.call('GET', '/api/express/artist/campaigns', { token: key.secret });
    const uses = await usesOf(ctx, key.id, 3);
    expect(uses.map((u) => [u.method, u.route, u.status])).toEqual([
      ['GET', '/api/wallet/user/transaction', 200],
      ['GET', '/api/wallet/user/transaction/:id', 404],
      ['GET', '/api/express/artist/campaigns', 403],
    ]);
    expect(uses[0].ip).toBe('127.0.0.1');

    const [first] = await rows(ctx, 'select last_used_at, last_used_ip from api_keys where id = $1', [
      key.id,
    ]);
    expect(first.last_used_at).not.toBeNull();
    expect(first.last_used_ip).toBe('127.0.0.1');
    ctx.clock.advance(30_000);
    await ctx.call('GET', '/api/wallet/user/transaction', { token: key.secret });
    const [same] = await rows(ctx, 'select last_used_at from api_keys where id = $1', [key.id]);
    expect(same.last_used_at).toEqual(first.last_used_at);
    ctx.clock.advance(60_000);
    await ctx.call('GET', '/api/wallet/user/transaction', { token: key.secret });
    const [later] = await rows(ctx, 'select last_used_at from api_keys where id = $1', [key.id]);
    expect(later.last_used_at.getTime()).toBeGreaterThan(first.last_used_at.getTime());

    // The nightly prune drops the log older than API_KEY_USE_KEEP_DAYS (90 by default).
    await rows(ctx, `update api_key_uses set at = $2 where id = $1`, [
      uses[0].id,
      new Date(ctx.clock.now().getTime() - 91 * DAY_MS),
    ]);
    expect(await pruneKeyUses(ctx.deps)).toBe(1);
    expect(await rows(ctx, 'select 1 from api_key_uses where id = $1', [uses[0].id])).toHaveLength(0);
  });

  it('a user holds at most 20 live keys; revoking one makes room', async () => {
    const user = await ctx.makeUser({ userTypeId: 2 });
    const token = await ctx.loginUser(user.email);
    const made = await Promise.all(
      Array.from({ length: API_KEY_LIMITS.activePerAccount + 3 }, (_, i) =>
        ctx.call('POST', '/api/user/api-keys', {
          token,
          body: { name: `k${i}`, scopes: ['campaigns:read'], expires_in_days: 7 },
        }),
      ),
    );
    expect(made.filter((r) => r.statusCode === 201)).toHaveLength(API_KEY_LIMITS.activePerAccount);
    const refused = made.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().message).toBe(
      'You already have 20 active API keys. Revoke one before creating another',
    );
    const first = made.find((r) => r.statusCode === 201)!.json().data.id;
    await ctx.call('DELETE', `/api/user/api-keys/${first}`, { token });
    await makeKey(ctx, token, ['campaigns:read']);
  });

  it('the audit entry of an action made with a key names the key', async () => {
    await audit(
      ctx.deps.database,
      { type: 'user', id: artist.id, apiKeyId: 4242 },
      {
        action: 'auth.logout',
        meta: { campaign: 1 },
      },
    );
    const [entry] = await rows(ctx, `select meta from audit_logs where meta->>'api_key_id' = '4242'`);
    expect(entry.meta).toEqual({ campaign: 1, api_key_id: 4242 });
    await ctx.close();
  });
});

describe('staff API keys', () => {
  let ctx: TestContext;

  it('carry only permissions the staff member holds, checked again at every use', async () => {
    ctx = await createTestApp();
    const admin = await ctx.makeAdmin({
      permissions: ['express.campaigns.show', 'main.wallet.show.all.transactions'],
    });
    const token = await ctx.loginAdmin(admin.email);

    const tooMuch = await ctx.call('POST', '/api/admin/api-keys', {
      token,
      body: { name: 'ops', scopes: ['campaigns:read'], expires_in_days: 30, permissions: ['users.edit'] },
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.permissions).toEqual(['Choose only permissions you hold yourself']);

    const key = await makeKey(
      ctx,
      token,
      ['campaigns:read', 'wallet:read'],
      { permissions: ['express.campaigns.show'] },
      '/api/admin/api-keys',
    );
    const list = await ctx.call('GET', '/api/admin/api-keys', { token });
    expect(list.json().data[0]).toMatchObject({ id: key.id, permissions: ['express.campaigns.show'] });

    expect((await ctx.call('GET', '/api/admin/express/campaigns', { token: key.secret })).statusCode).toBe(
      200,
    );
    // Scope held, permission not given to the key: refused as a session without it would be.
    const wallet = await ctx.call('GET', '/api/admin/wallet/transactions', { token: key.secret });
    expect(wallet.statusCode).toBe(403);
    expect(wallet.json().code).toBe('USR_FORBIDDEN');
    // Admin routes without a scope, and user routes, are closed to staff keys.
    expect((await ctx.call('GET', '/api/admin/api-keys', { token: key.secret })).json().code).toBe(
      'API_KEY_SCOPE',
    );
    expect((await ctx.call('GET', '/api/admin/payouts', { token: key.secret })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/wallet/user/transaction', { token: key.secret })).statusCode).toBe(
      401,
    );

    // The permission taken from the staff member's role leaves the key at once.
    await rows(
      ctx,
      `delete from role_permissions where role_id in (select role_id from admin_roles where admin_id = $1)
         and permission_id = (select id from permissions where name = 'express.campaigns.show' and guard = 'admin')`,
      [admin.id],
    );
    await rows(ctx, 'update rbac_version set version = version + 1 where id = 1');
    expect((await ctx.call('GET', '/api/admin/express/campaigns', { token: key.secret })).statusCode).toBe(
      403,
    );

    await rows(ctx, `update admins set status = 'disabled' where id = $1`, [admin.id]);
    expect((await ctx.call('GET', '/api/admin/express/campaigns', { token: key.secret })).statusCode).toBe(
      401,
    );
  });

  it('staff read a user’s keys on the overview and revoke one with users.edit', async () => {
    const viewer = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
    const editor = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list', 'users.edit'] });
    const viewerToken = await ctx.loginAdmin(viewer.email);
    const editorToken = await ctx.loginAdmin(editor.email);
    const user = await ctx.makeUser({ userTypeId: 2 });
    const key = await makeKey(ctx, await ctx.loginUser(user.email), ['campaigns:read']);
    const list = await ctx.call('GET', `/api/admin/users/${user.id}/api-keys`, { token: viewerToken });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((k: { id: number }) => k.id)).toEqual([key.id]);
    expect(list.body).not.toContain(key.secret.slice(-43));
    expect(
      (await ctx.call('GET', '/api/admin/users/999999/api-keys', { token: viewerToken })).statusCode,
    ).toBe(404);

    const revokeUrl = `/api/admin/users/${user.id}/api-keys/${key.id}/revoke`;
    expect((await ctx.call('POST', revokeUrl, { token: viewerToken })).statusCode).toBe(403);
    // Another user's id with this key: 404, the key untouched.
    const other = await ctx.makeUser({ userTypeId: 1 });
    const wrong = `/api/admin/users/${other.id}/api-keys/${key.id}/revoke`;
    expect((await ctx.call('POST', wrong, { token: editorToken })).statusCode).toBe(404);
    expect(
      (await ctx.call('GET', '/api/express/curator/playlist/campaigns', { token: key.secret })).statusCode,
    ).toBe(200);
    const revoked = await ctx.call('POST', revokeUrl, { token: editorToken });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
    expect(
      (await ctx.call('GET', '/api/express/curator/playlist/campaigns', { token: key.secret })).statusCode,
    ).toBe(401);
    const [entry] = await rows(
      ctx,
      `select * from audit_logs where action = 'api_keys.revoke' and target_id = $1`,
      [String(key.id)],
    );
    expect(entry).toMatchObject({ actor_type: 'admin', actor_id: editor.id });
  });

  it('a staff key does not pass maintenance mode as a staff session does', async () => {
    const admin = await ctx.makeAdmin();
    const token = await ctx.loginAdmin(admin.email);
    const user = await ctx.makeUser({ userTypeId: 1 });
    const userKey = await makeKey(ctx, await ctx.loginUser(user.email), ['campaigns:read']);
    const on = await ctx.call('PUT', '/api/admin/settings', { token, body: { maintenance_mode: true } });
    expect(on.statusCode, on.body).toBe(200);
    const res = await ctx.call('GET', '/api/express/artist/campaigns', { token: userKey.secret });
    expect(res.statusCode).toBe(503);
    // Admin routes stay open in maintenance for keys and sessions alike.
    const staffKey = await makeKey(
      ctx,
      token,
      ['campaigns:read'],
      { permissions: ['express.campaigns.show'] },
      '/api/admin/api-keys',
    );
    expect(
      (await ctx.call('GET', '/api/admin/express/campaigns', { token: staffKey.secret })).statusCode,
    ).toBe(200);
    await ctx.close();
  });
});

describe('rate limit per key', () => {
  it('counts each key on its own, at API_KEY_RATE_LIMIT_PER_MINUTE', async () => {
    const ctx = await createTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: '3' } });
    const user = await ctx.makeUser({ userTypeId: 1 });
    const token = await ctx.loginUser(user.email);
    const one = await makeKey(ctx, token, ['wallet:read']);
    const two = await makeKey(ctx, token, ['wallet:read']);
    const call = (t: string) => ctx.call('GET', '/api/wallet/user/transaction', { token: t });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await call(one.secret)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await call(one.secret);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await call(two.secret)).statusCode).toBe(200);
    // The session of the same user and address is counted apart (RATE_LIMIT_PER_MINUTE).
    for (let i = 0; i < 5; i += 1) expect((await call(token)).statusCode).toBe(200);
    const uses = await usesOf(ctx, one.id, 5);
    expect(uses.map((u) => u.status)).toEqual([200, 200, 200, 429, 429]);
    await ctx.close();
  });
});
