import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { SANDBOX_JUMP_PREFIX } from '../../providers/spotify/sandbox';
import { DEMO_JUMPING_PLAYLIST, seedTrustFlagsDemo } from '../../seed/trust-flags.demo';
import { artistWithCoins, ledgerTotal } from '../../test/coins';
import { testAppForFile } from '../../test/harness';
import { listenFully } from '../express/express.fixture';
import { expressPlaylists, expressTiers } from '../express/express.schema';
import { seedExpressDemo, seedExpressReference } from '../express/express.seed';
import { credit, DESC, walletBalance } from '../wallet/ledger';
import { trustFlags } from './flags.schema';
import { detectFlags } from './flags.service';

let curatorId: number;
let curatorToken: string;
let reviewerToken: string;
let viewerToken: string;
let tierId: number;
let durationId: number;
let seq = 0;

const ctx = testAppForFile();
beforeAll(async () => {
  await seedExpressReference(ctx.deps.database);
  const curator = await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  curatorId = curator.id;
  await seedExpressDemo(ctx.deps.database);
  curatorToken = await ctx.loginUser(curator.email);
  const reviewer = await ctx.makeAdmin();
  reviewerToken = await ctx.loginAdmin(reviewer.email);
  const viewer = await ctx.makeAdmin({ permissions: ['trust.flags.show'] });
  viewerToken = await ctx.loginAdmin(viewer.email);
  const [tier] = await ctx.deps.database.db
    .select()
    .from(expressTiers)
    .where(and(eq(expressTiers.tierName, 'Starter'), eq(expressTiers.campaignTypeId, 1)));
  tierId = tier!.id;
  const d = await ctx.deps.database.pool.query('select id from express_durations limit 1');
  durationId = d.rows[0].id;
});

