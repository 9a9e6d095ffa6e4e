import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins, ledgerTotal } from '../../test/coins';
import { putSetting } from '../settings/settings.service';
import { readStats } from '../trust/score.service';
import { walletBalance } from '../wallet/ledger';
import {
  BASE,
  campaignRow,
  connectedInfluencer,
  LINK,
  listenFully,
  settledOf,
  socialTestFile,
} from './express.fixture';
import { ADVANCE_QUEUE, advance, approve, sweep } from './express.machine';
import { seedExpressDemo } from './express.seed';

/**
 * Answer in time, for every platform through the engine: a request carries an answer deadline
 * (`answer_days` of the creation's settings) with two advance jobs (a reminder a day before, the
 * deadline); at the deadline the system declines it (end reason `unanswered`) with a full refund, both
 * sides told; the artist may withdraw it while it waits (`withdrawn`). Every ending races an approval
 * through the guarded status change: one wins, the money moves once.
 */

const { ctx } = socialTestFile('answer');
const DAY = 86_400_000;
const PLATFORMS = ['spotify', 'tiktok', 'instagram'] as const;
type Platform = (typeof PLATFORMS)[number];

let playlistId = 0;
let curator: { id: number; token: string };
let trackSeq = 0;

beforeAll(async () => {
  const user = await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  await seedExpressDemo(ctx.deps.database);
  playlistId = (
    await ctx.deps.database.pool.query<{ id: number }>('select id from express_playlists order by id limit 1')
  ).rows[0]!.id;
  curator = { id: user.id, token: await ctx.loginUser(user.email) };
});

