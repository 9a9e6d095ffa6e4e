import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';

let superToken: string;
let superId: number;
const ctx = adminTestAppForFile((signedIn) => {
  ({
    admin: { id: superId },
    token: superToken,
  } = signedIn);
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, values)).rows as T[];

let deptCounter = 0;
/** A department with the given admins (ids). */
async function makeDepartment(adminIds: number[] = []): Promise<number> {
  deptCounter += 1;
  const res = await ctx.call('POST', '/api/tickets_departments', {
    token: superToken,
    body: { department_name: `Bulk department ${deptCounter} ${Date.now()}` },
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

/** `count` tickets opened by one new user in a new department; answers their ids and the user. */
async function openTickets(count: number) {
  const dept = await makeDepartment();
  const user = await ctx.makeUser();
  const token = await ctx.loginUser(user.email);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await ctx.call('POST', '/api/tickets', {
      token,
      body: { ticket_subject: `Bulk ${i}`, initial_message: 'Hello, it is stuck.', department_id: dept },
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().data.id as number);
  }
  return { ids, user, dept };
}

async function staff(permissions: string[]) {
  const admin = await ctx.makeAdmin({ permissions });
  return { admin, token: await ctx.loginAdmin(admin.email) };
}

const rows = (ids: number[]) =>
  q<{ id: number; status_id: number; priority_id: number; admin_id: number | null }>(
    'select id, status_id, priority_id, admin_id from tickets where id = any($1) order by id',
    [ids],
  );
const audits = (action: string, ids: number[]) =>
  q<{ target_id: string; meta: Record<string, unknown> }>(
    'select target_id, meta from audit_logs where action = $1 and target_id = any($2) order by id',
    [action, ids.map(String)],
  );
const bulk = (kind: 'status' | 'priority' | 'assignee', token: string, body: object, lang = 'en') =>
  ctx.call('POST', `/api/admin/tickets/bulk/${kind}`, { token, body, headers: { 'accept-language': lang } });

describe('bulk status of tickets (issue 36 "Lists")', () => {
  it('sets each status through the single action: audited once per ticket, the user told, unknown ids refused', async () => {
    const { ids, user } = await openTickets(3);
    const res = await bulk('status', superToken, { ids: [...ids, 999_999, ids[0]] }, 'de');
    expect(res.statusCode).toBe(422);
    const ok = await bulk('status', superToken, { ids: [...ids, 999_999, ids[0]], status_id: 3 }, 'de');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('3 erledigt, 1 abgelehnt');
    expect(ok.json().data.results).toEqual([
      ...ids.map((id) => ({ id, ok: true, code: null, message: null })),
      { id: 999_999, ok: false, code: 'errors.not_found', message: expect.any(String) },
    ]);
    expect((await rows(ids)).map((r) => r.status_id)).toEqual([3, 3, 3]);
    const entries = await audits('tickets.status', ids);
    expect(entries.map((e) => Number(e.target_id))).toEqual(ids);
    expect(entries[0]!.meta).toEqual({ from: 1, to: 3 });
    const told = await q<{ n: number }>(
      "select count(*)::int n from notifications where user_id = $1 and message_key = 'tickets.notify.resolved'",
      [user.id],
    );
    expect(told[0]!.n).toBe(3);
  });

  it('refuses Open (the single action does too), translated, and changes nothing', async () => {
    const { ids } = await openTickets(1);
    await bulk('status', superToken, { ids, status_id: 2 });
    const res = await bulk('status', superToken, { ids, status_id: 1 }, 'fr');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.status_id).toHaveLength(1);
    expect(res.json().errors.status_id[0]).not.toBe('tickets.status_not_settable');
    expect((await rows(ids))[0]!.status_id).toBe(2);
  });

  it('needs tickets.status.edit like the single action; the list permission alone is refused', async () => {
    const { ids } = await openTickets(1);
    const lister = await staff(['view.main.tickets.tab.list', 'tickets.edit']);
    expect((await bulk('status', lister.token, { ids, status_id: 3 })).statusCode).toBe(403);
    expect((await rows(ids))[0]!.status_id).toBe(1);
    const setter = await staff(['tickets.status.edit']);
    const res = await bulk('status', setter.token, { ids, status_id: 4 });
    expect(res.json().data).toMatchObject({ succeeded: 1, refused: 0 });
    expect((await rows(ids))[0]!.status_id).toBe(4);
  });

  it('refuses more than 100 ids and none at all, translated, changing nothing', async () => {
    const { ids } = await openTickets(1);
    const many = [ids[0]!, ...Array.from({ length: 100 }, (_, i) => 900_000 + i)];
    const tooMany = await bulk('status', superToken, { ids: many, status_id: 3 }, 'fr');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.ids[0]).toBe('Choisissez au plus 100 éléments à la fois');
    const none = await bulk('priority', superToken, { ids: [], priority_id: 1 });
    expect(none.statusCode).toBe(422);
    const assignTooMany = await bulk('assignee', superToken, { ids: many, admin_id: superId });
    expect(assignTooMany.statusCode).toBe(422);
    expect(await rows(ids)).toEqual([{ id: ids[0], status_id: 1, priority_id: 3, admin_id: null }]);
  });

  it('changes each ticket once when the same bulk runs many times at once', async () => {
    const { ids } = await openTickets(6);
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => bulk('status', superToken, { ids, status_id: 5 })),
    );
    for (const run of runs) expect(run.statusCode, run.body).toBe(200);
    expect((await rows(ids)).map((r) => r.status_id)).toEqual(ids.map(() => 5));
    expect((await audits('tickets.status', ids)).length).toBe(ids.length);
    const priorities = await Promise.all(
      Array.from({ length: 8 }, () => bulk('priority', superToken, { ids, priority_id: 1 })),
    );
    for (const run of priorities) expect(run.statusCode, run.body).toBe(200);
    expect((await audits('tickets.update', ids)).length).toBe(ids.length);
  });
});

