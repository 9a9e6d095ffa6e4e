import { ADMIN_PERMISSIONS } from '@lm/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { createTestApp, TEST_PASSWORD } from '../../test/harness';

let superToken: string;
let superId: number;
const ctx = adminTestAppForFile((signedIn) => {
  ({
    admin: { id: superId },
    token: superToken,
  } = signedIn);
});

type AdminBody = {
  id: number;
  name: string;
  email: string;
  status: string;
  roles: { id: number; name: string }[];
  invitation_pending: boolean;
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
  role_ids: [] as number[],
  ...over,
});
/** The link of the newest mail to `email`: token and flags of `/admin/reset-password?...`. */
const linkIn = async (email: string) => {
  const mail = await ctx.lastMail(email);
  const match = /(https?:\/\/\S+\/admin\/reset-password\?\S+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no link in mail to ${email}: ${mail?.text}`);
  const url = new URL(match[1]);
  return { url, token: url.searchParams.get('token')!, subject: mail!.subject, text: mail!.text };
};
const mailCount = async (email: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from mail_outbox where to_address = ${email}`))[0]!
    .n;
const setPassword = (email: string, token: string, password = 'Chosen-pass-2026') =>
  ctx.call('POST', '/api/admin/reset-password', {
    body: { email, token, password, password_confirmation: password },
  });
const adminRow = async (id: number) =>
  (
    await rows<{
      name: string;
      email: string;
      status: string;
      password_hash: string | null;
      deleted_at: Date | null;
    }>(sql`select name, email, status, password_hash, deleted_at from admins where id = ${id}`)
  )[0]!;
