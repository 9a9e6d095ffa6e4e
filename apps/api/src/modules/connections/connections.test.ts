import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openSecret } from '../../platform/secret-box';
import { isSandboxSocial } from '../../providers/sandbox-social';
import { testAppForFile } from '../../test/harness';
import { agreeOnSandboxConsent } from '../../test/sandbox-consent';
import { socialAccounts, socialTiers } from './connections.schema';
import { accessTokenOf, refreshDueAccounts } from './connections.service';

type Platform = 'tiktok' | 'instagram';
const BASE = { tiktok: '/api/express-tiktok', instagram: '/api/express-instagram' } as const;
const TOKEN_PATH = { tiktok: '/tiktok/access/token', instagram: '/instagram/access/token' } as const;
const ACCOUNTS = {
  tiktok: '/tiktok/influencer/accounts',
  instagram: '/instagram/influencer/accounts',
} as const;
const TIER = { tiktok: '/tiktok/change/account/tier', instagram: '/instagram/change/account/tier' } as const;
const REVOKE = { tiktok: '/tiktok/influencer/revoke', instagram: '/instagram/revoke/account' } as const;
const CHECK = { tiktok: '/tiktok/influencer/check', instagram: '/influencer/account/check' } as const;

const ctx = testAppForFile();

/** An influencer (user type 3, default role) and their bearer token. */
async function influencer() {
  const user = await ctx.makeUser({ userTypeId: 3 });
  return { user, token: await ctx.loginUser(user.email) };
}

/**
 * Start a connection, authorize on the sandbox consent page as `username`, and hand back what the
 * callback page would post (code, state, binding) without posting it.
 */
async function consent(
  token: string,
  platform: Platform,
  form: { username: string; followers?: number; account_type?: string },
) {
  const start = await ctx.call('GET', `${BASE[platform]}/oauth/url`, { token });
  expect(start.statusCode).toBe(200);
  const { url, state, binding } = start.json().data;
  const consentUrl = new URL(url);
  expect(consentUrl.pathname).toBe(`/api/sandbox/${platform}/authorize`);
  const page = await ctx.call('GET', `${consentUrl.pathname}${consentUrl.search}`);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('SANDBOX');
  expect(consentUrl.searchParams.get('state')).toBe(state);
  const back = await agreeOnSandboxConsent(ctx, url, {
    username: form.username,
    display_name: `Display ${form.username}`,
    followers: form.followers === undefined ? '' : String(form.followers),
    ...(form.account_type ? { account_type: form.account_type } : {}),
  });
  expect(back.pathname).toBe(platform === 'tiktok' ? '/tiktok/callback/' : '/instagram/oauth/');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, binding };
}

/** Connect an account end to end; the response of the token call. */
async function connect(
  token: string,
  platform: Platform,
  form: { username: string; followers?: number; account_type?: string },
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const body = { ...(await consent(token, platform, form)), ...extra };
  return ctx.call('POST', `${BASE[platform]}${TOKEN_PATH[platform]}`, { token, body, headers });
}

async function tierOf(platform: Platform, name: string) {
  const [tier] = await ctx.deps.database.db
    .select()
    .from(socialTiers)
    .where(and(eq(socialTiers.platform, platform), eq(socialTiers.tierName, name)));
  return tier!;
}

describe('influencer connections: permissions (spec section 6 INFLUENCER_PERMISSION)', () => {
  it('lets influencers in, refuses artists and curators (403) and guests (401)', async () => {
    const { token } = await influencer();
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const artistToken = await ctx.loginUser(artist.email);
    const curatorToken = await ctx.loginUser(curator.email);
    for (const platform of ['tiktok', 'instagram'] as const) {
      for (const path of ['/oauth/url', ACCOUNTS[platform], CHECK[platform]]) {
        expect((await ctx.call('GET', `${BASE[platform]}${path}`, { token })).statusCode, path).toBe(200);
        expect((await ctx.call('GET', `${BASE[platform]}${path}`, { token: artistToken })).statusCode).toBe(
          403,
        );
        expect((await ctx.call('GET', `${BASE[platform]}${path}`, { token: curatorToken })).statusCode).toBe(
          403,
        );
        expect((await ctx.call('GET', `${BASE[platform]}${path}`)).statusCode).toBe(401);
      }
      // Tiers are read by artists too (choosing accounts by tier).
      const tiers = await ctx.call('GET', `${BASE[platform]}/user/get-tiers`, { token: artistToken });
      expect(tiers.statusCode).toBe(200);
      expect(tiers.json().data.length).toBeGreaterThan(0);
      expect(tiers.json().data.every((t: { platform: string }) => t.platform === platform)).toBe(true);
    }
  });
});

