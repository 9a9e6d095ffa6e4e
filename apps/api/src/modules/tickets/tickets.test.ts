import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import type { TestContext } from '../../test/harness';
import { PDF, PNG, uploadFile } from '../../test/uploads';
import { signInbound, visibleText } from './tickets.inbound';
import { inboundSecret, replyAddress } from './tickets.inbound-address';
import { sweepBreaches } from './tickets.service';

let superToken: string;
let superId: number;
let superEmail: string;
const ctx = adminTestAppForFile((signedIn) => {
  ({
    admin: { id: superId, email: superEmail },
    token: superToken,
  } = signedIn);
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, values)).rows as T[];

/** Upload `bytes` as `token`'s caller; answers the stored key. */
const upload = (token: string, bytes: Buffer, name: string) => uploadFile(ctx, token, bytes, name);

let deptCounter = 0;
/** A department with the given admins (ids). */
async function makeDepartment(adminIds: number[] = []): Promise<number> {
  deptCounter += 1;
  const res = await ctx.call('POST', '/api/tickets_departments', {
    token: superToken,
    body: { department_name: `Department ${deptCounter} ${Date.now()}` },
  });
  expect(res.statusCode).toBe(200);
  const id = res.json().data.id as number;
  if (adminIds.length > 0) {
    const assign = await ctx.call('POST', '/api/assign_admins_tickets_departments', {
      token: superToken,
      body: { department_id: id, admin_ids: adminIds },
    });
    expect(assign.statusCode).toBe(200);
  }
  return id;
}

async function userWithToken(overrides: Parameters<TestContext['makeUser']>[0] = {}) {
  const user = await ctx.makeUser(overrides);
  return { user, token: await ctx.loginUser(user.email) };
}

