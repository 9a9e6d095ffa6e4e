import { beforeAll, describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { testLanguageId } from '../../test/test-language';
import { seedExpressDemo } from '../express/express.seed';
import { ticketJobDefinitions } from './tickets.jobs';

/**
 * The helpdesk's agent tools of issue 36 against a real PostgreSQL: reply collisions, the user's
 * context beside the thread, merging tickets and tags (docs/decisions.md "Helpdesk: collisions,
 * merge, tags").
 */

let superToken: string;
const ctx = adminTestAppForFile((signedIn) => {
  superToken = signedIn.token;
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, values)).rows as T[];

let counter = 0;
async function makeDepartment(): Promise<number> {
  counter += 1;
  const res = await ctx.call('POST', '/api/tickets_departments', {
    token: superToken,
    body: { department_name: `Helpdesk ${counter} ${Date.now()}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function userWithToken() {
  const user = await ctx.makeUser();
  return { user, token: await ctx.loginUser(user.email) };
}

async function openTicket(token: string, subject = 'Coins missing', message = 'Where are my coins?') {
  const res = await ctx.call('POST', '/api/tickets', {
    token,
    body: { ticket_subject: subject, initial_message: message, department_id: await makeDepartment() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function agent(permissions = ['tickets.add', 'tickets.show', 'view.main.tickets.tab.list']) {
  const admin = await ctx.makeAdmin({ permissions });
  return { admin, token: await ctx.loginAdmin(admin.email) };
}

const reply = (token: string, body: Record<string, unknown>, lang = 'en') =>
  ctx.call('POST', '/api/ticket_reply', { token, body, headers: { 'x-lang': lang } });

const replyCount = async (ticketId: number) =>
  (
    await q<{ n: number }>('select count(*)::int as n from ticket_replies where ticket_id = $1', [ticketId])
  )[0]!.n;

describe('reply collisions', () => {
  it('shows "<name> is replying" to other agents from a heartbeat stored with an expiry', async () => {
    const { token: userToken } = await userWithToken();
    const id = await openTicket(userToken);
    const anna = await agent();
    const ben = await agent();
    const beat = await ctx.call('PUT', `/api/admin/tickets/${id}/replying`, { token: anna.token });
    expect(beat.statusCode, beat.body).toBe(200);
    expect(beat.json().data).toEqual([]);
    const seen = await ctx.call('GET', `/api/admin/tickets/${id}/replying`, { token: ben.token });
    expect(seen.json().data).toEqual([
      expect.objectContaining({ admin_id: anna.admin.id, name: anna.admin.name }),
    ]);
    // Anna never sees herself; Ben's own beat answers Anna.
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/replying`, { token: anna.token })).json().data,
    ).toEqual([]);
    const benBeat = await ctx.call('PUT', `/api/admin/tickets/${id}/replying`, { token: ben.token });
    expect(benBeat.json().data.map((r: { admin_id: number }) => r.admin_id)).toEqual([anna.admin.id]);
    // The row is in PostgreSQL (any API process reads it) and expires 40 s after the last beat.
    const [row] = await q<{ expires_at: Date }>(
      'select expires_at from ticket_replying where ticket_id = $1 and admin_id = $2',
      [id, anna.admin.id],
    );
    expect(row!.expires_at.getTime()).toBe(ctx.clock.now().getTime() + 40_000);
    ctx.clock.advance(41_000);
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/replying`, { token: ben.token })).json().data,
    ).toEqual([]);
    ctx.clock.advance(-41_000);
    // Stopping clears it at once.
    await ctx.call('PUT', `/api/admin/tickets/${id}/replying`, { token: anna.token });
    const stop = await ctx.call('DELETE', `/api/admin/tickets/${id}/replying`, { token: anna.token });
    expect(stop.statusCode).toBe(200);
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/replying`, { token: ben.token })).json().data,
    ).toEqual([]);
    // Sending the answer clears it too.
    await ctx.call('PUT', `/api/admin/tickets/${id}/replying`, { token: anna.token });
    expect((await reply(anna.token, { ticket_id: id, message: 'On it' })).statusCode).toBe(200);
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/replying`, { token: ben.token })).json().data,
    ).toEqual([]);
  });

  it('the minute job deletes expired heartbeats of tickets nobody opens again, and only those', async () => {
    const { token: userToken } = await userWithToken();
    const left = await openTicket(userToken, 'Left alone');
    const busy = await openTicket(userToken, 'Still answered');
    const anna = await agent();
    await ctx.call('PUT', `/api/admin/tickets/${left}/replying`, { token: anna.token });
    ctx.clock.advance(41_000);
    await ctx.call('PUT', `/api/admin/tickets/${busy}/replying`, { token: anna.token });
    const rows = async () =>
      (
        await q<{ ticket_id: number }>(
          'select ticket_id from ticket_replying where ticket_id = any($1) order by ticket_id',
          [[left, busy]],
        )
      ).map((r) => r.ticket_id);
    expect(await rows()).toEqual([left, busy]);
    const [sla] = ticketJobDefinitions(ctx.deps);
    await sla!.handler({}, { id: '00000000-0000-0000-0000-000000000001', retryCount: 0 });
    expect(await rows()).toEqual([busy]);
    ctx.clock.advance(-41_000);
  });

  it('needs tickets.add to beat and tickets.show to read; an unknown ticket answers 404', async () => {
    const { token: userToken } = await userWithToken();
    const id = await openTicket(userToken);
    const reader = await agent(['tickets.show']);
    expect(
      (await ctx.call('PUT', `/api/admin/tickets/${id}/replying`, { token: reader.token })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/replying`, { token: reader.token })).statusCode,
    ).toBe(200);
    // A user's token is no staff session at all.
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/replying`, { token: userToken })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.call('PUT', '/api/admin/tickets/999999/replying', { token: superToken })).statusCode,
    ).toBe(404);
  });

  it('refuses an answer over a newer reply (409, translated, nothing saved) until sent anyway', async () => {
    const { token: userToken } = await userWithToken();
    const id = await openTicket(userToken);
    const anna = await agent();
    const ben = await agent();
    // Both pages show no reply yet; Ben sends first.
    const first = await reply(ben.token, {
      ticket_id: id,
      message: 'Hello from Ben',
      last_seen_reply_id: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    const benReply = first.json().data.id as number;
    for (const lang of ['en', 'fr', 'de', 'ar', 'tr']) {
      const late = await reply(
        anna.token,
        { ticket_id: id, message: 'Hello from Anna', last_seen_reply_id: null },
        lang,
      );
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('TICKET_REPLY_COLLISION');
      expect(late.json().message).not.toContain('tickets.');
    }
    expect(
      (await reply(anna.token, { ticket_id: id, message: 'x', last_seen_reply_id: null }, 'en')).json()
        .message,
    ).toBe('Someone added a reply while you were writing. Read it, then send again or send anyway.');
    expect(await replyCount(id)).toBe(1);
    // Having seen Ben's reply, Anna's answer goes through.
    const seen = await reply(anna.token, {
      ticket_id: id,
      message: 'Anna adds',
      last_seen_reply_id: benReply,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    // An internal note is a newer reply too for staff; the user never collides with a note.
    const note = await reply(ben.token, { ticket_id: id, message: 'note', is_internal: true });
    const annaSecond = seen.json().data.id as number;
    expect(
      (await reply(anna.token, { ticket_id: id, message: 'again', last_seen_reply_id: annaSecond }))
        .statusCode,
    ).toBe(409);
    expect(
      (await reply(userToken, { ticket_id: id, message: 'thanks', last_seen_reply_id: annaSecond }))
        .statusCode,
    ).toBe(200);
    expect(note.statusCode).toBe(200);
    // Send anyway: the second request that says so.
    const before = await replyCount(id);
    const anyway = await reply(anna.token, {
      ticket_id: id,
      message: 'Sending anyway',
      last_seen_reply_id: annaSecond,
      send_anyway: true,
    });
    expect(anyway.statusCode, anyway.body).toBe(200);
    expect(await replyCount(id)).toBe(before + 1);
    // Without the field (older clients) nothing is checked.
    expect((await reply(anna.token, { ticket_id: id, message: 'old client' })).statusCode).toBe(200);
  });

  it('of two agents answering at once over the same last reply, one is saved and one refused', async () => {
    const { token: userToken } = await userWithToken();
    const anna = await agent();
    const ben = await agent();
    for (let round = 0; round < 8; round += 1) {
      const id = await openTicket(userToken);
      const results = await Promise.all([
        reply(anna.token, { ticket_id: id, message: `Anna ${round}`, last_seen_reply_id: null }),
        reply(ben.token, { ticket_id: id, message: `Ben ${round}`, last_seen_reply_id: null }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await replyCount(id)).toBe(1);
    }
  });
});

let curatorId: number;
let languageId: number;
beforeAll(async () => {
  curatorId = (await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' })).id;
  await seedExpressDemo(ctx.deps.database);
  languageId = await testLanguageId(ctx);
});

/** A Spotify express campaign of `artistId` on the first demo playlist, straight into the table. */
async function expressCampaign(artistId: number, track: string): Promise<number> {
  const rows = await q<{ id: number }>(
    `insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, tier_id, track_id,
        track_url, track_name, track_artist, status_id, price, fee_percent, playlist_submission_days,
        on_going_days, auditing_days)
     select $1, 1, $2, p.id, p.tier_id, $3, 'https://open.spotify.com/track/x', $4, 'Artist', 4, 50, 20, 3, 28, 3
       from express_playlists p order by p.id limit 1 returning id`,
    [artistId, curatorId, `t${artistId}${track.length}${Date.now()}`, track],
  );
  return rows[0]!.id;
}

/** A custom campaign of `artistId` (Pending), straight into the table. */
async function customCampaign(artistId: number, name: string): Promise<number> {
  const rows = await q<{ id: number }>(
    `insert into custom_campaigns (artist_id, name, link, track_id, language_id, is_released, released_date,
        start_date, tier_id, placements, price, pitch)
     select $1, $2, 'https://open.spotify.com/track/y', 'y1', $3, true, '2026-01-01', '2026-12-01', t.id, 3,
            t.price * 3, 'Pitch'
       from express_tiers t order by t.id limit 1 returning id`,
    [artistId, name, languageId],
  );
  return rows[0]!.id;
}

describe("the user's context beside the thread", () => {
  it("answers the user's other tickets and campaigns, each only under its page's permission", async () => {
    const { user, token: userToken } = await userWithToken();
    const id = await openTicket(userToken, 'First');
    const other = await openTicket(userToken, 'Second');
    const stranger = await userWithToken();
    await openTicket(stranger.token, 'Not theirs');
    await expressCampaign(stranger.user.id, 'Not theirs');
    const express = await expressCampaign(user.id, 'Night Drive');
    ctx.clock.advance(1000);
    const custom = await customCampaign(user.id, 'Morning Run');
    const full = await ctx.call('GET', `/api/admin/tickets/${id}/context`, { token: superToken });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data.tickets).toEqual([
      expect.objectContaining({ id: other, ticket_subject: 'Second', status_id: 1 }),
    ]);
    expect(
      full
        .json()
        .data.campaigns.map((c: { id: number; kind: string }) => [c.kind, c.id])
        .sort(),
    ).toEqual([
      ['custom', custom],
      ['express', express],
    ]);
    expect(full.json().data.campaigns.find((c: { kind: string }) => c.kind === 'express')).toMatchObject({
      platform: 'spotify',
      track_name: 'Night Drive',
      status_id: 4,
    });
    const ticketsOnly = await agent(['tickets.show']);
    const limited = await ctx.call('GET', `/api/admin/tickets/${id}/context`, { token: ticketsOnly.token });
    expect(limited.json().data.campaigns).toBeNull();
    expect(limited.json().data.tickets).toHaveLength(1);
    const expressOnly = await agent(['tickets.show', 'express.campaigns.show']);
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/context`, { token: expressOnly.token })).json().data
        .campaigns,
    ).toEqual([expect.objectContaining({ kind: 'express', id: express })]);
    const customOnly = await agent(['tickets.show', 'custom.campaigns.show']);
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/context`, { token: customOnly.token })).json().data
        .campaigns,
    ).toEqual([expect.objectContaining({ kind: 'custom', id: custom })]);
    expect(
      (await ctx.call('GET', '/api/admin/tickets/999999/context', { token: superToken })).statusCode,
    ).toBe(404);
    const listOnly = await agent(['view.main.tickets.tab.list']);
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/context`, { token: listOnly.token })).statusCode,
    ).toBe(403);
  });
});