describe('connecting TikTok and Instagram through the sandbox consent pages', () => {
  it('connects a TikTok account with its follower count; tokens are stored sealed', async () => {
    const { user, token } = await influencer();
    const res = await connect(token, 'tiktok', { username: 'nina.moves', followers: 48210 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      platform: 'tiktok',
      user_name: 'nina.moves',
      display_name: 'Display nina.moves',
      follower_count: 48210,
      connected_status: 1,
      tier: null,
    });
    const list = await ctx.call('GET', `${BASE.tiktok}${ACCOUNTS.tiktok}`, { token });
    expect(list.json().data).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toMatch(/access_token|refresh_token/);
    const [row] = await ctx.deps.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id));
    expect(row!.accessToken).toMatch(/^v1\./);
    const access = openSecret(ctx.deps.config.APP_KEY, row!.accessToken!, 'tiktok:access');
    // The sealed value opens to a token the provider accepts, and only under its own purpose.
    expect((await ctx.deps.providers.tiktok.userInfo(access)).username).toBe('nina.moves');
    expect(() => openSecret(ctx.deps.config.APP_KEY, row!.accessToken!, 'tiktok:refresh')).toThrow();
    expect(row!.accessExpiresAt!.getTime() - ctx.clock.now().getTime()).toBe(7_200_000);
  });

  it('connects an Instagram creator account with the 60-day token and a tier chosen at once', async () => {
    const { token } = await influencer();
    const micro = await tierOf('instagram', 'Micro');
    const res = await connect(
      token,
      'instagram',
      { username: 'lina.sings', followers: 23890 },
      { tier_id: micro.id },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      account_type: 'MEDIA_CREATOR',
      follower_count: 23890,
      tier: { id: micro.id, tier_name: 'Micro' },
    });
    const [row] = await ctx.deps.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, res.json().data.id));
    expect(row!.accessExpiresAt!.getTime() - ctx.clock.now().getTime()).toBe(60 * 86_400_000);
    expect(row!.refreshToken).toBeNull();
  });

  it('refuses a personal Instagram account with a translated message and stores nothing', async () => {
    const { user, token } = await influencer();
    const res = await connect(
      token,
      'instagram',
      { username: 'just.lina', account_type: 'PERSONAL' },
      {},
      { 'accept-language': 'fr' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "@just.lina est un compte Instagram personnel. Passez-le en compte Créateur ou Professionnel dans les paramètres d'Instagram, puis connectez-le à nouveau",
    );
    const rows = await ctx.deps.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id));
    expect(rows).toEqual([]);
  });

  it("refuses another user's or another browser's state before the code is used", async () => {
    const a = await influencer();
    const b = await influencer();
    const proof = await consent(a.token, 'tiktok', { username: 'state.owner' });
    const foreignUser = await ctx.call('POST', `${BASE.tiktok}${TOKEN_PATH.tiktok}`, {
      token: b.token,
      body: proof,
    });
    expect(foreignUser.statusCode).toBe(422);
    expect(foreignUser.json().message).toMatch(/not started in this browser/);
    const otherBrowser = await ctx.call('POST', `${BASE.tiktok}${TOKEN_PATH.tiktok}`, {
      token: a.token,
      body: { ...proof, binding: 'x'.repeat(43) },
    });
    expect(otherBrowser.statusCode).toBe(422);
    const otherPlatform = await ctx.call('POST', `${BASE.instagram}${TOKEN_PATH.instagram}`, {
      token: a.token,
      body: proof,
    });
    expect(otherPlatform.statusCode).toBe(422);
    // The code is still good for its owner: nothing above used it.
    const ok = await ctx.call('POST', `${BASE.tiktok}${TOKEN_PATH.tiktok}`, { token: a.token, body: proof });
    expect(ok.statusCode).toBe(200);
  });

  it('renews its own account on reconnection (one row, tier kept)', async () => {
    const { user, token } = await influencer();
    const nano = await tierOf('tiktok', 'Nano');
    const first = await connect(
      token,
      'tiktok',
      { username: 'again.me', followers: 5000 },
      { tier_id: nano.id },
    );
    const second = await connect(token, 'tiktok', { username: 'again.me', followers: 6000 });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(second.json().data).toMatchObject({ follower_count: 6000, tier: { id: nano.id } });
    const rows = await ctx.deps.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});

