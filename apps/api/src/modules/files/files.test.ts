import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/harness';
import { PDF, PNG, uploadFile } from '../../test/uploads';
import { users } from '../accounts/accounts.schema';

/**
 * Image fields take only files stored through `file/upload`: a user's avatar is a
 * jpg/png that user uploaded; a link to another site is refused and never shown to staff.
 */
const ctx = testAppForFile();

/** Upload `bytes` as `token`'s caller; answers the stored key. */
const upload = (token: string, bytes: Buffer, name: string) => uploadFile(ctx, token, bytes, name);

const avatarOf = async (id: number) =>
  (await ctx.deps.database.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, id)))[0]
    ?.avatar;

describe('a user avatar (user/update-user)', () => {
  it('refuses a link to another site with a translated message and keeps the avatar', async () => {
    const me = await ctx.makeUser();
    const token = await ctx.loginUser(me.email);
    for (const [lang, text] of [
      ['en', 'Please upload the image here: links to other sites are not accepted'],
      ['ar', 'يرجى رفع الصورة هنا: لا تُقبل الروابط إلى مواقع أخرى'],
    ] as const) {
      const res = await ctx.call('POST', `/api/user/update-user/${me.id}`, {
        token,
        headers: { 'accept-language': lang },
        body: { avatar: 'https://tracker.example/p.png' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.avatar).toEqual([text]);
    }
    expect(await avatarOf(me.id)).toBeNull();
  });

  it("takes the user's own jpg/png upload, and neither someone else's nor a PDF", async () => {
    const me = await ctx.makeUser();
    const other = await ctx.makeUser();
    const token = await ctx.loginUser(me.email);
    const otherToken = await ctx.loginUser(other.email);
    const mine = await upload(token, PNG, 'me.png');
    const theirs = await upload(otherToken, PNG, 'them.png');
    const pdf = await upload(token, PDF, 'cv.pdf');

    const stolen = await ctx.call('POST', `/api/user/update-user/${me.id}`, {
      token,
      body: { avatar: theirs },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors.avatar).toEqual([
      'This file was not found among your uploads. Please upload it again',
    ]);
    const document = await ctx.call('POST', `/api/user/update-user/${me.id}`, {
      token,
      body: { avatar: pdf },
    });
    expect(document.statusCode).toBe(422);
    expect(document.json().errors.avatar).toEqual(['The image must be a jpg, jpeg or png file']);
    expect(await avatarOf(me.id)).toBeNull();

    const ok = await ctx.call('POST', `/api/user/update-user/${me.id}`, { token, body: { avatar: mine } });
    expect(ok.statusCode).toBe(200);
    expect(await avatarOf(me.id)).toBe(mine);
    // Saving the profile again with the same avatar needs no new upload; null removes it.
    const again = await ctx.call('POST', `/api/user/update-user/${me.id}`, {
      token,
      body: { avatar: mine, first_name: 'Same' },
    });
    expect(again.statusCode).toBe(200);
    const removed = await ctx.call('POST', `/api/user/update-user/${me.id}`, {
      token,
      body: { avatar: null },
    });
    expect(removed.statusCode).toBe(200);
    expect(await avatarOf(me.id)).toBeNull();
  });
});

describe('what staff browsers load', () => {
  it('the user overview shows no image for a link saved before the rule, and shows an upload', async () => {
    const legacy = await ctx.makeUser({ avatar: 'https://tracker.example/p.png' });
    const admin = await ctx.makeAdmin();
    const token = await ctx.loginAdmin(admin.email);
    const overview = await ctx.call('GET', `/api/admin/users/${legacy.id}`, { token });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().data.image).toBeNull();
    expect(JSON.stringify(overview.json())).not.toContain('tracker.example');
    const list = await ctx.call(
      'GET',
      `/api/admin/users?page=1&limit=100&q=${encodeURIComponent(legacy.email)}`,
      {
        token,
      },
    );
    expect(JSON.stringify(list.json())).not.toContain('tracker.example');

    const me = await ctx.makeUser();
    const key = await upload(await ctx.loginUser(me.email), PNG, 'me.png');
    await ctx.call('POST', `/api/user/update-user/${me.id}`, {
      token: await ctx.loginUser(me.email),
      body: { avatar: key },
    });
    const shown = await ctx.call('GET', `/api/admin/users/${me.id}`, { token });
    expect(shown.json().data.image).toContain(key);
  });
});