/** A Pending for Approval request on `platform` bought with coins over HTTP, with its artist and seller. */
async function request(platform: Platform, coins = 1000) {
  const artist = await artistWithCoins(ctx, coins);
  if (platform === 'spotify') {
    trackSeq += 1;
    const track = `answer${artist.user.id}x${trackSeq}`.padEnd(22, 'Q');
    const res = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token: artist.token,
      body: { track_link: `https://open.spotify.com/track/${track}`, playlist_ids: [playlistId] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json().data[0] as { id: number; price: number };
    return { artist, seller: curator, id: c.id, price: c.price };
  }
  const inf = await connectedInfluencer(ctx, platform, 'answer');
  const res = await ctx.call('POST', `${BASE[platform]}/artist/campaign/create`, {
    token: artist.token,
    body: { track_link: LINK[platform], account_ids: [inf.account.id] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const c = res.json().data[0] as { id: number; price: number };
  return {
    artist,
    seller: { id: inf.user.id, token: inf.token },
    id: c.id,
    price: c.price,
    accountId: inf.account.id,
  };
}

const notices = async (userId: number, campaignId: number) =>
  (
    await ctx.deps.database.pool.query<{ message_key: string }>(
      `select message_key from notifications where user_id = $1 and data->>'campaign_id' = $2 order by id`,
      [userId, String(campaignId)],
    )
  ).rows.map((r) => r.message_key);

const jobsOf = async (campaignId: number) =>
  (
    await ctx.deps.database.pool.query<{ state: string; key: string }>(
      `select state, singleton_key as key from pgboss.job where name = $1 and singleton_key like $2 order by start_after`,
      [ADVANCE_QUEUE, `express-${campaignId}-%`],
    )
  ).rows;

const withdraw = (id: number, token: string, lang?: string) =>
  ctx.call('POST', `/api/express/campaigns/${id}/withdraw`, {
    token,
    headers: lang ? { 'x-lang': lang } : undefined,
  });

describe.each(PLATFORMS)('%s: the answer deadline', (platform) => {
  it('is set at creation from answer_days, shown on both sides, with a reminder job and a deadline job', async () => {
    const before = ctx.clock.now();
    const r = await request(platform);
    const row = await campaignRow(ctx, r.id);
    expect(row.answer_deadline.getTime()).toBe(row.created_at.getTime() + 7 * DAY);
    expect(row.created_at.getTime()).toBe(before.getTime());
    expect(row.end_reason).toBeNull();
    const deadline = row.answer_deadline.getTime();
    expect(await jobsOf(r.id)).toEqual([
      { state: 'created', key: `express-${r.id}-${deadline - DAY}` },
      { state: 'created', key: `express-${r.id}-${deadline}` },
    ]);
    const paths =
      platform === 'spotify'
        ? [
            [`/api/express/artist/show/campaign/${r.id}`, r.artist.token],
            [`/api/express/curator/shows/campaigns/${r.id}`, r.seller.token],
          ]
        : [
            [`${BASE[platform]}/artist/show/campaign/${r.id}`, r.artist.token],
            [`${BASE[platform]}/influencer/campaigns`, r.seller.token],
          ];
    for (const [path, token] of paths) {
      const res = await ctx.call('GET', path!, { token });
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      const data = res.json().data;
      const item = Array.isArray(data) ? data.find((c: { id: number }) => c.id === r.id) : data;
      expect(item).toMatchObject({
        answer_deadline: new Date(deadline).toISOString(),
        end_reason: null,
      });
    }
  });

  it('reminds the seller once a day before, then declines it unanswered at the deadline: refunded, both told', async () => {
    const r = await request(platform);
    const row = await campaignRow(ctx, r.id);
    expect(await walletBalance(ctx.deps.database, r.artist.user.id)).toBe(1000 - r.price);
    // Two days before: nothing is due.
    ctx.clock.set(new Date(row.answer_deadline.getTime() - 2 * DAY));
    await advance(ctx.deps, r.id);
    expect(await notices(r.seller.id, r.id)).not.toContain('express.notify.answer_reminder');
    // A day before: one reminder, however many runs (the job twice at once, and the sweeper).
    ctx.clock.set(new Date(row.answer_deadline.getTime() - DAY + 60_000));
    await Promise.all([advance(ctx.deps, r.id), advance(ctx.deps, r.id), sweep(ctx.deps)]);
    expect(
      (await notices(r.seller.id, r.id)).filter((k) => k === 'express.notify.answer_reminder'),
    ).toHaveLength(1);
    expect((await campaignRow(ctx, r.id)).status_id).toBe(S.PENDING_APPROVAL);
    // At the deadline: declined by the system, refunded once, though the job runs twice.
    ctx.clock.set(row.answer_deadline);
    await Promise.all([advance(ctx.deps, r.id), advance(ctx.deps, r.id)]);
    const after = await campaignRow(ctx, r.id);
    expect(after).toMatchObject({
      status_id: S.DECLINED,
      end_reason: 'unanswered',
      paid_coins: 0,
      refunded_coins: r.price,
    });
    expect(await walletBalance(ctx.deps.database, r.artist.user.id)).toBe(1000);
    expect(await settledOf(ctx, r.id)).toMatchObject({ paid: 0, refunded: r.price, total: r.price });
    expect(await notices(r.artist.user.id, r.id)).toContain('express.notify.unanswered');
    expect(await notices(r.seller.id, r.id)).toContain('express.notify.unanswered_curator');
    const events = await ctx.deps.database.pool.query(
      'select actor_type, note_key from express_campaign_events where campaign_id = $1 and to_status = 7',
      [r.id],
    );
    expect(events.rows).toEqual([{ actor_type: 'system', note_key: 'express.timeline.unanswered' }]);
    const audits = await ctx.deps.database.pool.query(
      `select count(*)::int as n from audit_logs where action = 'express.unanswered' and target_id = $1`,
      [String(r.id)],
    );
    expect(audits.rows[0].n).toBe(1);
    // Too late to answer now.
    await expect(approve(ctx.deps, r.seller.id, r.id)).rejects.toMatchObject({ status: 409 });
  });
});

describe('the minute sweeper', () => {
  it('finds requests past their deadline when the clock moved (no job ran)', async () => {
    const r = await request('spotify');
    const row = await campaignRow(ctx, r.id);
    ctx.clock.set(new Date(row.answer_deadline.getTime() + 3 * DAY));
    expect(await sweep(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await campaignRow(ctx, r.id)).toMatchObject({ status_id: S.DECLINED, end_reason: 'unanswered' });
    expect(await walletBalance(ctx.deps.database, r.artist.user.id)).toBe(1000);
  });

  it('a request created with answer_days 1 gets no reminder (the window is the notice), only the deadline', async () => {
    await putSetting(ctx.deps.database, 'answer_days', 1);
    try {
      const r = await request('spotify');
      const row = await campaignRow(ctx, r.id);
      expect(row.answer_deadline.getTime()).toBe(row.created_at.getTime() + DAY);
      expect(await jobsOf(r.id)).toHaveLength(1);
      ctx.clock.set(new Date(row.answer_deadline.getTime() - 60_000));
      await sweep(ctx.deps);
      expect(await notices(r.seller.id, r.id)).not.toContain('express.notify.answer_reminder');
    } finally {
      await putSetting(ctx.deps.database, 'answer_days', 7);
    }
  });
});

describe('the deadline job against a last-second approval', () => {
  it('fired at the same moment, 12 times: one wins, the money moves once, the ledger balances', async () => {
    const outcomes = { approved: 0, unanswered: 0 };
    for (let i = 0; i < 12; i += 1) {
      ctx.clock.set(new Date());
      const r = await request('spotify');
      const row = await campaignRow(ctx, r.id);
      // The seller has heard the track (a decision needs it); the clock then stands at the deadline.
      await listenFully(ctx.deps, r.id, r.seller.id);
      ctx.clock.set(row.answer_deadline);
      // The approval reads the campaign once before its guarded move, so the job is let go a little
      // later on some rounds (0 to 9 ms): both orders happen, each decided by the guarded move.
      const late = (i % 4) * 3;
      const job = () => new Promise((done) => setTimeout(done, late)).then(() => advance(ctx.deps, r.id));
      const [approval] = await Promise.allSettled([approve(ctx.deps, r.seller.id, r.id), job(), job()]);
      const final = await campaignRow(ctx, r.id);
      const money = await settledOf(ctx, r.id);
      if (approval.status === 'fulfilled') {
        outcomes.approved += 1;
        expect(final.status_id).toBe(S.WAITING_SUBMISSION);
        expect(final.end_reason).toBeNull();
        // Still held: nothing left the escrow.
        expect(money.total).toBe(0);
        expect(await walletBalance(ctx.deps.database, r.artist.user.id)).toBe(1000 - r.price);
      } else {
        outcomes.unanswered += 1;
        expect((approval.reason as { status: number }).status).toBe(409);
        expect(final).toMatchObject({ status_id: S.DECLINED, end_reason: 'unanswered' });
        expect(money).toMatchObject({ paid: 0, refunded: r.price, total: r.price });
        expect(money.paid + money.refunded).toBe(money.price);
        expect(await walletBalance(ctx.deps.database, r.artist.user.id)).toBe(1000);
      }
      const transitions = await ctx.deps.database.pool.query(
        'select count(*)::int as n from express_campaign_events where campaign_id = $1 and from_status = 1',
        [r.id],
      );
      expect(transitions.rows[0].n).toBe(1);
    }
    expect(outcomes.approved + outcomes.unanswered).toBe(12);
    expect(await ledgerTotal(ctx)).toBe(0);
  });
});

describe.each(PLATFORMS)('%s: the artist withdraws a waiting request', (platform) => {
  it('refunds in full, tells the seller, cancels its jobs; then nobody can approve it', async () => {
    const r = await request(platform);
    const res = await withdraw(r.id, r.artist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id: r.id,
      status_id: S.DECLINED,
      end_reason: 'withdrawn',
      refunded_coins: r.price,
    });
    expect(res.json().message).toMatch(/withdrawn/i);
    expect(await campaignRow(ctx, r.id)).toMatchObject({
      status_id: S.DECLINED,
      end_reason: 'withdrawn',
      paid_coins: 0,
      refunded_coins: r.price,
    });
    expect(await walletBalance(ctx.deps.database, r.artist.user.id)).toBe(1000);
    expect(await settledOf(ctx, r.id)).toMatchObject({ paid: 0, refunded: r.price });
    expect(await notices(r.seller.id, r.id)).toContain('express.notify.withdrawn_curator');
    expect((await jobsOf(r.id)).map((j) => j.state)).toEqual(['cancelled', 'cancelled']);
    await expect(approve(ctx.deps, r.seller.id, r.id)).rejects.toMatchObject({ status: 409 });
    // A second withdrawal is refused, in the reader's language.
    const again = await withdraw(r.id, r.artist.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This campaign is no longer waiting for approval');
    const arabic = await withdraw(r.id, r.artist.token, 'ar');
    expect(arabic.json().message).not.toBe('This campaign is no longer waiting for approval');
  });

  it('is refused once the seller approved (409), and to anyone but the artist (404)', async () => {
    const r = await request(platform);
    const stranger = await artistWithCoins(ctx, 0);
    expect((await withdraw(r.id, stranger.token)).statusCode).toBe(404);
    expect((await withdraw(r.id, r.seller.token)).statusCode).toBe(404);
    expect((await withdraw(999_999, r.artist.token)).statusCode).toBe(404);
    await listenFully(ctx.deps, r.id, r.seller.id);
    await approve(ctx.deps, r.seller.id, r.id);
    expect((await withdraw(r.id, r.artist.token)).statusCode).toBe(409);
    expect((await campaignRow(ctx, r.id)).status_id).toBe(S.WAITING_SUBMISSION);
  });
});

describe('withdrawal against approval', () => {
  it('fired at the same moment, 16 times: the database picks one; the coins move once', async () => {
    let withdrawn = 0;
    for (let i = 0; i < 16; i += 1) {
      const r = await request('spotify');
      await listenFully(ctx.deps, r.id, r.seller.id);
      const [w, a] = await Promise.all([
        withdraw(r.id, r.artist.token),
        ctx.call('POST', '/api/express/curator/approve/campaign', {
          token: r.seller.token,
          body: { campaign_id: r.id },
        }),
      ]);
      expect([w.statusCode, a.statusCode].sort()).toEqual([200, 409]);
      const final = await campaignRow(ctx, r.id);
      const money = await settledOf(ctx, r.id);
      if (w.statusCode === 200) {
        withdrawn += 1;
        expect(final).toMatchObject({ status_id: S.DECLINED, end_reason: 'withdrawn' });
        expect(money).toMatchObject({ paid: 0, refunded: r.price, total: r.price });
        expect(await walletBalance(ctx.deps.database, r.artist.user.id)).toBe(1000);
      } else {
        expect(final).toMatchObject({ status_id: S.WAITING_SUBMISSION, end_reason: null });
        expect(money.total).toBe(0);
        expect(await walletBalance(ctx.deps.database, r.artist.user.id)).toBe(1000 - r.price);
      }
    }
    // Which side wins is up to the database; both must be possible (seen in runs), one each time.
    expect(withdrawn).toBeLessThanOrEqual(16);
    expect(await ledgerTotal(ctx)).toBe(0);
  });
});

describe('staff withdraw for the artist', () => {
  it('refunds the artist, audited as the staff member, the artist and the seller told', async () => {
    const r = await request('tiktok');
    const staff = await ctx.makeAdmin({ permissions: ['express.campaigns.show'] });
    const token = await ctx.loginAdmin(staff.email);
    const res = await ctx.call('POST', `/api/admin/express-campaigns/${r.id}/withdraw`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await campaignRow(ctx, r.id)).toMatchObject({ status_id: S.DECLINED, end_reason: 'withdrawn' });
    expect(await walletBalance(ctx.deps.database, r.artist.user.id)).toBe(1000);
    expect(await notices(r.artist.user.id, r.id)).toContain('express.notify.withdrawn_by_staff');
    expect(await notices(r.seller.id, r.id)).toContain('express.notify.withdrawn_curator');
    const audit = await ctx.deps.database.pool.query(
      `select actor_type, actor_id from audit_logs where action = 'express.withdrawn' and target_id = $1`,
      [String(r.id)],
    );
    expect(audit.rows).toEqual([{ actor_type: 'admin', actor_id: staff.id }]);
    const other = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: [] })).email);
    const r2 = await request('tiktok');
    expect(
      (await ctx.call('POST', `/api/admin/express-campaigns/${r2.id}/withdraw`, { token: other })).statusCode,
    ).toBe(403);
  });
});

describe('the quality score', () => {
  it('counts an unanswered request as decided, not accepted, answered after the whole window; a withdrawn one not at all', async () => {
    const unanswered = await request('tiktok');
    const row = await campaignRow(ctx, unanswered.id);
    ctx.clock.set(row.answer_deadline);
    await advance(ctx.deps, unanswered.id);
    const stats = await readStats(
      ctx.deps.database.pool,
      'account',
      [unanswered.accountId!],
      ctx.clock.now(),
    );
    expect(stats.get(unanswered.accountId!)).toMatchObject({
      decided: 1,
      accepted: 0,
      medianResponseMinutes: 7 * 24 * 60,
    });
    ctx.clock.set(new Date());
    const taken = await request('instagram');
    expect((await withdraw(taken.id, taken.artist.token)).statusCode).toBe(200);
    const none = await readStats(ctx.deps.database.pool, 'account', [taken.accountId!], ctx.clock.now());
    expect(none.get(taken.accountId!)).toMatchObject({
      decided: 0,
      accepted: 0,
      medianResponseMinutes: null,
    });
    const score = await ctx.deps.database.pool.query(
      'select acceptance, response from trust_scores where account_id = $1',
      [unanswered.accountId],
    );
    expect(score.rows[0].acceptance).toBe(0);
  });
});