describe('one account, one user (unique index social_accounts_one_owner)', () => {
  it('refuses a second user with 409 and lets them in once the owner revoked', async () => {
    const a = await influencer();
    const b = await influencer();
    const owned = await connect(a.token, 'tiktok', { username: 'shared.handle' });
    expect(owned.statusCode).toBe(200);
    const taken = await connect(b.token, 'tiktok', { username: 'shared.handle' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This account is already connected by another user');
    const revoke = await ctx.call(
      'GET',
      `${BASE.tiktok}${REVOKE.tiktok}?account_id=${owned.json().data.id}`,
      {
        token: a.token,
      },
    );
    expect(revoke.statusCode).toBe(200);
    expect((await connect(b.token, 'tiktok', { username: 'shared.handle' })).statusCode).toBe(200);
  });

  it('under a race of five users connecting the same account, exactly one wins', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => influencer()));
    const proofs = await Promise.all(
      people.map((p) => consent(p.token, 'instagram', { username: 'race.handle' })),
    );
    const results = await Promise.all(
      people.map((p, i) =>
        ctx.call('POST', `${BASE.instagram}${TOKEN_PATH.instagram}`, { token: p.token, body: proofs[i] }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const live = await ctx.deps.database.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.platform, 'instagram'), eq(socialAccounts.username, 'race.handle')));
    expect(live).toHaveLength(1);
  });

  it('holds the per-platform limit of 5 live accounts even when connections race', async () => {
    const { token } = await influencer();
    const proofs = [];
    for (let i = 0; i < 7; i++) proofs.push(await consent(token, 'tiktok', { username: `limit.${i}` }));
    const results = await Promise.all(
      proofs.map((body) => ctx.call('POST', `${BASE.tiktok}${TOKEN_PATH.tiktok}`, { token, body })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const check = await ctx.call('GET', `${BASE.tiktok}${CHECK.tiktok}`, { token });
    expect(check.json().data).toEqual({ connected: true, accounts: 5, with_tier: 0, platforms_limit: 5 });
  });
});

describe('tiers of accounts (change/account/tier)', () => {
  it("sets a tier of the account's platform the followers allow; refuses others and changes nothing", async () => {
    const { token } = await influencer();
    const other = await influencer();
    const account = (await connect(token, 'tiktok', { username: 'tier.me', followers: 20_000 })).json().data;
    const micro = await tierOf('tiktok', 'Micro');
    const mid = await tierOf('tiktok', 'Mid');
    const instagramMicro = await tierOf('instagram', 'Micro');
    const set = (tierId: number, t = token) =>
      ctx.call('GET', `${BASE.tiktok}${TIER.tiktok}?account_id=${account.id}&tier_id=${tierId}`, {
        token: t,
      });

    const tooBig = await set(mid.id);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.tier_id[0]).toBe('This tier needs at least 50,000 followers');
    const wrongPlatform = await set(instagramMicro.id);
    expect(wrongPlatform.statusCode).toBe(422);
    expect(wrongPlatform.json().errors.tier_id[0]).toBe("Choose one of this platform's tiers");
    expect((await set(micro.id, other.token)).statusCode).toBe(404);
    const ok = await set(micro.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.tier).toEqual({ id: micro.id, tier_name: 'Micro', price: micro.price });
    const list = await ctx.call('GET', `${BASE.tiktok}${ACCOUNTS.tiktok}`, { token });
    expect(list.json().data[0].tier_id).toBe(micro.id);
    const check = await ctx.call('GET', `${BASE.tiktok}${CHECK.tiktok}`, { token });
    expect(check.json().data.with_tier).toBe(1);
  });

  it('the database refuses a tier of another platform even when written directly', async () => {
    const { user } = await influencer();
    const instagramTier = await tierOf('instagram', 'Nano');
    await expect(
      ctx.deps.database.db.insert(socialAccounts).values({
        userId: user.id,
        platform: 'tiktok',
        platformUserId: 'direct-write',
        username: 'direct',
        displayName: 'Direct',
        tierId: instagramTier.id,
      }),
    ).rejects.toThrow();
  });
});