/** The body that saves `admin` as it is, with `over` changed. */
const sameAs = async (id: number, over: Record<string, unknown> = {}) => {
  const a = (await ctx.call('GET', `/api/admin/admins/${id}`, { token: superToken })).json()
    .data as AdminBody;
  return { name: a.name, email: a.email, status: a.status, role_ids: a.roles.map((r) => r.id), ...over };
};

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
  it('creates the account with its roles and no password, mails an invitation; the link sets the password once', async () => {
    const editor = await roleId('Super Admin');
    const payload = body({ name: 'Nora Staff', role_ids: [editor] });
    const res = await ctx.call('POST', '/api/admin/admins', { token: superToken, body: payload });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(`An invitation to choose a password was sent to ${payload.email}`);
    const created = res.json().data as AdminBody;
    expect(created).toMatchObject({
      name: 'Nora Staff',
      email: payload.email,
      status: 'active',
      invitation_pending: true,
    });
    expect(created.roles.map((r) => r.name)).toEqual(['Super Admin']);
    expect((await adminRow(created.id)).password_hash).toBeNull();
    const [entry] = await auditOf('admins.create', created.id);
    expect(entry?.actor_id).toBe(superId);
    expect(entry?.meta.invited).toBe(true);

    // No password works before the invitation is used (same answer as a wrong password).
    const early = await ctx.call('POST', '/api/admin/login', {
      body: { email: payload.email, password: '' },
    });
    expect(early.statusCode).toBe(422);
    const link = await linkIn(payload.email);
    expect(link.subject).toBe('Your Liberty Music back-office account');
    expect(link.text).toContain('valid for 7 days');
    expect(link.url.searchParams.get('invite')).toBe('1');
    expect(link.url.searchParams.get('email')).toBe(payload.email);
    const check = await ctx.call(
      'GET',
      `/api/admin/check/reset/token?${new URLSearchParams({ token: link.token, email: payload.email })}`,
    );
    expect(check.json().data).toEqual({ valid: true, invitation: true });
    const weak = await setPassword(payload.email, link.token, 'weakpassword');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual(['Weak Password']);
    expect((await setPassword(payload.email, link.token)).statusCode).toBe(200);
    expect(await ctx.loginAdmin(payload.email, 'Chosen-pass-2026')).toBeTruthy();
    const again = await setPassword(payload.email, link.token, 'Other-pass-2026');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This reset link is invalid or has expired');
    const now = (await ctx.call('GET', `/api/admin/admins/${created.id}`, { token: superToken })).json().data;
    expect(now.invitation_pending).toBe(false);
  });

  it('refuses bad input with translated field errors and creates nothing', async () => {
    const before = await adminCount();
    const bad = await ctx.call('POST', '/api/admin/admins', {
      token: superToken,
      body: { name: '', email: 'not-an-email', password: 'Typed-by-staff-1', role_ids: [] },
      headers: { 'x-lang': 'fr' },
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(errors.name?.[0]).toBe('Ce champ est obligatoire');
    expect(errors.email).toBeDefined();
    expect(errors.password).toEqual([
      "L'équipe ne peut pas définir le mot de passe d'un administrateur : envoyez-lui un lien pour le choisir",
    ]);
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
    expect(entry?.meta).toEqual({ changes: { status: { from: 'active', to: 'disabled' } } });
    const login = await ctx.call('POST', '/api/admin/login', {
      body: { email: target.email, password: TEST_PASSWORD },
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

describe('no staff member acts on someone who holds more than they do', () => {
  it('an admin holding only the Admins screen cannot edit, disable, delete or send a link to the Super Admin', async () => {
    const manager = await ctx.makeAdmin({ permissions: ['view.main.admins.tab.list'] });
    const token = await ctx.loginAdmin(manager.email);
    const target = await ctx.makeAdmin();
    const before = await adminRow(target.id);
    const mailsBefore = await mailCount(target.email);
    const attempts: [string, string, unknown?][] = [
      ['PUT', `/api/admin/admins/${target.id}`, await sameAs(target.id, { email: newEmail() })],
      ['PUT', `/api/admin/admins/${target.id}`, await sameAs(target.id, { status: 'disabled' })],
      ['PUT', `/api/admin/admins/${target.id}`, await sameAs(target.id, { name: 'Renamed' })],
      ['DELETE', `/api/admin/admins/${target.id}`],
      ['POST', `/api/admin/admins/${target.id}/reset-password`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await ctx.call(method, url, { token, body: payload, headers: { 'x-lang': 'ar' } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('لا يمكنك تعديل هذا المسؤول: لديه صلاحيات لا تملكها');
    }
    expect(await adminRow(target.id)).toEqual(before);
    expect(await mailCount(target.email)).toBe(mailsBefore);
    // The Super Admin's session still works.
    const targetToken = await ctx.loginAdmin(target.email);
    expect((await ctx.call('GET', '/api/admin/info', { token: targetToken })).statusCode).toBe(200);
    // The English message too.
    const en = await ctx.call('DELETE', `/api/admin/admins/${target.id}`, { token });
    expect(en.json().message).toBe('You cannot change this admin: they hold permissions you do not hold');
  });

  it('the same admin may act on an admin holding no more than they do, and on themself', async () => {
    const manager = await ctx.makeAdmin({
      permissions: ['view.main.admins.tab.list', 'view.main.logs.tab.list'],
    });
    const token = await ctx.loginAdmin(manager.email);
    const lesser = await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] });
    const rename = await ctx.call('PUT', `/api/admin/admins/${lesser.id}`, {
      token,
      body: await sameAs(lesser.id, { name: 'Log Reader' }),
    });
    expect(rename.statusCode).toBe(200);
    const link = await ctx.call('POST', `/api/admin/admins/${lesser.id}/reset-password`, { token });
    expect(link.statusCode).toBe(200);
    expect(link.json().data).toEqual({ kind: 'reset', email: lesser.email });
    expect(link.json().message).toBe(`A link to choose a new password was sent to ${lesser.email}`);
    expect((await auditOf('admins.password_link', lesser.id))[0]).toMatchObject({
      actor_id: manager.id,
      meta: { kind: 'reset' },
    });
    const self = await ctx.call('PUT', `/api/admin/admins/${manager.id}`, {
      token,
      body: await sameAs(manager.id, { name: 'Manager Me' }),
    });
    expect(self.statusCode).toBe(200);
    expect((await ctx.call('DELETE', `/api/admin/admins/${lesser.id}`, { token })).statusCode).toBe(200);
    expect((await adminRow(lesser.id)).deleted_at).not.toBeNull();
  });

  it('staff never set a password through PUT: refused under its field, for others and oneself, nothing changed', async () => {
    const target = await ctx.makeAdmin({ permissions: [] });
    const targetToken = await ctx.loginAdmin(target.email);
    const before = await adminRow(target.id);
    for (const [id, label] of [
      [target.id, 'another admin'],
      [superId, 'oneself'],
    ] as const) {
      const res = await ctx.call('PUT', `/api/admin/admins/${id}`, {
        token: superToken,
        body: await sameAs(id, { password: 'Set-by-staff-2026' }),
      });
      expect(res.statusCode, label).toBe(422);
      expect(res.json().errors.password).toEqual([
        "Staff cannot set an admin's password: send them a link to choose it",
      ]);
    }
    expect(await adminRow(target.id)).toEqual(before);
    expect((await ctx.call('GET', '/api/admin/info', { token: targetToken })).statusCode).toBe(200);
    const login = await ctx.call('POST', '/api/admin/login', {
      body: { email: target.email, password: 'Set-by-staff-2026' },
    });
    expect(login.statusCode).toBe(422);
    // An empty password (a form left blank) is no password.
    const blank = await ctx.call('PUT', `/api/admin/admins/${target.id}`, {
      token: superToken,
      body: await sameAs(target.id, { password: '' }),
    });
    expect(blank.statusCode).toBe(200);
  });
});

describe('password links of admins', () => {
  it("a reset link, in the admin's language, works once, ends the sessions and voids the previous link", async () => {
    const target = await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] });
    // The admin's back-office language is the one of their last sign-in.
    const signIn = await ctx.call('POST', '/api/admin/login', {
      body: { email: target.email, password: TEST_PASSWORD },
      headers: { 'x-lang': 'de' },
    });
    const oldToken = signIn.json().data.token as string;
    const send = () =>
      ctx.call('POST', `/api/admin/admins/${target.id}/reset-password`, { token: superToken });
    expect((await send()).statusCode).toBe(200);
    const first = await linkIn(target.email);
    expect((await send()).statusCode).toBe(200);
    const second = await linkIn(target.email);
    expect(second.subject).toBe('Wähle ein neues Backoffice-Passwort');
    expect(second.text).toContain('60 Minuten');
    expect(second.url.searchParams.get('invite')).toBeNull();
    // The old password keeps working until the link is used.
    expect((await ctx.call('GET', '/api/admin/info', { token: oldToken })).statusCode).toBe(200);
    expect((await setPassword(target.email, first.token)).statusCode).toBe(422);
    const wrongEmail = await setPassword('someone@test.test', second.token);
    expect(wrongEmail.statusCode).toBe(422);
    const check = await ctx.call(
      'GET',
      `/api/admin/check/reset/token?${new URLSearchParams({ token: second.token, email: target.email })}`,
    );
    expect(check.json().data).toEqual({ valid: true, invitation: false });
    expect((await setPassword(target.email, second.token)).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/admin/info', { token: oldToken })).statusCode).toBe(401);
    expect(
      (await ctx.call('POST', '/api/admin/login', { body: { email: target.email, password: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(422);
    expect(await ctx.loginAdmin(target.email, 'Chosen-pass-2026')).toBeTruthy();
    expect((await setPassword(target.email, second.token, 'Third-pass-2026')).statusCode).toBe(422);
    const [entry] = await auditOf('admin.password_reset', target.id);
    expect(entry?.actor_id).toBe(target.id);
    expect((await ctx.lastMail(target.email))?.subject).toBe('Dein Passwort wurde geändert');
  });

  it('a link expires after 60 minutes; a disabled admin gets none', async () => {
    const target = await ctx.makeAdmin({ permissions: [] });
    await ctx.call('POST', `/api/admin/admins/${target.id}/reset-password`, { token: superToken });
    const { token } = await linkIn(target.email);
    ctx.clock.advance(61 * 60_000);
    expect((await setPassword(target.email, token)).statusCode).toBe(422);
    const disabled = await ctx.call('PUT', `/api/admin/admins/${target.id}`, {
      token: superToken,
      body: await sameAs(target.id, { status: 'disabled' }),
    });
    expect(disabled.statusCode).toBe(200);
    const refused = await ctx.call('POST', `/api/admin/admins/${target.id}/reset-password`, {
      token: superToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This admin is disabled: enable the account before sending a link');
  });

  it('an admin changes their own password with the current one; their other sessions end', async () => {
    const me = await ctx.makeAdmin({ permissions: [] });
    const here = await ctx.loginAdmin(me.email);
    const elsewhere = await ctx.loginAdmin(me.email);
    const change = (current: string) =>
      ctx.call('POST', '/api/admin/password', {
        token: here,
        body: {
          current_password: current,
          password: 'Mine-pass-2026',
          password_confirmation: 'Mine-pass-2026',
        },
      });
    const wrong = await change('Wrong-pass-2026');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeDefined();
    expect((await change(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/admin/info', { token: here })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/admin/info', { token: elsewhere })).statusCode).toBe(401);
    expect(await ctx.loginAdmin(me.email, 'Mine-pass-2026')).toBeTruthy();
    expect((await auditOf('admin.password_changed', me.id))[0]?.actor_id).toBe(me.id);
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
      // died with its account before its request got in (401), or its roles did while it waited for the
      // lock, so it no longer holds what its target holds (403).
      expect(codes[0]).toBe(200);
      expect([401, 403, 409]).toContain(codes[1]);
      const left = (
        await fresh.deps.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from admins a join admin_roles ar on ar.admin_id = a.id
              join roles r on r.id = ar.role_id where r.name = 'Super Admin' and a.deleted_at is null`,
        )
      ).rows[0]!.n;
      expect(left).toBe(1);
      const survivor = both[0]!.statusCode === 200 ? a : b;
      // An admin holding every permission (without the Super Admin role) may act on the survivor, but
      // not remove the last active Super Admin; the survivor cannot demote themself either.
      const peer = await fresh.makeAdmin({ permissions: [...ADMIN_PERMISSIONS] });
      const pt = await fresh.loginAdmin(peer.email);
      const demote = await fresh.call('PUT', `/api/admin/admins/${survivor.id}`, {
        token: pt,
        body: { name: survivor.name, email: survivor.email, status: 'active', role_ids: [] },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toContain('last active Super Admin');
      expect((await fresh.call('DELETE', `/api/admin/admins/${survivor.id}`, { token: pt })).statusCode).toBe(
        409,
      );
      const selfDemote = await fresh.call('PUT', `/api/admin/admins/${survivor.id}`, {
        token: survivor.id === a.id ? ta : tb,
        body: { name: survivor.name, email: survivor.email, status: 'active', role_ids: [] },
      });
      expect(selfDemote.statusCode).toBe(409);
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
