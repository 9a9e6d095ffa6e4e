import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';

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
