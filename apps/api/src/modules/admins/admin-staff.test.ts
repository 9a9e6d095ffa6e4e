import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let superToken: string;
let superId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.makeAdmin();
  superId = admin.id;
  superToken = await ctx.loginAdmin(admin.email);
});
afterAll(async () => {
  await ctx?.close();
});

type AdminBody = {
  id: number;
  name: string;
  email: string;
  status: string;
  roles: { id: number; name: string }[];
};

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await ctx.deps.database.db.execute<T>(query)).rows;
const roleId = async (name: string) =>
  (await rows<{ id: number }>(sql`select id from roles where name = ${name} and guard = 'admin'`))[0]!.id;
const adminCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from admins`))[0]!.n;
const auditOf = async (action: string, targetId: number) =>
  rows<{ actor_id: number; meta: Record<string, unknown> }>(
    sql`select actor_id, meta from audit_logs where action = ${action} and target_type = 'admin' and target_id = ${String(targetId)}`,
  );
let seq = 0;
const newEmail = () => `staff${++seq}-${Date.now()}@test.test`;
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Staff Member',
  email: newEmail(),
  password: 'Staff-pass-2026',
  role_ids: [] as number[],
  ...over,
});

describe('who may manage admins', () => {
  it('answers 403 without view.main.admins.tab.list, 401 for users and guests', async () => {
    const plain = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.roles.tab.list'] })).email,
    );
    const user = await ctx.loginUser((await ctx.makeUser()).email);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/admins'],
      ['GET', `/api/admin/admins/${superId}`],
      ['POST', '/api/admin/admins', body()],
      ['PUT', `/api/admin/admins/${superId}`, body()],
      ['DELETE', `/api/admin/admins/${superId}`],
    ];
    for (const [method, url, payload] of calls) {
      expect(
        (await ctx.call(method, url, { token: plain, body: payload })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
      expect((await ctx.call(method, url, { token: user, body: payload })).statusCode).toBe(401);
      expect((await ctx.call(method, url, { body: payload })).statusCode).toBe(401);
    }
    // The picker is open to any admin.
    expect((await ctx.call('GET', '/api/admin/getAllAdminsWithQ', { token: plain })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/admin/getAllAdminsWithQ', { token: user })).statusCode).toBe(401);
  });
});

describe('creating an admin', () => {
  it('creates the account with its roles, audits it without the password, and the admin can sign in', async () => {
    const editor = await roleId('Super Admin');
    const payload = body({ name: 'Nora Staff', role_ids: [editor] });
    const res = await ctx.call('POST', '/api/admin/admins', { token: superToken, body: payload });
    expect(res.statusCode).toBe(201);
    const created = res.json().data as AdminBody;
    expect(created).toMatchObject({ name: 'Nora Staff', email: payload.email, status: 'active' });
    expect(created.roles.map((r) => r.name)).toEqual(['Super Admin']);
    expect(res.body).not.toContain('password');
    const [entry] = await auditOf('admins.create', created.id);
    expect(entry?.actor_id).toBe(superId);
    expect(JSON.stringify(entry?.meta)).not.toContain('Staff-pass-2026');
    expect(await ctx.loginAdmin(payload.email, 'Staff-pass-2026')).toBeTruthy();
  });

  it('refuses bad input with translated field errors and creates nothing', async () => {
    const before = await adminCount();
    const bad = await ctx.call('POST', '/api/admin/admins', {
      token: superToken,
      body: { name: '', email: 'not-an-email', password: 'short', role_ids: [] },
      headers: { 'x-lang': 'fr' },
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(errors.name?.[0]).toBe('Ce champ est obligatoire');
    expect(errors.email).toBeDefined();
    expect(errors.password?.[0]).toBeDefined();
    const unknownRole = await ctx.call('POST', '/api/admin/admins', {
      token: superToken,
      body: body({ role_ids: [999_999] }),
    });
    expect(unknownRole.statusCode).toBe(422);
    expect(unknownRole.json().errors['role_ids.0'][0]).toBe('This role does not exist');
    expect(await adminCount()).toBe(before);
  });

  it('refuses an email another admin has (any case)', async () => {
    const email = newEmail();
    expect(
      (await ctx.call('POST', '/api/admin/admins', { token: superToken, body: body({ email }) })).statusCode,
    ).toBe(201);
    const again = await ctx.call('POST', '/api/admin/admins', {
      token: superToken,
      body: body({ email: email.toUpperCase() }),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email[0]).toBe('This email is already registered');
  });

  it('never lets an admin hand out a role granting more than they hold', async () => {
    const manager = await ctx.makeAdmin({ permissions: ['view.main.admins.tab.list'] });
    const token = await ctx.loginAdmin(manager.email);
    const before = await adminCount();
    const res = await ctx.call('POST', '/api/admin/admins', {
      token,
      body: body({ role_ids: [await roleId('Super Admin')] }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['role_ids.0'][0]).toContain('Super Admin');
    expect(await adminCount()).toBe(before);
    // A role within the manager's own permissions is fine.
    const ownRole = (
      await rows<{ role_id: number }>(sql`select role_id from admin_roles where admin_id = ${manager.id}`)
    )[0]!;
    expect(
      (await ctx.call('POST', '/api/admin/admins', { token, body: body({ role_ids: [ownRole.role_id] }) }))
        .statusCode,
    ).toBe(201);
  });
});

describe('updating and deleting', () => {
  it('disabling an admin ends their sessions at once and is audited with the change', async () => {
    const target = await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] });
    const targetToken = await ctx.loginAdmin(target.email);
    expect((await ctx.call('GET', '/api/admin/info', { token: targetToken })).statusCode).toBe(200);
    const current = (await ctx.call('GET', `/api/admin/admins/${target.id}`, { token: superToken })).json()
      .data as AdminBody;
    const res = await ctx.call('PUT', `/api/admin/admins/${target.id}`, {
      token: superToken,
      body: {
        name: current.name,
        email: current.email,
        status: 'disabled',
        role_ids: current.roles.map((r) => r.id),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('disabled');
    expect((await ctx.call('GET', '/api/admin/info', { token: targetToken })).statusCode).toBe(401);
    const [entry] = await auditOf('admins.update', target.id);
    expect(entry?.meta).toEqual({ status: { from: 'active', to: 'disabled' } });
    const login = await ctx.call('POST', '/api/admin/login', {
      body: { email: target.email, password: 'Test-pass-2026' },
    });
    expect(login.statusCode).toBe(422);
  });

  it('an admin cannot disable or delete themself', async () => {
    const me = (await ctx.call('GET', `/api/admin/admins/${superId}`, { token: superToken })).json()
      .data as AdminBody;
    const disable = await ctx.call('PUT', `/api/admin/admins/${superId}`, {
      token: superToken,
      body: { name: me.name, email: me.email, status: 'disabled', role_ids: me.roles.map((r) => r.id) },
    });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().message).toBe('You cannot disable or delete your own account');
    expect((await ctx.call('DELETE', `/api/admin/admins/${superId}`, { token: superToken })).statusCode).toBe(
      409,
    );
    expect((await ctx.call('GET', '/api/admin/info', { token: superToken })).statusCode).toBe(200);
  });

  it('deleting frees the email, ends the sessions and drops the account from the list', async () => {
    const target = await ctx.makeAdmin({ permissions: [] });
    const targetToken = await ctx.loginAdmin(target.email);
    const res = await ctx.call('DELETE', `/api/admin/admins/${target.id}`, { token: superToken });
    expect(res.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/admin/info', { token: targetToken })).statusCode).toBe(401);
    expect((await ctx.call('GET', `/api/admin/admins/${target.id}`, { token: superToken })).statusCode).toBe(
      404,
    );
    const list = await ctx.call('GET', `/api/admin/admins?q=${encodeURIComponent(target.email)}`, {
      token: superToken,
    });
    expect(list.json().pagination.total).toBe(0);
    const reuse = await ctx.call('POST', '/api/admin/admins', {
      token: superToken,
      body: body({ email: target.email }),
    });
    expect(reuse.statusCode).toBe(201);
    const [entry] = await auditOf('admins.delete', target.id);
    expect(entry?.meta.email).toBe(target.email);
  });

  it('lists with search, role filter and paging', async () => {
    const logsRole = await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] });
    const role = (
      await rows<{ role_id: number }>(sql`select role_id from admin_roles where admin_id = ${logsRole.id}`)
    )[0]!;
    const res = await ctx.call('GET', `/api/admin/admins?filter[role_id]=${role.role_id}&limit=10`, {
      token: superToken,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as AdminBody[]).map((a) => a.id)).toEqual([logsRole.id]);
    const search = await ctx.call(
      'GET',
      `/api/admin/getAllAdminsWithQ?q=${encodeURIComponent(logsRole.email)}`,
      {
        token: superToken,
      },
    );
    expect(search.json().data).toEqual([{ id: logsRole.id, name: logsRole.name }]);
  });
});

describe('the last active Super Admin', () => {
  it('cannot lose the role, be disabled or be deleted; of two Super Admins deleting each other one wins', async () => {
    const fresh = await createTestApp();
    try {
      const a = await fresh.makeAdmin();
      const b = await fresh.makeAdmin();
      const [ta, tb] = [await fresh.loginAdmin(a.email), await fresh.loginAdmin(b.email)];
      const both = await Promise.all([
        fresh.call('DELETE', `/api/admin/admins/${b.id}`, { token: ta }),
        fresh.call('DELETE', `/api/admin/admins/${a.id}`, { token: tb }),
      ]);
      const codes = both.map((r) => r.statusCode).sort();
      // Either one deletion wins and the other is refused (last Super Admin), or the loser's token
      // died with its account before its request got in (401).
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const left = (
        await fresh.deps.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from admins a join admin_roles ar on ar.admin_id = a.id
              join roles r on r.id = ar.role_id where r.name = 'Super Admin' and a.deleted_at is null`,
        )
      ).rows[0]!.n;
      expect(left).toBe(1);
      const survivor = both[0]!.statusCode === 200 ? a : b;
      const manager = await fresh.makeAdmin({ permissions: ['view.main.admins.tab.list'] });
      const mt = await fresh.loginAdmin(manager.email);
      const demote = await fresh.call('PUT', `/api/admin/admins/${survivor.id}`, {
        token: mt,
        body: { name: survivor.name, email: survivor.email, status: 'active', role_ids: [] },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toContain('last active Super Admin');
      expect((await fresh.call('DELETE', `/api/admin/admins/${survivor.id}`, { token: mt })).statusCode).toBe(
        409,
      );
    } finally {
      await fresh.close();
    }
  });
});

