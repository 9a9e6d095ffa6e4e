import { ADMIN_PERMISSIONS, SUPER_ADMIN_ROLE, USER_PERMISSIONS } from '@lm/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { adminRoles } from './rbac.schema';

let superToken: string;
const ctx = adminTestAppForFile((signedIn) => {
  ({ token: superToken } = signedIn);
});

type Role = {
  id: number;
  name: string;
  guard: 'admin' | 'user';
  default_for_user_type: number | null;
  permissions: string[];
  users_count?: number;
  admins_count?: number;
};

const call = (method: string, url: string, body?: unknown, token = superToken) =>
  ctx.call(method, url, { token, body });
const roleByName = async (name: string, guard = 'admin'): Promise<Role> => {
  const res = await call('GET', `/api/roles?q=${encodeURIComponent(name)}&guard=${guard}&limit=100`);
  const role = (res.json().data as Role[]).find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role;
};
const auditRows = async (action: string, targetId: number) =>
  (
    await ctx.deps.database.db.execute<{
      actor_type: string;
      actor_id: number;
      meta: Record<string, unknown>;
    }>(
      sql`select actor_type, actor_id, meta from audit_logs where action = ${action} and target_type = 'role' and target_id = ${String(targetId)}`,
    )
  ).rows;

describe('who may manage roles', () => {
  it('refuses admins without view.main.roles.tab.list (403), users and guests (401)', async () => {
    const plain = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: [] })).email);
    const user = await ctx.loginUser((await ctx.makeUser()).email);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/permissions'],
      ['GET', '/api/roles'],
      ['GET', '/api/roles/1'],
      ['POST', '/api/roles', { name: 'X', guard: 'admin', permissions: [] }],
      ['PUT', '/api/roles/1', { name: 'X', guard: 'admin', permissions: [] }],
      ['DELETE', '/api/roles/1'],
    ];
    for (const [method, url, body] of calls) {
      const forbidden = await ctx.call(method, url, { token: plain, body });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json().code).toBe('USR_FORBIDDEN');
      const asUser = await ctx.call(method, url, { token: user, body });
      expect(asUser.statusCode, `${method} ${url}`).toBe(401);
      expect(asUser.json().code).toBe('USR_UNAUTHENTICATED');
      expect((await ctx.call(method, url, { body })).statusCode).toBe(401);
    }
  });

  it('lets an admin holding only view.main.roles.tab.list list roles', async () => {
    const token = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.roles.tab.list'] })).email,
    );
    expect((await call('GET', '/api/roles', undefined, token)).statusCode).toBe(200);
  });
});

describe('GET /api/permissions', () => {
  it('groups every permission of spec section 6 by guard, in spec order', async () => {
    const res = await call('GET', '/api/permissions');
    expect(res.statusCode).toBe(200);
    const groups = res.json().data as {
      guard: string;
      permissions: { id: number; name: string; guard: string }[];
    }[];
    expect(groups.map((g) => g.guard)).toEqual(['admin', 'user']);
    expect(groups[0]!.permissions.map((p) => p.name)).toEqual([...ADMIN_PERMISSIONS]);
    expect(groups[0]!.permissions.every((p) => p.guard === 'admin' && Number.isInteger(p.id))).toBe(true);
    expect(groups[1]!.permissions.map((p) => p.name)).toEqual([...USER_PERMISSIONS]);
    const users = await call('GET', '/api/permissions?guard=user');
    expect(users.json().data.map((g: { guard: string }) => g.guard)).toEqual(['user']);
    expect((await call('GET', '/api/permissions?guard=root')).statusCode).toBe(422);
  });
});

