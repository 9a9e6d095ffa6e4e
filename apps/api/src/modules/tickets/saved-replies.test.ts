import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';

/** Saved replies (issue 36 "Helpdesk"): who manages them, their rules, and filling one for a ticket. */

let superToken: string;
const ctx = adminTestAppForFile((signedIn) => {
  superToken = signedIn.token;
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, values)).rows as T[];

let counter = 0;
async function makeDepartment(translations?: Record<string, unknown>): Promise<number> {
  counter += 1;
  const res = await ctx.call('POST', '/api/tickets_departments', {
    token: superToken,
    body: { department_name: `Billing ${counter} ${Date.now()}`, ...(translations ? { translations } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function saveReply(body: Record<string, unknown>, token = superToken, lang = 'en') {
  return ctx.call('POST', '/api/admin/ticket-saved-replies', { token, body, headers: { 'x-lang': lang } });
}

async function ticketFor(language: string, departmentId: number) {
  const user = await ctx.makeUser({ firstName: 'Amina', lastName: 'Haddad', language });
  const token = await ctx.loginUser(user.email);
  const res = await ctx.call('POST', '/api/tickets', {
    token,
    body: {
      ticket_subject: 'Coins missing',
      initial_message: 'Where are my coins?',
      department_id: departmentId,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, user, token };
}

describe('saved replies', () => {
  it('are managed only with tickets.saved.replies.edit; inserting needs tickets.add', async () => {
    const agent = await ctx.makeAdmin({ permissions: ['tickets.add', 'tickets.show'] });
    const agentToken = await ctx.loginAdmin(agent.email);
    expect((await saveReply({ title: 'Hi', body: 'Hello' }, agentToken)).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/admin/ticket-saved-replies', { token: agentToken })).statusCode).toBe(
      403,
    );
    const dept = await makeDepartment();
    const { id } = await ticketFor('en', dept);
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/saved-replies`, { token: agentToken })).statusCode,
    ).toBe(200);
    const editor = await ctx.makeAdmin({ permissions: ['tickets.saved.replies.edit'] });
    const editorToken = await ctx.loginAdmin(editor.email);
    const created = await saveReply({ title: `Greeting ${Date.now()}`, body: 'Hello' }, editorToken);
    expect(created.statusCode, created.body).toBe(200);
    expect(
      (await ctx.call('GET', `/api/admin/tickets/${id}/saved-replies`, { token: editorToken })).statusCode,
    ).toBe(403);
  });

  it('refuse unknown placeholders in any language, with a translated message, and store nothing', async () => {
    const title = `Placeholder ${Date.now()}`;
    const en = await saveReply({ title, body: 'Hello {{user.password}}' });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.body).toEqual([
      'This text holds a placeholder we do not know: use only those listed under the field',
    ]);
    const fr = await saveReply(
      { title, body: 'Hello {{user.name}}', translations: { body: { fr: 'Bonjour {{ user.email }}' } } },
      superToken,
      'fr',
    );
    expect(fr.statusCode).toBe(422);
    expect(fr.json().errors['translations.body.fr']).toEqual([
      'Ce texte contient une variable inconnue : utilisez seulement celles listées sous le champ',
    ]);
    expect(await q('select 1 from ticket_saved_replies where title = $1', [title])).toEqual([]);
  });

  it('keep a title unique per department in any case, and refuse an unknown department', async () => {
    const dept = await makeDepartment();
    const title = `Refund ${Date.now()}`;
    expect((await saveReply({ title, body: 'a', department_id: dept })).statusCode).toBe(200);
    const dup = await saveReply({ title: title.toUpperCase(), body: 'b', department_id: dept });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.title).toEqual([
      'A saved reply with this title already exists for this department',
    ]);
    // The same title for every department, or another department, is another reply.
    expect((await saveReply({ title, body: 'c' })).statusCode).toBe(200);
    expect((await saveReply({ title, body: 'd', department_id: await makeDepartment() })).statusCode).toBe(
      200,
    );
    const dupAll = await saveReply({ title, body: 'e', department_id: null });
    expect(dupAll.statusCode).toBe(422);
    const unknown = await saveReply({ title: `${title} x`, body: 'f', department_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.department_id).toEqual(['Choose an existing department']);
  });

  it('are edited and deleted, each change audited; an unknown id answers 404', async () => {
    const created = await saveReply({ title: `Edit me ${Date.now()}`, body: 'one' });
    const id = created.json().data.id as number;
    const edited = await ctx.call('PUT', `/api/admin/ticket-saved-replies/${id}`, {
      token: superToken,
      body: { title: `Edited ${Date.now()}`, body: 'two {{agent.name}}' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const list = await ctx.call('GET', '/api/admin/ticket-saved-replies', { token: superToken });
    expect(list.json().data.find((r: { id: number }) => r.id === id)).toMatchObject({
      body: 'two {{agent.name}}',
      department_id: null,
      department_name: null,
    });
    expect(
      (await ctx.call('DELETE', `/api/admin/ticket-saved-replies/${id}`, { token: superToken })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.call('DELETE', `/api/admin/ticket-saved-replies/${id}`, { token: superToken })).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.call('PUT', `/api/admin/ticket-saved-replies/${id}`, {
          token: superToken,
          body: { title: 'x', body: 'y' },
        })
      ).statusCode,
    ).toBe(404);
    const actions = await q<{ action: string }>(
      `select action from audit_logs where target_type = 'ticket_saved_reply' and target_id = $1 order by id`,
      [String(id)],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'tickets.saved_reply_create',
      'tickets.saved_reply_update',
      'tickets.saved_reply_delete',
    ]);
  });

  it("fill a ticket's replies in the user's language with the placeholders, only its department's and all departments'", async () => {
    const dept = await makeDepartment({ department_name: { ar: 'الفواتير' } });
    const other = await makeDepartment();
    const stamp = Date.now();
    const mine = await saveReply({
      title: `Coins ${stamp}`,
      body: 'Hello {{user.name}}, ticket #{{ticket.number}} ({{ticket.subject}}) is with {{ticket.department}}. {{agent.name}}',
      department_id: dept,
      translations: {
        title: { ar: `العملات ${stamp}` },
        body: {
          ar: 'مرحبًا {{user.name}}، التذكرة رقم {{ ticket.number }} لدى {{ticket.department}}. {{agent.name}} / {{user.full_name}}',
        },
      },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const everywhere = await saveReply({ title: `Thanks ${stamp}`, body: 'Thanks {{user.name}}!' });
    const elsewhere = await saveReply({ title: `Other ${stamp}`, body: 'x', department_id: other });
    const { id } = await ticketFor('ar', dept);
    const agent = await ctx.makeAdmin({ permissions: ['tickets.add'] });
    const token = await ctx.loginAdmin(agent.email);
    const res = await ctx.call('GET', `/api/admin/tickets/${id}/saved-replies`, {
      token,
      headers: { 'x-lang': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { id: number; title: string; body: string; language: string }[];
    const ids = data.map((r) => r.id);
    expect(ids).toContain(mine.json().data.id);
    expect(ids).toContain(everywhere.json().data.id);
    expect(ids).not.toContain(elsewhere.json().data.id);
    const filled = data.find((r) => r.id === mine.json().data.id)!;
    // The title in the agent's language (English), the body in the user's (Arabic).
    expect(filled.title).toBe(`Coins ${stamp}`);
    expect(filled.language).toBe('ar');
    expect(filled.body).toBe(`مرحبًا Amina، التذكرة رقم ${id} لدى الفواتير. ${agent.name} / Amina Haddad`);
    // No Arabic text: the English body, said so.
    const fallback = data.find((r) => r.id === everywhere.json().data.id)!;
    expect(fallback).toMatchObject({ language: 'en', body: 'Thanks Amina!' });
    expect((await ctx.call('GET', '/api/admin/tickets/999999/saved-replies', { token })).statusCode).toBe(
      404,
    );
  });

  it('survive many editors saving the same title at once: one reply, the others a 422', async () => {
    const title = `Race ${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => saveReply({ title, body: 'same' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
    expect(
      await q('select id from ticket_saved_replies where lower(title) = lower($1)', [title]),
    ).toHaveLength(1);
  });
});
