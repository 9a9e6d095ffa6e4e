import { SOCIAL_LINK_FORMATS } from '@lm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/harness';

let genreIds: number[] = [];

const ctx = testAppForFile();
beforeAll(async () => {
  genreIds = (
    await ctx.deps.database.pool.query('select id from genres where is_active order by id limit 6')
  ).rows.map((r) => r.id);
});

async function artist() {
  const user = await ctx.makeUser({ userTypeId: 1 });
  return { user, token: await ctx.loginUser(user.email) };
}
const save = (id: number, token: string, body: Record<string, unknown>, lang = 'en') =>
  ctx.call('POST', `/api/user/update-user/${id}`, { token, body, headers: { 'accept-language': lang } });
const stored = async (id: number) =>
  (
    await ctx.deps.database.pool.query(
      `select artist_name, bio, spotify_link, instagram_link, facebook_link, tiktok_link, twitter_link,
              (select count(*)::int from user_genres g where g.user_id = u.id) as genres
         from users u where id = $1`,
      [id],
    )
  ).rows[0];

const complete = {
  artist_name: 'The Night Owls',
  bio: 'Indie pop from Leeds.',
  spotify_link: SOCIAL_LINK_FORMATS.spotify.example,
  instagram_link: 'https://instagram.com/night.owls',
  facebook_link: 'https://www.facebook.com/nightowlsband',
  tiktok_link: 'https://www.tiktok.com/@night.owls',
  twitter_link: 'https://twitter.com/night_owls',
};

describe('the artist profile on user/update-user', () => {
  it('stores artist name, genres, the five links and the bio, and answers them in the session user', async () => {
    const { user, token } = await artist();
    const res = await save(user.id, token, { ...complete, genre_ids: genreIds.slice(0, 5) });
    expect(res.statusCode).toBe(200);
    const profile = res.json().data.profile;
    expect(profile).toMatchObject(complete);
    expect(profile.genres.map((g: { id: number }) => g.id).sort()).toEqual(genreIds.slice(0, 5).sort());
    const info = await ctx.call('GET', '/api/user/info', { token });
    expect(info.json().data.profile.artist_name).toBe('The Night Owls');
    // Staff see it on the user overview.
    const admin = await ctx.makeAdmin();
    const staff = await ctx.call('GET', `/api/admin/users/${user.id}`, {
      token: await ctx.loginAdmin(admin.email),
    });
    expect(staff.json().data).toMatchObject({ artist_name: 'The Night Owls', bio: complete.bio });
    // Blank clears a field; absent fields stay.
    const cleared = await save(user.id, token, { twitter_link: '', genre_ids: [genreIds[0]] });
    expect(cleared.json().data.profile).toMatchObject({ twitter_link: null, artist_name: 'The Night Owls' });
    expect((await stored(user.id)).genres).toBe(1);
  });

  it("refuses a sixth genre with the spec's message and changes nothing", async () => {
    const { user, token } = await artist();
    await save(user.id, token, { artist_name: 'Before', genre_ids: genreIds.slice(0, 2) });
    const res = await save(user.id, token, { artist_name: 'After', genre_ids: genreIds.slice(0, 6) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.genre_ids).toEqual([
      'You have reached the maximum limit for genre selection. Please deselect a genre before selecting a new one.',
    ]);
    expect(await stored(user.id)).toMatchObject({ artist_name: 'Before', genres: 2 });
    const unknown = await save(user.id, token, { genre_ids: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.genre_ids).toEqual(['One of the chosen genres does not exist']);
  });

  it('refuses each link in the wrong format with a translated message naming the expected one', async () => {
    const { user, token } = await artist();
    const wrong: Record<string, string> = {
      spotify_link: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      instagram_link: 'https://www.facebook.com/someone',
      facebook_link: 'facebook.com/page',
      tiktok_link: 'https://www.tiktok.com/nightowls',
      twitter_link: 'https://x.com/this_name_is_far_too_long',
    };
    const res = await save(user.id, token, { artist_name: 'Changed', ...wrong });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(Object.keys(wrong).sort());
    expect(errors.spotify_link![0]).toContain('https://open.spotify.com/artist/');
    expect(errors.tiktok_link![0]).toContain('@');
    expect((await stored(user.id)).artist_name).toBeNull();
    const fr = await save(user.id, token, { twitter_link: 'https://example.com/me' }, 'fr');
    expect(fr.json().errors.twitter_link[0]).toMatch(/^Saisissez le lien de votre profil X/);
    // Every accepted example of the formats is stored as given.
    const ok = await save(user.id, token, {
      spotify_link: 'https://open.spotify.com/intl-fr/artist/0TnOYISbd1XYRBk9myaseg?si=abc',
      twitter_link: 'https://x.com/night_owls',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a bio over 300 characters without cutting it', async () => {
    const { user, token } = await artist();
    const res = await save(user.id, token, { bio: 'a'.repeat(301) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.bio).toEqual(['The bio is too long: at most 300 characters']);
    expect((await stored(user.id)).bio).toBeNull();
    expect((await save(user.id, token, { bio: 'a'.repeat(300) })).statusCode).toBe(200);
  });

  it('keeps at most 5 genres when many saves race', async () => {
    const { user, token } = await artist();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        save(user.id, token, { genre_ids: i % 2 === 0 ? genreIds.slice(0, 5) : genreIds.slice(1, 6) }),
      ),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect((await stored(user.id)).genres).toBe(5);
    // The session user's genres (users.profile_genres, kept by the database) are the stored ones, by name.
    const { rows } = await ctx.deps.database.pool.query(
      'select g.id from user_genres ug join genres g on g.id = ug.genre_id where ug.user_id = $1 order by g.name',
      [user.id],
    );
    const info = await ctx.call('GET', '/api/user/info', { token });
    expect(info.json().data.profile.genres.map((g: { id: number }) => g.id)).toEqual(rows.map((r) => r.id));
  });

  it("the session user's genres follow staff renaming one and go when a genre is deleted, by name", async () => {
    const admin = await ctx.makeAdmin();
    const staff = await ctx.loginAdmin(admin.email);
    const created = async (name: string) =>
      (await ctx.call('POST', '/api/admin/genres', { token: staff, body: { name } })).json().data as {
        id: number;
      };
    const stamp = Date.now().toString(36);
    const [b, m] = [await created(`B ${stamp}`), await created(`M ${stamp}`)];
    const { user, token } = await artist();
    expect((await save(user.id, token, { genre_ids: [b.id, m.id] })).statusCode).toBe(200);
    const genres = async () =>
      (await ctx.call('GET', '/api/user/info', { token })).json().data.profile.genres as {
        id: number;
        name: string;
      }[];
    expect(await genres()).toEqual([
      { id: b.id, name: `B ${stamp}` },
      { id: m.id, name: `M ${stamp}` },
    ]);
    // Renamed to sort after the other: the next read has the new name, in the new order.
    const renamed = await ctx.call('PUT', `/api/admin/genres/${b.id}`, {
      token: staff,
      body: { name: `Z ${stamp}`, is_active: true },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await genres()).toEqual([
      { id: m.id, name: `M ${stamp}` },
      { id: b.id, name: `Z ${stamp}` },
    ]);
    // A genre removed from the catalog (its choices cascade) leaves the session user too.
    await ctx.deps.database.pool.query('delete from genres where id = $1', [m.id]);
    expect(await genres()).toEqual([{ id: b.id, name: `Z ${stamp}` }]);
    // Cleared on the profile: none.
    expect((await save(user.id, token, { genre_ids: [] })).statusCode).toBe(200);
    expect(await genres()).toEqual([]);
  });
});
