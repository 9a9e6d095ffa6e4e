import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as data from '../../seed/data';
import { CATALOG_KINDS } from '../../seed/reference';
import { testAppForFile } from '../../test/harness';

const ctx = testAppForFile();

type Item = { id: number; name: string; code?: string };
const get = async (url: string, token?: string) => {
  const res = await ctx.call('GET', url, { token });
  return {
    status: res.statusCode,
    body: res.json() as { data: Item[]; message?: string; errors?: Record<string, string[]> },
  };
};
const names = (items: Item[]) => items.map((i) => i.name);

describe('genres (user/genre/getAllGenresWithQ)', () => {
  const url = '/api/user/genre/getAllGenresWithQ';

  it('answers 40 genres by default (spec section 9), by name, to anyone', async () => {
    const { status, body } = await get(url);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(40);
    expect(Object.keys(body.data[0]!).sort()).toEqual(['id', 'name']);
    const seededFirst = await ctx.deps.database.db.execute<{ name: string }>(
      sql`select name from genres order by name limit 40`,
    );
    expect(names(body.data)).toEqual(seededFirst.rows.map((r) => r.name));
  });

  it('takes a limit up to 100 and refuses more', async () => {
    expect((await get(`${url}?limit=5`)).body.data).toHaveLength(5);
    expect((await get(`${url}?limit=100`)).body.data).toHaveLength(100);
    const tooMany = await get(`${url}?limit=101`);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors?.limit).toHaveLength(1);
    expect((await get(`${url}?limit=0`)).status).toBe(422);
  });

  it('filters by a case-insensitive contains of at least 3 characters', async () => {
    const { status, body } = await get(`${url}?q=HIP`);
    expect(status).toBe(200);
    expect(names(body.data)).toContain('hip-hop');
    expect(names(body.data).every((n) => n.includes('hip'))).toBe(true);
    const rock = await get(`${url}?q=rock&limit=100`);
    expect(names(rock.body.data)).toEqual(
      expect.arrayContaining(['alt-rock', 'hard-rock', 'punk-rock', 'rock', 'rock-n-roll']),
    );
    expect(rock.body.data).toHaveLength(data.GENRES.filter((g) => g.includes('rock')).length);
  });

  it('refuses a search shorter than 3 characters with the spec message', async () => {
    const short = await get(`${url}?q=hi`);
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('Please type at least 3 characters');
    expect(short.body.errors).toEqual({ q: ['Please type at least 3 characters'] });
    const fr = await ctx.call('GET', `${url}?q=h`, { headers: { 'x-lang': 'fr' } });
    expect(fr.statusCode).toBe(422);
    expect(fr.json().message).toBe('Veuillez saisir au moins 3 caractères');
    // An empty or blank search is no search.
    expect((await get(`${url}?q=`)).body.data).toHaveLength(40);
    expect((await get(`${url}?q=%20%20`)).body.data).toHaveLength(40);
  });

  it('takes LIKE wildcards literally', async () => {
    const { status, body } = await get(`${url}?q=${encodeURIComponent('%%%')}`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect((await get(`${url}?q=${encodeURIComponent('h_p')}`)).body.data).toEqual([]);
  });

  it('lists only active genres', async () => {
    await ctx.deps.database.db.execute(sql`update genres set is_active = false where name = 'hip-hop'`);
    expect(names((await get(`${url}?q=hip`)).body.data)).not.toContain('hip-hop');
    await ctx.deps.database.db.execute(sql`update genres set is_active = true where name = 'hip-hop'`);
  });
});

