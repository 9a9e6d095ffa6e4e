import { EXPRESS_CAMPAIGN_STATUS as E } from '@lm/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxCardEvent } from '../../providers/payments/sandbox-card';
import { artistWithCoins } from '../../test/coins';
import { csvLines } from '../../test/csv';
import { testAppForFile } from '../../test/harness';
import { testLanguageId } from '../../test/test-language';
import { listenFullyToCustom } from '../express/express.fixture';
import { sweep as expressSweep } from '../express/express.machine';
import { seedExpressDemo } from '../express/express.seed';
import { walletBalance } from '../wallet/ledger';
import { sweep } from './custom-campaigns.service';

let adminToken: string;
let languageId: number;
let genreId: number;
let tier: { id: number; price: number };
const DAY = 86_400_000;
let trackSeq = 0;
const newTrack = () => `0Custom${String(++trackSeq).padStart(3, '0')}Track000000A`.slice(0, 22);
const today = () => ctx.clock.now().toISOString().slice(0, 10);

const ctx = testAppForFile();
beforeAll(async () => {
  await seedExpressDemo(ctx.deps.database);
  const db = ctx.deps.database.pool;
  languageId = await testLanguageId(ctx);
  genreId = (await db.query(`insert into genres (name) values ('Custom test genre') returning id`)).rows[0]
    .id;
  tier = (
    await db.query('select id, price from express_tiers where campaign_type_id = 1 order by price limit 1')
  ).rows[0];
  const admin = await ctx.makeAdmin();
  adminToken = await ctx.loginAdmin(admin.email);
});
afterEach(async () => {
  ctx.clock.set(new Date());
  const admin = await ctx.makeAdmin();
  adminToken = await ctx.loginAdmin(admin.email);
});

const artistWith = (coins: number) => artistWithCoins(ctx, coins);

/** A curator with one approved playlist in `tier`, of the test genre. */
async function curatorWithPlaylist() {
  const user = await ctx.makeUser({ userTypeId: 2 });
  const spotifyId = `37i9dQZF1DX${String(user.id).padStart(11, '0')}`.slice(0, 22);
  const duration = (await ctx.deps.database.pool.query('select id from express_durations limit 1')).rows[0]
    .id;
  const playlist = (
    await ctx.deps.database.pool.query(
      `insert into express_playlists (curator_id, spotify_playlist_id, spotify_url, name, tier_id, duration_id, status_id)
       values ($1, $2, $3, $4, $5, $6, 1) returning id`,
      [
        user.id,
        spotifyId,
        `https://open.spotify.com/playlist/${spotifyId}`,
        `List ${user.id}`,
        tier.id,
        duration,
      ],
    )
  ).rows[0].id as number;
  await ctx.deps.database.pool.query(
    'insert into express_playlist_genres (playlist_id, genre_id) values ($1, $2)',
    [playlist, genreId],
  );
  return { user, playlist, spotifyId, token: await ctx.loginUser(user.email) };
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    campaign_type_id: 1,
    is_released: true,
    link: `https://open.spotify.com/track/${newTrack()}`,
    name: 'Night drive',
    language_id: languageId,
    genre_ids: [genreId],
    released_date: '2025-01-01',
    start_date: today(),
    tier_id: tier.id,
    placements: 3,
    pitch: 'A warm synth-pop song for late nights.',
    ...overrides,
  };
}
const order = (token: string, overrides: Record<string, unknown> = {}) =>
  ctx.call('POST', '/api/artist/campaigns', { token, body: body(overrides) });
const admin = (method: string, path: string, b?: unknown) =>
  ctx.call(method, `/api/admin/custom-campaigns${path}`, { token: adminToken, body: b });
const pay = (token: string, id: number) => ctx.call('GET', `/api/pay/coins/custom/campaign/${id}`, { token });

/** Ordered, approved, paid and published; answers the campaign id. */
async function publishedCampaign(artistToken: string, overrides: Record<string, unknown> = {}) {
  const res = await order(artistToken, overrides);
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id as number;
  expect((await admin('POST', `/${id}/approve`)).statusCode).toBe(200);
  expect((await pay(artistToken, id)).statusCode).toBe(200);
  expect((await admin('POST', `/${id}/publish`)).statusCode).toBe(200);
  return id;
}
/** The curator listens to the published campaign `id` and opts in; answers the opt-in's id. */
const optIn = async (curator: { token: string; user: { id: number } }, id: number) => {
  await listenFullyToCustom(ctx.deps, id, curator.user.id);
  return (
    await ctx.call('POST', '/api/curator/curators_vs_campaigns', {
      token: curator.token,
      body: { campaign_id: id },
    })
  ).json().data.id as number;
};
/** The curator picks `playlist` (their own by default) for the opt-in `opt`, claiming a placement. */
const choosePlaylist = (
  curator: { token: string; playlist: number },
  opt: number,
  playlist = curator.playlist,
) =>
  ctx.call('PUT', `/api/curator/curator_vs_campaign/playlist/${opt}`, {
    token: curator.token,
    body: { playlist_id: playlist },
  });
const statusOf = async (id: number) =>
  (await ctx.deps.database.pool.query('select status from custom_campaigns where id = $1', [id])).rows[0]
    .status as number;

