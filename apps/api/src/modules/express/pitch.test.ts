import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { walletBalance } from '../wallet/ledger';
import { createSpotifyTestApp } from './express.fixture';

let ctx: TestContext;
let playlistIds: number[] = [];
let curatorToken: string;
let adminToken: string;

beforeAll(async () => {
  const world = await createSpotifyTestApp();
  ctx = world.ctx;
  playlistIds = world.playlistIds;
  curatorToken = await ctx.loginUser(world.curator.email);
  const admin = await ctx.makeAdmin();
  adminToken = await ctx.loginAdmin(admin.email);
});
afterAll(async () => {
  await ctx?.close();
});

const artistWith = (coins: number) => artistWithCoins(ctx, coins);
const create = (token: string, body: Record<string, unknown>, lang = 'en') =>
  ctx.call('POST', '/api/express/artist/campaign/create', {
    token,
    headers: { 'accept-language': lang },
    body: {
      track_link: 'https://open.spotify.com/track/1301WleyT98MSxVHPZCA6M',
      playlist_ids: [playlistIds[0]],
      payment_method: 'coins',
      ...body,
    },
  });

describe("the artist's pitch for the curator", () => {
  it("refuses 141 characters with 'Pitch too long' (422), creating and holding nothing", async () => {
    const { user, token } = await artistWith(1000);
    for (const [lang, text] of [
      ['en', 'Pitch too long'],
      ['ar', 'العرض الترويجي طويل جدًا'],
    ] as const) {
      const res = await create(token, { pitch: 'x'.repeat(141) }, lang);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.pitch).toEqual([text]);
    }
    const n = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_campaigns where artist_id = $1',
      [user.id],
    );
    expect(n.rows[0].n).toBe(0);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000);
    // The card path refuses it too, before any payment starts.
    const card = await ctx.call('POST', '/api/stripe/campaign/checkout', {
      token,
      body: {
        track_link: 'https://open.spotify.com/track/1301WleyT98MSxVHPZCA6M',
        playlist_ids: [playlistIds[0]],
        pitch: 'x'.repeat(141),
      },
    });
    expect(card.statusCode).toBe(422);
    const payments = await ctx.deps.database.pool.query(
      'select count(*)::int n from payments where user_id = $1',
      [user.id],
    );
    expect(payments.rows[0].n).toBe(0);
  });

  it('stores exactly 140 characters as given and shows them to the curator and to staff', async () => {
    const { token } = await artistWith(1000);
    const pitch = `${'A bright indie pop single for late summer evenings. '.repeat(3)}`.slice(0, 140);
    expect(pitch.length).toBe(140);
    const res = await create(token, { pitch: `  ${pitch}  ` });
    expect(res.statusCode).toBe(201);
    const [campaign] = res.json().data as { id: number; pitch: string }[];
    expect(campaign!.pitch).toBe(pitch);

    const incoming = await ctx.call('GET', '/api/express/curator/playlist/campaigns?limit=100', {
      token: curatorToken,
    });
    expect(incoming.statusCode).toBe(200);
    expect(incoming.json().data.find((c: { id: number }) => c.id === campaign!.id).pitch).toBe(pitch);
    const detail = await ctx.call('GET', `/api/express/curator/shows/campaigns/${campaign!.id}`, {
      token: curatorToken,
    });
    expect(detail.json().data.pitch).toBe(pitch);
    const staff = await ctx.call('GET', `/api/admin/express/campaigns/${campaign!.id}`, {
      token: adminToken,
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data.pitch).toBe(pitch);
  });

  it('a blank pitch is none', async () => {
    const { token } = await artistWith(1000);
    const res = await create(token, {
      pitch: '   ',
      track_link: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0].pitch).toBeNull();
  });
});