const artistWith = (coins: number) => artistWithCoins(ctx, coins);
/** An approved playlist of the curator (sandbox id with `prefix`). */
async function playlist(prefix = 'Norm') {
  seq += 1;
  const spotifyId = `${prefix}${String(seq).padStart(22 - prefix.length, 'z')}`;
  const [row] = await ctx.deps.database.db
    .insert(expressPlaylists)
    .values({
      curatorId,
      spotifyPlaylistId: spotifyId,
      spotifyUrl: `https://open.spotify.com/playlist/${spotifyId}`,
      name: `Playlist ${seq}`,
      tierId,
      durationId,
      statusId: 1,
    })
    .returning();
  return row!;
}
async function flagOn(playlistId: number, signal = 'follower_jump') {
  const [row] = await ctx.deps.database.db
    .insert(trustFlags)
    .values({ playlistId, signal, detectedOn: '2026-11-20', evidence: { growth: 900 } })
    .returning();
  return row!;
}
async function campaignOn(token: string, playlistId: number, track = 'A') {
  const res = await ctx.call('POST', '/api/express/artist/campaign/create', {
    token,
    body: {
      track_link: `https://open.spotify.com/track/${track.padEnd(22, 'q')}`,
      playlist_ids: [playlistId],
      payment_method: 'coins',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data[0].id as number;
}
const listed = async (token: string) =>
  (await ctx.call('GET', '/api/express/artist/playlists?limit=100', { token }))
    .json()
    .data.map((p: { id: number }) => p.id) as number[];
const statusOf = async (id: number) =>
  (await ctx.deps.database.pool.query('select status_id from express_campaigns where id = $1', [id])).rows[0]
    .status_id as number;
const statusOfFlag = async (id: number) =>
  (await ctx.deps.database.pool.query('select status from trust_flags where id = $1', [id])).rows[0]
    .status as string;
const auditCount = async (action: string, targetId: number) =>
  Number(
    (
      await ctx.deps.database.pool.query(
        `select count(*) n from audit_logs where action = $1 and target_type = 'trust_flag' and target_id = $2`,
        [action, String(targetId)],
      )
    ).rows[0].n,
  );

describe('detection through the daily jobs', () => {
  it('seeds the demo jumping playlist with history and an open campaign, and queues its explained flag', async () => {
    await ctx.makeUser({ userTypeId: 1, email: 'artist@demo.test' });
    const artist = await ctx.deps.database.pool.query(
      `select id from users where email = 'artist@demo.test'`,
    );
    await withTransaction(ctx.deps.database, (tx) =>
      credit(tx, {
        userId: artist.rows[0].id,
        coins: 500,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: 'demo-a',
      }),
    );
    expect(await seedTrustFlagsDemo(ctx.deps)).toBe(1);
    // Idempotent: a second seed raises nothing new and opens no second campaign.
    expect(await seedTrustFlagsDemo(ctx.deps)).toBe(0);
    const res = await ctx.call('GET', '/api/admin/trust/flags', { token: viewerToken });
    expect(res.statusCode).toBe(200);
    const flag = res
      .json()
      .data.find((f: { subject: { name: string } }) => f.subject.name === DEMO_JUMPING_PLAYLIST.name);
    expect(flag).toMatchObject({ signal: 'follower_jump', status: 'pending', open_campaigns: 1 });
    expect(flag.evidence.robustZ).toBeGreaterThanOrEqual(8);
    expect(flag.evidence.followersAfter).toBeGreaterThan(flag.evidence.followersBefore);
    const detail = await ctx.call('GET', `/api/admin/trust/flags/${flag.id}`, { token: viewerToken });
    expect(detail.json().data.history.length).toBeGreaterThanOrEqual(55);
    expect(await auditCount('trust.flag_raised', flag.id)).toBe(1);
  });

  it('the dev run snapshots approved playlists once a day through the provider and flags nothing normal', async () => {
    const normal = await playlist('Norm');
    const run = await ctx.call('POST', '/api/admin/dev/trust/run', { token: reviewerToken });
    expect(run.statusCode).toBe(200);
    expect(run.json().data.playlists).toBeGreaterThanOrEqual(3);
    expect(run.json().data.raised).toBe(0);
    const again = await ctx.call('POST', '/api/admin/dev/trust/run', { token: reviewerToken });
    expect(again.json().data.raised).toBe(0);
    const snaps = await ctx.deps.database.pool.query(
      'select count(*)::int n from trust_follower_snapshots where playlist_id = $1',
      [normal.id],
    );
    expect(snaps.rows[0].n).toBe(1);
  });
});

describe('review', () => {
  it('a pending flag hides nothing; confirming hides the playlist from artists and refunds its open campaign once', async () => {
    const p = await playlist(SANDBOX_JUMP_PREFIX);
    const flag = await flagOn(p.id);
    const { user, token } = await artistWith(1000);
    expect(await listed(token)).toContain(p.id);
    const id = await campaignOn(token, p.id, 'B');
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000 - 50);

    const forbidden = await ctx.call('POST', `/api/admin/trust/flags/${flag.id}/confirm`, {
      token: viewerToken,
      body: {},
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await statusOf(id)).toBe(S.PENDING_APPROVAL);

    const res = await ctx.call('POST', `/api/admin/trust/flags/${flag.id}/confirm`, {
      token: reviewerToken,
      body: { note: 'Bought followers on three days' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refunded).toBe(1);
    expect(await statusOf(id)).toBe(S.DECLINED);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000);
    expect(await listed(token)).not.toContain(p.id);
    const buy = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token,
      body: {
        track_link: `https://open.spotify.com/track/${'C'.repeat(22)}`,
        playlist_ids: [p.id],
        payment_method: 'coins',
      },
    });
    expect(buy.statusCode).toBe(422);
    // The refunded campaign is not offered for renewal on the hidden playlist.
    const check = await ctx.call('POST', '/api/express/artist/campaign/renew/check', {
      token,
      body: { campaign_id: id },
    });
    expect(check.json().data.renewable).toBe(false);
    const renew = await ctx.call('POST', '/api/express/artist/campaign/renew', {
      token,
      body: { campaign_id: id },
    });
    expect(renew.statusCode).toBe(409);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000);
    const again = await ctx.call('POST', `/api/admin/trust/flags/${flag.id}/confirm`, {
      token: reviewerToken,
      body: {},
    });
    expect(again.statusCode).toBe(409);
    expect(await auditCount('trust.flag_confirmed', flag.id)).toBe(1);
    // The repair of the next run finds nothing left to refund.
    const run = await ctx.call('POST', '/api/admin/dev/trust/run', { token: reviewerToken });
    expect(run.json().data.refunded).toBe(0);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000);
  });

  it('dismissing needs a note, keeps the playlist listed and is audited', async () => {
    const p = await playlist();
    const flag = await flagOn(p.id);
    const { token } = await artistWith(100);
    const empty = await ctx.call('POST', `/api/admin/trust/flags/${flag.id}/dismiss`, {
      token: reviewerToken,
      body: { note: '  ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(
      (
        await ctx.call('POST', `/api/admin/trust/flags/${flag.id}/dismiss`, {
          token: viewerToken,
          body: { note: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const res = await ctx.call('POST', `/api/admin/trust/flags/${flag.id}/dismiss`, {
      token: reviewerToken,
      body: { note: 'Featured on a radio show that day' },
    });
    expect(res.statusCode).toBe(200);
    expect(await listed(token)).toContain(p.id);
    const dismissed = await ctx.call('GET', '/api/admin/trust/flags?filter[status]=dismissed', {
      token: viewerToken,
    });
    expect(dismissed.json().data[0]).toMatchObject({
      id: flag.id,
      staff_note: 'Featured on a radio show that day',
    });
    expect(await auditCount('trust.flag_dismissed', flag.id)).toBe(1);
    expect(
      (
        await ctx.call('POST', `/api/admin/trust/flags/${flag.id}/confirm`, {
          token: reviewerToken,
          body: {},
        })
      ).statusCode,
    ).toBe(409);
  });

  it('confirm races the curator approving and staff confirming again: refunded exactly once, money conserved', async () => {
    for (let round = 0; round < 6; round += 1) {
      const p = await playlist();
      const flag = await flagOn(p.id);
      const { user, token } = await artistWith(1000);
      const id = await campaignOn(token, p.id, `R${round}`);
      await listenFully(ctx.deps, id, curatorId);
      const calls = [];
      for (let i = 0; i < 4; i += 1) {
        calls.push(
          ctx.call('POST', `/api/admin/trust/flags/${flag.id}/confirm`, { token: reviewerToken, body: {} }),
          ctx.call('POST', '/api/express/curator/approve/campaign', {
            token: curatorToken,
            body: { campaign_id: id },
          }),
        );
      }
      const results = await Promise.all(calls);
      const confirms = results.filter((_, i) => i % 2 === 0).map((r) => r.statusCode);
      const approvals = results.filter((_, i) => i % 2 === 1).map((r) => r.statusCode);
      expect(confirms.filter((c) => c === 200)).toHaveLength(1);
      expect(confirms.filter((c) => c === 409)).toHaveLength(3);
      expect(approvals.filter((c) => c === 200).length).toBeLessThanOrEqual(1);
      expect(approvals.every((c) => c === 200 || c === 409)).toBe(true);
      expect(await statusOf(id)).toBe(S.DECLINED);
      expect(await walletBalance(ctx.deps.database, user.id)).toBe(1000);
      const refunds = await ctx.deps.database.pool.query(
        `select count(*)::int n from express_campaign_events where campaign_id = $1 and to_status = $2`,
        [id, S.DECLINED],
      );
      expect(refunds.rows[0].n).toBe(1);
    }
    expect(await ledgerTotal(ctx)).toBe(0);
  });

  it("confirming one flag confirms the subject's other pending flags with it; dismissing leaves them open", async () => {
    const p = await playlist();
    const [first, second, third] = [
      await flagOn(p.id),
      await flagOn(p.id, 'growth_without_effect'),
      await flagOn(p.id, 'lockstep_growth'),
    ];
    const elsewhere = await flagOn((await playlist()).id);
    const dismissed = await ctx.call('POST', `/api/admin/trust/flags/${first.id}/dismiss`, {
      token: reviewerToken,
      body: { note: 'Radio feature' },
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await statusOfFlag(second.id)).toBe('pending');
    const res = await ctx.call('POST', `/api/admin/trust/flags/${second.id}/confirm`, {
      token: reviewerToken,
      body: { note: 'Bought followers' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.also_confirmed).toEqual([third.id]);
    expect(await statusOfFlag(first.id)).toBe('dismissed');
    expect(await statusOfFlag(third.id)).toBe('confirmed');
    expect(await statusOfFlag(elsewhere.id)).toBe('pending');
    const detail = await ctx.call('GET', `/api/admin/trust/flags/${third.id}`, { token: viewerToken });
    expect(detail.json().data).toMatchObject({ status: 'confirmed', staff_note: null });
    expect(await auditCount('trust.flag_confirmed', third.id)).toBe(1);
    const meta = await ctx.deps.database.pool.query(
      `select meta from audit_logs where action = 'trust.flag_confirmed' and target_id = $1`,
      [String(third.id)],
    );
    expect(meta.rows[0].meta).toMatchObject({ with_flag: second.id });
  });

  it('two staff confirming two flags of one subject at once: one wins and confirms both, the other gets 409', async () => {
    for (let round = 0; round < 5; round += 1) {
      const p = await playlist();
      const flags = [
        await flagOn(p.id),
        await flagOn(p.id, 'growth_without_effect'),
        await flagOn(p.id, 'lockstep_growth'),
      ];
      const results = await Promise.all(
        [...flags, ...flags].map((f) =>
          ctx.call('POST', `/api/admin/trust/flags/${f.id}/confirm`, { token: reviewerToken, body: {} }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(5);
      for (const f of flags) expect(await statusOfFlag(f.id)).toBe('confirmed');
    }
  });

  it('the repair refunds an open campaign of a subject confirmed twice once; without the repair (start-up) nothing moves', async () => {
    const p = await playlist('Norm');
    const { user, token } = await artistWith(300);
    const id = await campaignOn(token, p.id, 'R');
    const admin = await ctx.makeAdmin();
    // Two confirmations whose refunds did not happen (a crash between confirm and refund).
    await ctx.deps.database.db.insert(trustFlags).values(
      ['follower_jump', 'lockstep_growth'].map((signal) => ({
        playlistId: p.id,
        signal,
        detectedOn: '2026-11-19',
        evidence: { growth: 900 },
        status: 'confirmed',
        reviewedBy: admin.id,
        reviewedAt: new Date(),
      })),
    );
    const start = await detectFlags(ctx.deps, { repair: false });
    expect(start.refunded).toBe(0);
    expect(await statusOf(id)).toBe(S.PENDING_APPROVAL);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(300 - 50);

    const daily = await detectFlags(ctx.deps);
    expect(daily.refunded).toBe(1);
    expect(await statusOf(id)).toBe(S.DECLINED);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(300);
    expect((await detectFlags(ctx.deps)).refunded).toBe(0);
  });

  it('answers 404 for an unknown flag and 422 for a junk id', async () => {
    expect((await ctx.call('GET', '/api/admin/trust/flags/999999', { token: viewerToken })).statusCode).toBe(
      404,
    );
    expect((await ctx.call('GET', '/api/admin/trust/flags/abc', { token: viewerToken })).statusCode).toBe(
      422,
    );
    expect(
      (await ctx.call('GET', '/api/admin/trust/flags?filter[status]=nope', { token: viewerToken }))
        .statusCode,
    ).toBe(422);
  });
});