describe("the user overview's Custom campaigns tab (session 6)", () => {
  it("filter[artist_id] lists only that artist's campaigns, for staff holding custom.campaigns.show", async () => {
    const one = await artistWith(0);
    const two = await artistWith(0);
    const mine = (await order(one.token)).json().data.id as number;
    expect((await order(two.token)).statusCode).toBe(201);
    const list = await admin('GET', `?filter[artist_id]=${one.user.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([mine]);
    expect(list.json().pagination.total).toBe(1);
    const forms = await ctx.makeAdmin({ permissions: ['VIEW_FORM'] });
    const refused = await ctx.call('GET', `/api/admin/custom-campaigns?filter[artist_id]=${one.user.id}`, {
      token: await ctx.loginAdmin(forms.email),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('CSV export of the staff list (issue 36)', () => {
  it('exports what the list selects, newest first, with status codes, a neutralised formula and translated headers; audited; needs custom.campaigns.show', async () => {
    const one = await artistWith(tier.price * 3);
    const two = await artistWith(0);
    const first = (await order(one.token, { name: '=HYPERLINK("x")' })).json().data.id as number;
    const paid = await publishedCampaign(one.token);
    expect((await order(two.token)).statusCode).toBe(201);
    const list = await admin('GET', `?filter[artist_id]=${one.user.id}&limit=100`);
    const listed = list.json().data.map((c: { id: number }) => c.id);
    expect(listed).toEqual([paid, first]);
    const res = await ctx.call(
      'GET',
      `/api/admin/custom-campaigns/export.csv?filter[artist_id]=${one.user.id}`,
      {
        token: adminToken,
        headers: { 'x-lang': 'de' },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/custom-campaigns-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Nr.,Erstellt (UTC),Kampagne,Künstler-ID,Künstler,Stufe,Status (Code),Preis (Coins),Platzierungen,Startdatum,Veröffentlicht (1/0),Rechnung,Bezahlt (UTC),Abgeschlossen (UTC)',
    );
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(listed);
    expect(lines[1]).toContain(',published,');
    expect(lines[2]).toContain(`,"'=HYPERLINK(""x"")",${one.user.id},`);
    expect(lines[2]).toContain(',pending,');
    const [entry] = (
      await ctx.deps.database.pool.query(
        `select meta from audit_logs where action = 'export.custom_campaigns' order by id desc limit 1`,
      )
    ).rows as { meta: { filter: { filter?: Record<string, string> } } }[];
    expect(entry!.meta.filter.filter).toEqual({ artist_id: String(one.user.id) });
    const forms = await ctx.makeAdmin({ permissions: ['VIEW_FORM'] });
    const refused = await ctx.call('GET', '/api/admin/custom-campaigns/export.csv', {
      token: await ctx.loginAdmin(forms.email),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('ordering (spec section 5 messages)', () => {
  it("answers 'Tier is required', 'Pitch too long', 'Not A valid Track' and 'Not a valid Uri', storing nothing", async () => {
    const { user, token } = await artistWith(0);
    const noTier = await order(token, { tier_id: undefined });
    expect(noTier.statusCode).toBe(422);
    expect(noTier.json().errors.tier_id).toEqual(['Tier is required']);
    const longPitch = await order(token, { pitch: 'x'.repeat(141) });
    expect(longPitch.json().errors.pitch).toEqual(['Pitch too long']);
    expect((await order(token, { pitch: 'x'.repeat(140) })).statusCode).toBe(201);
    const album = await order(token, { link: 'https://open.spotify.com/album/4uLU6hMCjMI75M1A2tKUQC' });
    expect(album.json().errors.link).toEqual(['Not A valid Track']);
    const urlWhenUnreleased = await order(token, { is_released: false, released_date: today() });
    expect(urlWhenUnreleased.json().errors.link).toEqual(['Not a valid Uri']);
    const n = await ctx.deps.database.pool.query(
      'select count(*)::int n from custom_campaigns where artist_id = $1',
      [user.id],
    );
    expect(n.rows[0].n).toBe(1);
  });

  it('refuses a start date before today and an unreleased song without its file', async () => {
    const { token } = await artistWith(0);
    const yesterday = new Date(ctx.clock.now().getTime() - DAY).toISOString().slice(0, 10);
    const past = await order(token, { start_date: yesterday });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.start_date).toEqual(['The start date cannot be before today']);
    const noFile = await order(token, {
      is_released: false,
      link: `spotify:track:${newTrack()}`,
      released_date: today(),
    });
    expect(noFile.json().errors.media_link).toEqual(['Field is required']);
  });

  it('prices the order as the tier price times the placements', async () => {
    const { token } = await artistWith(0);
    const res = await order(token, { placements: 4 });
    const detail = await ctx.call('GET', `/api/campaign/${res.json().data.id}`, { token });
    expect(detail.json().data.price).toBe(tier.price * 4);
    expect(detail.json().data.status).toEqual({ id: 1, status: 'Pending' });
  });

  it('ignores the staff-only settings an artist sends (status, days, publish date, team, artist)', async () => {
    const { token, user } = await artistWith(0);
    const other = await artistWith(0);
    const res = await order(token, {
      status: 3,
      playlist_submission_days: 1,
      on_going_days: 1,
      auditing_days: 0,
      publish_date: '2030-01-01',
      admin_ids: [1],
      artist_id: other.user.id,
    });
    expect(res.statusCode).toBe(201);
    const row = (
      await ctx.deps.database.pool.query(
        `select artist_id, status, playlist_submission_days, on_going_days, auditing_days, publish_date, admin_ids
         from custom_campaigns where id = $1`,
        [res.json().data.id],
      )
    ).rows[0];
    expect(row).toEqual({
      artist_id: user.id,
      status: 1,
      playlist_submission_days: 3,
      on_going_days: 28,
      auditing_days: 3,
      publish_date: null,
      admin_ids: [],
    });
  });
});

describe('multipart order (spec section 7: artist/campaigns with media_link)', () => {
  const MP3 = Buffer.alloc(4096);
  MP3.set([0xff, 0xfb, 0x90, 0x64]);
  const multipart = (
    token: string,
    fields: Record<string, string | string[]>,
    file?: { bytes: Buffer; name: string },
  ) => {
    const boundary = '----custom-test';
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      for (const v of [value].flat())
        parts.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
        );
    }
    if (file)
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="media_link"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return ctx.app.inject({
      method: 'POST',
      url: '/api/artist/campaigns',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat(parts),
    });
  };
  const fields = () => ({
    is_released: '0',
    link: `spotify:track:${newTrack()}`,
    name: 'Demo tape',
    language_id: String(languageId),
    'genre_ids[]': [String(genreId)],
    released_date: today(),
    start_date: today(),
    tier_id: String(tier.id),
    placements: '2',
    pitch: 'Unreleased and raw.',
  });

  it('stores the unreleased song sent as the media_link part and orders the campaign', async () => {
    const { token } = await artistWith(0);
    const res = await multipart(token, fields(), { bytes: MP3, name: 'demo.mp3' });
    expect(res.statusCode, res.body).toBe(201);
    const row = await ctx.deps.database.pool.query(
      'select c.media_link, c.genre_ids, f.mime from custom_campaigns c join files f on f.path = c.media_link where c.id = $1',
      [res.json().data.id],
    );
    expect(row.rows[0]).toMatchObject({ genre_ids: [genreId], mime: 'audio/mpeg' });
  });

  it('refuses another file type on media_link and an unreleased order without its file', async () => {
    const { token } = await artistWith(0);
    const png = await multipart(token, fields(), { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'x.pdf' });
    expect(png.statusCode).toBe(422);
    expect(png.json().errors.media_link).toBeDefined();
    const none = await multipart(token, fields());
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.media_link).toEqual(['Field is required']);
  });
});

describe('status gates (spec section 4: edit and delete only while 1)', () => {
  it('staff edit and delete a pending campaign but not an approved one (409, unchanged)', async () => {
    const { token } = await artistWith(0);
    const a = (await order(token)).json().data.id;
    const edit = { ...body({ name: 'Renamed' }), playlist_submission_days: 3, auditing_days: 3 };
    delete (edit as Record<string, unknown>).artist_id;
    expect((await admin('PUT', `/${a}`, edit)).statusCode).toBe(200);
    expect((await admin('POST', `/${a}/approve`)).statusCode).toBe(200);
    const late = await admin('PUT', `/${a}`, { ...edit, name: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect((await admin('DELETE', `/${a}`)).statusCode).toBe(409);
    const row = await ctx.deps.database.pool.query(
      'select name, status, invoice_number from custom_campaigns where id = $1',
      [a],
    );
    expect(row.rows[0]).toMatchObject({ name: 'Renamed', status: 3 });
    expect(row.rows[0].invoice_number).toMatch(/^INV-\d{4}-/);

    const b = (await order(token)).json().data.id;
    expect((await admin('DELETE', `/${b}`)).statusCode).toBe(200);
    expect(await statusOf(b)).toBe(5);

    // The status is chosen only when editing: 1 → 2 Pending for Approval, which ends editing.
    const c = (await order(token)).json().data.id;
    expect((await admin('PUT', `/${c}`, { ...edit, status: 2 })).statusCode).toBe(200);
    expect(await statusOf(c)).toBe(2);
    expect((await admin('PUT', `/${c}`, { ...edit, status: 1 })).statusCode).toBe(409);
    const bad = await admin('PUT', `/${c}`, { ...edit, status: 7 });
    expect(bad.statusCode).toBe(422);
  });

  it('pay needs approval, publish needs payment; decline keeps the reason and refuses after payment', async () => {
    const { token } = await artistWith(10_000);
    const id = (await order(token)).json().data.id;
    expect((await pay(token, id)).statusCode).toBe(409);
    expect((await admin('POST', `/${id}/publish`)).statusCode).toBe(409);
    expect((await admin('POST', `/${id}/approve`)).statusCode).toBe(200);
    expect((await pay(token, id)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe(6);
    expect((await admin('POST', `/${id}/decline`, { reason: 'late' })).statusCode).toBe(409);

    const other = (await order(token)).json().data.id;
    expect((await admin('POST', `/${other}/decline`, { reason: 'Not a fit' })).statusCode).toBe(200);
    const d = await ctx.call('GET', `/api/campaign/${other}`, { token });
    expect(d.json().data).toMatchObject({ status: { id: 4 }, decline_reason: 'Not a fit' });
  });

  it('an artist reaches only their own campaigns; a curator cannot order (403)', async () => {
    const mine = await artistWith(0);
    const id = (await order(mine.token)).json().data.id;
    const other = await artistWith(0);
    expect((await ctx.call('GET', `/api/campaign/${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await pay(other.token, id)).statusCode).toBe(404);
    const curator = await curatorWithPlaylist();
    expect((await order(curator.token)).statusCode).toBe(403);
  });
});