const merge = (token: string, source: number, target: number, lang = 'en') =>
  ctx.call('POST', `/api/admin/tickets/${source}/merge`, {
    token,
    body: { target_id: target },
    headers: { 'x-lang': lang },
  });

describe('merging tickets', () => {
  it("moves the source's messages to the target in time order, closes it with a link, audits and tells once", async () => {
    const { user, token: userToken } = await userWithToken();
    const target = await openTicket(userToken, 'Payout late', 'My payout is late');
    ctx.clock.advance(60_000);
    const source = await openTicket(userToken, 'Payout again', 'Still no payout');
    ctx.clock.advance(60_000);
    expect((await reply(superToken, { ticket_id: source, message: 'Looking into it' })).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await reply(userToken, { ticket_id: target, message: 'Any news?' })).statusCode).toBe(200);
    const notesBefore = await q('select id from notifications where user_id = $1', [user.id]);
    const res = await merge(superToken, source, target);
    expect(res.statusCode, res.body).toBe(200);
    const thread = await ctx.call('GET', `/api/ticket_replies/${target}`, { token: superToken });
    expect(
      thread
        .json()
        .data.map((r: { message: string; merged_from_ticket_id: number | null }) => [
          r.message,
          r.merged_from_ticket_id,
        ]),
    ).toEqual([
      ['Payout again\n\nStill no payout', source],
      ['Looking into it', source],
      ['Any news?', null],
    ]);
    const moved = await ctx.call('GET', `/api/ticket/${source}`, { token: superToken });
    expect(moved.json().data).toMatchObject({ merged_into_id: target, status_id: 4 });
    // Beside the target's thread, the merged source says so (the merge dialog offers it no more).
    const context = await ctx.call('GET', `/api/admin/tickets/${target}/context`, { token: superToken });
    expect(context.json().data.tickets).toEqual([
      expect.objectContaining({ id: source, merged_into_id: target, status_id: 4 }),
    ]);
    expect(await replyCount(source)).toBe(0);
    const audits = await q<{ action: string; target_id: string }>(
      `select action, target_id::text from audit_logs where action in ('tickets.merge', 'tickets.merged_into')
       and target_id::text in ($1, $2) order by action`,
      [String(source), String(target)],
    );
    expect(audits.map((a) => a.action)).toEqual(['tickets.merge', 'tickets.merged_into']);
    const notesAfter = await q<{ message: string; params: { target?: number } }>(
      'select message_key as message, params from notifications where user_id = $1',
      [user.id],
    );
    expect(notesAfter.length - notesBefore.length).toBe(1);
    expect(notesAfter.find((n) => n.message === 'tickets.notify.merged')?.params.target).toBe(target);
    expect((await ctx.lastMail(user.email))?.subject).toContain(`Merged into #${target}`);
    // The user sees the merged messages (not staff notes) on the target.
    const own = await ctx.call('GET', `/api/ticket_replies/${target}`, { token: userToken });
    expect(own.json().data).toHaveLength(3);
  });

  it('refuses, translated and changing nothing: other user, same ticket, merged already, no edit permission', async () => {
    const { token: userToken } = await userWithToken();
    const stranger = await userWithToken();
    const a = await openTicket(userToken);
    const b = await openTicket(userToken);
    const c = await openTicket(userToken);
    const theirs = await openTicket(stranger.token);
    const other = await merge(superToken, a, theirs, 'fr');
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.target_id).toEqual([
      "Seuls les tickets d'un même utilisateur peuvent être fusionnés",
    ]);
    expect((await merge(superToken, a, a)).json().errors.target_id).toEqual([
      'A ticket cannot be merged into itself',
    ]);
    const editor = await agent(['tickets.show', 'tickets.add']);
    expect((await merge(editor.token, a, b)).statusCode).toBe(403);
    expect((await merge(superToken, a, b)).statusCode).toBe(200);
    const again = await merge(superToken, a, c, 'de');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Dieses Ticket wurde bereits mit einem anderen zusammengeführt');
    expect((await merge(superToken, c, a)).json().errors.target_id).toEqual([
      'The chosen ticket was itself merged into another one: choose that one',
    ]);
    expect((await merge(superToken, c, 999999)).statusCode).toBe(422);
    const [row] = await q<{ merged_into_id: number | null }>(
      'select merged_into_id from tickets where id = $1',
      [c],
    );
    expect(row!.merged_into_id).toBeNull();
  });

  it('A into B and B into A at once: one merge wins, no reply is lost', async () => {
    const { token: userToken } = await userWithToken();
    for (let round = 0; round < 6; round += 1) {
      const a = await openTicket(userToken, `A${round}`);
      const b = await openTicket(userToken, `B${round}`);
      await reply(superToken, { ticket_id: a, message: `a-${round}` });
      await reply(userToken, { ticket_id: b, message: `b-${round}` });
      const results = await Promise.all([merge(superToken, a, b), merge(superToken, b, a)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      const rows = await q<{ ticket_id: number }>(
        'select ticket_id from ticket_replies where ticket_id in ($1, $2)',
        [a, b],
      );
      // Two replies and the source's first message, all on the surviving ticket.
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((r) => r.ticket_id)).size).toBe(1);
    }
  });
});