describe('roles editors grant only what they hold', () => {
  it('refuses adding a permission the editor lacks, keeps ones the role already had', async () => {
    const editor = await ctx.makeAdmin({
      permissions: ['view.main.roles.tab.list', 'view.main.logs.tab.list'],
    });
    const token = await ctx.loginAdmin(editor.email);
    const roleCount = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from roles`))[0]!.n;
    const before = await roleCount();
    const grab = await ctx.call('POST', '/api/roles', {
      token,
      body: {
        name: `Grab ${Date.now()}`,
        guard: 'admin',
        permissions: ['view.main.logs.tab.list', 'users.edit'],
      },
    });
    expect(grab.statusCode).toBe(422);
    expect(grab.json().errors['permissions.1'][0]).toBe(
      'You cannot grant users.edit: you do not hold this permission yourself',
    );
    expect(await roleCount()).toBe(before);

    // A role made by a Super Admin with a permission the editor lacks: the editor may rename it and keep
    // that permission, but not add another one they lack.
    const made = await ctx.call('POST', '/api/roles', {
      token: superToken,
      body: { name: `Support ${Date.now()}`, guard: 'admin', permissions: ['users.edit'] },
    });
    const role = made.json().data as { id: number; name: string };
    const keep = await ctx.call('PUT', `/api/roles/${role.id}`, {
      token,
      body: {
        name: `${role.name} 2`,
        guard: 'admin',
        permissions: ['users.edit', 'view.main.logs.tab.list'],
      },
    });
    expect(keep.statusCode).toBe(200);
    const add = await ctx.call('PUT', `/api/roles/${role.id}`, {
      token,
      body: { name: `${role.name} 2`, guard: 'admin', permissions: ['users.edit', 'tickets.delete'] },
    });
    expect(add.statusCode).toBe(422);
    const now = await ctx.call('GET', `/api/roles/${role.id}`, { token });
    expect(now.json().data.permissions).toEqual(['users.edit', 'view.main.logs.tab.list']);
  });
});
