import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openSecret } from '../../platform/secret-box';
import { testAppForFile } from '../../test/harness';
import { agreeOnSandboxConsent } from '../../test/sandbox-consent';
import { SPOTIFY_REFRESH_PURPOSE } from './spotify-connections';

const ctx = testAppForFile();

/** A curator starts the connection, agrees on the sandbox consent page and comes back with code and state. */
async function consent(token: string, email: string) {
  const start = await ctx.call('GET', '/api/spotify/login', { token });
  expect(start.statusCode).toBe(200);
  const page = new URL(start.json().data.url);
  expect(page.pathname).toBe('/api/sandbox/spotify/authorize');
  const back = await agreeOnSandboxConsent(ctx, page.href, { display_name: 'Night Drive Curator', email });
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

describe("a curator's Spotify connection (/connection/list, `spotify/callback`)", () => {
  it('stores the refresh token sealed for its column, never in clear, and drops it on revoke', async () => {
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const token = await ctx.loginUser(curator.email);
    const { code, state } = await consent(token, 'night@spotify.test');
    const res = await ctx.call(
      'GET',
      `/api/spotify/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/refresh/i);

    const [row] = (
      await ctx.deps.database.db.execute<{ id: number; refresh_token: string }>(
        sql`select id, refresh_token from spotify_connections where user_id = ${curator.id}`,
      )
    ).rows;
    const key = ctx.deps.config.APP_KEY;
    expect(row!.refresh_token).toMatch(/^v1\./);
    const plain = openSecret(key, row!.refresh_token, SPOTIFY_REFRESH_PURPOSE);
    expect(plain.length).toBeGreaterThan(10);
    expect(row!.refresh_token).not.toContain(plain);
    expect(() => openSecret(key, row!.refresh_token, 'spotify:platform-refresh')).toThrow();

    const revoked = await ctx.call('DELETE', `/api/spotify/connections/${row!.id}`, { token });
    expect(revoked.statusCode).toBe(200);
    const [after] = (
      await ctx.deps.database.db.execute<{ refresh_token: string | null }>(
        sql`select refresh_token from spotify_connections where id = ${row!.id}`,
      )
    ).rows;
    expect(after!.refresh_token).toBeNull();
  });

  it("refuses another curator's state and stores nothing", async () => {
    const first = await ctx.makeUser({ userTypeId: 2 });
    const second = await ctx.makeUser({ userTypeId: 2 });
    const { code, state } = await consent(await ctx.loginUser(first.email), 'first@spotify.test');
    const res = await ctx.call(
      'GET',
      `/api/spotify/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
      { token: await ctx.loginUser(second.email) },
    );
    expect(res.statusCode).toBe(422);
    const n = (
      await ctx.deps.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from spotify_connections where user_id in (${first.id}, ${second.id})`,
      )
    ).rows[0]!.n;
    expect(n).toBe(0);
  });
});
