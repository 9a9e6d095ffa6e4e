import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { adminTestAppForFile } from '../../test/admin-app';
import { artistWithCoins } from '../../test/coins';
import { createTestApp, TEST_PASSWORD } from '../../test/harness';
import { seedExpressDemo } from '../express/express.seed';
import { getSettings, putSetting, rememberSettings } from './settings.service';

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

const put = (body: unknown, headers?: Record<string, string>) =>
  ctx.call('PUT', '/api/admin/settings', { token, body, headers });
const settingAudits = async () =>
  (
    await ctx.deps.database.db.execute<{
      target_id: string;
      actor_id: number;
      meta: Record<string, unknown>;
    }>(sql`select target_id, actor_id, meta from audit_logs where action = 'settings.update' order by id`)
  ).rows;

describe('/system/settings API', () => {
  it('needs view.main.settings.tab.list', async () => {
    const other = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] })).email,
    );
    expect((await ctx.call('GET', '/api/admin/settings', { token: other })).statusCode).toBe(403);
    expect((await ctx.call('PUT', '/api/admin/settings', { token: other, body: {} })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/admin/settings')).statusCode).toBe(401);
  });

  it('reads the defaults: 3 / 28 / 3 days', async () => {
    const res = await ctx.call('GET', '/api/admin/settings', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      playlist_submission_days: 3,
      on_going_days: 28,
      auditing_days: 3,
      answer_days: 7,
      maintenance_mode: false,
    });
  });

  it('changes the platform fee the express module reads, one audit entry per changed key', async () => {
    const before = await settingAudits();
    const res = await put({ platform_fee_percent: 15, on_going_days: 28 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.changed).toEqual(['platform_fee_percent']);
    expect((await getSettings(ctx.deps.database)).platform_fee_percent).toBe(15);
    const after = await settingAudits();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      target_id: 'platform_fee_percent',
      actor_id: adminId,
      meta: { key: 'platform_fee_percent', changes: { platform_fee_percent: { from: 20, to: 15 } } },
    });
  });

  it('refuses bad values with translated field errors and changes nothing', async () => {
    const settingsBefore = await getSettings(ctx.deps.database);
    const auditsBefore = (await settingAudits()).length;
    const res = await put(
      { platform_fee_percent: 95, coin_price_pence: 1.5, auditing_days: 0, mail_from_name: 'Evil <x@y>' },
      { 'x-lang': 'de' },
    );
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors.platform_fee_percent?.[0]).toBe('Der Höchstwert ist 90');
    expect(errors.coin_price_pence?.[0]).toBe('Bitte eine ganze Zahl eingeben');
    expect(errors.auditing_days?.[0]).toBe('Der Mindestwert ist 1');
    expect(errors.mail_from_name?.[0]).toContain('Absendername');
    const unknown = await put({ not_a_setting: 1 });
    expect(unknown.statusCode).toBe(422);
    const payout = await put({ payout_rate_pence: 500 });
    expect(payout.statusCode).toBe(422);
    expect(payout.json().errors.payout_rate_pence[0]).toBe(
      'The payout rate cannot be higher than the coin price',
    );
    expect(await getSettings(ctx.deps.database)).toEqual(settingsBefore);
    expect((await settingAudits()).length).toBe(auditsBefore);
  });

  it('never clamps: a platform fee of -5 or 101, a fractional or out-of-range number is refused, nothing saved', async () => {
    const settingsBefore = await getSettings(ctx.deps.database);
    const auditsBefore = (await settingAudits()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ platform_fee_percent: -5 }, 'platform_fee_percent', '0 is min value'],
      [{ platform_fee_percent: 101 }, 'platform_fee_percent', '90 is max value'],
      [{ platform_fee_percent: 12.5 }, 'platform_fee_percent', 'Please enter a whole number'],
      [{ coin_price_pence: 0 }, 'coin_price_pence', '1 is min value'],
      [{ payout_rate_pence: -80 }, 'payout_rate_pence', '1 is min value'],
      [{ min_withdrawal_coins: -1 }, 'min_withdrawal_coins', '1 is min value'],
      [{ min_withdrawal_coins: 100_001 }, 'min_withdrawal_coins', '100000 is max value'],
      [{ on_going_days: 366 }, 'on_going_days', '365 is max value'],
      [{ playlist_submission_days: '3' }, 'playlist_submission_days', 'Please enter a whole number'],
      [{ answer_days: 0 }, 'answer_days', '1 is min value'],
      [{ answer_days: 61 }, 'answer_days', '60 is max value'],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([message]);
      expect(res.json().message).toBe(message);
    }
    const arabic = await put({ platform_fee_percent: -5 }, { 'x-lang': 'ar' });
    expect(arabic.json().errors.platform_fee_percent[0]).not.toBe('0 is min value');
    expect(await getSettings(ctx.deps.database)).toEqual(settingsBefore);
    expect((await settingAudits()).length).toBe(auditsBefore);
  });

  it('reads and changes the minimum withdrawal (default 25 coins)', async () => {
    expect((await ctx.call('GET', '/api/admin/settings', { token })).json().data.min_withdrawal_coins).toBe(
      25,
    );
    const res = await put({ min_withdrawal_coins: 40 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ min_withdrawal_coins: 40, changed: ['min_withdrawal_coins'] });
    expect((await put({ min_withdrawal_coins: 25 })).statusCode).toBe(200);
  });

  it('maintenance mode answers 503 to users at once while staff keep working', async () => {
    const user = await ctx.loginUser((await ctx.makeUser()).email);
    expect((await ctx.call('GET', '/api/user/info', { token: user })).statusCode).toBe(200);
    expect((await put({ maintenance_mode: true })).statusCode).toBe(200);
    const blocked = await ctx.call('GET', '/api/user/info', { token: user });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().code).toBe('MAINTENANCE');
    expect((await ctx.call('GET', '/api/maintenance-mode-check')).json().data.check).toBe(true);
    expect((await ctx.call('GET', '/api/admin/settings', { token })).statusCode).toBe(200);
    // Staff can still sign in to turn it off; users cannot.
    const staff = await ctx.makeAdmin();
    const signIn = await ctx.call('POST', '/api/admin/login', {
      body: { email: staff.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(
      (await ctx.call('POST', '/api/user/login', { body: { email: 'x@example.test', password: 'x' } }))
        .statusCode,
    ).toBe(503);
    expect((await put({ maintenance_mode: false })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user/info', { token: user })).statusCode).toBe(200);
  });

  it("maintenance shows the staff's message, checked and trimmed", async () => {
    const tooLong = await put({ maintenance_message: 'x'.repeat(501) }, { 'x-lang': 'fr' });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.maintenance_message?.[0]).toBeTruthy();
    expect((await getSettings(ctx.deps.database)).maintenance_message).toBe('');
    const saved = await put({ maintenance_mode: true, maintenance_message: '  Back at 14:00 UTC.  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.maintenance_message).toBe('Back at 14:00 UTC.');
    expect((await ctx.call('GET', '/api/maintenance-mode-check')).json().data).toEqual({
      check: true,
      message: 'Back at 14:00 UTC.',
    });
    expect((await ctx.call('GET', '/api/setting/all')).json().data.maintenance_message).toBe(
      'Back at 14:00 UTC.',
    );
    expect((await put({ maintenance_mode: false, maintenance_message: '' })).statusCode).toBe(200);
    // No message while maintenance is off, nor when staff wrote none: the apps show their translated text.
    expect((await ctx.call('GET', '/api/maintenance-mode-check')).json().data).toEqual({
      check: false,
      message: null,
    });
  });

  it('the mail sender name goes into the From header of the next mail', async () => {
    expect((await put({ mail_from_name: 'Liberty Support' })).statusCode).toBe(200);
    const user = await ctx.makeUser();
    expect((await ctx.call('POST', '/api/forget-password', { body: { email: user.email } })).statusCode).toBe(
      200,
    );
    const mail = await ctx.lastMail(user.email);
    expect(mail?.fromAddress).toMatch(/^"Liberty Support" <[^<>]+@[^<>]+>$/);
  });

  it('a transaction reuses the settings remembered for it, and reads again once it writes one', async () => {
    await withTransaction(ctx.deps.database, async (tx) => {
      const before = await getSettings(tx);
      // A value the table does not hold: only the remembered snapshot can answer it.
      rememberSettings(tx, { ...before, mail_from_name: 'Remembered' });
      expect((await getSettings(tx)).mail_from_name).toBe('Remembered');
      expect((await getSettings(ctx.deps.database)).mail_from_name).toBe(before.mail_from_name);
      await putSetting(tx, 'mail_from_name', 'Written in the transaction');
      expect((await getSettings(tx)).mail_from_name).toBe('Written in the transaction');
      throw new Error('roll back');
    }).catch((err: Error) => expect(err.message).toBe('roll back'));
  });

  it('concurrent saves of different keys both land, each audited once', async () => {
    const auditsBefore = (await settingAudits()).length;
    const [a, b] = await Promise.all([put({ coin_price_pence: 120 }), put({ payout_rate_pence: 90 })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const now = await getSettings(ctx.deps.database);
    expect([now.coin_price_pence, now.payout_rate_pence]).toEqual([120, 90]);
    expect((await settingAudits()).length).toBe(auditsBefore + 2);
  });
});

describe('settings effects on express campaigns', () => {
  it('a campaign created after a change snapshots the new fee and durations; earlier ones keep theirs', async () => {
    const live = await createTestApp();
    try {
      const curator = await live.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
      expect(curator.id).toBeGreaterThan(0);
      await seedExpressDemo(live.deps.database);
      const playlist = (
        await live.deps.database.pool.query('select id from express_playlists order by id limit 1')
      ).rows[0].id as number;
      const { token: artistToken } = await artistWithCoins(live, 5_000);
      const create = (track: string) =>
        live.call('POST', '/api/express/artist/campaign/create', {
          token: artistToken,
          body: {
            track_link: `https://open.spotify.com/track/${track}`,
            playlist_ids: [playlist],
            payment_method: 'coins',
          },
        });
      const snapshot = async () =>
        (
          await live.deps.database.pool.query(
            'select fee_percent, playlist_submission_days, on_going_days, auditing_days from express_campaigns order by id',
          )
        ).rows;
      expect((await create('4uLU6hMCjMI75M1A2tKUQC')).statusCode).toBe(201);
      const staff = await live.loginAdmin(
        (await live.makeAdmin({ permissions: ['view.main.settings.tab.list'] })).email,
      );
      const changed = await live.call('PUT', '/api/admin/settings', {
        token: staff,
        body: { platform_fee_percent: 12, playlist_submission_days: 5, on_going_days: 21, auditing_days: 2 },
      });
      expect(changed.statusCode).toBe(200);
      expect((await create('1301WleyT98MSxVHPZCA6M')).statusCode).toBe(201);
      expect(await snapshot()).toEqual([
        { fee_percent: 20, playlist_submission_days: 3, on_going_days: 28, auditing_days: 3 },
        { fee_percent: 12, playlist_submission_days: 5, on_going_days: 21, auditing_days: 2 },
      ]);
    } finally {
      await live.close();
    }
  });
});