describe('bulk priority and assignee of tickets', () => {
  it('sets the priority through update_ticket: due times move, audited with what changed', async () => {
    const { ids } = await openTickets(2);
    const before = await q<{ id: number; first_response_due_at: Date }>(
      'select id, first_response_due_at from tickets where id = any($1) order by id',
      [ids],
    );
    const res = await bulk('priority', superToken, { ids, priority_id: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ succeeded: 2, refused: 0 });
    const after = await q<{ id: number; priority_id: number; first_response_due_at: Date }>(
      'select id, priority_id, first_response_due_at from tickets where id = any($1) order by id',
      [ids],
    );
    expect(after.map((r) => r.priority_id)).toEqual([1, 1]);
    expect(after[0]!.first_response_due_at.getTime()).toBeLessThan(
      before[0]!.first_response_due_at.getTime(),
    );
    const entries = await audits('tickets.update', ids);
    expect(entries.map((e) => e.meta)).toEqual([
      { priority_id: { from: 3, to: 1 } },
      { priority_id: { from: 3, to: 1 } },
    ]);
    const bad = await bulk('priority', superToken, { ids, priority_id: 7 }, 'en');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.priority_id).toEqual(['Please select a priority']);
  });

  it('assigns through update_ticket: the assignee told once per ticket, an inactive one refused', async () => {
    const { ids } = await openTickets(2);
    const assignee = await ctx.makeAdmin();
    const editor = await staff(['tickets.edit']);
    const res = await bulk('assignee', editor.token, { ids, admin_id: assignee.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rows(ids)).map((r) => r.admin_id)).toEqual([assignee.id, assignee.id]);
    const told = await q<{ n: number }>(
      "select count(*)::int n from notifications where admin_id = $1 and message_key = 'tickets.notify.assigned'",
      [assignee.id],
    );
    expect(told[0]!.n).toBe(2);
    expect((await audits('tickets.update', ids)).map((e) => e.meta)).toEqual(
      ids.map(() => ({ admin_id: { from: null, to: assignee.id } })),
    );

    const gone = await ctx.makeAdmin();
    await q("update admins set status = 'inactive' where id = $1", [gone.id]);
    const refused = await bulk('assignee', editor.token, { ids, admin_id: gone.id }, 'en');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.admin_id).toHaveLength(1);
    expect((await rows(ids)).map((r) => r.admin_id)).toEqual([assignee.id, assignee.id]);

    const unassign = await bulk('assignee', editor.token, { ids: [ids[0]], admin_id: null });
    expect(unassign.json().data).toMatchObject({ succeeded: 1, refused: 0 });
    expect((await rows(ids)).map((r) => r.admin_id)).toEqual([null, assignee.id]);
  });

  it('needs tickets.edit for priority and assignee, like update_ticket', async () => {
    const { ids } = await openTickets(1);
    const setter = await staff(['view.main.tickets.tab.list', 'tickets.status.edit']);
    expect((await bulk('priority', setter.token, { ids, priority_id: 1 })).statusCode).toBe(403);
    expect((await bulk('assignee', setter.token, { ids, admin_id: superId })).statusCode).toBe(403);
    expect(await rows(ids)).toEqual([{ id: ids[0], status_id: 1, priority_id: 3, admin_id: null }]);
  });
});
