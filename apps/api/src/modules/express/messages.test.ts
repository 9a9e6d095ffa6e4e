import { LIMITS } from '@lm/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { connectedInfluencer, createExchangeTestApp, LINK, pendingSpotifyRequest } from './express.fixture';

/**
 * The conversation of a campaign (every platform through the engine): only its artist and its seller
 * read and write it; contact details are masked before storing; length, rate and the end of the
 * campaign limit it; unread counts ride on both sides' lists and the dashboard; the other side is told
 * once per burst; staff read it when a ticket or a dispute names the campaign, or with
 * `express.messages.read`, each read audited.
 */
let ctx: TestContext;
let playlistIds: number[] = [];
let curatorToken: string;
let curatorId: number;
const _seq = 0;
const RULES = LIMITS.campaignMessages;

beforeAll(async () => {
  const world = await createExchangeTestApp();
  ctx = world.ctx;
  curatorId = world.curator.id;
  playlistIds = world.playlistIds;
  curatorToken = world.curatorToken;
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  ctx.clock.set(new Date());
});

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, params)).rows as T[];

/** A new pending Spotify campaign of a new artist on the demo curator's first playlist. */
const spotifyCampaign = () => pendingSpotifyRequest(ctx, playlistIds[0]!);

const write = (id: number, token: string, body: unknown, lang?: string) =>
  ctx.call('POST', `/api/express/campaigns/${id}/messages`, {
    token,
    body: typeof body === 'string' ? { body } : body,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });
const read = (id: number, token: string, query = '') =>
  ctx.call('GET', `/api/express/campaigns/${id}/messages${query}`, { token });
const markRead = (id: number, token: string, upTo: number) =>
  ctx.call('POST', `/api/express/campaigns/${id}/messages/read`, { token, body: { up_to_id: upTo } });
const notificationsOf = (userId: number) =>
  q<{ type: string; params: Record<string, unknown>; link: string }>(
    `select type, params, link from notifications where user_id = $1 and type = 'express.message' order by id`,
    [userId],
  );