async function openTicket(token: string, departmentId: number, extra: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', '/api/tickets', {
    token,
    body: {
      ticket_subject: 'My campaign did not start',
      initial_message: 'Hello, it is stuck.',
      department_id: departmentId,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const ticketRow = async (id: number) =>
  (await q<Record<string, unknown>>('select * from tickets where id = $1', [id]))[0]!;

describe('support tickets: rules of spec sections 4-6', () => {
  it('refuses the four form messages of spec section 5 and defaults the priority to Low (3)', async () => {
    const { token } = await userWithToken();
    const res = await ctx.call('POST', '/api/tickets', { token, body: {}, headers: { 'x-lang': 'en' } });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.ticket_subject).toEqual(['Please type a subject']);
    expect(errors.department_id).toEqual(['Please select a department']);
    expect(errors.initial_message).toEqual(['Please enter a message']);
    const bad = await ctx.call('POST', '/api/tickets', {
      token,
      body: { ticket_subject: 'x', initial_message: 'y', department_id: 1, priority_id: 9 },
    });
    expect(bad.json().errors.priority_id).toEqual(['Please select a priority']);

    const dept = await makeDepartment();
    const id = await openTicket(token, dept);
    const row = await ticketRow(id);
    expect(row.priority_id).toBe(3);
    expect(row.status_id).toBe(1);
    const detailRes = await ctx.call('GET', `/api/ticket/${id}`, { token });
    expect(detailRes.statusCode, detailRes.body).toBe(200);
    const detail = detailRes.json().data;
    expect(detail.tickets_priority).toEqual({ name: 'Low', color: 'gray' });
    expect(detail.tickets_status).toEqual({ name: 'Open', color: 'yellow' });
  });

  it('hides priority and status from users of type above 1 (spec section 6), shows them to artists and staff', async () => {
    const dept = await makeDepartment();
    const artist = await userWithToken({ userTypeId: 1 });
    const curator = await userWithToken({ userTypeId: 2 });
    const curatorTicket = await openTicket(curator.token, dept);
    await openTicket(artist.token, dept);
    const mine = (await ctx.call('GET', '/api/user/tickets', { token: curator.token })).json().data;
    expect(mine).toHaveLength(1);
    for (const key of ['priority_id', 'tickets_priority', 'status_id', 'tickets_status'])
      expect(mine[0]).not.toHaveProperty(key);
    const detail = (await ctx.call('GET', `/api/ticket/${curatorTicket}`, { token: curator.token })).json()
      .data;
    expect(detail).not.toHaveProperty('status_id');
    const byStatus = await ctx.call('GET', '/api/user/tickets?filter[status_id]=1', { token: curator.token });
    expect(byStatus.statusCode).toBe(422);
    const artistList = (await ctx.call('GET', '/api/user/tickets', { token: artist.token })).json().data;
    expect(artistList[0].priority_id).toBe(3);
    expect(artistList[0].tickets_status.name).toBe('Open');
    const staff = (await ctx.call('GET', `/api/ticket/${curatorTicket}`, { token: superToken })).json().data;
    expect(staff.status_id).toBe(1);
  });

  it('lets a user reach only their own tickets (404 otherwise) and staff only with the permissions', async () => {
    const dept = await makeDepartment();
    const a = await userWithToken();
    const b = await userWithToken();
    const id = await openTicket(a.token, dept);
    for (const [method, url, body] of [
      ['GET', `/api/ticket/${id}`, undefined],
      ['GET', `/api/ticket_replies/${id}`, undefined],
      ['PUT', `/api/user/close_ticket/${id}`, undefined],
      ['POST', '/api/ticket_reply', { ticket_id: id, message: 'sneaky' }],
      ['POST', `/api/user/tickets/${id}/rating`, { rating: 1 }],
    ] as const) {
      const res = await ctx.call(method, url, { token: b.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ctx.call('GET', '/api/user/tickets', { token: b.token })).json().data).toEqual([]);
    expect(
      (await ctx.call('GET', `/api/campaign/getUserCampaignWithQ/${a.user.id}`, { token: b.token }))
        .statusCode,
    ).toBe(404);
    // A user token on a staff call is not a staff session.
    expect((await ctx.call('GET', '/api/admin/tickets', { token: a.token })).statusCode).toBe(401);
    const lister = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.tickets.tab.list'] })).email,
    );
    expect((await ctx.call('GET', '/api/admin/tickets', { token: lister })).statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/ticket/${id}`, { token: lister })).statusCode).toBe(403);
    expect((await ctx.call('DELETE', `/api/ticket/${id}`, { token: lister })).statusCode).toBe(403);
    const editor = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: ['tickets.edit'] })).email);
    // Editing the status needs tickets.status.edit too; the priority alone does not.
    expect(
      (await ctx.call('PUT', `/api/update_ticket/${id}`, { token: editor, body: { status_id: 3 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.call('PUT', `/api/update_ticket/${id}`, { token: editor, body: { priority_id: 1 } }))
        .statusCode,
    ).toBe(200);
    expect((await ticketRow(id)).status_id).toBe(1);
    expect((await ticketRow(id)).priority_id).toBe(1);
  });

  it('never shows or mails an internal note to the user', async () => {
    const assignee = await ctx.makeAdmin();
    const dept = await makeDepartment([assignee.id]);
    const { user, token } = await userWithToken();
    const id = await openTicket(token, dept);
    const staff = await ctx.loginAdmin(assignee.email);
    const mailsBefore = (await q('select id from mail_outbox where to_address = $1', [user.email])).length;
    const note = await ctx.call('POST', '/api/ticket_reply', {
      token: staff,
      body: { ticket_id: id, message: 'SECRET: the curator is a friend of mine', is_internal: true },
    });
    expect(note.statusCode).toBe(200);
    const mails = await q<{ text: string; subject: string }>(
      'select text, subject from mail_outbox where to_address = $1',
      [user.email],
    );
    expect(mails).toHaveLength(mailsBefore);
    expect((await ticketRow(id)).status_id).toBe(1);
    const reply = await ctx.call('POST', '/api/ticket_reply', {
      token: staff,
      body: { ticket_id: id, message: 'We are on it.' },
    });
    expect(reply.statusCode).toBe(200);
    const userView = (await ctx.call('GET', `/api/ticket_replies/${id}`, { token })).json().data;
    expect(userView.map((r: { message: string }) => r.message)).toEqual(['We are on it.']);
    expect(JSON.stringify(userView)).not.toContain('SECRET');
    const staffView = (await ctx.call('GET', `/api/ticket_replies/${id}`, { token: superToken })).json().data;
    expect(staffView.map((r: { is_internal: boolean }) => r.is_internal)).toEqual([true, false]);
    const all = await q<{ text: string }>('select text from mail_outbox where to_address = $1', [user.email]);
    expect(all.length).toBe(mailsBefore + 1);
    expect(all.map((m) => m.text).join('\n')).not.toContain('SECRET');
    const notes = await q<{ params: unknown }>('select params from notifications where user_id = $1', [
      user.id,
    ]);
    expect(JSON.stringify(notes)).not.toContain('SECRET');
    // A user cannot write an internal note.
    const forged = await ctx.call('POST', '/api/ticket_reply', {
      token,
      body: { ticket_id: id, message: 'x', is_internal: true },
    });
    expect(forged.statusCode).toBe(422);
  });

  it('deletes only while Open (delete disabled when status above 1) and Mark Resolved sets 3', async () => {
    const dept = await makeDepartment();
    const { token } = await userWithToken();
    const open = await openTicket(token, dept);
    const answered = await openTicket(token, dept);
    await ctx.call('POST', '/api/ticket_reply', {
      token: superToken,
      body: { ticket_id: answered, message: 'Hi' },
    });
    expect((await ticketRow(answered)).status_id).toBe(5);
    const refused = await ctx.call('DELETE', `/api/ticket/${answered}`, { token: superToken });
    expect(refused.statusCode).toBe(409);
    expect(
      (await ctx.call('GET', `/api/ticket/${answered}`, { token: superToken })).json().data.can_delete,
    ).toBe(false);
    expect((await ctx.call('DELETE', `/api/ticket/${open}`, { token: superToken })).statusCode).toBe(200);
    expect(await q('select id from tickets where id = $1', [open])).toEqual([]);

    // Rating before resolution is refused; Mark Resolved (status 3) opens it.
    expect(
      (await ctx.call('POST', `/api/user/tickets/${answered}/rating`, { token, body: { rating: 5 } }))
        .statusCode,
    ).toBe(409);
    const resolved = await ctx.call('PUT', `/api/ticket_status/${answered}/3`, { token: superToken });
    expect(resolved.statusCode).toBe(200);
    const row = await ticketRow(answered);
    expect(row.status_id).toBe(3);
    expect(row.resolved_at).not.toBeNull();
    expect(
      (await ctx.call('PUT', `/api/ticket_status/${answered}/1`, { token: superToken })).statusCode,
    ).toBe(422);
    const rate = await ctx.call('POST', `/api/user/tickets/${answered}/rating`, {
      token,
      body: { rating: 4, comment: 'Quick' },
    });
    expect(rate.statusCode).toBe(200);
    expect(
      (await ctx.call('POST', `/api/user/tickets/${answered}/rating`, { token, body: { rating: 6 } }))
        .statusCode,
    ).toBe(422);
    // A new reply reopens a resolved ticket; the user's close closes it.
    await ctx.call('POST', '/api/ticket_reply', {
      token,
      body: { ticket_id: answered, message: 'Still broken' },
    });
    expect((await ticketRow(answered)).status_id).toBe(2);
    expect((await ctx.call('PUT', `/api/user/close_ticket/${answered}`, { token })).statusCode).toBe(200);
    expect((await ticketRow(answered)).status_id).toBe(4);
    expect((await ctx.call('PUT', `/api/user/close_ticket/${answered}`, { token })).statusCode).toBe(409);
    const audit = await q<{ action: string }>(
      "select action from audit_logs where target_type = 'ticket' and target_id = $1 order by id",
      [String(answered)],
    );
    expect(audit.map((a) => a.action)).toEqual(['tickets.create', 'tickets.status', 'tickets.close']);
  });

  it('checks attachments: own uploads of an allowed type, at most 5 a message', async () => {
    const dept = await makeDepartment();
    const { token } = await userWithToken();
    const other = await userWithToken();
    const pdf = await upload(token, PDF, 'invoice.pdf');
    const theirs = await upload(other.token, PNG, 'them.png');
    const id = await openTicket(token, dept, { attachments: [pdf] });
    const detail = (await ctx.call('GET', `/api/ticket/${id}`, { token })).json().data;
    expect(detail.attachments).toEqual([
      expect.objectContaining({ name: 'invoice.pdf', mime: 'application/pdf' }),
    ]);
    const foreign = await ctx.call('POST', '/api/ticket_reply', {
      token,
      body: { ticket_id: id, message: 'x', attachments: [theirs] },
    });
    expect(foreign.statusCode).toBe(422);
    const six = await ctx.call('POST', '/api/ticket_reply', {
      token,
      body: { ticket_id: id, message: 'x', attachments: Array.from({ length: 6 }, () => pdf) },
      headers: { 'x-lang': 'en' },
    });
    expect(six.statusCode).toBe(422);
    expect(six.json().errors.attachments).toEqual(['At most 5 files per message']);
    const png = await upload(token, PNG, 'shot.png');
    const ok = await ctx.call('POST', '/api/ticket_reply', {
      token,
      body: { ticket_id: id, message: 'see', attachments: [png] },
    });
    expect(ok.statusCode).toBe(200);
    const replies = (await ctx.call('GET', `/api/ticket_replies/${id}`, { token })).json().data;
    expect(replies[0].attachments[0].name).toBe('shot.png');
  });

  it('serves attachments only through the access-checked route: own non-internal ones to the user, any to staff with tickets.show', async () => {
    const assignee = await ctx.makeAdmin();
    const dept = await makeDepartment([assignee.id]);
    const { token } = await userWithToken();
    const other = await userWithToken();
    const staff = await ctx.loginAdmin(assignee.email);
    const pdfKey = await upload(token, PDF, 'invoice.pdf');
    const id = await openTicket(token, dept, { attachments: [pdfKey] });
    const [own] = (await ctx.call('GET', `/api/ticket/${id}`, { token })).json().data.attachments;
    // A name as an inbound mail may carry it: folders, quotes, a line break, non-ASCII letters.
    await q('update ticket_attachments set original_name = $1 where id = $2', [
      '../../r\u00e9sum\u00e9 "final"\r\n.pdf',
      own.id,
    ]);
    expect(own.url).toBe(`/api/ticket_attachments/${own.id}`);
    // The upload's public address stops serving once the file belongs to a ticket; the private copy is never served.
    expect((await ctx.call('GET', `/storage/${pdfKey}`)).statusCode).toBe(404);
    expect((await ctx.call('GET', `/storage/private/${pdfKey}`)).statusCode).toBe(404);

    const mine = await ctx.call('GET', own.url, { token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(mine.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="r?sum? _final_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20_final_.pdf`,
    );
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    // Another user, no session, and staff without tickets.show are refused.
    expect((await ctx.call('GET', own.url, { token: other.token })).statusCode).toBe(404);
    expect((await ctx.call('GET', own.url)).statusCode).toBe(401);
    const lister = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.tickets.tab.list'] })).email,
    );
    expect((await ctx.call('GET', own.url, { token: lister })).statusCode).toBe(403);
    expect((await ctx.call('GET', own.url, { token: staff })).statusCode).toBe(200);

    // An internal note's attachment never reaches the user; a staff reply's does.
    const noteKey = await upload(staff, PNG, 'internal.png');
    const answerKey = await upload(staff, PNG, 'answer.png');
    for (const [key, internal] of [
      [noteKey, true],
      [answerKey, false],
    ] as const) {
      const res = await ctx.call('POST', '/api/ticket_reply', {
        token: staff,
        body: {
          ticket_id: id,
          message: internal ? 'note' : 'answer',
          is_internal: internal,
          attachments: [key],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const staffView = (await ctx.call('GET', `/api/ticket_replies/${id}`, { token: staff })).json().data;
    const noteFile = staffView.find((r: { is_internal: boolean }) => r.is_internal).attachments[0];
    const answerFile = staffView.find((r: { is_internal: boolean }) => !r.is_internal).attachments[0];
    expect((await ctx.call('GET', noteFile.url, { token })).statusCode).toBe(404);
    const note = await ctx.call('GET', noteFile.url, { token: staff });
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('image/png');
    expect(note.rawPayload.equals(PNG)).toBe(true);
    const answer = await ctx.call('GET', answerFile.url, { token });
    expect(answer.statusCode).toBe(200);
    expect(String(answer.headers['content-disposition'])).toBe('attachment; filename=answer.png');
    expect((await ctx.call('GET', '/api/ticket_attachments/999999999', { token: staff })).statusCode).toBe(
      404,
    );
  });

  it("links a ticket only to one of the user's own campaigns", async () => {
    const dept = await makeDepartment();
    const { token } = await userWithToken();
    const res = await ctx.call('POST', '/api/tickets', {
      token,
      body: { ticket_subject: 's', initial_message: 'm', department_id: dept, campaign_id: 999_999 },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['campaign_id']);
  });
});

describe('routing to the least busy admin', () => {
  it('spreads tickets created at the same time evenly over the department admins', async () => {
    const admins = [await ctx.makeAdmin(), await ctx.makeAdmin(), await ctx.makeAdmin()];
    const dept = await makeDepartment(admins.map((a) => a.id));
    const users = await Promise.all(Array.from({ length: 6 }, () => userWithToken()));
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx
          .call('POST', '/api/tickets', {
            token: users[i % users.length]!.token,
            body: { ticket_subject: `Ticket ${i}`, initial_message: 'Help', department_id: dept },
          })
          .then((r) => expect(r.statusCode, r.body).toBe(200)),
      ),
    );
    const counts = await q<{ admin_id: number; n: number }>(
      'select admin_id, count(*)::int as n from tickets where department_id = $1 group by admin_id order by admin_id',
      [dept],
    );
    expect(counts.map((c) => c.n)).toEqual([10, 10, 10]);
    expect(counts.map((c) => c.admin_id).sort()).toEqual(admins.map((a) => a.id).sort());
    // Staff reassign; the new assignee is told.
    const [first] = await q<{ id: number }>(
      'select id from tickets where department_id = $1 order by id limit 1',
      [dept],
    );
    const res = await ctx.call('PUT', `/api/update_ticket/${first!.id}`, {
      token: superToken,
      body: { admin_id: superId },
    });
    expect(res.statusCode).toBe(200);
    expect((await ticketRow(first!.id)).admin_id).toBe(superId);
  });
});

describe('replies by e-mail', () => {
  async function ticketWithMail() {
    const dept = await makeDepartment();
    const { user, token } = await userWithToken();
    const id = await openTicket(token, dept);
    await ctx.call('POST', '/api/ticket_reply', {
      token: superToken,
      body: { ticket_id: id, message: 'Can you send the link?' },
    });
    const mail = await ctx.lastMail(user.email);
    return { id, user, token, mail: mail! };
  }
  const deliver = (body: string, signature: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/tickets/inbound-mail',
      headers: { 'content-type': 'application/json', 'x-inbound-signature': signature },
      payload: body,
    });
  const secret = () => inboundSecret(ctx.deps.config)!;

  it('mails the reply with a signed reply address and takes the answer once, quoted text stripped', async () => {
    const { id, user, mail } = await ticketWithMail();
    expect(mail.replyTo).toBe(replyAddress(ctx.deps.config, id));
    expect(mail.text).toContain('Can you send the link?');
    const body = JSON.stringify({
      from: `Someone <${user.email.toUpperCase()}>`,
      to: `Support <${mail.replyTo}>`,
      subject: 'Re: whatever subject',
      text: 'Here it is: https://open.spotify.com/track/1\n\nOn Mon, Support wrote:\n> Can you send the link?\n',
      message_id: '<abc-1@mail.example>',
    });
    const first = await deliver(body, signInbound(secret(), body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('added');
    const again = await deliver(body, signInbound(secret(), body));
    expect(again.json().data.status).toBe('duplicate');
    const replies = await q<{ message: string; via: string }>(
      'select message, via from ticket_replies where ticket_id = $1 and author_user_id is not null',
      [id],
    );
    expect(replies).toEqual([{ message: 'Here it is: https://open.spotify.com/track/1', via: 'email' }]);
    expect((await ticketRow(id)).status_id).toBe(2);
  });

  it('refuses a forged or stale signature and ignores a made-up address, another sender or the subject alone', async () => {
    const { id, user, mail } = await ticketWithMail();
    const body = JSON.stringify({ from: user.email, to: mail.replyTo, text: 'forged', message_id: '<f@x>' });
    expect((await deliver(body, signInbound('not-the-secret-not-the-secret-1234', body))).statusCode).toBe(
      400,
    );
    expect((await deliver(body, 'garbage')).statusCode).toBe(400);
    const stale = signInbound(secret(), body, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(body, stale)).statusCode).toBe(400);
    const guessed = JSON.stringify({
      from: user.email,
      to: `ticket+${id}.000000000000000000000000@${ctx.deps.config.INBOUND_MAIL_DOMAIN}`,
      subject: `[Ticket #${id}] My campaign did not start`,
      text: 'guess',
    });
    expect((await deliver(guessed, signInbound(secret(), guessed))).json().data).toEqual({
      status: 'ignored',
      reason: 'no_ticket',
    });
    const stranger = JSON.stringify({ from: 'mallory@example.test', to: mail.replyTo, text: 'hi' });
    expect((await deliver(stranger, signInbound(secret(), stranger))).json().data).toEqual({
      status: 'ignored',
      reason: 'sender',
    });
    expect(
      await q('select id from ticket_replies where ticket_id = $1 and author_user_id is not null', [id]),
    ).toEqual([]);
  });

  it('the dev control answers a mail from the dev mailbox through the same path', async () => {
    const { id, mail } = await ticketWithMail();
    const res = await ctx.call('POST', `/api/admin/dev/mailbox/${mail.id}/reply`, {
      token: superToken,
      body: { text: 'Sent from my phone' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('added');
    const [reply] = await q<{ message: string }>(
      'select message from ticket_replies where ticket_id = $1 and via = $2',
      [id, 'email'],
    );
    expect(reply!.message).toBe('Sent from my phone');
  });

  it('reduces HTML mail to its visible text', () => {
    expect(visibleText({ html: '<p>Hello<script>alert(1)</script></p><div>World &amp; you</div>' })).toBe(
      'Hello\nWorld & you',
    );
  });
});

describe('departments', () => {
  it('keeps names unique, refuses deleting one in use, lists admins', async () => {
    const admin = await ctx.makeAdmin();
    const dept = await makeDepartment([admin.id]);
    const [row] = await q<{ department_name: string }>(
      'select department_name from tickets_departments where id = $1',
      [dept],
    );
    const dup = await ctx.call('POST', '/api/tickets_departments', {
      token: superToken,
      body: { department_name: row!.department_name.toUpperCase() },
    });
    expect(dup.statusCode).toBe(422);
    const admins = (await ctx.call('GET', `/api/assigned_admins_q/${dept}`, { token: superToken })).json()
      .data;
    expect(admins).toEqual([{ id: admin.id, name: admin.name }]);
    const { token } = await userWithToken();
    await openTicket(token, dept);
    expect(
      (await ctx.call('DELETE', `/api/delete_department/${dept}`, { token: superToken })).statusCode,
    ).toBe(409);
    const empty = await makeDepartment();
    expect(
      (await ctx.call('DELETE', `/api/delete_department/${empty}`, { token: superToken })).statusCode,
    ).toBe(200);
    const lookup = (await ctx.call('GET', '/api/tickets_department_q', { token })).json().data;
    expect(lookup.some((d: { id: number }) => d.id === dept)).toBe(true);
    const forEdit = (await ctx.call('GET', '/api/tickets_status_q_for_edit', { token: superToken })).json()
      .data;
    expect(forEdit.map((s: { id: number }) => s.id)).toEqual([2, 3, 4, 5]);
  });
});

describe('time promises', () => {
  it('pauses while waiting on the user and flags breaches once, telling the department', async () => {
    const watcher = await ctx.makeAdmin();
    const dept = await makeDepartment([watcher.id]);
    const { token } = await userWithToken();
    const start = ctx.clock.now();
    const answered = await openTicket(token, dept, { priority_id: 1 });
    const silent = await openTicket(token, dept, { priority_id: 1 });
    const before = await ticketRow(answered);
    // High: first answer within 4 hours, resolution within 24 (defaults).
    expect((before.first_response_due_at as Date).getTime() - start.getTime()).toBe(4 * 3_600_000);
    expect((before.resolution_due_at as Date).getTime() - start.getTime()).toBe(24 * 3_600_000);

    ctx.clock.advance(60 * 60_000);
    await ctx.call('POST', '/api/ticket_reply', {
      token: superToken,
      body: { ticket_id: answered, message: 'Which track?' },
    });
    const waiting = await ticketRow(answered);
    expect(waiting.status_id).toBe(5);
    expect(waiting.paused_at).not.toBeNull();
    expect(waiting.first_response_at).not.toBeNull();

    // Ten hours on the user's side do not count.
    ctx.clock.advance(10 * 3_600_000);
    expect(await sweepBreaches(ctx.deps)).toBeGreaterThanOrEqual(1);
    // The silent ticket's first answer (4 h) is late; the answered one's clock was paused.
    expect((await ticketRow(silent)).first_response_breached_at).not.toBeNull();
    expect((await ticketRow(silent)).resolution_breached_at).toBeNull();
    expect((await ticketRow(answered)).first_response_breached_at).toBeNull();
    await ctx.call('POST', '/api/ticket_reply', {
      token,
      body: { ticket_id: answered, message: 'This one' },
    });
    const resumed = await ticketRow(answered);
    expect(resumed.status_id).toBe(2);
    expect(resumed.paused_seconds).toBe(10 * 3600);
    expect((resumed.resolution_due_at as Date).getTime() - start.getTime()).toBe(34 * 3_600_000);

    // At 25 h the silent ticket's resolution is late, the answered one is not (due at 34 h).
    ctx.clock.advance(14 * 3_600_000);
    expect(await sweepBreaches(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await sweepBreaches(ctx.deps)).toBe(0);
    // Staff sessions last 12 hours: sign in again on the moved clock.
    superToken = await ctx.loginAdmin(superEmail);
    expect((await ticketRow(answered)).resolution_breached_at).toBeNull();
    const silentRow = await ticketRow(silent);
    expect(silentRow.first_response_breached_at).not.toBeNull();
    expect(silentRow.resolution_breached_at).not.toBeNull();
    const told = await q<{ message_key: string }>(
      "select message_key from notifications where admin_id = $1 and data ->> 'ticket_id' = $2 and message_key like 'tickets.notify.breached%' order by id",
      [watcher.id, String(silent)],
    );
    expect(told.map((n) => n.message_key)).toEqual([
      'tickets.notify.breached_response',
      'tickets.notify.breached_resolution',
    ]);
    const overdue = (
      await ctx.call('GET', `/api/admin/tickets?filter[due]=overdue&filter[department_id]=${dept}`, {
        token: superToken,
      })
    ).json();
    expect(overdue.data.map((t: { id: number }) => t.id)).toEqual([silent]);
    const sorted = (
      await ctx.call('GET', `/api/admin/tickets?filter[department_id]=${dept}&order=due:asc`, {
        token: superToken,
      })
    ).json();
    expect(sorted.data.map((t: { id: number }) => t.id)).toEqual([silent, answered]);
    const todos = (await ctx.call('GET', '/api/admin/dashboard/todos', { token: superToken })).json().data;
    expect(todos.find((t: { kind: string }) => t.kind === 'breached_tickets').count).toBeGreaterThanOrEqual(
      1,
    );
    const stats = (await ctx.call('GET', '/api/tickets_stats', { token: superToken })).json().data;
    expect(stats.overdue).toBeGreaterThanOrEqual(1);
    expect(stats.by_priority.map((p: { id: number }) => p.id)).toEqual([1, 2, 3]);
  });
});