describe('paying with coins', () => {
  it('of 20 concurrent payments exactly one holds the price, once', async () => {
    const { user, token } = await artistWith(10_000);
    const res = await order(token, { placements: 2 });
    const id = res.json().data.id;
    await admin('POST', `/${id}/approve`);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(token, id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(10_000 - tier.price * 2);
    const slots = await ctx.deps.database.pool.query(
      'select count(*)::int n from custom_campaign_slots where campaign_id = $1',
      [id],
    );
    expect(slots.rows[0].n).toBe(2);
    const list = await ctx.call('GET', '/api/artist/campaigns', { token });
    expect(list.json().data[0]).toMatchObject({ id, is_paid: true, invoice: { is_paid: true } });
  });

  it('with too few coins holds nothing (409) and stays approved', async () => {
    const { user, token } = await artistWith(1);
    const id = (await order(token)).json().data.id;
    await admin('POST', `/${id}/approve`);
    const res = await pay(token, id);
    expect(res.statusCode).toBe(409);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1);
    expect(await statusOf(id)).toBe(3);
  });
});

describe('paying by card (the express card mechanism: the card buys the coins, then they are held)', () => {
  const startCard = (token: string, id: number) =>
    ctx.call('POST', '/api/stripe/custom/campaign/checkout', { token, body: { campaign_id: id } });
  const confirm = (token: string, session_id: string) =>
    ctx.call('POST', '/api/stripe/custom/campaign/checkout/check/pay', { token, body: { session_id } });
  /** The sandbox session paid without its webhook yet (as when Stripe's event is late). */
  const markPaid = (session: string) =>
    ctx.deps.database.pool.query(
      `update sandbox_checkout_sessions set status = 'complete', payment_status = 'paid' where id = $1`,
      [session],
    );
  const webhook = (session: string, n = 0) => {
    const payload = JSON.stringify({
      id: `evt_custom_${session}_${n}`,
      type: 'checkout.session.completed',
      data: { object: { id: session, object: 'checkout.session' } },
    });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': signSandboxCardEvent(ctx.deps.config.APP_KEY, payload),
      },
    });
  };
  const moneyRows = async (userId: number, id: number) => {
    const db = ctx.deps.database.pool;
    const slots = (
      await db.query(
        'select count(*)::int n, coalesce(sum(coins), 0)::int c from custom_campaign_slots where campaign_id = $1',
        [id],
      )
    ).rows[0];
    const credits = (
      await db.query(
        `select count(*)::int n from ledger_transfers where idempotency_key like 'payment:%'
            and credit_account_id = (select id from ledger_accounts where user_id = $1 and kind = 'user_wallet')`,
        [userId],
      )
    ).rows[0].n as number;
    return { slots: slots.n as number, held: slots.c as number, credits };
  };
  async function approved(token: string, placements = 2) {
    const id = (await order(token, { placements })).json().data.id as number;
    expect((await admin('POST', `/${id}/approve`)).statusCode).toBe(200);
    return id;
  }

  it('buys exactly the price and holds it once across 40 concurrent return calls and webhook replays; the badge says Paid (card)', async () => {
    const { user, token } = await artistWith(0);
    const id = await approved(token);
    const start = await startCard(token, id);
    expect(start.statusCode).toBe(200);
    const { session_id, coins } = start.json().data;
    expect(coins).toBe(tier.price * 2);
    const early = await confirm(token, session_id);
    expect(early.json().data).toMatchObject({ campaign_id: id, paid: false, not_paid: false });
    expect(await statusOf(id)).toBe(3);
    await markPaid(session_id);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? webhook(session_id, i % 4) : confirm(token, session_id))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    const confirmations = results.filter((_, i) => i % 2 === 0).map((r) => r.json());
    for (const c of confirmations) {
      expect(c.data).toMatchObject({
        campaign_id: id,
        paid: true,
        not_paid: false,
        payment: { status: 'paid' },
      });
      expect(c.message).toBe('Paid: the campaign now waits for publishing');
    }
    expect(await statusOf(id)).toBe(6);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
    expect(await moneyRows(user.id, id)).toEqual({ slots: 2, held: tier.price * 2, credits: 1 });
    const detail = await ctx.call('GET', `/api/campaign/${id}`, { token });
    expect(detail.json().data).toMatchObject({ is_paid: true, invoice: { is_paid: true, method: 'card' } });
    // Another artist cannot claim the session; an already paid campaign cannot start another card payment.
    const stranger = await artistWith(0);
    expect((await confirm(stranger.token, session_id)).statusCode).toBe(404);
    expect((await startCard(token, id)).statusCode).toBe(409);
  });

  it('the webhook alone pays the campaign (the buyer never came back)', async () => {
    const { user, token } = await artistWith(0);
    const id = await approved(token, 1);
    const { session_id } = (await startCard(token, id)).json().data;
    // The sandbox's Pay button delivers the signed webhook event, as Stripe would.
    expect(
      (await ctx.call('POST', `/api/sandbox/checkout/${session_id}/complete`, { body: {} })).statusCode,
    ).toBeLessThan(400);
    expect(await statusOf(id)).toBe(6);
    expect(await moneyRows(user.id, id)).toEqual({ slots: 1, held: tier.price, credits: 1 });
    expect((await webhook(session_id, 9)).statusCode).toBe(200);
    expect(await moneyRows(user.id, id)).toEqual({ slots: 1, held: tier.price, credits: 1 });
  });

  it('coins first, then the card: the card coins stay in the wallet, the campaign is held once', async () => {
    const { user, token } = await artistWith(tier.price * 2);
    const id = await approved(token);
    const { session_id } = (await startCard(token, id)).json().data;
    expect((await pay(token, id)).statusCode).toBe(200);
    await markPaid(session_id);
    const again = await Promise.all(Array.from({ length: 5 }, () => confirm(token, session_id)));
    for (const r of again) {
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({ paid: false, not_paid: true, payment: { status: 'paid' } });
      expect(r.json().message).toBe(
        `Your payment was received and ${tier.price * 2} coins were added to your wallet, but the campaign was not paid with them: This campaign is not waiting for payment`,
      );
    }
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(tier.price * 2);
    expect(await moneyRows(user.id, id)).toEqual({ slots: 2, held: tier.price * 2, credits: 1 });
    const detail = await ctx.call('GET', `/api/campaign/${id}`, { token });
    expect(detail.json().data.invoice.method).toBe('coins');
  });

  it('coins and two paid card payments fired 30 times at once: exactly one pays, nothing doubles', async () => {
    const price = tier.price * 2;
    const { user, token } = await artistWith(price);
    const id = await approved(token);
    const a = (await startCard(token, id)).json().data.session_id as string;
    const b = (await startCard(token, id)).json().data.session_id as string;
    await markPaid(a);
    await markPaid(b);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        [
          () => pay(token, id),
          () => confirm(token, a),
          () => confirm(token, b),
          () => webhook(a),
          () => webhook(b),
        ][i % 5]!(),
      ),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await statusOf(id)).toBe(6);
    // Start: price in coins; two cards bought price each; the campaign holds price once.
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(price * 2);
    expect(await moneyRows(user.id, id)).toEqual({ slots: 2, held: price, credits: 2 });
    const sum = await ctx.deps.database.pool.query(
      'select coalesce(sum(balance), 0)::bigint s from ledger_accounts',
    );
    expect(Number(sum.rows[0].s)).toBe(0);
  });

  it("refuses a card payment of a campaign not approved (409) or another artist's (404)", async () => {
    const { token } = await artistWith(0);
    const id = (await order(token)).json().data.id as number;
    expect((await startCard(token, id)).statusCode).toBe(409);
    const other = await artistWith(0);
    expect((await startCard(other.token, id)).statusCode).toBe(404);
  });
});