describe('who reads and writes a campaign’s conversation', () => {
  it('the artist and the curator write to each other; another artist or curator gets 404 and nothing is stored', async () => {
    const { id, artistToken } = await spotifyCampaign();
    const first = await write(id, artistToken, 'Hello, thanks for listening!');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ side: 'artist', body: 'Hello, thanks for listening!' });
    expect((await write(id, curatorToken, 'Glad to, nice track.')).statusCode).toBe(201);

    const thread = (await read(id, artistToken)).json().data;
    expect(thread.messages.map((m: { side: string; body: string }) => [m.side, m.body])).toEqual([
      ['artist', 'Hello, thanks for listening!'],
      ['seller', 'Glad to, nice track.'],
    ]);
    expect(thread).toMatchObject({ has_more: false, unread: 1, can_write: true });

    const stranger = await artistWithCoins(ctx, 0);
    const otherCurator = await ctx.makeUser({ userTypeId: 2 });
    const otherToken = await ctx.loginUser(otherCurator.email);
    for (const token of [stranger.token, otherToken]) {
      expect((await read(id, token)).statusCode).toBe(404);
      expect((await write(id, token, 'Let me in')).statusCode).toBe(404);
      expect((await markRead(id, token, 1)).statusCode).toBe(404);
    }
    expect((await read(999_999, artistToken)).statusCode).toBe(404);
    expect(
      await q('select body from campaign_messages where campaign_id = $1 order by id', [id]),
    ).toHaveLength(2);
  });

  it('a TikTok request has its conversation too, through the same endpoints (influencer and artist)', async () => {
    const influencer = await connectedInfluencer(ctx, 'tiktok', 'msg');
    const artist = await artistWithCoins(ctx, 2000);
    const created = await ctx.call('POST', '/api/express-tiktok/artist/campaign/create', {
      token: artist.token,
      body: { track_link: LINK.tiktok, account_ids: [influencer.account.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data[0].id as number;
    expect((await write(id, artist.token, 'Can you use the chorus?')).statusCode).toBe(201);
    expect((await write(id, influencer.token, 'Sure, the chorus it is.')).statusCode).toBe(201);
    const influencerList = await ctx.call('GET', '/api/express-tiktok/influencer/campaigns', {
      token: influencer.token,
    });
    // Writing reads: the influencer's answer came after the artist's message, so nothing is unread.
    expect(influencerList.json().data.find((c: { id: number }) => c.id === id).unread_messages).toBe(0);
    const artistList = await ctx.call('GET', '/api/express-tiktok/artist/campaigns', { token: artist.token });
    expect(artistList.json().data.find((c: { id: number }) => c.id === id).unread_messages).toBe(1);
    // The notification links to the platform's campaign page.
    expect((await notificationsOf(influencer.user.id))[0]!.link).toBe(`/tiktok/express-campaigns/${id}`);
  });
});

describe('what a message may hold', () => {
  it('masks e-mail addresses and phone numbers before storing; the original is not kept', async () => {
    const { id, artistToken } = await spotifyCampaign();
    const res = await write(
      id,
      artistToken,
      'Mail me: jane.doe at gmail dot com, or call +44 7911 123456. 3:45 long, out 2024.',
    );
    expect(res.statusCode).toBe(201);
    const masked = 'Mail me: [contact removed], or call [contact removed]. 3:45 long, out 2024.';
    expect(res.json().data.body).toBe(masked);
    const [row] = await q<{ body: string }>('select body from campaign_messages where campaign_id = $1', [
      id,
    ]);
    expect(row!.body).toBe(masked);
    expect(
      JSON.stringify(await q('select * from campaign_messages where campaign_id = $1', [id])),
    ).not.toMatch(/gmail|7911/);
  });

  it('refuses an empty message and one over the limit with a translated message; stores nothing', async () => {
    const { id, artistToken } = await spotifyCampaign();
    const long = await write(id, artistToken, 'a'.repeat(RULES.bodyMax + 1), 'de');
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe('Eine Nachricht hat höchstens 2.000 Zeichen');
    expect((await write(id, artistToken, '   ')).statusCode).toBe(422);
    expect((await write(id, artistToken, { body: 42 })).statusCode).toBe(422);
    expect((await write(id, artistToken, 'a'.repeat(RULES.bodyMax))).statusCode).toBe(201);
    expect(await q('select id from campaign_messages where campaign_id = $1', [id])).toHaveLength(1);
  });

  it('keeps markup as typed (plain text, never HTML)', async () => {
    const { id, artistToken } = await spotifyCampaign();
    const text = '<img src=x onerror="alert(1)"> <b>bold</b>';
    expect((await write(id, artistToken, text)).json().data.body).toBe(text);
  });
});

describe('the rate limit per sender', () => {
  it(`takes ${RULES.perMinute} messages a minute from one sender (all campaigns together), refuses the next with a translated 429, and takes it a minute later`, async () => {
    const a = await spotifyCampaign();
    const b = await spotifyCampaign();
    ctx.clock.set(new Date('2026-06-01T10:00:00Z'));
    for (let i = 0; i < RULES.perMinute; i += 1) {
      const res = await write(i % 2 ? a.id : a.id, a.artistToken, `message ${i}`);
      expect(res.statusCode).toBe(201);
    }
    // The artist's other campaign is refused too (a different artist's is not).
    const over = await write(a.id, a.artistToken, 'one more', 'fr');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(
      'Trop de messages en une minute. Patientez un instant avant d’en envoyer un autre',
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await write(b.id, b.artistToken, 'my own first')).statusCode).toBe(201);
    ctx.clock.set(new Date('2026-06-01T10:01:01Z'));
    expect((await write(a.id, a.artistToken, 'a minute later')).statusCode).toBe(201);
  });

  it('holds under a burst fired at once: exactly the limit gets through', async () => {
    const { id, artistToken } = await spotifyCampaign();
    ctx.clock.set(new Date('2026-06-02T10:00:00Z'));
    const answers = await Promise.all(
      Array.from({ length: RULES.perMinute + 6 }, (_, i) => write(id, artistToken, `burst ${i}`)),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(RULES.perMinute);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(6);
    expect(await q('select id from campaign_messages where campaign_id = $1', [id])).toHaveLength(
      RULES.perMinute,
    );
  });
});

describe('the end of a campaign closes its conversation', () => {
  it(`takes messages up to ${RULES.daysAfterEnd} days after the campaign ended, then refuses with a translated 409`, async () => {
    const { id, artistToken } = await spotifyCampaign();
    const now = new Date('2026-07-01T10:00:00Z');
    ctx.clock.set(now);
    await q(
      `update express_campaigns set status_id = 7, end_reason = 'declined', completed_at = $2 where id = $1`,
      [id, new Date(now.getTime() - (RULES.daysAfterEnd - 1) * 86_400_000)],
    );
    expect((await write(id, artistToken, 'Thanks for the feedback')).statusCode).toBe(201);
    await q('update express_campaigns set completed_at = $2 where id = $1', [
      id,
      new Date(now.getTime() - (RULES.daysAfterEnd + 1) * 86_400_000),
    ]);
    const late = await write(id, artistToken, 'Anyone there?', 'en');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      `This campaign ended more than ${RULES.daysAfterEnd} days ago: its conversation is closed`,
    );
    // It can still be read, and says it is closed.
    expect((await read(id, artistToken)).json().data).toMatchObject({ can_write: false });
  });
});

describe('unread counts and notifications', () => {
  it('counts the other side’s unread messages on both lists and the dashboard; reading clears them', async () => {
    const { id, artistToken } = await spotifyCampaign();
    await write(id, artistToken, 'one');
    await write(id, artistToken, 'two');
    const curatorItem = async () =>
      (await ctx.call('GET', '/api/express/curator/playlist/campaigns?limit=100', { token: curatorToken }))
        .json()
        .data.find((c: { id: number }) => c.id === id);
    expect((await curatorItem()).unread_messages).toBe(2);
    const artistList = (
      await ctx.call('GET', '/api/express/artist/campaigns', { token: artistToken })
    ).json();
    expect(artistList.data[0]).toMatchObject({ id, unread_messages: 0 });
    const dash = async (token: string) =>
      (await ctx.call('GET', '/api/web/user/campaigns/dashboard', { token })).json().data;
    const before = (await dash(curatorToken)).stats.unread_messages as number;
    expect(before).toBeGreaterThanOrEqual(2);

    const thread = (await read(id, curatorToken)).json().data;
    expect(thread.unread).toBe(2);
    const firstId = thread.messages[0].id as number;
    expect((await markRead(id, curatorToken, firstId)).json().data).toEqual({
      last_read_id: firstId,
      unread: 1,
    });
    expect((await curatorItem()).unread_messages).toBe(1);
    // The marker never moves back, nor past the newest message.
    const last = thread.messages[1].id as number;
    expect((await markRead(id, curatorToken, last + 1000)).json().data).toEqual({
      last_read_id: last,
      unread: 0,
    });
    expect((await markRead(id, curatorToken, 0)).json().data).toEqual({ last_read_id: last, unread: 0 });
    expect((await curatorItem()).unread_messages).toBe(0);
    expect((await dash(curatorToken)).stats.unread_messages).toBe(before - 2);
    expect((await dash(artistToken)).last_campaigns[0]).toMatchObject({ id, unread_messages: 0 });
    // The curator's answer reaches the artist's list and dashboard.
    await write(id, curatorToken, 'answer');
    expect((await dash(artistToken)).stats.unread_messages).toBe(1);
    expect((await dash(artistToken)).last_campaigns[0]).toMatchObject({ id, unread_messages: 1 });
  });

  it('tells the other side once per burst, in their language, linking to the campaign', async () => {
    const { id, artistToken, artistId } = await spotifyCampaign();
    await q(`update users set language = 'fr' where id = $1`, [curatorId]);
    const before = (await notificationsOf(curatorId)).length;
    await write(id, artistToken, 'first');
    await write(id, artistToken, 'second');
    await write(id, artistToken, 'third');
    const after = await notificationsOf(curatorId);
    expect(after.length - before).toBe(1);
    expect(after.at(-1)).toMatchObject({ link: `/express-campaigns/${id}` });
    const bell = await ctx.call('GET', '/api/notifications', {
      token: curatorToken,
      headers: { 'accept-language': 'fr' },
    });
    expect(bell.json().data[0]).toMatchObject({ title: 'Nouveau message' });
    expect(bell.json().data[0].body).toContain('vous a écrit à propos de');
    const mails = await q<{ subject: string }>(
      `select subject from mail_outbox where to_address = (select email from users where id = $1) and subject like '%Nouveau message%'`,
      [curatorId],
    );
    expect(mails).toHaveLength(1);
    await q(`update users set language = 'en' where id = $1`, [curatorId]);

    // Once the curator has read, the next message is a new burst: told again.
    const thread = (await read(id, curatorToken)).json().data;
    await markRead(id, curatorToken, thread.messages.at(-1).id);
    await write(id, artistToken, 'fourth');
    expect((await notificationsOf(curatorId)).length - before).toBe(2);
    // The sender is never told of their own messages.
    expect(await notificationsOf(artistId)).toHaveLength(0);
  });
});

describe('staff read a conversation only with a reason, and every read is audited', () => {
  it('refuses without a ticket, a dispute or the permission; reads when a ticket names the campaign', async () => {
    const { id, artistToken } = await spotifyCampaign();
    await write(id, artistToken, 'hello there');
    const staff = await ctx.makeAdmin({ permissions: ['express.campaigns.show'] });
    const staffToken = await ctx.loginAdmin(staff.email);
    const staffRead = (lang?: string) =>
      ctx.call('GET', `/api/admin/express-campaigns/${id}/messages`, {
        token: staffToken,
        ...(lang ? { headers: { 'accept-language': lang } } : {}),
      });
    const refused = await staffRead('tr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Ekip bir kampanyanın mesajlarını yalnızca bir destek talebi veya itiraz kampanyayı andığında okur',
    );
    expect(
      (await ctx.call('GET', '/api/admin/express-campaigns/999999/messages', { token: staffToken }))
        .statusCode,
    ).toBe(404);

    const admin = await ctx.makeAdmin();
    const dept = await ctx.call('POST', '/api/tickets_departments', {
      token: await ctx.loginAdmin(admin.email),
      body: { department_name: `Messages ${id}` },
    });
    const ticket = await ctx.call('POST', '/api/tickets', {
      token: artistToken,
      body: {
        ticket_subject: 'About my campaign',
        initial_message: 'The curator asked for my phone',
        department_id: dept.json().data.id,
        campaign_id: id,
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const allowed = await staffRead();
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.messages.map((m: { body: string }) => m.body)).toEqual(['hello there']);
    expect(allowed.json().data.can_write).toBe(false);
    const audits = await q<{ actor_id: number; meta: { reason: string } }>(
      `select actor_id, meta from audit_logs where action = 'express.messages_read' and target_id = $1`,
      [String(id)],
    );
    expect(audits).toEqual([
      expect.objectContaining({ actor_id: staff.id, meta: expect.objectContaining({ reason: 'ticket' }) }),
    ]);
    // Staff reading moves no participant's marker.
    expect((await read(id, curatorToken)).json().data.unread).toBe(1);
  });

  it('reads a disputed (Instagram) campaign’s thread, and any thread with express.messages.read; each read audited', async () => {
    const influencer = await connectedInfluencer(ctx, 'instagram', 'msgig');
    const artist = await artistWithCoins(ctx, 2000);
    const created = await ctx.call('POST', '/api/express-instagram/artist/campaign/create', {
      token: artist.token,
      body: { track_link: LINK.instagram, account_ids: [influencer.account.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data[0].id as number;
    await write(id, artist.token, 'about the reel');
    const plain = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['express.campaigns.show'] })).email,
    );
    const reader = await ctx.makeAdmin({ permissions: ['express.campaigns.show', 'express.messages.read'] });
    const readerToken = await ctx.loginAdmin(reader.email);
    const path = `/api/admin/express-campaigns/${id}/messages`;
    expect((await ctx.call('GET', path, { token: plain })).statusCode).toBe(403);
    expect((await ctx.call('GET', path, { token: readerToken })).statusCode).toBe(200);
    await q(
      `update express_campaigns set disputed_at = now(), dispute_reason = 'Not my sound' where id = $1`,
      [id],
    );
    expect((await ctx.call('GET', path, { token: plain })).statusCode).toBe(200);
    const reasons = await q<{ reason: string }>(
      `select meta->>'reason' as reason from audit_logs where action = 'express.messages_read' and target_id = $1 order by id`,
      [String(id)],
    );
    expect(reasons.map((r) => r.reason)).toEqual(['permission', 'dispute']);
  });
});

describe('paging a long thread', () => {
  it('answers the newest page first, oldest first within it, and older pages with before', async () => {
    const { id, artistToken } = await spotifyCampaign();
    const t0 = new Date('2026-08-01T10:00:00Z').getTime();
    for (let i = 0; i < 12; i += 1) {
      ctx.clock.set(new Date(t0 + i * 61_000));
      await write(id, i % 2 ? curatorToken : artistToken, `m${i}`);
    }
    const page1 = (await read(id, artistToken, '?limit=5')).json().data;
    expect(page1.messages.map((m: { body: string }) => m.body)).toEqual(['m7', 'm8', 'm9', 'm10', 'm11']);
    expect(page1.has_more).toBe(true);
    const page2 = (await read(id, artistToken, `?limit=5&before=${page1.messages[0].id}`)).json().data;
    expect(page2.messages.map((m: { body: string }) => m.body)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    const page3 = (await read(id, artistToken, `?limit=5&before=${page2.messages[0].id}`)).json().data;
    expect(page3.messages.map((m: { body: string }) => m.body)).toEqual(['m0', 'm1']);
    expect(page3.has_more).toBe(false);
  });
});
