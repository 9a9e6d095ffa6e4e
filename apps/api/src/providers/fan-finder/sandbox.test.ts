import { describe, expect, it } from 'vitest';
import { createSandboxFanFinderSource } from './sandbox';

const AUTH = { accessToken: 'sandbox' };
const now = () => new Date('2026-11-24T10:00:00Z');

describe('sandbox Fan Finder source', () => {
  it('answers the same posts and commenters for any username, every time', async () => {
    const a = createSandboxFanFinderSource(now);
    const b = createSandboxFanFinderSource(now);
    const postsA = await a.latestPosts('Some.Artist', 6, AUTH);
    const postsB = await b.latestPosts('some.artist', 6, AUTH);
    expect(postsA).toEqual(postsB);
    expect(postsA).toHaveLength(6);
    expect(postsA.map((p) => p.postedAt.getTime())).toEqual(
      [...postsA.map((p) => p.postedAt.getTime())].sort((x, y) => y - x),
    );
    const commentsA = await a.comments(postsA[0]!, 50, AUTH);
    expect(await b.comments(postsB[0]!, 50, AUTH)).toEqual(commentsA);
    expect(commentsA.length).toBeGreaterThanOrEqual(10);
    expect(commentsA.length).toBeLessThanOrEqual(50);
  });

  it('honours the limits (6 posts, up to 50 comments) and differs between usernames', async () => {
    const s = createSandboxFanFinderSource(now);
    const posts = await s.latestPosts('x', 6, AUTH);
    for (const p of posts) expect((await s.comments(p, 5, AUTH)).length).toBeLessThanOrEqual(5);
    const other = await s.latestPosts('y', 6, AUTH);
    expect(other[0]!.id).not.toBe(posts[0]!.id);
  });

  it('an artist and a related artist share some commenters (one pool)', async () => {
    const s = createSandboxFanFinderSource(now);
    const fansOf = async (u: string) => {
      const set = new Set<string>();
      for (const p of await s.latestPosts(u, 6, AUTH))
        for (const c of await s.comments(p, 50, AUTH)) set.add(c.username);
      return set;
    };
    const own = await fansOf('artist.one');
    const related = await fansOf('artist.two');
    expect([...own].some((f) => related.has(f))).toBe(true);
  });
});