describe('curators opting in', () => {
  it('a curator sees a published campaign of their tier and genre and opts in once (concurrent: one wins)', async () => {
    const { token } = await artistWith(10_000);
    const id = await publishedCampaign(token);
    const c = await curatorWithPlaylist();
    const list = await ctx.call('GET', '/api/published/campaigns', { token: c.token });
    const offered = list.json().data.find((x: { id: number }) => x.id === id);
    expect(offered).toMatchObject({ free_placements: 3, eligible_playlists: [{ id: c.playlist }] });
    // Hear it first: the opt-in (the curator's decision) waits for the listening time.
    const early = await ctx.call('POST', '/api/curator/curators_vs_campaigns', {
      token: c.token,
      body: { campaign_id: id },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Listen to the track first: 30 seconds more before you can decide');
    await ctx.deps.database.pool.query(
      `update users set bio = 'Dream pop from Lyon', spotify_link = 'https://open.spotify.com/artist/x'
        where id = (select artist_id from custom_campaigns where id = $1)`,
      [id],
    );
    const heard = await ctx.call('GET', `/api/curator/campaign/${id}/listen`, { token: c.token });
    expect(heard.json().data).toMatchObject({
      listened_seconds: 0,
      required_seconds: 30,
      player: { kind: 'audio' },
      // What the artist tells curators, as on every request page.
      artist: {
        bio: 'Dream pop from Lyon',
        links: [{ kind: 'spotify', url: 'https://open.spotify.com/artist/x' }],
      },
    });
    await listenFullyToCustom(ctx.deps, id, c.user.id);
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.call('POST', '/api/curator/curators_vs_campaigns', { token: c.token, body: { campaign_id: id } }),
      ),
    );
    expect(tries.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(tries.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  it('of two curators racing for the last placement one gets it, the other 409 with no express campaign', async () => {
    const { token } = await artistWith(10_000);
    const id = await publishedCampaign(token, { placements: 1 });
    const a = await curatorWithPlaylist();
    const b = await curatorWithPlaylist();
    const optA = await optIn(a, id);
    const optB = await optIn(b, id);
    const [ra, rb] = await Promise.all([choosePlaylist(a, optA), choosePlaylist(b, optB)]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const n = await ctx.deps.database.pool.query(
      'select count(*)::int n from custom_campaign_slots where campaign_id = $1 and express_campaign_id is not null',
      [id],
    );
    expect(n.rows[0].n).toBe(1);
  });

  it("refuses another curator's playlist and a playlist of another tier", async () => {
    const { token } = await artistWith(10_000);
    const id = await publishedCampaign(token);
    const a = await curatorWithPlaylist();
    const b = await curatorWithPlaylist();
    const opt = await optIn(a, id);
    const foreign = await choosePlaylist(a, opt, b.playlist);
    expect(foreign.statusCode).toBe(422);
    await ctx.deps.database.pool.query(
      'update express_playlists set tier_id = (select id from express_tiers where id <> $1 and campaign_type_id = 1 limit 1) where id = $2',
      [tier.id, a.playlist],
    );
    const otherTier = await choosePlaylist(a, opt);
    expect(otherTier.statusCode).toBe(422);
    expect(otherTier.json().errors.playlist_id).toEqual(["This playlist is not in the campaign's tier"]);
  });
});

describe('music made with AI (honest promotion)', () => {
  const refuseAi = (playlist: number) =>
    ctx.deps.database.pool.query('update express_playlists set refuses_ai = true where id = $1', [playlist]);
  const offeredTo = async (token: string, id: number) =>
    (await ctx.call('GET', '/api/published/campaigns', { token }))
      .json()
      .data.find((x: { id: number }) => x.id === id);

  it('keeps the declaration through an edit that does not send it, and shows it to staff and curators', async () => {
    const { token } = await artistWith(10_000);
    const res = await order(token, { made_with_ai: true });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const edit = { ...body({ name: 'Renamed' }), playlist_submission_days: 3, auditing_days: 3 };
    expect((await admin('PUT', `/${id}`, edit)).statusCode).toBe(200);
    expect((await admin('GET', `/${id}`)).json().data).toMatchObject({ name: 'Renamed', made_with_ai: true });
    expect((await admin('PUT', `/${id}`, { ...edit, made_with_ai: false })).statusCode).toBe(200);
    expect((await admin('GET', `/${id}`)).json().data.made_with_ai).toBe(false);
    const undeclared = (await order(token)).json().data.id as number;
    expect((await admin('GET', `/${undeclared}`)).json().data.made_with_ai).toBeNull();
  });

  it('is not offered to a curator whose fitting playlists refuse AI-made music, who cannot place it there either', async () => {
    const { token } = await artistWith(10_000);
    const ai = await publishedCampaign(token, { made_with_ai: true });
    const human = await publishedCampaign(token, { made_with_ai: false });
    const refusing = await curatorWithPlaylist();
    await refuseAi(refusing.playlist);
    expect(await offeredTo(refusing.token, ai)).toBeUndefined();
    expect(await offeredTo(refusing.token, human)).toMatchObject({ made_with_ai: false });
    const taking = await curatorWithPlaylist();
    expect(await offeredTo(taking.token, ai)).toMatchObject({
      made_with_ai: true,
      eligible_playlists: [{ id: taking.playlist }],
    });

    // Opted in through the API all the same: the refusing playlist is refused, nothing is claimed.
    const opt = await optIn(refusing, ai);
    const refused = await choosePlaylist(refusing, opt);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.playlist_id[0]).toContain('music made with AI');
    const claimed = await ctx.deps.database.pool.query(
      'select count(*)::int n from custom_campaign_slots where campaign_id = $1 and express_campaign_id is not null',
      [ai],
    );
    expect(claimed.rows[0].n).toBe(0);

    // The curator who takes it places it; the placement carries the declaration.
    const placed = await choosePlaylist(taking, await optIn(taking, ai));
    expect(placed.statusCode).toBe(200);
    const express = await ctx.deps.database.pool.query(
      'select made_with_ai from express_campaigns where id = $1',
      [placed.json().data.express_campaign_id],
    );
    expect(express.rows[0].made_with_ai).toBe(true);
  });
});

describe('money across partial delivery (desc 3, paid + refunded = held)', () => {
  it('one curator delivers, one does not, one placement is never claimed: one payout less the fee, the rest refunded', async () => {
    const { user, token } = await artistWith(10_000);
    const id = await publishedCampaign(token, { placements: 3 });
    const held = tier.price * 3;
    const before = await walletBalance(ctx.deps.database, user.id);
    expect(before).toBe(10_000 - held);
    const track = (
      await ctx.deps.database.pool.query('select track_id from custom_campaigns where id = $1', [id])
    ).rows[0].track_id as string;
    const good = await curatorWithPlaylist();
    const idle = await curatorWithPlaylist();
    for (const c of [good, idle]) {
      const opt = await optIn(c, id);
      const chosen = await choosePlaylist(c, opt);
      expect(chosen.statusCode).toBe(200);
    }
    // The good curator adds the track and submits; the engine verifies it an hour later.
    await ctx.call('POST', `/api/sandbox/spotify/playlists/${good.spotifyId}/tracks`, {
      body: { track_id: track },
    });
    const submitted = await ctx.call(
      'PUT',
      `/api/curator/curator_vs_campaign/playlist/submit/${id}/${good.playlist}`,
      { token: good.token },
    );
    expect(submitted.json().data.found).toBe(true);
    const step = async (ms: number) => {
      ctx.clock.advance(ms);
      await expressSweep(ctx.deps);
      await expressSweep(ctx.deps);
      await sweep(ctx.deps);
      // Staff sessions are short: sign in again at the new time.
      adminToken = await ctx.loginAdmin((await ctx.makeAdmin()).email);
    };
    await step(61 * 60_000);
    // The submission deadline and the opt-in window pass: the idle curator fails, the free slot is voided.
    await step(3 * DAY);
    const mid = await ctx.call('GET', `/api/admin/custom-campaigns/${id}`, { token: adminToken });
    expect(mid.json().data.money.slots).toEqual({ total: 3, claimed: 2, voided: 1 });
    expect(mid.json().data.completed).toBe(false);
    await step(28 * DAY);
    await step(3 * DAY + 60_000);
    const detail = (await ctx.call('GET', `/api/admin/custom-campaigns/${id}`, { token: adminToken })).json()
      .data;
    expect(detail.completed).toBe(true);
    const statuses = detail.placements_list.map((p: { status: { id: number } }) => p.status.id).sort();
    expect(statuses).toEqual([E.COMPLETED, E.FAILED_TO_SUBMIT]);
    expect(detail.money).toMatchObject({ held, paid: tier.price, refunded: tier.price * 2, open: 0 });
    const fee = Math.floor((tier.price * 20) / 100);
    expect(await walletBalance(ctx.deps.database, good.user.id)).toBe(tier.price - fee);
    expect(await walletBalance(ctx.deps.database, idle.user.id)).toBe(0);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(before + tier.price * 2);
    const refunds = await ctx.deps.database.pool.query(
      `select count(*)::int n from ledger_transfers t join ledger_holds h on h.id = t.hold_id
         join custom_campaign_slots s on s.hold_id = h.id where s.campaign_id = $1 and t.desc_id = 3`,
      [id],
    );
    expect(refunds.rows[0].n).toBe(2);
  });

  it('force-end refunds the open placements and the unclaimed ones, completing the campaign', async () => {
    const { user, token } = await artistWith(10_000);
    const id = await publishedCampaign(token, { placements: 2 });
    const c = await curatorWithPlaylist();
    const opt = await optIn(c, id);
    await choosePlaylist(c, opt);
    const res = await admin('POST', `/${id}/force-end`, { outcome: 'refunded' });
    expect(res.statusCode).toBe(200);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(10_000);
    const d = (await ctx.call('GET', `/api/admin/custom-campaigns/${id}`, { token: adminToken })).json().data;
    expect(d).toMatchObject({
      completed: true,
      money: { held: tier.price * 2, paid: 0, refunded: tier.price * 2 },
    });
    expect((await admin('POST', `/${id}/force-end`, { outcome: 'refunded' })).statusCode).toBe(409);
    const completedFilter = await ctx.call('GET', '/api/admin/custom-campaigns?filter[status]=8&limit=100', {
      token: adminToken,
    });
    expect(completedFilter.json().data.map((x: { id: number }) => x.id)).toContain(id);
  });

  it('force-end "completed" refunds a placement never seen instead of leaving it open', async () => {
    const { user, token } = await artistWith(10_000);
    const id = await publishedCampaign(token, { placements: 1 });
    const c = await curatorWithPlaylist();
    const opt = await optIn(c, id);
    await choosePlaylist(c, opt);
    const res = await admin('POST', `/${id}/force-end`, { outcome: 'completed' });
    expect(res.statusCode).toBe(200);
    const open = await ctx.deps.database.pool.query(
      `select count(*)::int n from express_campaigns e join custom_campaign_slots s on s.express_campaign_id = e.id
        where s.campaign_id = $1 and e.status_id in (1, 2, 3, 4, 5)`,
      [id],
    );
    expect(open.rows[0].n).toBe(0);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(10_000);
    expect(await walletBalance(ctx.deps.database, c.user.id)).toBe(0);
  });

  it("the artist cannot withdraw a placement of it on its own (the slot's coins end with the campaign)", async () => {
    const { token } = await artistWith(10_000);
    const id = await publishedCampaign(token, { placements: 1 });
    const c = await curatorWithPlaylist();
    await choosePlaylist(c, await optIn(c, id));
    const placement = (
      await ctx.deps.database.pool.query(
        'select express_campaign_id as id, answer_deadline from custom_campaign_slots s join express_campaigns e on e.id = s.express_campaign_id where s.campaign_id = $1',
        [id],
      )
    ).rows[0];
    // No answer deadline either: the custom campaign's own windows apply.
    expect(placement.answer_deadline).toBeNull();
    const res = await ctx.call('POST', `/api/express/campaigns/${placement.id}/withdraw`, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This placement belongs to a managed campaign and cannot be withdrawn on its own',
    );
    const row = await ctx.deps.database.pool.query('select status_id from express_campaigns where id = $1', [
      placement.id,
    ]);
    // The placement goes on as it was (a chosen playlist is already accepted: Waiting for submission).
    expect(row.rows[0].status_id).toBe(2);
  });
});

describe('campaign stats (spec section 3), on `campaigns` and `web/user/campaigns/dashboard`', () => {
  // A different count per figure, so a figure reading another status cannot pass.
  const expected = {
    total_campaigns: 28,
    total_campaigns_pending: 1,
    total_campaigns_pending_for_approval: 2,
    total_campaigns_approved: 3,
    total_campaigns_declined: 4,
    total_campaigns_pending_for_publishing: 5,
    total_campaigns_publishing: 6,
    total_campaigns_completed: 7,
    total_campaigns_invited: 0,
  };
  let artistToken: string;
  beforeAll(async () => {
    const { token } = await artistWith(0);
    artistToken = token;
    const first = (await order(token)).json().data.id as number;
    // status, completed: 2 ×2, 3 ×3, 4 ×4, 6 ×5, 7 running ×6, 7 completed ×7, and 2 deleted (5).
    const rows: [number, boolean][] = [
      ...Array<[number, boolean]>(2).fill([2, false]),
      ...Array<[number, boolean]>(3).fill([3, false]),
      ...Array<[number, boolean]>(4).fill([4, false]),
      ...Array<[number, boolean]>(5).fill([6, false]),
      ...Array<[number, boolean]>(6).fill([7, false]),
      ...Array<[number, boolean]>(7).fill([7, true]),
      ...Array<[number, boolean]>(2).fill([5, false]),
    ];
    await ctx.deps.database.pool.query(
      `insert into custom_campaigns (artist_id, name, link, track_id, language_id, is_released, released_date,
         genre_ids, start_date, tier_id, placements, price, pitch, status, paid_at, completed_at)
       select c.artist_id, c.name, c.link, c.track_id, c.language_id, c.is_released, c.released_date,
         c.genre_ids, c.start_date, c.tier_id, c.placements, c.price, c.pitch, s.status,
         case when s.status in (6, 7) then now() end, case when s.completed then now() end
         from custom_campaigns c,
              unnest($2::int[], $3::boolean[]) as s(status, completed)
        where c.id = $1`,
      [first, rows.map((r) => r[0]), rows.map((r) => r[1])],
    );
  });

  it.each(Object.entries(expected))('%s is %i on both endpoints', async (figure, n) => {
    const own = (await ctx.call('GET', '/api/campaigns', { token: artistToken })).json().data;
    const dashboard = await ctx.call('GET', '/api/web/user/campaigns/dashboard', { token: artistToken });
    expect(dashboard.statusCode).toBe(200);
    expect(own[figure]).toBe(n);
    expect(dashboard.json().data.custom_stats[figure]).toBe(n);
  });

  it('the figures add up to the total (deleted ones are not counted)', async () => {
    const s = (await ctx.call('GET', '/api/web/user/campaigns/dashboard', { token: artistToken })).json().data
      .custom_stats;
    const { total_campaigns, total_campaigns_invited, ...parts } = s as typeof expected;
    expect(Object.values(parts).reduce((a, b) => a + b, 0)).toBe(total_campaigns);
  });

  it("a curator's custom figures count the campaigns they placed the track in, not mere opt-ins", async () => {
    const { token } = await artistWith(10_000);
    const placed = await publishedCampaign(token, { placements: 1 });
    const onlyOptedIn = await publishedCampaign(token, { placements: 1 });
    const c = await curatorWithPlaylist();
    const opt = await optIn(c, placed);
    await optIn(c, onlyOptedIn);
    expect((await choosePlaylist(c, opt)).statusCode).toBe(200);
    const s = (await ctx.call('GET', '/api/web/user/campaigns/dashboard', { token: c.token })).json().data;
    expect(s.custom_stats).toMatchObject({ total_campaigns: 1, total_campaigns_publishing: 1 });
    // The placement also runs as an express campaign: the express figures count it as before.
    expect(s.stats.total_campaigns).toBe(1);
  });
});

describe('/my-campaigns: every kind of the artist campaigns in one list (spec section 2)', () => {
  it('lists express and custom campaigns with their type and status, placements not apart, deleted left out; filters by type and name', async () => {
    const { token } = await artistWith(10_000);
    const playlist = (await curatorWithPlaylist()).playlist;
    const express = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token,
      body: {
        track_link: `https://open.spotify.com/track/${newTrack()}`,
        playlist_ids: [playlist],
        payment_method: 'coins',
      },
    });
    expect(express.statusCode).toBe(201);
    const expressId = express.json().data[0].id as number;
    const published = await publishedCampaign(token, { placements: 1, name: 'Sunrise anthem' });
    const c = await curatorWithPlaylist();
    const opt = await optIn(c, published);
    await choosePlaylist(c, opt);
    const deleted = (await order(token)).json().data.id as number;
    await admin('DELETE', `/${deleted}`);
    const list = await ctx.call('GET', '/api/artist/my-campaigns', { token });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { type: string; id: number; status: { id: number; status: string } }[];
    // The express campaign, the custom one; not its placement (an express row of this artist) nor the deleted one.
    expect(rows.map((r) => [r.type, r.id]).sort()).toEqual(
      [
        ['custom', published],
        ['spotify', expressId],
      ].sort(),
    );
    expect(rows.find((r) => r.type === 'custom')!.status).toEqual({ id: 7, status: 'Published' });
    expect(rows.find((r) => r.type === 'spotify')!.status).toEqual({ id: 1, status: 'Pending for Approval' });
    const onlyCustom = await ctx.call('GET', '/api/artist/my-campaigns?filter[type]=custom', { token });
    expect(onlyCustom.json().data.map((r: { id: number }) => r.id)).toEqual([published]);
    const byName = await ctx.call('GET', '/api/artist/my-campaigns?q=sunrise', { token });
    expect(byName.json().pagination.total).toBe(1);
    expect((await ctx.call('GET', '/api/artist/my-campaigns?filter[type]=radio', { token })).statusCode).toBe(
      422,
    );
    const someoneElse = await artistWith(0);
    expect(
      (await ctx.call('GET', '/api/artist/my-campaigns', { token: someoneElse.token })).json().data,
    ).toEqual([]);
  });
});

describe('the curator side of a placement (playlist wording, tied to its custom campaign)', () => {
  it("the curator's express list and detail name the custom campaign, with the artist's name and playlist statuses", async () => {
    const { user, token } = await artistWith(10_000);
    const id = await publishedCampaign(token, { placements: 1 });
    const c = await curatorWithPlaylist();
    const opt = await optIn(c, id);
    const link = await choosePlaylist(c, opt);
    const expressId = link.json().data.express_campaign_id as number;
    const list = await ctx.call('GET', '/api/express/curator/playlist/campaigns', { token: c.token });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((r: { id: number }) => r.id === expressId);
    expect(row).toMatchObject({
      custom_campaign_id: id,
      type: 'spotify',
      status: { id: E.WAITING_SUBMISSION, status: 'Waiting for Playlist submission' },
    });
    expect(row.track.artist).toBe(`${user.firstName} ${user.lastName}`.trim());
    const detail = await ctx.call('GET', `/api/express/curator/shows/campaigns/${expressId}`, {
      token: c.token,
    });
    expect(detail.json().data.custom_campaign_id).toBe(id);
  });
});

describe('stats and permissions', () => {
  it('counts the artist campaigns by status', async () => {
    const { token } = await artistWith(0);
    await order(token);
    const declined = (await order(token)).json().data.id;
    await admin('POST', `/${declined}/decline`, { reason: 'no' });
    const stats = (await ctx.call('GET', '/api/campaigns', { token })).json().data;
    expect(stats).toMatchObject({
      total_campaigns: 2,
      total_campaigns_pending: 1,
      total_campaigns_declined: 1,
    });
  });

  it('staff without custom.campaigns.edit cannot approve (403); with show only they can read the list', async () => {
    const viewer = await ctx.makeAdmin({ permissions: ['custom.campaigns.show'] });
    const t = await ctx.loginAdmin(viewer.email);
    const { token } = await artistWith(0);
    const id = (await order(token)).json().data.id;
    expect(
      (await ctx.call('POST', `/api/admin/custom-campaigns/${id}/approve`, { token: t })).statusCode,
    ).toBe(403);
    expect((await ctx.call('GET', '/api/admin/custom-campaigns', { token: t })).statusCode).toBe(200);
  });
});

describe('staff wording', () => {
  it("a campaign staff order for an artist is answered in staff words, not the artist's", async () => {
    const { user } = await artistWith(0);
    const res = await admin('POST', '', {
      ...body({}),
      artist_id: user.id,
      playlist_submission_days: 3,
      on_going_days: 28,
      auditing_days: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('The campaign was created for the artist');
  });
});
