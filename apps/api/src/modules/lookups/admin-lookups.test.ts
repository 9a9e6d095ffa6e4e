import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { PNG, uploadFile } from '../../test/uploads';

let token: string;
const ctx = adminTestAppForFile(
  (signedIn) => {
    ({ token } = signedIn);
  },
  { permissions: ['view.main.genres.tab.list'] },
);

type Entry = { id: number; name: string; is_active: boolean; usage: number; description?: string | null };
const call = (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  ctx.call(method, url, { token, body, headers });
const count = async (table: string) =>
  (await ctx.deps.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))
    .rows[0]!.n;
const auditCount = async (action: string) =>
  (
    await ctx.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where action = ${action}`,
    )
  ).rows[0]!.n;

/** Upload `bytes` as the staff member of `token`; answers the stored key. */
const upload = (bytes: Buffer, filename: string) => uploadFile(ctx, token, bytes, filename);

describe('lookup screens access', () => {
  it('need view.main.genres.tab.list; user/slider is public', async () => {
    const other = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] })).email,
    );
    for (const url of [
      '/api/admin/genres',
      '/api/admin/interests',
      '/api/admin/tiers',
      '/api/admin/user-types',
      '/api/admin/sliders',
    ]) {
      expect((await ctx.call('GET', url, { token: other })).statusCode, url).toBe(403);
      expect((await ctx.call('GET', url)).statusCode, url).toBe(401);
    }
    expect((await ctx.call('GET', '/api/user/slider')).statusCode).toBe(200);
  });
});

describe.each(['genres', 'interests', 'tiers'] as const)('%s CRUD', (kind) => {
  it('creates, lists, renames, retires and deletes, each audited', async () => {
    const name = `Test ${kind} entry`;
    const created = await call('POST', `/api/admin/${kind}`, {
      name,
      ...(kind === 'tiers' ? { description: 'Up to 1,000 followers' } : {}),
    });
    expect(created.statusCode).toBe(201);
    const entry = created.json().data as Entry;
    expect(entry).toMatchObject({ name, is_active: true, usage: 0 });
    if (kind === 'tiers') expect(entry.description).toBe('Up to 1,000 followers');
    const listed = await call('GET', `/api/admin/${kind}?q=${encodeURIComponent(name)}`);
    expect((listed.json().data as Entry[]).map((e) => e.id)).toEqual([entry.id]);

    const retired = await call('PUT', `/api/admin/${kind}/${entry.id}`, {
      name: `${name} 2`,
      is_active: false,
    });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().data).toMatchObject({ name: `${name} 2`, is_active: false });
    const picker = {
      genres: '/api/user/genre/getAllGenresWithQ?q=',
      interests: '/api/interest/getAllInterestsWithQ?q=',
      tiers: '/api/tier/getAllTiersWithQ?q=',
    }[kind];
    const visible = await ctx.call('GET', `${picker}${encodeURIComponent(`${name} 2`)}`);
    expect(visible.json().data).toEqual([]);

    expect((await call('DELETE', `/api/admin/${kind}/${entry.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/${kind}/${entry.id}`)).statusCode).toBe(404);
    expect(await auditCount('lookups.create')).toBeGreaterThan(0);
    expect(await auditCount('lookups.delete')).toBeGreaterThan(0);
  });

  it('refuses a taken name (any case) and an empty name, changing nothing', async () => {
    const name = `Unique ${kind}`;
    expect((await call('POST', `/api/admin/${kind}`, { name })).statusCode).toBe(201);
    const rows = await count(kind);
    const clash = await call('POST', `/api/admin/${kind}`, { name: name.toUpperCase() }, { 'x-lang': 'ar' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.name[0]).toBe('يوجد إدخال بهذا الاسم بالفعل');
    const empty = await call('POST', `/api/admin/${kind}`, { name: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name[0]).toBe('Field is required');
    expect(await count(kind)).toBe(rows);
  });
});

describe('entries in use', () => {
  it('a genre users chose cannot be deleted, only retired; a tier users hold neither', async () => {
    const genre = (await call('POST', '/api/admin/genres', { name: 'Used genre' })).json().data as Entry;
    const user = await ctx.makeUser();
    await ctx.deps.database.db.execute(
      sql`insert into user_genres (user_id, genre_id) values (${user.id}, ${genre.id})`,
    );
    const res = await call('DELETE', `/api/admin/genres/${genre.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('1 record uses this entry. Make it inactive instead');
    expect(
      (await ctx.deps.database.db.execute(sql`select 1 from user_genres where genre_id = ${genre.id}`)).rows,
    ).toHaveLength(1);

    const tier = (await call('POST', '/api/admin/tiers', { name: 'Used tier' })).json().data as Entry;
    await ctx.makeUser({ userTypeId: 2, tierId: tier.id });
    expect((await call('DELETE', `/api/admin/tiers/${tier.id}`)).statusCode).toBe(409);
    const listed = (await call('GET', '/api/admin/tiers?q=Used%20tier')).json().data as Entry[];
    expect(listed[0]?.usage).toBe(1);
  });
});

