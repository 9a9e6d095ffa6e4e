import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins } from '../../test/coins';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { buildCountryMmdb } from '../../test/mmdb-writer';
import { seedExpressDemo } from '../express/express.seed';
import { files } from '../files/files.schema';

let ctx: TestContext;
let superToken: string;
let viewerToken: string;
let genreIds: number[];
let tierIds: number[];
const GENRES_MAX_MESSAGE =
  'You have reached the maximum limit for genre selection. Please deselect a genre before selecting a new one.';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const geoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-geoip-'));
const geoDb = path.join(geoDir, 'test-country.mmdb');

beforeAll(async () => {
  fs.writeFileSync(
    geoDb,
    buildCountryMmdb({
      '81.2.69.0/24': { code: 'GB', name: 'United Kingdom' },
      '89.160.20.0/24': { code: 'SE', name: 'Sweden' },
    }),
  );
  ctx = await createTestApp({ env: { GEOIP_DB: geoDb } });
  const admin = await ctx.makeAdmin();
  superToken = await ctx.loginAdmin(admin.email);
  const viewer = await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] });
  viewerToken = await ctx.loginAdmin(viewer.email);
  genreIds = (
    await ctx.deps.database.pool.query<{ id: number }>('select id from genres order by id limit 7')
  ).rows.map((r) => r.id);
  tierIds = (await ctx.deps.database.pool.query<{ id: number }>('select id from tiers order by id')).rows.map(
    (r) => r.id,
  );
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(geoDir, { recursive: true, force: true });
});

let seq = 0;
const validBody = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    name: 'Nora Keys',
    email: `nora${seq}-${Date.now()}@test.test`,
    user_type_id: 2,
    tier_id: tierIds[0],
    genre_ids: genreIds.slice(0, 2),
    phone_number: '+12015550123',
    country_code: 'GB',
    spotify_link: 'https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg',
    ...over,
  };
};
const create = (body: unknown, token = superToken, lang = 'en') =>
  ctx.call('POST', '/api/admin/users', { token, body, headers: { 'x-lang': lang } });
const userCount = async () =>
  Number((await ctx.deps.database.pool.query('select count(*) n from users')).rows[0].n);
const statusOf = async (id: number) =>
  (await ctx.deps.database.pool.query('select status from users where id = $1', [id])).rows[0]
    .status as string;
const auditCount = async (action: string, id: number) =>
  Number(
    (
      await ctx.deps.database.pool.query(
        'select count(*) n from audit_logs where action = $1 and target_id = $2',
        [action, String(id)],
      )
    ).rows[0].n,
  );