describe('other lookups', () => {
  it('languages carry their ISO 639-1 code and match by name or code', async () => {
    const byCode = await get('/api/language/getAllLanguagesWithQ?q=ar');
    expect(byCode.status).toBe(200);
    expect(byCode.body.data).toContainEqual(expect.objectContaining({ code: 'ar', name: 'Arabic' }));
    const byName = await get('/api/language/getAllLanguagesWithQ?q=arabic');
    expect(byName.body.data.map((l) => [l.code, l.name])).toEqual([['ar', 'Arabic']]);
    const all = await get('/api/language/getAllLanguagesWithQ');
    expect(all.body.data).toHaveLength(20);
    expect(Object.keys(all.body.data[0]!).sort()).toEqual(['code', 'id', 'name']);
    // The whole list in one answer (pickers name them in the reader's language), no more.
    const whole = await get('/api/language/getAllLanguagesWithQ?limit=200');
    expect(whole.body.data).toHaveLength(data.LANGUAGES.length);
    expect((await get('/api/language/getAllLanguagesWithQ?limit=201')).status).toBe(422);
  });

  it('interests answer 20 by default and filter by q', async () => {
    const all = await get('/api/interest/getAllInterestsWithQ');
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(Math.min(20, data.INTERESTS.length));
    const needle = data.INTERESTS[0]!.slice(0, 4).toUpperCase();
    const some = await get(`/api/interest/getAllInterestsWithQ?q=${encodeURIComponent(needle)}&limit=100`);
    expect(some.body.data.length).toBeGreaterThan(0);
    expect(some.body.data.every((i) => i.name.toLowerCase().includes(needle.toLowerCase()))).toBe(true);
  });

  it('tiers are active ones, by name', async () => {
    const { body } = await get('/api/tier/getAllTiersWithQ');
    expect(names(body.data)).toEqual(['Bronze', 'Gold', 'Platinum', 'Silver']);
    await ctx.deps.database.db.execute(sql`update tiers set is_active = false where name = 'Gold'`);
    expect(names((await get('/api/tier/getAllTiersWithQ')).body.data)).toEqual([
      'Bronze',
      'Platinum',
      'Silver',
    ]);
    await ctx.deps.database.db.execute(sql`update tiers set is_active = true where name = 'Gold'`);
    expect(names((await get('/api/tier/getAllTiersWithQ?q=ILV')).body.data)).toEqual(['Silver']);
  });

  it('statuses are listed by name', async () => {
    const { body } = await get('/api/statuses/getAllStatusesWithQ');
    expect(names(body.data)).toEqual(['active', 'closed', 'disabled', 'invite', 'pending']);
    expect(names((await get('/api/statuses/getAllStatusesWithQ?q=VIT')).body.data)).toEqual(['invite']);
  });

  it.each(Object.entries(CATALOG_KINDS))(
    'user/get_%s keeps the catalog order and filters by q',
    async (kind, terms) => {
      const { status, body } = await get(`/api/user/get_${kind}?limit=100`);
      expect(status).toBe(200);
      expect(names(body.data)).toEqual(terms.slice(0, 100));
      expect((await get(`/api/user/get_${kind}`)).body.data).toHaveLength(Math.min(20, terms.length));
      const needle = terms[terms.length - 1]!.toLowerCase();
      const found = await get(`/api/user/get_${kind}?q=${encodeURIComponent(needle)}`);
      expect(names(found.body.data)).toContain(terms[terms.length - 1]);
    },
  );

  it('user types and countries answer everything', async () => {
    const types = await get('/api/user-types');
    expect(types.body.data).toEqual([
      { id: 1, name: 'Artist' },
      { id: 2, name: 'Curator' },
      { id: 3, name: 'Influencer' },
    ]);
    const countries = await ctx.call('GET', '/api/countries');
    const list = countries.json().data as { code: string; name: string }[];
    expect(list).toHaveLength(data.COUNTRIES.length);
    expect(list).toContainEqual({ code: 'FR', name: 'France' });
    const byName = await ctx.deps.database.db.execute<{ name: string }>(
      sql`select name from countries order by name`,
    );
    expect(list.map((c) => c.name)).toEqual(byName.rows.map((r) => r.name));
  });

  it('are open to signed-in users and admins too', async () => {
    const user = await ctx.makeUser();
    const token = await ctx.loginUser(user.email);
    expect(
      (await get('/api/user/genre/getAllGenresWithQ?q=jazz', token)).body.data.map((g) => g.name),
    ).toContain('jazz');
    const admin = await ctx.makeAdmin({ permissions: [] });
    const adminToken = await ctx.loginAdmin(admin.email);
    expect((await get('/api/tier/getAllTiersWithQ', adminToken)).status).toBe(200);
  });
});