describe('revoke', () => {
  it('drops the tokens, hides the account and answers 404 the second time or for another user', async () => {
    const { user, token } = await influencer();
    const other = await influencer();
    const account = (await connect(token, 'instagram', { username: 'revoke.me' })).json().data;
    const url = `${BASE.instagram}${REVOKE.instagram}?account_id=${account.id}`;
    expect((await ctx.call('GET', url, { token: other.token })).statusCode).toBe(404);
    expect((await ctx.call('GET', url, { token })).statusCode).toBe(200);
    expect((await ctx.call('GET', url, { token })).statusCode).toBe(404);
    expect((await ctx.call('GET', `${BASE.instagram}${ACCOUNTS.instagram}`, { token })).json().data).toEqual(
      [],
    );
    const [row] = await ctx.deps.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id));
    expect(row).toMatchObject({ status: 'revoked', accessToken: null, refreshToken: null });
    const check = await ctx.call('GET', `${BASE.instagram}${CHECK.instagram}`, { token });
    expect(check.json().data.connected).toBe(false);
  });
});

describe('token refresh before expiry (connections.refresh job)', () => {
  it('renews a TikTok token when under 45 minutes remain and stores the rotated refresh token', async () => {
    const { token } = await influencer();
    const account = (await connect(token, 'tiktok', { username: 'rotate.me' })).json().data;
    const read = async () =>
      (await ctx.deps.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id)))[0]!;
    const before = await read();
    const key = ctx.deps.config.APP_KEY;
    const refreshBefore = openSecret(key, before.refreshToken!, 'tiktok:refresh');

    // Not due yet: nothing changes.
    await refreshDueAccounts(ctx.deps);
    expect((await read()).refreshToken).toBe(before.refreshToken);

    ctx.clock.advance(80 * 60_000);
    const counts = await refreshDueAccounts(ctx.deps);
    expect(counts.refreshed).toBeGreaterThanOrEqual(1);
    const after = await read();
    const refreshAfter = openSecret(key, after.refreshToken!, 'tiktok:refresh');
    expect(refreshAfter).not.toBe(refreshBefore);
    expect(after.accessExpiresAt!.getTime()).toBe(ctx.clock.now().getTime() + 7_200_000);
    // The campaign adapters get a working token.
    const access = await accessTokenOf(ctx.deps, account.id);
    expect((await ctx.deps.providers.tiktok.userInfo(access)).username).toBe('rotate.me');
  });

  it('marks an account expired when the platform refuses its refresh token', async () => {
    const { token } = await influencer();
    const account = (await connect(token, 'tiktok', { username: 'dead.token' })).json().data;
    await ctx.deps.database.db
      .update(socialAccounts)
      .set({
        refreshToken: (await import('../../platform/secret-box')).sealSecret(
          ctx.deps.config.APP_KEY,
          'rft.forged',
          'tiktok:refresh',
        ),
        accessExpiresAt: new Date(0),
      })
      .where(eq(socialAccounts.id, account.id));
    await refreshDueAccounts(ctx.deps);
    const list = (await ctx.call('GET', `${BASE.tiktok}${ACCOUNTS.tiktok}`, { token })).json().data;
    expect(list[0]).toMatchObject({ status: 'expired', connected_status: 0 });
    await expect(accessTokenOf(ctx.deps, account.id)).rejects.toThrow('connections.account_expired');
  });

  it('renews an Instagram token only when under 10 days remain', async () => {
    const { token } = await influencer();
    const account = (await connect(token, 'instagram', { username: 'long.lived' })).json().data;
    const read = async () =>
      (await ctx.deps.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id)))[0]!;
    const first = await read();
    ctx.clock.advance(40 * 86_400_000);
    await refreshDueAccounts(ctx.deps);
    expect((await read()).accessToken).toBe(first.accessToken);
    ctx.clock.advance(11 * 86_400_000);
    await refreshDueAccounts(ctx.deps);
    const renewed = await read();
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(renewed.accessExpiresAt!.getTime()).toBe(ctx.clock.now().getTime() + 60 * 86_400_000);
  });
});

