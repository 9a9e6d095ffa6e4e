import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openSecret } from '../../platform/secret-box';
import { signValue } from '../../platform/signed';
import { adminTestAppForFile } from '../../test/admin-app';
import { agreeOnSandboxConsent } from '../../test/sandbox-consent';
import { PLATFORM_SPOTIFY_REFRESH_PURPOSE } from './platform-spotify';

let token: string;
let adminId: number;
const ctx = adminTestAppForFile(
  (signedIn) => {
    ({
      admin: { id: adminId },
      token,
    } = signedIn);
  },
  { permissions: ['view.main.settings.tab.list'] },
);

/** Staff start the connection, agree on the sandbox consent page as `email`, and follow Spotify's redirect. */
async function connectAs(email: string, displayName = 'Liberty Coins HQ') {
  const start = await ctx.call('POST', '/api/admin/spotify/platform/connect', { token });
  expect(start.statusCode).toBe(200);
  const consent = new URL(start.json().data.url);
  expect(consent.pathname).toBe('/api/sandbox/spotify/authorize');
  const redirectUri = consent.searchParams.get('redirect_uri')!;
  expect(new URL(redirectUri).pathname).toBe('/api/admin/spotify/platform/callback');
  const back = await agreeOnSandboxConsent(ctx, consent.href, { display_name: displayName, email });
  return ctx.call('GET', back.pathname + back.search);
}
const pagePath = (res: { headers: Record<string, unknown> }) =>
  new URL(res.headers.location as string).pathname;
const outcomeOf = async (res: { headers: Record<string, unknown> }) => {
  const segment = pagePath(res).split('/').pop()!;
  return ctx.call('GET', `/api/admin/spotify/platform/outcome?token=${segment}`);
};
const rows = async () =>
  (
    await ctx.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from platform_spotify_account`,
    )
  ).rows[0]!.n;

describe("the platform's Spotify account (back-office /spotify/callback/{accessToken})", () => {
  it('needs view.main.settings.tab.list to see, connect or disconnect it', async () => {
    const other = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] })).email,
    );
    for (const [method, url] of [
      ['GET', '/api/admin/spotify/platform'],
      ['POST', '/api/admin/spotify/platform/connect'],
      ['DELETE', '/api/admin/spotify/platform'],
    ] as const) {
      expect((await ctx.call(method, url, { token: other })).statusCode).toBe(403);
      expect((await ctx.call(method, url)).statusCode).toBe(401);
    }
    const user = await ctx.makeUser({ userTypeId: 1 });
    const userToken = await ctx.loginUser(user.email);
    expect((await ctx.call('GET', '/api/admin/spotify/platform', { token: userToken })).statusCode).toBe(401);
  });

  it('connects through the consent page, stores one account (never answering its token) and audits it', async () => {
    const before = await ctx.call('GET', '/api/admin/spotify/platform', { token });
    expect(before.json().data).toMatchObject({ connected: false, display_name: null });

    const res = await connectAs('platform@spotify.test');
    expect(res.statusCode).toBe(302);
    expect(pagePath(res)).toMatch(/^\/admin\/spotify\/callback\/[\w-]+\.[\w-]+$/);
    const outcome = await outcomeOf(res);
    expect(outcome.statusCode).toBe(200);
    expect(outcome.json().data).toMatchObject({ status: 'connected', display_name: 'Liberty Coins HQ' });

    const after = await ctx.call('GET', '/api/admin/spotify/platform', { token });
    expect(after.json().data).toMatchObject({
      connected: true,
      display_name: 'Liberty Coins HQ',
      email: 'platform@spotify.test',
    });
    expect(after.body).not.toMatch(/refresh/i);
    // The refresh token is stored sealed, and opens only for its own column.
    const [stored] = (
      await ctx.deps.database.db.execute<{ refresh_token: string }>(
        sql`select refresh_token from platform_spotify_account`,
      )
    ).rows;
    const key = ctx.deps.config.APP_KEY;
    expect(stored!.refresh_token).toMatch(/^v1\./);
    const plain = openSecret(key, stored!.refresh_token, PLATFORM_SPOTIFY_REFRESH_PURPOSE);
    expect(plain.length).toBeGreaterThan(10);
    expect(stored!.refresh_token).not.toContain(plain);
    expect(() => openSecret(key, stored!.refresh_token, 'spotify:curator-refresh')).toThrow();
    const audits = await ctx.deps.database.db.execute<{ actor_id: number }>(
      sql`select actor_id from audit_logs where action = 'settings.spotify_connected'`,
    );
    expect(audits.rows.map((r) => r.actor_id)).toContain(adminId);
  });

  it('keeps one account when staff connect twice at once (the last one wins)', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => connectAs(`second-${i}@spotify.test`, `Account ${i}`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(302));
    for (const r of results) expect((await outcomeOf(r)).json().data.status).toBe('connected');
    expect(await rows()).toBe(1);
  });

  it('a refused consent, a forged or expired state end as denied/failed and change nothing', async () => {
    const current = (await ctx.call('GET', '/api/admin/spotify/platform', { token })).json().data;
    const start = await ctx.call('POST', '/api/admin/spotify/platform/connect', { token });
    const consent = new URL(start.json().data.url);
    const denied = await ctx.call('POST', '/api/sandbox/spotify/authorize/deny', {
      body: {
        state: consent.searchParams.get('state'),
        redirect_uri: consent.searchParams.get('redirect_uri'),
      },
    });
    const deniedBack = new URL(denied.headers.location as string);
    const deniedEnd = await ctx.call('GET', deniedBack.pathname + deniedBack.search);
    expect((await outcomeOf(deniedEnd)).json().data).toEqual({ status: 'denied' });

    const forged = signValue('not-the-app-key', { kind: 'platform-spotify', adminId }, 600);
    const forgedEnd = await ctx.call(
      'GET',
      `/api/admin/spotify/platform/callback?code=abc&state=${encodeURIComponent(forged)}`,
    );
    expect((await outcomeOf(forgedEnd)).json().data).toEqual({ status: 'failed' });
    const noState = await ctx.call('GET', '/api/admin/spotify/platform/callback');
    expect((await outcomeOf(noState)).json().data).toEqual({ status: 'failed' });

    expect((await ctx.call('GET', '/api/admin/spotify/platform', { token })).json().data).toEqual(current);
  });

  it('answers a translated 404 for an outcome that is not ours', async () => {
    const res = await ctx.call('GET', '/api/admin/spotify/platform/outcome?token=not-a-token', {
      headers: { 'x-lang': 'fr' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).not.toMatch(/not found/i);
  });

  it('disconnects (audited), then answers 404 when nothing is connected', async () => {
    const first = await ctx.call('DELETE', '/api/admin/spotify/platform', { token });
    expect(first.statusCode).toBe(200);
    expect(await rows()).toBe(0);
    expect((await ctx.call('DELETE', '/api/admin/spotify/platform', { token })).statusCode).toBe(404);
  });
});