const addTag = (token: string, id: number, tag: unknown, lang = 'en') =>
  ctx.call('POST', `/api/admin/tickets/${id}/tags`, { token, body: { tag }, headers: { 'x-lang': lang } });

describe('tags', () => {
  it('normalises, keeps each once, at most 10, filters the list, audits, needs tickets.edit', async () => {
    const { token: userToken } = await userWithToken();
    const id = await openTicket(userToken);
    const plain = await openTicket(userToken);
    const added = await addTag(superToken, id, '  Refund   Request ');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toEqual(['refund request']);
    expect((await addTag(superToken, id, 'REFUND request')).json().data).toEqual(['refund request']);
    for (const bad of ['', '   ', 'x'.repeat(33), 42]) {
      const res = await addTag(superToken, id, bad, 'tr');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.tag).toEqual(['Bir etiket 1 ile 32 karakter arasındadır']);
    }
    for (let i = 1; i < 10; i += 1) expect((await addTag(superToken, id, `t${i}`)).statusCode).toBe(200);
    const eleventh = await addTag(superToken, id, 'one-too-many');
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json().errors.tag).toEqual(['A ticket has at most 10 tags']);
    expect(
      (await q<{ n: number }>('select count(*)::int as n from ticket_tags where ticket_id = $1', [id]))[0]!.n,
    ).toBe(10);
    const detail = await ctx.call('GET', `/api/ticket/${id}`, { token: superToken });
    expect(detail.json().data.tags).toContain('refund request');
    const list = await ctx.call(
      'GET',
      `/api/admin/tickets?filter[tag]=${encodeURIComponent('Refund Request')}`,
      {
        token: superToken,
      },
    );
    expect(list.json().data.map((t: { id: number }) => t.id)).toEqual([id]);
    expect(list.json().data[0].tags).toHaveLength(10);
    expect(
      (await ctx.call('GET', `/api/admin/tickets?filter[tag]=${'x'.repeat(40)}`, { token: superToken }))
        .statusCode,
    ).toBe(422);
    // The user never gets the staff's tags.
    expect(
      (await ctx.call('GET', `/api/ticket/${id}`, { token: userToken })).json().data.tags,
    ).toBeUndefined();
    const removed = await ctx.call(
      'DELETE',
      `/api/admin/tickets/${id}/tags/${encodeURIComponent('refund request')}`,
      {
        token: superToken,
      },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).not.toContain('refund request');
    const audits = await q<{ action: string }>(
      `select action from audit_logs where target_type = 'ticket' and target_id::text = $1 and action like 'tickets.tag_%'`,
      [String(id)],
    );
    expect(audits.filter((a) => a.action === 'tickets.tag_add')).toHaveLength(10);
    expect(audits.filter((a) => a.action === 'tickets.tag_remove')).toHaveLength(1);
    const reader = await agent(['tickets.show', 'tickets.add']);
    expect((await addTag(reader.token, plain, 'vip')).statusCode).toBe(403);
  });

  it('never passes 10 tags when many are added at once', async () => {
    const { token: userToken } = await userWithToken();
    const id = await openTicket(userToken);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => addTag(superToken, id, `tag-${i}`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(6);
    expect(
      (await q<{ n: number }>('select count(*)::int as n from ticket_tags where ticket_id = $1', [id]))[0]!.n,
    ).toBe(10);
  });
});