describe('back-office: tiers, durations and the user overview connections', () => {
  it('needs INFLUENCER_VIEW_TIERS; names unique per platform in any case', async () => {
    const without = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
    const holder = await ctx.makeAdmin({ permissions: ['INFLUENCER_VIEW_TIERS'] });
    const withoutToken = await ctx.loginAdmin(without.email);
    const token = await ctx.loginAdmin(holder.email);
    expect((await ctx.call('GET', '/api/admin/tiktok/tiers', { token: withoutToken })).statusCode).toBe(403);
    const created = await ctx.call('POST', '/api/admin/tiktok/tiers', {
      token,
      body: { tier_name: 'Star', price: 1500, min_followers: 1_000_000, description: 'Over 1M followers' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      platform: 'tiktok',
      tier_name: 'Star',
      min_followers: 1_000_000,
    });
    const clash = await ctx.call('POST', '/api/admin/tiktok/tiers', {
      token,
      body: { tier_name: 'STAR', price: 10 },
    });
    expect(clash.statusCode).toBe(422);
    expect(Object.keys(clash.json().errors)).toEqual(['tier_name']);
    // The same name on the other platform is another tier.
    expect(
      (
        await ctx.call('POST', '/api/admin/instagram/tiers', {
          token,
          body: { tier_name: 'Star', price: 900 },
        })
      ).statusCode,
    ).toBe(201);
    // An Instagram tier id is not reachable through TikTok's path.
    const igTier = await tierOf('instagram', 'Star');
    const cross = await ctx.call('PUT', `/api/admin/tiktok/tiers/${igTier.id}`, {
      token,
      body: { tier_name: 'Moved', price: 1 },
    });
    expect(cross.statusCode).toBe(404);
    const negative = await ctx.call('POST', '/api/admin/tiktok/tiers', {
      token,
      body: { tier_name: 'Neg', price: 10, min_followers: -1 },
    });
    expect(negative.statusCode).toBe(422);
    const durations = await ctx.call('POST', '/api/admin/instagram/durations', {
      token,
      body: { duration: 21 },
    });
    expect(durations.statusCode).toBe(201);
    const list = await ctx.call('GET', '/api/admin/instagram/durations', { token });
    expect(list.json().data.map((d: { duration: number }) => d.duration)).toEqual([7, 14, 21, 28]);
  });

  it("lists every platform's accounts of a user in the overview's Connections tab", async () => {
    const { user, token } = await influencer();
    await connect(token, 'tiktok', { username: 'overview.tt', followers: 1234 });
    await connect(token, 'instagram', { username: 'overview.ig', followers: 4321 });
    const admin = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
    const res = await ctx.call('GET', `/api/admin/users/${user.id}/connections`, {
      token: await ctx.loginAdmin(admin.email),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.spotify).toEqual([]);
    expect(res.json().data.tiktok.map((a: { user_name: string }) => a.user_name)).toEqual(['overview.tt']);
    expect(res.json().data.instagram[0]).toMatchObject({ user_name: 'overview.ig', follower_count: 4321 });
  });

  it("names the account's tier in the staff member's language in the Connections tab", async () => {
    const { user, token } = await influencer();
    const tiktok = await connect(token, 'tiktok', { username: 'tiered.tt', followers: 20_000 });
    const micro = await tierOf('tiktok', 'Micro');
    await ctx.deps.database.db
      .update(socialAccounts)
      .set({ tierId: micro.id })
      .where(eq(socialAccounts.id, tiktok.json().data.id));
    const admin = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
    const adminToken = await ctx.loginAdmin(admin.email);
    const read = async (lang: string) =>
      (
        await ctx.call('GET', `/api/admin/users/${user.id}/connections`, {
          token: adminToken,
          headers: { 'accept-language': lang },
        })
      ).json().data.tiktok[0].tier;
    expect(await read('en')).toMatchObject({ id: micro.id, tier_name: 'Micro' });
    expect(await read('ar')).toMatchObject({ id: micro.id, tier_name: 'مايكرو' });
    expect(await read('de')).toMatchObject({ id: micro.id, tier_name: 'Mikro' });
  });
});

describe('quality score of accounts', () => {
  it("shows the influencer their own account's score and the part that would raise it, and staff the same in the overview", async () => {
    const { user, token } = await influencer();
    await connect(token, 'tiktok', { username: 'scored.tt', followers: 5000 });
    const list = async () =>
      (await ctx.call('GET', `${BASE.tiktok}${ACCOUNTS.tiktok}`, { token })).json().data;
    // Never scored yet: new, the neutral 50, nothing observed.
    const [fresh] = await list();
    expect(fresh.score).toMatchObject({ score: 50, is_new: true, campaigns: 0, improve: null });
    // A stored score (as the engine writes it) is what the lists read.
    await ctx.deps.database.pool.query(
      `insert into trust_scores (account_id, score, is_new, campaigns, acceptance, response, delivery, keep,
          rating, views, median_response_minutes, ratings_count, rating_average, computed_at)
       values ($1, 71, false, 9, 90, 80, 100, 40, 75, 60, 95, 4, 3.8, now())`,
      [fresh.id],
    );
    const [scored] = await list();
    expect(scored.score).toMatchObject({ score: 71, is_new: false, campaigns: 9 });
    expect(scored.score.parts).toMatchObject({ keep: 40, delivery: 100 });
    // The weakest part with the most weight to gain is the one offered to raise it.
    expect(scored.score.improve).toBe('keep');
    const admin = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
    const overview = await ctx.call('GET', `/api/admin/users/${user.id}/connections`, {
      token: await ctx.loginAdmin(admin.email),
    });
    expect(overview.json().data.tiktok[0].score).toMatchObject({ score: 71, improve: 'keep' });
  });
});

describe('sandbox dev controls: post, views, delete', () => {
  it('posts a video with a sound, adds views, deletes it; the provider sees each step', async () => {
    const admin = await ctx.makeAdmin();
    const adminToken = await ctx.loginAdmin(admin.email);
    const { token } = await influencer();
    await connect(token, 'tiktok', { username: 'dev.poster' });
    const posted = await ctx.call('POST', '/api/admin/dev/tiktok/posts', {
      token: adminToken,
      body: { username: 'dev.poster', music_id: '7301234567890123456', caption: 'with the sound' },
    });
    expect(posted.statusCode).toBe(201);
    const video = posted.json().data;
    expect(video).toMatchObject({ views: 0, music_id: '7301234567890123456' });
    const views = await ctx.call('POST', `/api/admin/dev/tiktok/posts/${video.id}/views`, {
      token: adminToken,
      body: { views: 1500 },
    });
    expect(views.json().data.views).toBe(1500);

    const [account] = await ctx.deps.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.username, 'dev.poster'));
    const access = await accessTokenOf(ctx.deps, account!.id);
    const tiktok = ctx.deps.providers.tiktok;
    const page = await tiktok.listVideos(access);
    expect(page.videos[0]).toMatchObject({ id: video.id, viewCount: 1500 });
    expect(page.videos.length).toBe(5);
    if (!isSandboxSocial(tiktok)) throw new Error('sandbox expected');
    expect(await tiktok.musicIdOf(video.id)).toBe('7301234567890123456');

    expect(
      (await ctx.call('DELETE', `/api/admin/dev/tiktok/posts/${video.id}`, { token: adminToken })).statusCode,
    ).toBe(200);
    expect(await tiktok.queryVideos(access, [video.id])).toEqual([]);
    expect(
      (await ctx.call('DELETE', `/api/admin/dev/tiktok/posts/${video.id}`, { token: adminToken })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call('POST', '/api/admin/dev/tiktok/posts', { token, body: { username: 'x.y' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('demo data', () => {
  it('gives the demo influencer a TikTok and an Instagram account with tiers, once', async () => {
    const { seedConnectionsDemo } = await import('./connections.demo');
    const user = await ctx.makeUser({ userTypeId: 3, email: 'influencer@demo.test' });
    await seedConnectionsDemo(ctx.deps);
    await seedConnectionsDemo(ctx.deps);
    const token = await ctx.loginUser(user.email);
    const tiktok = (await ctx.call('GET', `${BASE.tiktok}${ACCOUNTS.tiktok}`, { token })).json().data;
    const instagram = (await ctx.call('GET', `${BASE.instagram}${ACCOUNTS.instagram}`, { token })).json()
      .data;
    expect(tiktok).toHaveLength(1);
    expect(tiktok[0]).toMatchObject({
      user_name: 'ines.dances',
      follower_count: 86_400,
      tier: { tier_name: 'Mid' },
    });
    expect(instagram).toHaveLength(1);
    expect(instagram[0]).toMatchObject({ user_name: 'ines.sings', tier: { tier_name: 'Micro' } });
  });
});