describe('GET /api/roles', () => {
  it('lists seeded roles with permissions and holder counts, paginated', async () => {
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const res = await call('GET', '/api/roles?limit=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toMatchObject({ limit: 10, current_page: 1 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(4);
    const superAdmin = await roleByName(SUPER_ADMIN_ROLE);
    expect(superAdmin.permissions).toEqual([...ADMIN_PERMISSIONS].sort());
    expect(superAdmin.admins_count).toBeGreaterThanOrEqual(1);
    expect(superAdmin).not.toHaveProperty('users_count');
    const artistRole = await roleByName('Artist', 'user');
    expect(artistRole).toMatchObject({
      default_for_user_type: 1,
      permissions: ['ARTIST_ALL_PERMISSION', 'ARTIST_PERMISSION'],
    });
    expect(artistRole.users_count).toBeGreaterThanOrEqual(1);
    expect(artist.id).toBeGreaterThan(0);
  });

  it('filters by q and guard, and orders on request', async () => {
    const found = await call('GET', '/api/roles?q=SUPER');
    expect(found.json().data.map((r: Role) => r.name)).toEqual([SUPER_ADMIN_ROLE]);
    const users = await call('GET', '/api/roles?guard=user&order=name:desc');
    expect(users.json().data.map((r: Role) => r.name)).toEqual(['Influencer', 'Curator', 'Artist']);
  });

  it('answers one role, or 404', async () => {
    const role = await roleByName('Curator', 'user');
    const one = await call('GET', `/api/roles/${role.id}`);
    expect(one.json().data).toEqual(role);
    expect((await call('GET', '/api/roles/999999')).statusCode).toBe(404);
  });
});

describe('POST /api/roles', () => {
  it('creates a role with exactly its permissions and audits it', async () => {
    const res = await call('POST', '/api/roles', {
      name: '  Support  ',
      guard: 'admin',
      permissions: ['tickets.show', 'tickets.edit', 'tickets.show'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Created');
    const role = res.json().data as Role;
    expect(role).toMatchObject({
      name: 'Support',
      guard: 'admin',
      default_for_user_type: null,
      permissions: ['tickets.edit', 'tickets.show'],
      admins_count: 0,
    });
    const [entry, ...more] = await auditRows('roles.create', role.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_type: 'admin',
      meta: { name: 'Support', guard: 'admin', permissions: ['tickets.edit', 'tickets.show'] },
    });
  });

  it('refuses a duplicate name in the same guard (422), case-insensitively, but not across guards', async () => {
    await call('POST', '/api/roles', { name: 'Moderators', guard: 'admin', permissions: [] });
    for (const name of ['Moderators', 'moderators']) {
      const dup = await call('POST', '/api/roles', { name, guard: 'admin', permissions: [] });
      expect(dup.statusCode).toBe(422);
      expect(dup.json().message).toBe('A role with this name already exists');
      expect(dup.json().errors).toEqual({ name: ['A role with this name already exists'] });
    }
    const superDup = await call('POST', '/api/roles', {
      name: SUPER_ADMIN_ROLE,
      guard: 'admin',
      permissions: [],
    });
    expect(superDup.statusCode).toBe(422);
    expect(
      (await call('POST', '/api/roles', { name: 'Moderators', guard: 'user', permissions: [] })).statusCode,
    ).toBe(201);
  });

  it('refuses unknown permissions and permissions of the other guard, per field', async () => {
    const res = await call('POST', '/api/roles', {
      name: 'Mixed',
      guard: 'admin',
      permissions: ['tickets.show', 'no.such.permission', 'ARTIST_PERMISSION'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'permissions.1': ['Unknown permission: no.such.permission'],
      'permissions.2': ['The permission ARTIST_PERMISSION belongs to the other kind of role'],
    });
    expect(res.json().message).toBe('Unknown permission: no.such.permission');
    const userSide = await call('POST', '/api/roles', {
      name: 'Mixed',
      guard: 'user',
      permissions: ['users.edit'],
    });
    expect(userSide.json().errors).toEqual({
      'permissions.0': ['The permission users.edit belongs to the other kind of role'],
    });
    const count = await ctx.deps.database.db.execute(
      sql`select count(*)::int as n from roles where name = 'Mixed'`,
    );
    expect(count.rows[0]).toEqual({ n: 0 });
  });

  it('validates the body', async () => {
    const res = await call('POST', '/api/roles', { name: '', guard: 'root' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['guard', 'name', 'permissions']);
  });
});

describe('PUT /api/roles/:id', () => {
  it('renames and replaces the permissions, auditing what changed', async () => {
    const created = (
      await call('POST', '/api/roles', {
        name: 'Finance',
        guard: 'admin',
        permissions: ['invoices.show', 'transfers.show'],
      })
    ).json().data as Role;
    const res = await call('PUT', `/api/roles/${created.id}`, {
      name: 'Finance team',
      guard: 'admin',
      permissions: ['invoices.show', 'main.wallet.show.all.transactions'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Saved');
    expect(res.json().data).toMatchObject({
      name: 'Finance team',
      permissions: ['invoices.show', 'main.wallet.show.all.transactions'],
    });
    const [entry] = await auditRows('roles.update', created.id);
    expect(entry?.meta).toEqual({
      name: 'Finance team',
      previous_name: 'Finance',
      permissions: ['invoices.show', 'main.wallet.show.all.transactions'],
      added: ['main.wallet.show.all.transactions'],
      removed: ['transfers.show'],
      changes: {
        name: { from: 'Finance', to: 'Finance team' },
        permissions: {
          from: ['invoices.show', 'transfers.show'],
          to: ['invoices.show', 'main.wallet.show.all.transactions'],
        },
      },
    });
    const emptied = await call('PUT', `/api/roles/${created.id}`, {
      name: 'Finance team',
      guard: 'admin',
      permissions: [],
    });
    expect(emptied.json().data.permissions).toEqual([]);
  });

  it('refuses a taken name, a guard change and a missing role', async () => {
    const a = (await call('POST', '/api/roles', { name: 'Alpha', guard: 'admin', permissions: [] })).json()
      .data as Role;
    await call('POST', '/api/roles', { name: 'Beta', guard: 'admin', permissions: [] });
    const taken = await call('PUT', `/api/roles/${a.id}`, { name: 'BETA', guard: 'admin', permissions: [] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual(['A role with this name already exists']);
    const sameName = await call('PUT', `/api/roles/${a.id}`, {
      name: 'alpha',
      guard: 'admin',
      permissions: [],
    });
    expect(sameName.statusCode).toBe(200);
    const guard = await call('PUT', `/api/roles/${a.id}`, { name: 'alpha', guard: 'user', permissions: [] });
    expect(guard.statusCode).toBe(422);
    expect(guard.json().errors.guard).toEqual(['The kind of an existing role cannot change']);
    expect(
      (await call('PUT', '/api/roles/999999', { name: 'Z', guard: 'admin', permissions: [] })).statusCode,
    ).toBe(404);
  });

  it('protects Super Admin: no rename, no lost permission (409)', async () => {
    const superAdmin = await roleByName(SUPER_ADMIN_ROLE);
    const rename = await call('PUT', `/api/roles/${superAdmin.id}`, {
      name: 'Root',
      guard: 'admin',
      permissions: superAdmin.permissions,
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe(
      'The Super Admin role keeps its name and every permission, and cannot be deleted',
    );
    const fewer = await call('PUT', `/api/roles/${superAdmin.id}`, {
      name: SUPER_ADMIN_ROLE,
      guard: 'admin',
      permissions: superAdmin.permissions.filter((p) => p !== 'users.edit'),
    });
    expect(fewer.statusCode).toBe(409);
    expect((await roleByName(SUPER_ADMIN_ROLE)).permissions).toEqual(superAdmin.permissions);
    const same = await call('PUT', `/api/roles/${superAdmin.id}`, {
      name: SUPER_ADMIN_ROLE,
      guard: 'admin',
      permissions: superAdmin.permissions,
    });
    expect(same.statusCode).toBe(200);
  });

  it('keeps default user roles named as seeded but lets their permissions change', async () => {
    const curator = await roleByName('Curator', 'user');
    const rename = await call('PUT', `/api/roles/${curator.id}`, {
      name: 'Curators',
      guard: 'user',
      permissions: curator.permissions,
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('New users receive this role: it cannot be renamed or deleted');
    const edit = await call('PUT', `/api/roles/${curator.id}`, {
      name: 'Curator',
      guard: 'user',
      permissions: ['CURATOR_PERMISSION'],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.permissions).toEqual(['CURATOR_PERMISSION']);
    await call('PUT', `/api/roles/${curator.id}`, {
      name: 'Curator',
      guard: 'user',
      permissions: curator.permissions,
    });
  });
});

describe('DELETE /api/roles/:id', () => {
  it('refuses Super Admin, default user roles and roles still assigned (409)', async () => {
    const superAdmin = await roleByName(SUPER_ADMIN_ROLE);
    const s = await call('DELETE', `/api/roles/${superAdmin.id}`);
    expect(s.statusCode).toBe(409);
    expect(s.json().code).toBe('CONFLICT');
    const artist = await roleByName('Artist', 'user');
    const a = await call('DELETE', `/api/roles/${artist.id}`);
    expect(a.statusCode).toBe(409);
    expect(a.json().message).toBe('New users receive this role: it cannot be renamed or deleted');
    const role = (
      await call('POST', '/api/roles', { name: 'Assigned', guard: 'admin', permissions: [] })
    ).json().data as Role;
    const holder = await ctx.makeAdmin({ permissions: [] });
    await ctx.deps.database.db.insert(adminRoles).values({ adminId: holder.id, roleId: role.id });
    const used = await call('DELETE', `/api/roles/${role.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(
      'This role is still assigned to 1 account. Remove it from that account first',
    );
  });

  it('deletes an unassigned role and audits it', async () => {
    const role = (
      await call('POST', '/api/roles', { name: 'Temporary', guard: 'admin', permissions: ['VIEW_FORM'] })
    ).json().data as Role;
    const res = await call('DELETE', `/api/roles/${role.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Deleted');
    expect((await call('GET', `/api/roles/${role.id}`)).statusCode).toBe(404);
    expect((await auditRows('roles.delete', role.id))[0]?.meta).toEqual({
      name: 'Temporary',
      guard: 'admin',
      permissions: ['VIEW_FORM'],
    });
    expect((await call('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(404);
  });
});

describe('a new role decides what an admin may do', () => {
  it('an admin given a role of two permissions holds exactly those abilities', async () => {
    const role = (
      await call('POST', '/api/roles', {
        name: 'Role desk',
        guard: 'admin',
        permissions: ['view.main.roles.tab.list', 'tickets.show'],
      })
    ).json().data as Role;
    const admin = await ctx.makeAdmin({ permissions: [] });
    const token = await ctx.loginAdmin(admin.email);
    expect((await call('GET', '/api/roles', undefined, token)).statusCode).toBe(403);
    await ctx.deps.database.db.insert(adminRoles).values({ adminId: admin.id, roleId: role.id });
    const info = await call('GET', '/api/admin/info', undefined, token);
    expect(info.json().data.abilities).toEqual([
      { action: 'call', subject: 'general' },
      { action: 'call', subject: 'tickets.show' },
      { action: 'call', subject: 'view.main.roles.tab.list' },
    ]);
    expect(info.json().data.roles).toContain('Role desk');
    expect((await call('GET', '/api/roles', undefined, token)).statusCode).toBe(200);
    await call('PUT', `/api/roles/${role.id}`, {
      name: 'Role desk',
      guard: 'admin',
      permissions: ['tickets.show'],
    });
    const after = await call('GET', '/api/admin/info', undefined, token);
    expect(after.json().data.abilities.map((r: { subject: string }) => r.subject)).toEqual([
      'general',
      'tickets.show',
    ]);
    expect((await call('GET', '/api/roles', undefined, token)).statusCode).toBe(403);
  });

  it('a change written to role_permissions by any means applies on the next request', async () => {
    const role = (
      await call('POST', '/api/roles', { name: 'Role sql', guard: 'admin', permissions: ['tickets.show'] })
    ).json().data as Role;
    const admin = await ctx.makeAdmin({ permissions: [] });
    await ctx.deps.database.db.insert(adminRoles).values({ adminId: admin.id, roleId: role.id });
    const token = await ctx.loginAdmin(admin.email);
    // The process now knows this role's permission names at the current version.
    expect((await call('GET', '/api/roles', undefined, token)).statusCode).toBe(403);
    const version = async () =>
      Number((await ctx.deps.database.pool.query('select version from rbac_version')).rows[0].version);
    const before = await version();
    await ctx.deps.database.pool.query(
      `insert into role_permissions (role_id, permission_id)
       select $1, id from permissions where name = 'view.main.roles.tab.list' and guard = 'admin'`,
      [role.id],
    );
    expect(await version()).toBeGreaterThan(before);
    expect((await call('GET', '/api/roles', undefined, token)).statusCode).toBe(200);
    await ctx.deps.database.pool.query('delete from role_permissions where role_id = $1', [role.id]);
    expect((await call('GET', '/api/roles', undefined, token)).statusCode).toBe(403);
  });
});

describe('GET /api/getAllRolesWithQ', () => {
  it('answers {id, name} to any admin, 20 by default, filtered by q and guard', async () => {
    await ctx.deps.database.db.execute(
      sql`insert into roles (name, guard) select 'Picker ' || lpad(g::text, 2, '0'), 'admin' from generate_series(1, 25) g`,
    );
    const token = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: [] })).email);
    const res = await call('GET', '/api/getAllRolesWithQ?q=picker', undefined, token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; name: string }[];
    expect(data).toHaveLength(20);
    expect(Object.keys(data[0]!).sort()).toEqual(['id', 'name']);
    expect(data[0]!.name).toBe('Picker 01');
    expect(
      (await call('GET', '/api/getAllRolesWithQ?q=picker&limit=5', undefined, token)).json().data,
    ).toHaveLength(5);
    expect(
      (await call('GET', '/api/getAllRolesWithQ?q=picker&limit=100', undefined, token)).json().data,
    ).toHaveLength(25);
    const userRoles = await call('GET', '/api/getAllRolesWithQ?guard=user', undefined, token);
    expect(userRoles.json().data.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Artist', 'Curator', 'Influencer']),
    );
    expect(userRoles.json().data.some((r: { name: string }) => r.name === SUPER_ADMIN_ROLE)).toBe(false);
    const user = await ctx.loginUser((await ctx.makeUser()).email);
    expect((await ctx.call('GET', '/api/getAllRolesWithQ', { token: user })).statusCode).toBe(401);
  });
});