describe('user modal validation (spec section 5)', () => {
  it('requires name, email and user type with the user.validation.required message, and creates nothing', async () => {
    const before = await userCount();
    const res = await create({ genre_ids: [genreIds[0]] });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors.name).toEqual(['This field is required']);
    expect(errors.email).toEqual(['This field is required']);
    expect(errors.user_type_id).toEqual(['This field is required']);
    const blank = await create(validBody({ name: '  ', email: '' }));
    expect(blank.json().errors.name).toEqual(['This field is required']);
    expect(blank.json().errors.email).toEqual(['This field is required']);
    expect(await userCount()).toBe(before);
  });

  it('requires a tier unless the user type is 1 (artist)', async () => {
    for (const type of [2, 3]) {
      const res = await create(validBody({ user_type_id: type, tier_id: null }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.tier_id).toEqual(['Tier is required']);
    }
    const artist = await create(validBody({ user_type_id: 1, tier_id: null }));
    expect(artist.statusCode).toBe(201);
    expect(artist.json().data.tier).toBeNull();
  });

  it('refuses a tier that does not exist', async () => {
    const res = await create(validBody({ tier_id: 999_999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tier_id).toEqual(['This tier does not exist']);
  });

  it('requires genres, at most 5, with the spec message (translated)', async () => {
    const none = await create(validBody({ genre_ids: [] }));
    expect(none.json().errors.genre_ids).toEqual(['Please choose at least one genre']);
    const six = await create(validBody({ genre_ids: genreIds.slice(0, 6) }));
    expect(six.statusCode).toBe(422);
    expect(six.json().errors.genre_ids).toEqual([GENRES_MAX_MESSAGE]);
    const fr = await create(validBody({ genre_ids: genreIds.slice(0, 6) }), superToken, 'fr');
    expect(fr.json().errors.genre_ids[0]).toMatch(/limite de genres/);
    const five = await create(validBody({ genre_ids: genreIds.slice(0, 5) }));
    expect(five.statusCode).toBe(201);
    expect(five.json().data.genre_ids).toHaveLength(5);
    const unknown = await create(validBody({ genre_ids: [genreIds[0], 9_999_999] }));
    expect(unknown.json().errors.genre_ids).toEqual(['One of the chosen genres does not exist']);
  });

  it('takes the phone with a leading + only when it is a real number', async () => {
    for (const phone of ['2015550123', '+1234', '+12']) {
      const res = await create(validBody({ phone_number: phone }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.phone_number).toEqual(['Please enter a valid phone number']);
    }
    const ok = await create(validBody({ phone_number: '+442079460958' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.phone_number).toBe('+442079460958');
  });

  it('accepts only a jpg/jpeg/png upload as image, never a link to another site', async () => {
    const [png] = await ctx.deps.database.db
      .insert(files)
      .values({
        path: '2026/11/0b3f4d9a-1c2e-4f5a-8b6c-7d8e9f0a1b2c.png',
        originalName: 'a.png',
        mime: 'image/png',
        sizeBytes: 10,
        driver: 'local',
      })
      .returning();
    await ctx.deps.database.db.insert(files).values({
      path: '2026/11/0b3f4d9a-1c2e-4f5a-8b6c-7d8e9f0a1b2d.gif',
      originalName: 'b.gif',
      mime: 'image/gif',
      sizeBytes: 10,
      driver: 'local',
    });
    const gif = await create(validBody({ image: '2026/11/0b3f4d9a-1c2e-4f5a-8b6c-7d8e9f0a1b2d.gif' }));
    expect(gif.json().errors.image).toEqual(['The image must be a jpg, jpeg or png file']);
    const missing = await create(validBody({ image: '2026/11/0b3f4d9a-1c2e-4f5a-8b6c-7d8e9f0a1b2e.png' }));
    expect(missing.json().errors.image).toEqual([
      'This file was not found among your uploads. Please upload it again',
    ]);
    const before = await userCount();
    const link = await create(validBody({ image: 'https://tracker.example/p.png' }));
    expect(link.statusCode).toBe(422);
    expect(link.json().errors.image).toEqual([
      'Please upload the image here: links to other sites are not accepted',
    ]);
    expect(await userCount()).toBe(before);
    const ok = await create(validBody({ image: png!.path }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.image).toContain('2026/11/0b3f4d9a-1c2e-4f5a-8b6c-7d8e9f0a1b2c.png');
  });

  it('answers a taken email under the email field and changes nothing', async () => {
    const existing = await ctx.makeUser();
    const before = await userCount();
    const res = await create(validBody({ email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['This email is already registered']);
    expect(await userCount()).toBe(before);
  });
});

describe('creating and editing users', () => {
  it('creates a Not Registered user with its genres, default role and an audit entry', async () => {
    const body = validBody({ name: 'Ana  Maria Lopez', user_type_id: 3, tier_id: tierIds[1] });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Ana Maria Lopez',
      first_name: 'Ana',
      last_name: 'Maria Lopez',
      email: body.email,
      user_type_id: 3,
      tier_id: tierIds[1],
      status: 'Not Registered',
      status_key: 'not_registered',
      country: { code: 'GB', name: expect.stringMatching(/^United Kingdom/) },
      has_password: false,
      balance: { balance: 0 },
    });
    const roles = await ctx.deps.database.pool.query(
      'select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1',
      [data.id],
    );
    expect(roles.rows.map((r) => r.name)).toEqual(['Influencer']);
    expect(await auditCount('users.create', data.id)).toBe(1);
  });

  it('edits a user: same rules, own email kept, another user email refused under its field', async () => {
    const other = await ctx.makeUser();
    const created = (await create(validBody())).json().data;
    const body = validBody({ email: created.email, name: 'Edited Name', user_type_id: 1, tier_id: null });
    const ok = await ctx.call('PUT', `/api/admin/users/${created.id}`, { token: superToken, body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Edited Name', user_type_id: 1, tier: null });
    // The default role follows the type.
    const roles = await ctx.deps.database.pool.query(
      'select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1',
      [created.id],
    );
    expect(roles.rows.map((r) => r.name)).toEqual(['Artist']);
    const taken = await ctx.call('PUT', `/api/admin/users/${created.id}`, {
      token: superToken,
      body: { ...body, email: other.email, name: 'Should Not Stick' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['This email is already registered']);
    const after = await ctx.call('GET', `/api/admin/users/${created.id}`, { token: superToken });
    expect(after.json().data.name).toBe('Edited Name');
    const tier = await ctx.call('PUT', `/api/admin/users/${created.id}`, {
      token: superToken,
      body: { ...body, user_type_id: 2, tier_id: null },
    });
    expect(tier.json().errors.tier_id).toEqual(['Tier is required']);
    expect(await auditCount('users.update', created.id)).toBe(1);
  });

  it('needs users.edit to create or edit, and view.main.users.tab.list to read', async () => {
    const u = await ctx.makeUser();
    expect((await create(validBody(), viewerToken)).statusCode).toBe(403);
    expect(
      (await ctx.call('PUT', `/api/admin/users/${u.id}`, { token: viewerToken, body: validBody() }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.call('GET', `/api/admin/users/${u.id}`, { token: viewerToken })).statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/admin/users/${u.id}`)).statusCode).toBe(401);
    const none = await ctx.makeAdmin({ permissions: [] });
    const noneToken = await ctx.loginAdmin(none.email);
    expect((await ctx.call('GET', '/api/admin/users', { token: noneToken })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/admin/users/999999', { token: superToken })).statusCode).toBe(404);
  });
});

describe('users list filters', () => {
  it('filters by name, email, type, status, tier, country and member-since dates', async () => {
    const tag = `flt${Date.now()}`;
    const a = await ctx.makeUser({
      firstName: 'Zed',
      lastName: tag,
      email: `${tag}-a@test.test`,
      userTypeId: 1,
      status: 'pending_approval',
      countryCode: 'FR',
    });
    const b = await ctx.makeUser({
      firstName: 'Yan',
      lastName: tag,
      email: `${tag}-b@test.test`,
      userTypeId: 2,
      tierId: tierIds[2],
      countryCode: 'DE',
      createdAt: new Date('2024-03-10T12:00:00Z'),
    });
    const ids = async (query: string) => {
      const res = await ctx.call('GET', `/api/admin/users?limit=100&${query}`, { token: viewerToken });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { id: number }[])
        .map((u) => u.id)
        .filter((id) => id === a.id || id === b.id);
    };
    expect(await ids(`filter[name]=${tag}`)).toEqual([b.id, a.id]);
    expect(await ids(`filter[email]=${tag}-a`)).toEqual([a.id]);
    expect(await ids(`filter[name]=${tag}&filter[user_type_id]=2`)).toEqual([b.id]);
    expect(await ids(`filter[name]=${tag}&filter[status]=pending_approval`)).toEqual([a.id]);
    expect(await ids(`filter[name]=${tag}&filter[tier_id]=${tierIds[2]}`)).toEqual([b.id]);
    expect(await ids(`filter[name]=${tag}&filter[country_code]=FR`)).toEqual([a.id]);
    expect(await ids(`filter[name]=${tag}&filter[date_from]=2024-03-10&filter[date_to]=2024-03-10`)).toEqual([
      b.id,
    ]);
    expect(await ids(`filter[name]=${tag}&filter[date_to]=2024-03-09`)).toEqual([]);
    const page = await ctx.call('GET', `/api/admin/users?filter[email]=${tag}-a`, { token: viewerToken });
    expect(page.json().data[0]).toMatchObject({
      status: 'Pending For Approval',
      status_key: 'pending_approval',
      user_type: { id: 1, name: 'Artist' },
      country: { code: 'FR', name: 'France' },
    });
    expect(page.json().pagination).toMatchObject({ total: 1, current_page: 1 });
  });

  it('refuses a filter it cannot apply, on the list and its export, in the reader language (never answers every user)', async () => {
    const bad: [string, string, string][] = [
      ['filter[status]=pending_approval,bogus', 'filter[status]', 'قيمة غير صالحة'],
      ['filter[user_type_id]=4', 'filter[user_type_id]', 'قيمة غير صالحة'],
      ['filter[tier_id]=abc', 'filter[tier_id]', 'قيمة غير صالحة'],
      ['filter[country_code]=FRA', 'filter[country_code]', 'يُرجى اختيار دولة صالحة'],
      ['filter[date_from]=2024-02-30', 'filter[date_from]', 'YYYY-MM-DD'],
      ['filter[date_from]=2024-03-10&filter[date_to]=2024-03-09', 'filter[date_to]', 'يجب ألا يسبق'],
    ];
    for (const [query, field, words] of bad) {
      for (const path of ['/api/admin/users', '/api/admin/users/export.csv']) {
        const res = await ctx.call('GET', `${path}?${query}`, {
          token: viewerToken,
          headers: { 'x-lang': 'ar' },
        });
        expect(res.statusCode, `${path}?${query}`).toBe(422);
        expect(JSON.stringify(res.json().errors[field]), `${path}?${query}`).toContain(words);
      }
    }
  });
});

describe('users list totals', () => {
  it('counts a name or e-mail search exactly up to 1,000 matches and answers "about N" above', async () => {
    const tag = `many${Date.now()}`;
    await ctx.deps.database.pool.query(
      `insert into users (user_type_id, first_name, last_name, email, gender, status)
       select 1, 'Many', $1 || 'x' || g, $1 || 'x' || g || '@test.test', 'female', 'approved'
         from generate_series(1, 1050) g`,
      [tag],
    );
    const list = async (query: string) => {
      const res = await ctx.call('GET', `/api/admin/users?limit=10&${query}`, { token: viewerToken });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: unknown[]; pagination: { total: number; total_estimated?: true } };
    };
    // 1,050 matches: the count stops after 1,001 and the total is the planner's estimate, never below.
    for (const query of [`filter[name]=${tag}`, `filter[email]=${tag}`, `q=${tag}`]) {
      const many = await list(query);
      expect(many.pagination.total_estimated).toBe(true);
      expect(many.pagination.total).toBeGreaterThanOrEqual(1_001);
      expect(many.data).toHaveLength(10);
    }
    // x1, x10–x19, x100–x199, x1000–x1050: 162 matches, counted exactly.
    const few = await list(`filter[name]=${tag}x1`);
    expect(few.pagination).toMatchObject({ total: 162, total_pages: 17 });
    expect(few.pagination.total_estimated).toBeUndefined();
  });
});

describe('approve and decline (only while Pending For Approval)', () => {
  it('approves a pending user, tells them in their language, and refuses a second decision', async () => {
    const user = await ctx.makeUser({ status: 'pending_approval', language: 'fr' });
    const res = await ctx.call('POST', `/api/admin/users/${user.id}/approve`, { token: superToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User approved');
    expect(await statusOf(user.id)).toBe('approved');
    expect((await ctx.lastMail(user.email))?.subject).toBe('Votre compte est approuvé');
    const note = await ctx.deps.database.pool.query(
      'select message_key from notifications where user_id = $1',
      [user.id],
    );
    expect(note.rows.map((r) => r.message_key)).toEqual(['user.notify.approved']);
    const again = await ctx.call('POST', `/api/admin/users/${user.id}/decline`, { token: superToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This user is not waiting for approval');
    expect(await statusOf(user.id)).toBe('approved');
    expect(await auditCount('users.approve', user.id)).toBe(1);
  });

  it('declines with a reason mailed to the user', async () => {
    const user = await ctx.makeUser({ status: 'pending_approval' });
    const res = await ctx.call('POST', `/api/admin/users/${user.id}/decline`, {
      token: superToken,
      body: { reason: 'Profile incomplete' },
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(user.id)).toBe('declined');
    const mail = await ctx.lastMail(user.email);
    expect(mail?.subject).toBe('Your account was not approved');
    expect(mail?.text ?? JSON.stringify(mail)).toContain('Reason: Profile incomplete');
  });

  it('refuses approve for every status other than pending', async () => {
    for (const status of ['approved', 'declined', 'not_registered', 'invited', 'disabled']) {
      const user = await ctx.makeUser({ status });
      const res = await ctx.call('POST', `/api/admin/users/${user.id}/approve`, { token: superToken });
      expect(res.statusCode).toBe(409);
      expect(await statusOf(user.id)).toBe(status);
    }
  });

  it('applies exactly one of two concurrent decisions', async () => {
    for (let i = 0; i < 5; i++) {
      const user = await ctx.makeUser({ status: 'pending_approval' });
      const answers = await Promise.all([
        ctx.call('POST', `/api/admin/users/${user.id}/approve`, { token: superToken }),
        ctx.call('POST', `/api/admin/users/${user.id}/decline`, { token: superToken }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]!.statusCode === 200 ? 'approved' : 'declined';
      expect(await statusOf(user.id)).toBe(winner);
      const mails = await ctx.deps.database.pool.query(
        'select count(*) n from mail_outbox where to_address = $1',
        [user.email],
      );
      expect(Number(mails.rows[0].n)).toBe(1);
    }
  });

  it('needs users.edit', async () => {
    const user = await ctx.makeUser({ status: 'pending_approval' });
    expect(
      (await ctx.call('POST', `/api/admin/users/${user.id}/approve`, { token: viewerToken })).statusCode,
    ).toBe(403);
    expect(await statusOf(user.id)).toBe('pending_approval');
  });
});

describe('disable and enable', () => {
  it('disabling revokes every session at once and blocks sign-in', async () => {
    const user = await ctx.makeUser();
    const t1 = await ctx.loginUser(user.email);
    const t2 = await ctx.loginUser(user.email);
    expect((await ctx.call('GET', '/api/user/info', { token: t1 })).statusCode).toBe(200);
    const res = await ctx.call('POST', `/api/admin/users/${user.id}/disable`, { token: superToken });
    expect(res.statusCode).toBe(200);
    for (const token of [t1, t2]) {
      const info = await ctx.call('GET', '/api/user/info', { token });
      expect(info.statusCode).toBe(401);
      expect(info.json().code).toBe('USR_UNAUTHENTICATED');
    }
    const live = await ctx.deps.database.pool.query(
      'select count(*) n from access_tokens where user_id = $1 and revoked_at is null',
      [user.id],
    );
    expect(Number(live.rows[0].n)).toBe(0);
    const login = await ctx.call('POST', '/api/user/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect((await ctx.lastMail(user.email))?.subject).toBe('Your account was disabled');
    expect(
      (await ctx.call('POST', `/api/admin/users/${user.id}/disable`, { token: superToken })).statusCode,
    ).toBe(409);
    expect(await auditCount('users.disable', user.id)).toBe(1);

    const enable = await ctx.call('POST', `/api/admin/users/${user.id}/enable`, { token: superToken });
    expect(enable.statusCode).toBe(200);
    expect(await statusOf(user.id)).toBe('approved');
    expect(
      (await ctx.call('POST', `/api/admin/users/${user.id}/enable`, { token: superToken })).statusCode,
    ).toBe(409);
    expect(await ctx.loginUser(user.email)).toBeTruthy();
  });
});

describe('invite and reset password mails', () => {
  const linkOf = (text: string) => {
    const match = /(http\S+\/user\/reset-password\?\S+)/.exec(text);
    if (!match?.[1]) throw new Error(`no link in ${text}`);
    return new URL(match[1]);
  };
  const mailText = async (to: string) => {
    const mail = await ctx.lastMail(to);
    return { subject: mail?.subject, text: String(mail?.text ?? '') };
  };

  it('invites a Not Registered user, who sets a password through the link and signs in', async () => {
    const created = (await create(validBody({ user_type_id: 1, tier_id: null }))).json().data;
    await ctx.deps.database.pool.query("update users set language = 'de' where id = $1", [created.id]);
    const res = await ctx.call('POST', `/api/admin/users/${created.id}/invite`, { token: superToken });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(created.id)).toBe('invited');
    const mail = await mailText(created.email);
    expect(mail.subject).toBe('Du bist zu Liberty Music eingeladen');
    const link = linkOf(mail.text);
    expect(link.searchParams.get('email')).toBe(created.email);
    // Invited again: the first link dies, the second works.
    await ctx.call('POST', `/api/admin/users/${created.id}/invite`, { token: superToken });
    const second = linkOf((await mailText(created.email)).text);
    const newPassword = 'Fresh-pass-2026';
    const stale = await ctx.call('POST', '/api/user/reset-password', {
      body: {
        email: created.email,
        token: link.searchParams.get('token'),
        password: newPassword,
        password_confirmation: newPassword,
      },
    });
    expect(stale.statusCode).toBe(422);
    const set = await ctx.call('POST', '/api/user/reset-password', {
      body: {
        email: created.email,
        token: second.searchParams.get('token'),
        password: newPassword,
        password_confirmation: newPassword,
      },
    });
    expect(set.statusCode).toBe(200);
    expect(await statusOf(created.id)).toBe('pending_approval');
    expect(await ctx.loginUser(created.email, newPassword)).toBeTruthy();
    // Now registered: no more invitations.
    const again = await ctx.call('POST', `/api/admin/users/${created.id}/invite`, { token: superToken });
    expect(again.statusCode).toBe(409);
    expect(await auditCount('users.invite', created.id)).toBe(2);
  });

  it('invite needs users.show.invite', async () => {
    const created = (await create(validBody({ user_type_id: 1, tier_id: null }))).json().data;
    const editor = await ctx.makeAdmin({ permissions: ['users.edit', 'view.main.users.tab.list'] });
    const token = await ctx.loginAdmin(editor.email);
    expect((await ctx.call('POST', `/api/admin/users/${created.id}/invite`, { token })).statusCode).toBe(403);
    expect(await statusOf(created.id)).toBe('not_registered');
  });

  it('emails a reset link in the user language; not for users without a password', async () => {
    const user = await ctx.makeUser({ language: 'tr' });
    const res = await ctx.call('POST', `/api/admin/users/${user.id}/reset-password`, { token: superToken });
    expect(res.statusCode).toBe(200);
    const mail = await mailText(user.email);
    expect(mail.subject).toBe(
      (await import('@lm/contracts/i18n/index')).translate('tr', 'mail.reset.subject'),
    );
    const link = linkOf(mail.text);
    const check = await ctx.call(
      'GET',
      `/api/check/reset/token?${new URLSearchParams({ token: link.searchParams.get('token')!, email: user.email })}`,
    );
    expect(check.statusCode).toBe(200);
    const resetter = await ctx.makeAdmin({ permissions: ['users.show.reset.password'] });
    const rt = await ctx.loginAdmin(resetter.email);
    expect(
      (await ctx.call('POST', `/api/admin/users/${user.id}/reset-password`, { token: rt })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.call('POST', `/api/admin/users/${user.id}/reset-password`, { token: viewerToken }))
        .statusCode,
    ).toBe(403);
    const fresh = (await create(validBody({ user_type_id: 1, tier_id: null }))).json().data;
    const refused = await ctx.call('POST', `/api/admin/users/${fresh.id}/reset-password`, {
      token: superToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(await ctx.lastMail(fresh.email)).toBeUndefined();
    expect(await auditCount('users.reset_password', user.id)).toBe(2);
  });
});

describe('activities (device, IP, country)', () => {
  const inject = (method: 'GET' | 'POST', url: string, ip: string, body?: object, token?: string) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { 'user-agent': CHROME_MAC, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { payload: body } : {}),
    });

  it('records sign-in and security actions with device, IP and the GeoIP country', async () => {
    const user = await ctx.makeUser();
    const bad = await inject('POST', '/api/user/login', '10.1.2.3', {
      email: user.email,
      password: 'wrong-Pass-1',
    });
    expect(bad.statusCode).toBe(422);
    const login = await inject('POST', '/api/user/login', '81.2.69.160', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token as string;
    const change = await inject(
      'POST',
      '/api/user/reset/password/login',
      '89.160.20.112',
      {
        current_password: TEST_PASSWORD,
        password: 'Other-pass-2026',
        password_confirmation: 'Other-pass-2026',
      },
      token,
    );
    expect(change.statusCode).toBe(200);
    expect((await inject('POST', '/api/user/logout', '81.2.69.160', {}, token)).statusCode).toBe(200);

    const res = await ctx.call('GET', `/api/users/activities/${user.id}`, { token: viewerToken });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as {
      action: string;
      device: string;
      ip: string;
      country: { code: string; name: string } | null;
    }[];
    expect(rows.map((r) => r.action)).toEqual(['logout', 'password_changed', 'login', 'login_failed']);
    expect(rows[2]).toMatchObject({ ip: '81.2.69.160', country: { code: 'GB' } });
    expect(rows[2]!.country!.name).toMatch(/^United Kingdom/);
    expect(rows[2]!.device).toBe('Chrome 120 on macOS 10.15.7');
    expect(rows[1]!.country?.code).toBe('SE');
    // A private address is not in any GeoIP database: unknown.
    expect(rows[3]).toMatchObject({ ip: '10.1.2.3', country: null });
    expect(res.json().pagination.total).toBe(4);
  });

  it('records the country as unknown without a GeoIP database', async () => {
    const { countryOfIp } = await import('../activities/geoip');
    expect(await countryOfIp(undefined, '81.2.69.160')).toBeNull();
    expect(await countryOfIp(path.join(geoDir, 'missing.mmdb'), '81.2.69.160')).toBeNull();
    expect(await countryOfIp(geoDb, '81.2.69.160')).toEqual({ code: 'GB', name: 'United Kingdom' });
    expect(await countryOfIp(geoDb, '::ffff:81.2.69.160')).toEqual({ code: 'GB', name: 'United Kingdom' });
    expect(await countryOfIp(geoDb, 'not-an-ip')).toBeNull();
  });
});

describe('overview tabs (spec section 7 "Admin user overview")', () => {
  it('answers the overview, last five and all campaigns, playlists and connections of a user', async () => {
    const curator = await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
    await seedExpressDemo(ctx.deps.database);
    const playlists = (
      await ctx.deps.database.pool.query('select id from express_playlists order by id')
    ).rows.map((r) => r.id as number);
    const { user: artist, token: artistToken } = await artistWithCoins(ctx, 5000);
    const tracks = ['4uLU6hMCjMI75M1A2tKUQC', '3n3Ppam7vgaVa1iaRUc9Lp', '7ouMYWpwJ422jRcDASZB7P'];
    for (const track of tracks) {
      const res = await ctx.call('POST', '/api/express/artist/campaign/create', {
        token: artistToken,
        body: {
          track_link: `https://open.spotify.com/track/${track}`,
          playlist_ids: playlists.slice(0, 2),
          payment_method: 'coins',
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const get = (url: string) => ctx.call('GET', url, { token: viewerToken });
    const overview = (await get(`/api/admin/users/${artist.id}`)).json().data;
    expect(overview.balance.balance).toBeLessThan(5000);
    expect(overview.user_type).toEqual({ id: 1, name: 'Artist' });

    const lastFive = await get(`/api/artist/campaigns/indexLastFiveForArtist/${artist.id}`);
    expect(lastFive.statusCode).toBe(200);
    const five = lastFive.json().data as { id: number; artist: { id: number } }[];
    expect(five).toHaveLength(5);
    const all = await get(`/api/artist/campaigns/indexAllListByAdminForArtist/${artist.id}?limit=25`);
    expect(all.json().pagination.total).toBe(6);
    expect(five.map((c) => c.id)).toEqual((all.json().data as { id: number }[]).slice(0, 5).map((c) => c.id));
    expect(five.every((c) => c.artist.id === artist.id)).toBe(true);

    const curatorFive = (await get(`/api/curator/campaigns/indexLastFiveForCurator/${curator.id}`)).json()
      .data;
    expect(curatorFive).toHaveLength(5);
    expect((await get(`/api/curator/campaigns/all/${curator.id}`)).json().pagination.total).toBe(6);
    const other = await ctx.makeUser({ userTypeId: 2 });
    expect((await get(`/api/curator/campaigns/all/${other.id}`)).json().pagination.total).toBe(0);
    const lists = (await get(`/api/express/users/all/playlists/${curator.id}`)).json();
    expect(lists.pagination.total).toBe(playlists.length);
    expect((await get(`/api/express/users/all/playlists/${other.id}`)).json().pagination.total).toBe(0);
    const connections = await get(`/api/admin/users/${curator.id}/connections`);
    expect(connections.statusCode).toBe(200);
    expect(Array.isArray(connections.json().data.spotify)).toBe(true);
    expect((await get('/api/artist/campaigns/indexLastFiveForArtist/99999999')).statusCode).toBe(404);
    expect(
      (
        await ctx.call('GET', `/api/artist/campaigns/indexLastFiveForArtist/${artist.id}`, {
          token: artistToken,
        })
      ).statusCode,
    ).toBe(401);
    // The overview's wallet tab reads the wallet module's list of that user's transactions.
    const wallet = await ctx.call('GET', `/api/wallet/admin/transaction/user/${artist.id}`, {
      token: superToken,
    });
    expect(wallet.json().pagination.total).toBeGreaterThanOrEqual(4);
    const summary = await ctx.call('GET', `/api/admin/users/${artist.id}/wallet/summary`, {
      token: superToken,
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data).toEqual({
      balance: overview.balance.balance,
      credits: 5000,
      debits: 5000 - overview.balance.balance,
      transactions: wallet.json().pagination.total,
    });
    expect(
      (await ctx.call('GET', `/api/admin/users/${artist.id}/wallet/summary`, { token: viewerToken }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.call('GET', '/api/admin/users/99999999/wallet/summary', { token: superToken })).statusCode,
    ).toBe(404);
    const count = await ctx.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int n from express_campaigns where artist_id = ${artist.id}`,
    );
    expect(count.rows[0]!.n).toBe(6);
  });
});
