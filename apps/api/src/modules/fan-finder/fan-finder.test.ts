import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins } from '../../test/coins';
import { testAppForFile } from '../../test/harness';
import { seedExpressDemo } from '../express/express.seed';
import { walletBalance } from '../wallet/ledger';
import { renewDueSubscriptions, renewOne } from './subscriptions.service';

let adminToken: string;
let playlistIds: number[] = [];
const DAY = 86_400_000;

const ctx = testAppForFile();
beforeAll(async () => {
  await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  await seedExpressDemo(ctx.deps.database);
  playlistIds = (await ctx.deps.database.pool.query('select id from express_playlists order by id')).rows.map(
    (r) => r.id,
  );
  const admin = await ctx.makeAdmin();
  adminToken = await ctx.loginAdmin(admin.email);
});
// Tests move the clock by a month; sessions (30 days) would expire, so each test starts at real time.
afterEach(() => {
  ctx.clock.set(new Date());
});

let planCounter = 0;
/** A plan made through the staff API (name unique per call). */
async function makePlan(overrides: Record<string, unknown> = {}) {
  planCounter += 1;
  const res = await ctx.call('POST', '/api/admin/fan-finder/plans', {
    token: adminToken,
    body: {
      plan_name: `Plan ${planCounter}`,
      plan_days: 30,
      price: 80,
      features: ['weekly_updates', 'related_artists'],
      ...overrides,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; price: number; plan_days: number };
}

const artistWith = (coins: number) => artistWithCoins(ctx, coins);

/** Subscribes with automatic renewal chosen, unless `extra` says otherwise. */
const subscribe = (token: string, planId: number, extra: Record<string, unknown> = {}, headers = {}) =>
  ctx.call('POST', '/api/fan/finder/new/subscription', {
    token,
    body: { plan_id: planId, auto_renew: true, ...extra },
    headers,
  });

const fanFinderTransfers = async (userId: number) =>
  (
    await ctx.deps.database.pool.query(
      `select t.amount::int, t.hold_id from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
        where a.user_id = $1 and t.desc_id = 7 order by t.id`,
      [userId],
    )
  ).rows as { amount: number; hold_id: number | null }[];

const notificationsOf = async (userId: number) =>
  (
    await ctx.deps.database.pool.query(
      'select message_key, params from notifications where user_id = $1 order by id',
      [userId],
    )
  ).rows as { message_key: string; params: Record<string, unknown> }[];

const subscriptionRow = async (id: number) =>
  (await ctx.deps.database.pool.query('select * from fan_finder_subscriptions where id = $1', [id])).rows[0];

describe('staff plans (/fan/finder/plans)', () => {
  it('creates, lists, updates and deletes a plan; every write audited', async () => {
    const plan = await makePlan({ plan_name: 'Crud plan', features: ['csv_export', 'csv_export'] });
    const list = await ctx.call('GET', '/api/admin/fan-finder/plans', { token: adminToken });
    expect(list.json().data.find((p: { id: number }) => p.id === plan.id).features).toEqual(['csv_export']);
    const upd = await ctx.call('PUT', `/api/admin/fan-finder/plans/${plan.id}`, {
      token: adminToken,
      body: { plan_name: 'Crud plan 2', plan_days: 60, price: 150, features: [], status: 0 },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ plan_name: 'Crud plan 2', plan_days: 60, price: 150, status: 0 });
    const del = await ctx.call('DELETE', `/api/admin/fan-finder/plans/${plan.id}`, { token: adminToken });
    expect(del.statusCode).toBe(200);
    const audits = await ctx.deps.database.pool.query(
      `select action from audit_logs where target_type = 'fan_finder_plan' and target_id = $1 order by id`,
      [String(plan.id)],
    );
    expect(audits.rows.map((r) => r.action)).toEqual([
      'fan_finder.plan_create',
      'fan_finder.plan_update',
      'fan_finder.plan_delete',
    ]);
  });

  it('refuses bad input with the field’s translated message and changes nothing (no clamping)', async () => {
    const bad = [
      [{ plan_days: 0 }, 'plan_days'],
      [{ plan_days: 367 }, 'plan_days'],
      [{ price: 0 }, 'price'],
      [{ price: 1.5 }, 'price'],
      [{ features: ['scraping'] }, 'features.0'],
      [{ plan_name: '   ' }, 'plan_name'],
    ] as const;
    for (const [override, field] of bad) {
      const res = await ctx.call('POST', '/api/admin/fan-finder/plans', {
        token: adminToken,
        headers: { 'accept-language': 'fr' },
        body: { plan_name: 'Refused', plan_days: 30, price: 10, features: [], ...override },
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const n = await ctx.deps.database.pool.query(
      `select count(*)::int n from fan_finder_plans where plan_name = 'Refused'`,
    );
    expect(n.rows[0].n).toBe(0);
  });

  it('answers a taken name (any case) as the field’s error, in the reader’s language', async () => {
    await makePlan({ plan_name: 'Unique Name' });
    const res = await ctx.call('POST', '/api/admin/fan-finder/plans', {
      token: adminToken,
      headers: { 'accept-language': 'de' },
      body: { plan_name: 'unique name', plan_days: 30, price: 10, features: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.plan_name).toHaveLength(1);
    expect(res.json().errors.plan_name[0]).not.toMatch(/lookups\./);
  });

  it('keeps a plan someone subscribed to (409), and an admin without the permission gets 403', async () => {
    const plan = await makePlan();
    const { token } = await artistWith(100);
    expect((await subscribe(token, plan.id)).statusCode).toBe(201);
    const del = await ctx.call('DELETE', `/api/admin/fan-finder/plans/${plan.id}`, { token: adminToken });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Artists have subscribed to this plan: set it to inactive instead');
    const other = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
    const otherToken = await ctx.loginAdmin(other.email);
    const res = await ctx.call('GET', '/api/admin/fan-finder/plans', { token: otherToken });
    expect(res.statusCode).toBe(403);
  });

  it('offers artists only active plans, cheapest first', async () => {
    const on = await makePlan({ price: 5 });
    const off = await makePlan({ price: 4, status: 0 });
    const { token } = await artistWith(0);
    const res = await ctx.call('GET', '/api/fan/finder/get/all-plans', { token });
    const ids = res.json().data.map((p: { id: number }) => p.id);
    expect(ids).toContain(on.id);
    expect(ids).not.toContain(off.id);
    const prices = res.json().data.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe('subscribing with coins', () => {
  it('renews only when the artist chose it: no choice sent means no renewal', async () => {
    const plan = await makePlan({ price: 30, plan_days: 30 });
    const { user, token } = await artistWith(100);
    const res = await ctx.call('POST', '/api/fan/finder/new/subscription', {
      token,
      body: { plan_id: plan.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.auto_renew).toBe(false);
    // At the end date nothing more is charged: the subscription ends.
    ctx.clock.set(new Date(Date.now() + 31 * DAY));
    expect(await renewOne(ctx.deps, res.json().data.id)).toBe('ended');
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(70);
    expect(await fanFinderTransfers(user.id)).toEqual([{ amount: 30, hold_id: null }]);
    expect((await subscriptionRow(res.json().data.id)).status).toBe('expired');
  });

  it('keeps the chosen renewal: auto_renew true is stored as chosen', async () => {
    const plan = await makePlan({ price: 30, plan_days: 30 });
    const { token } = await artistWith(100);
    const res = await ctx.call('POST', '/api/fan/finder/new/subscription', {
      token,
      body: { plan_id: plan.id, auto_renew: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.auto_renew).toBe(true);
    expect((await subscriptionRow(res.json().data.id)).auto_renew).toBe(true);
  });

  it('charges the price as ONE desc 7 transfer (no hold) and starts the plan for its days', async () => {
    const plan = await makePlan({ price: 80, plan_days: 30 });
    const { user, token } = await artistWith(100);
    const res = await subscribe(token, plan.id, { auto_renew: false });
    expect(res.statusCode).toBe(201);
    const sub = res.json().data;
    expect(sub).toMatchObject({
      status: 'active',
      auto_renew: false,
      remaining_days: 30,
      is_subscribed: true,
      is_active: true,
      is_expired: false,
      price: 80,
      plan: { id: plan.id, plan_days: 30 },
    });
    expect(new Date(sub.end_data).getTime() - new Date(sub.start_data).getTime()).toBe(30 * DAY);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(20);
    expect(await fanFinderTransfers(user.id)).toEqual([{ amount: 80, hold_id: null }]);
    const holds = await ctx.deps.database.pool.query(
      `select count(*)::int n from ledger_holds h join ledger_accounts a on a.id = h.payer_account_id where a.user_id = $1`,
      [user.id],
    );
    expect(holds.rows[0].n).toBe(0);

    const check = await ctx.call('GET', '/api/fan/finder/check/subscription', { token });
    expect(check.json().data).toEqual({
      subscription_id: sub.id,
      is_subscribed: true,
      is_expired: false,
      is_active: true,
      remaining_days: 30,
    });
    const get = await ctx.call('GET', '/api/fan/finder/get/subscription', { token });
    expect(get.json().data.id).toBe(sub.id);
  });

  it('with too few coins answers 409 and neither charges nor starts anything', async () => {
    const plan = await makePlan({ price: 80 });
    const { user, token } = await artistWith(79);
    const res = await subscribe(token, plan.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough coins in your wallet');
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(79);
    const get = await ctx.call('GET', '/api/fan/finder/get/subscription', { token });
    expect(get.json().data).toBeNull();
    const check = await ctx.call('GET', '/api/fan/finder/check/subscription', { token });
    expect(check.json().data).toMatchObject({
      subscription_id: null,
      is_subscribed: false,
      is_expired: false,
    });
  });

  it('refuses a withdrawn or unknown plan and junk ids with the translated field message', async () => {
    const off = await makePlan({ status: 0 });
    const { token } = await artistWith(1000);
    for (const planId of [off.id, 999_999, 'abc', -1]) {
      const res = await subscribe(token, planId as number, {}, { 'accept-language': 'fr' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.plan_id).toEqual(['Choisissez l’une des formules proposées']);
    }
    const res = await subscribe(token, off.id, { auto_renew: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('auto_renew');
  });

  it('refuses a second subscription while one is active (409), and of 12 at once exactly one is charged', async () => {
    const plan = await makePlan({ price: 50 });
    const { user, token } = await artistWith(10_000);
    const results = await Promise.all(Array.from({ length: 12 }, () => subscribe(token, plan.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      'You already have a Fan Finder subscription',
    );
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(10_000 - 50);
    expect(await fanFinderTransfers(user.id)).toHaveLength(1);
    // The database rule itself, without the service: a second open row is refused.
    await expect(
      ctx.deps.database.pool.query(
        `insert into fan_finder_subscriptions (user_id, plan_id, plan_name, plan_days, price, start_at, end_at)
         values ($1, $2, 'x', 30, 50, now(), now() + interval '30 days')`,
        [user.id, plan.id],
      ),
    ).rejects.toThrow(/fan_finder_subscriptions_one_open/);
  });
});

describe('auto-renew switch and cancel', () => {
  it('switches auto-renew on the own subscription; another artist’s is not found; bad body 422', async () => {
    const plan = await makePlan();
    const { token } = await artistWith(100);
    const sub = (await subscribe(token, plan.id)).json().data;
    expect(sub.auto_renew).toBe(true);
    const off = await ctx.call('PUT', `/api/fan/finder/update/subscription/${sub.id}`, {
      token,
      body: { auto_renew: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      data: { auto_renew: false, status: 'active' },
      message: 'Automatic renewal is off',
    });

    const intruder = await artistWith(0);
    for (const [method, url, body] of [
      ['PUT', `/api/fan/finder/update/subscription/${sub.id}`, { auto_renew: true }],
      ['POST', `/api/fan/finder/cancel/subscription/${sub.id}`, undefined],
    ] as const) {
      const res = await ctx.call(method, url, { token: intruder.token, body });
      expect(res.statusCode).toBe(404);
    }
    expect((await subscriptionRow(sub.id)).auto_renew).toBe(false);

    const bad = await ctx.call('PUT', `/api/fan/finder/update/subscription/${sub.id}`, {
      token,
      body: { auto_renew: 'maybe' },
    });
    expect(bad.statusCode).toBe(422);
    // Curators and influencers have no Fan Finder.
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const curatorToken = await ctx.loginUser(curator.email);
    expect(
      (await ctx.call('GET', '/api/fan/finder/get/subscription', { token: curatorToken })).statusCode,
    ).toBe(403);
  });

  it('cancel stops renewal but keeps access until the end date; then it ends without a charge', async () => {
    const plan = await makePlan({ price: 60 });
    const { user, token } = await artistWith(1000);
    const sub = (await subscribe(token, plan.id)).json().data;
    const res = await ctx.call('POST', `/api/fan/finder/cancel/subscription/${sub.id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      auto_renew: false,
      is_subscribed: true,
      is_active: false,
      is_expired: false,
      remaining_days: 30,
    });
    ctx.clock.set(new Date(Date.now() + 29 * DAY));
    expect(await renewOne(ctx.deps, sub.id)).toBe('skipped');
    ctx.clock.set(new Date(new Date(sub.end_data).getTime() + 1000));
    expect(await renewOne(ctx.deps, sub.id)).toBe('ended');
    expect(await renewOne(ctx.deps, sub.id)).toBe('skipped');
    expect((await subscriptionRow(sub.id)).status).toBe('expired');
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000 - 60);
    expect((await notificationsOf(user.id)).map((n) => n.message_key)).toEqual(['fan_finder.notify.ended']);
    ctx.clock.set(new Date());
  });

  it('after a cancelled subscription ends, the artist may subscribe again before the daily run', async () => {
    const plan = await makePlan({ price: 10 });
    const { user } = await artistWith(100);
    const sub = (await subscribe(await ctx.loginUser(user.email), plan.id)).json().data;
    await ctx.call('POST', `/api/fan/finder/cancel/subscription/${sub.id}`, {
      token: await ctx.loginUser(user.email),
    });
    ctx.clock.set(new Date(new Date(sub.end_data).getTime() + 1000));
    const token = await ctx.loginUser(user.email);
    const again = await subscribe(token, plan.id);
    expect(again.statusCode).toBe(201);
    expect((await subscriptionRow(sub.id)).status).toBe('expired');
    const upd = await ctx.call('PUT', `/api/fan/finder/update/subscription/${sub.id}`, {
      token,
      body: { auto_renew: true },
    });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().message).toBe('This subscription has ended');
  });
});

describe('daily renewal', () => {
  it('with enough coins renews for the plan’s days from the old end date, charges once and notifies', async () => {
    const plan = await makePlan({ price: 40, plan_days: 30 });
    const { user, token } = await artistWith(100);
    const sub = (await subscribe(token, plan.id)).json().data;
    const oldEnd = new Date(sub.end_data).getTime();
    ctx.clock.set(new Date(oldEnd + 3_600_000));
    // Past its end date but awaiting the run: still subscribed (no gap of hours).
    expect(
      (
        await ctx.call('GET', '/api/fan/finder/check/subscription', {
          token: await ctx.loginUser(user.email),
        })
      ).json().data,
    ).toMatchObject({ is_subscribed: true, is_active: true, remaining_days: 0 });
    const outcomes = await renewDueSubscriptions(ctx.deps);
    expect(outcomes.renewed).toBeGreaterThanOrEqual(1);
    const row = await subscriptionRow(sub.id);
    expect(row.status).toBe('active');
    expect(row.renewals).toBe(1);
    expect(new Date(row.end_at).getTime()).toBe(oldEnd + 30 * DAY);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(20);
    expect((await fanFinderTransfers(user.id)).map((t) => t.amount)).toEqual([40, 40]);
    // Run twice: nothing more happens.
    expect(await renewOne(ctx.deps, sub.id)).toBe('skipped');
    const notes = await notificationsOf(user.id);
    expect(notes.map((n) => n.message_key)).toEqual(['fan_finder.notify.renewed']);
    expect(notes[0]!.params).toMatchObject({
      coins: 40,
      date: new Date(oldEnd + 30 * DAY).toISOString().slice(0, 10),
    });
  });

  it('with too few coins expires, charges nothing, never goes negative, and notifies', async () => {
    const plan = await makePlan({ price: 60 });
    const { user, token } = await artistWith(100);
    const sub = (await subscribe(token, plan.id)).json().data;
    ctx.clock.set(new Date(new Date(sub.end_data).getTime() + 1000));
    expect(await renewOne(ctx.deps, sub.id)).toBe('insufficient_coins');
    const row = await subscriptionRow(sub.id);
    expect(row).toMatchObject({ status: 'expired', expired_reason: 'insufficient_coins' });
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(40);
    expect((await notificationsOf(user.id)).map((n) => n.message_key)).toEqual([
      'fan_finder.notify.expired_no_coins',
    ]);
    const check = await ctx.call('GET', '/api/fan/finder/check/subscription', {
      token: await ctx.loginUser(user.email),
    });
    expect(check.json().data).toMatchObject({ is_subscribed: false, is_expired: true, is_active: false });
  });

  it('a withdrawn plan is not renewed: expired and notified', async () => {
    const plan = await makePlan({ price: 10 });
    const { user, token } = await artistWith(100);
    const sub = (await subscribe(token, plan.id)).json().data;
    await ctx.call('PUT', `/api/admin/fan-finder/plans/${plan.id}`, {
      token: adminToken,
      body: { plan_name: `Withdrawn ${plan.id}`, plan_days: 30, price: 10, features: [], status: 0 },
    });
    ctx.clock.set(new Date(new Date(sub.end_data).getTime() + 1000));
    expect(await renewOne(ctx.deps, sub.id)).toBe('plan_unavailable');
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(90);
    expect((await notificationsOf(user.id)).map((n) => n.message_key)).toEqual([
      'fan_finder.notify.expired_plan',
    ]);
  });

  it('renewal and a campaign purchase on the same wallet at the same time: exactly one is paid, never negative', async () => {
    // One day, so the artists' sessions are still valid when the clock reaches its end.
    const plan = await makePlan({ price: 80, plan_days: 1 });
    // 100 coins after subscribing: renewal (80) and a Starter campaign (50) cannot both be paid.
    const artists = await Promise.all(Array.from({ length: 6 }, () => artistWith(180)));
    const subs = await Promise.all(artists.map(async (a) => (await subscribe(a.token, plan.id)).json().data));
    const end = Math.max(...subs.map((s) => new Date(s.end_data).getTime()));
    // Campaign purchases run on the real clock's session; the renewal reads the moved clock.
    const tokens = artists.map((a) => a.token);
    ctx.clock.set(new Date(end + 1000));
    const results = await Promise.all(
      artists.flatMap((_artist, i) => [
        renewOne(ctx.deps, subs[i].id),
        ctx
          .call('POST', '/api/express/artist/campaign/create', {
            token: tokens[i],
            body: {
              track_link: `https://open.spotify.com/track/4uLU6hMCjMI75M1A2tK${String(i).padStart(3, 'U')}`,
              playlist_ids: [playlistIds[0]],
              payment_method: 'coins',
            },
          })
          .then((r) => r.statusCode),
      ]),
    );
    for (let i = 0; i < artists.length; i++) {
      const renewal = results[2 * i];
      const campaign = results[2 * i + 1];
      const balance = await walletBalance(ctx.deps.database, artists[i]!.user.id);
      expect(balance).toBeGreaterThanOrEqual(0);
      if (renewal === 'renewed') {
        expect(campaign).toBe(409);
        expect(balance).toBe(20);
      } else {
        expect(renewal).toBe('insufficient_coins');
        expect(campaign).toBe(201);
        expect(balance).toBe(50);
      }
    }
    const total = await ctx.deps.database.pool.query(
      'select coalesce(sum(balance),0)::int s from ledger_accounts',
    );
    expect(total.rows[0].s).toBe(0);
  });
});

describe('staff subscriptions (/fan/finder/subscriptions) and the user overview tab', () => {
  it('lists with filters, shows the detail with its charges, and switches auto-renew (audited)', async () => {
    const plan = await makePlan({ plan_name: 'Staff view plan', price: 30 });
    const { user, token } = await artistWith(100);
    const sub = (await subscribe(token, plan.id, { auto_renew: false })).json().data;
    const list = await ctx.call(
      'GET',
      `/api/admin/fan-finder/subscriptions?filter[plan_id]=${plan.id}&filter[status]=active&filter[auto_renew]=0`,
      { token: adminToken },
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { id: number }) => s.id)).toEqual([sub.id]);
    expect(list.json().data[0].user).toMatchObject({ id: user.id, email: user.email });
    const q = await ctx.call(
      'GET',
      `/api/admin/fan-finder/subscriptions?q=${encodeURIComponent(user.email)}`,
      {
        token: adminToken,
      },
    );
    expect(q.json().pagination.total).toBe(1);
    const none = await ctx.call(
      'GET',
      `/api/admin/fan-finder/subscriptions?filter[plan_id]=${plan.id}&filter[status]=expired`,
      {
        token: adminToken,
      },
    );
    expect(none.json().data).toEqual([]);

    const detail = await ctx.call('GET', `/api/admin/fan-finder/subscriptions/${sub.id}`, {
      token: adminToken,
    });
    expect(detail.json().data.charges.map((c: { coins: number }) => c.coins)).toEqual([30]);
    expect(
      (await ctx.call('GET', '/api/admin/fan-finder/subscriptions/999999', { token: adminToken })).statusCode,
    ).toBe(404);

    const on = await ctx.call('PUT', `/api/admin/fan-finder/subscriptions/${sub.id}`, {
      token: adminToken,
      body: { auto_renew: true },
    });
    expect(on.json().data.auto_renew).toBe(true);
    const audits = await ctx.deps.database.pool.query(
      `select action from audit_logs where target_type = 'fan_finder_subscription' and target_id = $1`,
      [String(sub.id)],
    );
    expect(audits.rows.map((r) => r.action)).toEqual(['fan_finder.auto_renew']);

    const tab = await ctx.call('GET', `/api/admin/fan-finder/users/${user.id}/subscriptions`, {
      token: adminToken,
    });
    expect(tab.json().data.map((s: { id: number }) => s.id)).toEqual([sub.id]);
  });

  it('the wallet line is one desc 7 debit naming the plan (spec: fan_finder.plan.plan_name)', async () => {
    const plan = await makePlan({ plan_name: 'Wallet line plan', price: 25 });
    const { token } = await artistWith(100);
    await subscribe(token, plan.id);
    const res = await ctx.call('GET', '/api/wallet/user/transaction?limit=10', { token });
    expect(res.statusCode).toBe(200);
    const lines = res.json().data.filter((r: { desc_id: number }) => r.desc_id === 7);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      coins: 25,
      transaction_type: 'debit',
      desc: { desc: 'Fan Finder Subscription purchase' },
      fan_finder: { plan: { plan_name: 'Wallet line plan' } },
    });
  });
});