describe('user types', () => {
  it('lists 1 artist, 2 curator, 3 influencer with user counts; renames only', async () => {
    const res = await call('GET', '/api/admin/user-types');
    expect((res.json().data as { id: number }[]).map((t) => t.id)).toEqual([1, 2, 3]);
    const renamed = await call('PUT', '/api/admin/user-types/3', { name: 'Influencer' });
    expect(renamed.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user-types')).json().data[2]).toEqual({ id: 3, name: 'Influencer' });
    expect((await call('PUT', '/api/admin/user-types/9', { name: 'Robot' })).statusCode).toBe(404);
    const clash = await call('PUT', '/api/admin/user-types/3', { name: 'artist' });
    expect(clash.statusCode).toBe(422);
    expect((await call('POST', '/api/admin/user-types', { name: 'Robot' })).statusCode).toBe(404);
  });
});

describe('sliders', () => {
  it('need an uploaded image; user/slider shows the active ones by position', async () => {
    const image = await upload(PNG, 'banner.png');
    const pdf = await upload(
      Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
      'doc.pdf',
    );
    const before = await count('sliders');
    const notImage = await call('POST', '/api/admin/sliders', { image: pdf, position: 1 });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.image[0]).toBe('Please upload a PNG, JPEG or GIF image');
    const badLink = await call('POST', '/api/admin/sliders', { image, link: 'javascript:alert(1)' });
    expect(badLink.statusCode).toBe(422);
    expect(await count('sliders')).toBe(before);

    const second = (await call('POST', '/api/admin/sliders', { image, title: 'Second', position: 2 })).json()
      .data;
    const first = (
      await call('POST', '/api/admin/sliders', {
        image,
        title: 'First',
        position: 1,
        link: 'https://example.com/a',
      })
    ).json().data;
    const hidden = (
      await call('POST', '/api/admin/sliders', { image, title: 'Hidden', position: 0, is_active: false })
    ).json().data;
    const pub = (await ctx.call('GET', '/api/user/slider')).json().data as {
      id: number;
      image_url: string;
    }[];
    expect(pub.map((s) => s.id)).toEqual([first.id, second.id]);
    expect(pub[0]?.image_url).toContain(image);
    expect(
      (await call('PUT', `/api/admin/sliders/${hidden.id}`, { image, title: 'Shown', position: 0 }))
        .statusCode,
    ).toBe(200);
    expect(((await ctx.call('GET', '/api/user/slider')).json().data as { id: number }[])[0]?.id).toBe(
      hidden.id,
    );
    expect((await call('DELETE', `/api/admin/sliders/${hidden.id}`)).statusCode).toBe(200);
    expect(await auditCount('sliders.delete')).toBe(1);
  });
});
