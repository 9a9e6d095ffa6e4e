import { describe, expect, it } from 'vitest';
import { InstagramApiError } from '../instagram/contract';
import { createInstagramFanFinderSource } from './instagram-source';
import discovery from './recorded/business-discovery.json' with { type: 'json' };
import comments from './recorded/comments.json' with { type: 'json' };
import notProfessional from './recorded/error-not-professional.json' with { type: 'json' };
import media from './recorded/media-latest.json' with { type: 'json' };

const AUTH = { accessToken: 'IGAA-recorded' };

/** A fetch that answers `body` with `status` and records the URLs asked. */
function replay(body: unknown, status = 200) {
  const urls: URL[] = [];
  const fetchImpl = (async (input: string | URL) => {
    urls.push(new URL(String(input)));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { urls, source: createInstagramFanFinderSource({ fetchImpl }) };
}

describe('Instagram Fan Finder source (recorded responses)', () => {
  it('says related commenters are not available (no official API; a licensed provider is needed)', () => {
    expect(createInstagramFanFinderSource().relatedCommenters).toBe(false);
  });

  it('reads the own latest posts with the artist token, newest first', async () => {
    const { urls, source } = replay(media);
    const posts = await source.latestPosts('Artist.One', 6, AUTH);
    expect(urls[0]!.pathname).toBe('/v23.0/me/media');
    expect(urls[0]!.searchParams.get('limit')).toBe('6');
    expect(urls[0]!.searchParams.get('access_token')).toBe(AUTH.accessToken);
    expect(posts.map((p) => p.id)).toEqual(['18070000000000001', '18070000000000002']);
    expect(posts[0]).toMatchObject({
      username: 'artist.one',
      permalink: 'https://www.instagram.com/p/DRecordedFan1/',
    });
    expect(posts[0]!.postedAt.toISOString()).toBe('2026-11-22T17:05:00.000Z');
  });

  it('reads up to 50 comments of a post, usernames in lower case, from `from` when `username` is absent', async () => {
    const { urls, source } = replay(comments);
    const post = (await replay(media).source.latestPosts('a', 6, AUTH))[0]!;
    const list = await source.comments(post, 50, AUTH);
    expect(urls[0]!.pathname).toBe('/v23.0/18070000000000001/comments');
    expect(urls[0]!.searchParams.get('limit')).toBe('50');
    expect(list.map((c) => [c.username, c.text])).toEqual([
      ['nora.listens', 'This chorus lives in my head'],
      ['beat_hunter', '🔥🔥🔥'],
    ]);
  });

  it('reads public counts through business discovery; an unknown or personal account is null', async () => {
    const ok = replay(discovery);
    expect(await ok.source.profile('Related.Artist', AUTH)).toEqual({
      username: 'related.artist',
      followers: 48213,
      mediaCount: 312,
    });
    expect(ok.urls[0]!.searchParams.get('fields')).toContain('business_discovery.username(related.artist)');
    expect(await replay(notProfessional, 400).source.profile('someone', AUTH)).toBeNull();
    expect(await replay(discovery).source.profile('bad name!', AUTH)).toBeNull();
  });

  it('throws a typed error on an expired token', async () => {
    const expired = {
      error: { message: 'Error validating access token', type: 'OAuthException', code: 190 },
    };
    await expect(replay(expired, 400).source.latestPosts('a', 6, AUTH)).rejects.toBeInstanceOf(
      InstagramApiError,
    );
  });
});
