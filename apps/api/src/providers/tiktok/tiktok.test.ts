import { describe, expect, it } from 'vitest';
import { replayFetch } from '../../test/replay-fetch';
import { TikTokApiError } from './contract';
import errorTokenInvalid from './recorded/error-token-invalid.json' with { type: 'json' };
import oembed from './recorded/oembed.json' with { type: 'json' };
import tokenCode from './recorded/token-authorization-code.json' with { type: 'json' };
import tokenInvalid from './recorded/token-invalid-grant.json' with { type: 'json' };
import tokenRefresh from './recorded/token-refresh.json' with { type: 'json' };
import userInfo from './recorded/user-info.json' with { type: 'json' };
import videoList from './recorded/video-list.json' with { type: 'json' };
import videoQuery from './recorded/video-query.json' with { type: 'json' };
import { createTikTokProvider, musicIdInEmbed, soundInEmbed, TIKTOK_ENDPOINTS } from './tiktok';

const client = (fetchImpl?: typeof fetch) =>
  createTikTokProvider({ clientKey: 'awrecordedclientkey', clientSecret: 'recorded-secret', fetchImpl });

describe('TikTok provider against recorded responses (Login Kit v2, Display API)', () => {
  it('builds the consent URL with the client key, the scopes the product needs and the state', () => {
    const url = new URL(client().authorizationUrl('state-xyz', 'http://localhost:3000/tiktok/callback/'));
    expect(`${url.origin}${url.pathname}`).toBe(TIKTOK_ENDPOINTS.authorize);
    expect(url.searchParams.get('client_key')).toBe('awrecordedclientkey');
    expect(url.searchParams.get('scope')).toBe(
      'user.info.basic,user.info.profile,user.info.stats,video.list',
    );
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toBe('state-xyz');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/tiktok/callback/');
  });

  it('exchanges the code as a form post and reads the lifetimes from the answer', async () => {
    const { fetchImpl, requests } = replayFetch({
      [TIKTOK_ENDPOINTS.token]: { status: 200, body: tokenCode },
    });
    const tokens = await client(fetchImpl).exchangeCode(
      'recorded-code',
      'http://localhost:3000/tiktok/callback/',
    );
    expect(tokens).toEqual({
      openId: tokenCode.open_id,
      accessToken: tokenCode.access_token,
      expiresIn: 7200,
      refreshToken: tokenCode.refresh_token,
      refreshExpiresIn: 15552000,
      scopes: ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.list'],
    });
    const form = new URLSearchParams(String(requests[0]?.init?.body));
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('client_key')).toBe('awrecordedclientkey');
    expect(form.get('code')).toBe('recorded-code');
    expect(form.get('redirect_uri')).toBe('http://localhost:3000/tiktok/callback/');
  });

  it('refreshes with the latest refresh token and hands back the rotated one', async () => {
    const { fetchImpl, requests } = replayFetch({
      [TIKTOK_ENDPOINTS.token]: { status: 200, body: tokenRefresh },
    });
    const tokens = await client(fetchImpl).refresh(tokenCode.refresh_token);
    const form = new URLSearchParams(String(requests[0]?.init?.body));
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe(tokenCode.refresh_token);
    // The answer's refresh token replaces the one sent (rotation): the caller must keep the new one.
    expect(tokens.refreshToken).toBe(tokenRefresh.refresh_token);
    expect(tokens.refreshToken).not.toBe(tokenCode.refresh_token);
    expect(tokens.accessToken).toBe(tokenRefresh.access_token);
  });

  it('fails an expired or reused grant as invalid_grant', async () => {
    const { fetchImpl } = replayFetch({ [TIKTOK_ENDPOINTS.token]: { status: 400, body: tokenInvalid } });
    const error = await client(fetchImpl)
      .refresh('rft.used')
      .catch((e) => e);
    expect(error).toBeInstanceOf(TikTokApiError);
    expect(error.failure).toBe('invalid_grant');
  });

  it('reads the profile with its follower count through /v2/user/info/', async () => {
    const { fetchImpl, requests } = replayFetch({
      [TIKTOK_ENDPOINTS.userInfo]: { status: 200, body: userInfo },
    });
    const user = await client(fetchImpl).userInfo('act.recorded');
    expect(user).toEqual({
      openId: '-000QA6p1Fq3mQxYkZ8nVuWRecorded',
      unionId: 'c9f0a1b2-recorded-union-id',
      username: 'nina.moves',
      displayName: 'Nina Moves',
      avatarUrl: userInfo.data.user.avatar_url,
      bio: 'Dance covers of new songs. Collabs by DM.',
      isVerified: false,
      followerCount: 48210,
      videoCount: 187,
      likesCount: 1203344,
    });
    const url = new URL(requests[0]!.url);
    expect(url.searchParams.get('fields')).toContain('follower_count');
    expect(url.searchParams.get('fields')).toContain('bio_description');
    expect((requests[0]!.init!.headers as Record<string, string>).authorization).toBe('Bearer act.recorded');
  });

  it('lists videos newest first with the cursor of the next page', async () => {
    const { fetchImpl, requests } = replayFetch({
      [TIKTOK_ENDPOINTS.videoList]: { status: 200, body: videoList },
    });
    const page = await client(fetchImpl).listVideos('act.recorded', { cursor: 1763900000000 });
    expect(page.hasMore).toBe(true);
    expect(page.cursor).toBe(1763516400000);
    expect(page.videos.map((v) => v.id)).toEqual(['7575000000000000001', '7573500000000000002']);
    expect(page.videos[0]).toMatchObject({
      createdAt: new Date(1763862000 * 1000),
      shareUrl: 'https://www.tiktok.com/@nina.moves/video/7575000000000000001',
      viewCount: 61250,
      durationSeconds: 21,
    });
    expect(requests[0]!.init!.method).toBe('POST');
    expect(JSON.parse(String(requests[0]!.init!.body))).toEqual({ max_count: 20, cursor: 1763900000000 });
  });

  it('queries chosen videos by id; a video missing from the answer is gone', async () => {
    const { fetchImpl, requests } = replayFetch({
      [TIKTOK_ENDPOINTS.videoQuery]: { status: 200, body: videoQuery },
    });
    const videos = await client(fetchImpl).queryVideos('act.recorded', [
      '7575000000000000001',
      '7573500000000000002',
    ]);
    expect(videos.map((v) => [v.id, v.viewCount])).toEqual([['7575000000000000001', 64018]]);
    expect(JSON.parse(String(requests[0]!.init!.body))).toEqual({
      filters: { video_ids: ['7575000000000000001', '7573500000000000002'] },
    });
  });

  it('reports an invalid access token as token_invalid', async () => {
    const { fetchImpl } = replayFetch({
      [TIKTOK_ENDPOINTS.userInfo]: { status: 401, body: errorTokenInvalid },
    });
    const error = await client(fetchImpl)
      .userInfo('act.dead')
      .catch((e) => e);
    expect(error).toBeInstanceOf(TikTokApiError);
    expect(error.failure).toBe('token_invalid');
  });

  /** A public video of the recorded oEmbed answer, as the video list reads it. */
  const video = {
    id: '6718335390845095173',
    createdAt: new Date(0),
    shareUrl: 'https://www.tiktok.com/@scout2015/video/6718335390845095173',
    embedLink: null,
    title: '',
    description: '',
    coverImageUrl: null,
    durationSeconds: null,
    viewCount: null,
    likeCount: null,
    commentCount: null,
    shareCount: null,
  };

  it("reads the sound a video uses from its embed's /music/ link, null when it cannot", async () => {
    const { fetchImpl, requests } = replayFetch({ [TIKTOK_ENDPOINTS.oembed]: oembed });
    expect(await client(fetchImpl).soundOf(video)).toBe('6689804660171082501');
    expect(new URL(requests[0]!.url).searchParams.get('url')).toBe(video.shareUrl);
    const missing = replayFetch({
      [TIKTOK_ENDPOINTS.oembed]: { status: 400, body: { code: 400, message: 'Something went wrong' } },
    });
    expect(await client(missing.fetchImpl).soundOf(video)).toBeNull();
    expect(await client(replayFetch({}).fetchImpl).soundOf(video)).toBeNull();
    expect(musicIdInEmbed('<a href="https://www.tiktok.com/music/7301234567890123456">x</a>')).toBe(
      '7301234567890123456',
    );
    expect(musicIdInEmbed('<a href="https://www.tiktok.com/tag/fyp">#fyp</a>')).toBeNull();
  });

  it("reads a video's sound with its link and title from the recorded oEmbed answer", async () => {
    const { fetchImpl } = replayFetch({ [TIKTOK_ENDPOINTS.oembed]: oembed });
    expect(await client(fetchImpl).videoSound(video)).toEqual({
      id: '6689804660171082501',
      url: 'https://www.tiktok.com/music/original-sound-6689804660171082501',
      title: 'original sound - 𝐇𝐚𝐧𝐧𝐚𝐡',
    });
    // A refused or unreachable embed is an unknown sound, not an error.
    const refused = replayFetch({ [TIKTOK_ENDPOINTS.oembed]: { status: 400, body: { code: 400 } } });
    expect(await client(refused.fetchImpl).videoSound(video)).toBeNull();
    expect(await client(replayFetch({}).fetchImpl).videoSound({ ...video, shareUrl: '' })).toBeNull();
    expect(soundInEmbed('<a href="https://www.tiktok.com/tag/fyp">#fyp</a>')).toBeNull();
    expect(
      soundInEmbed(
        '<a title="x" href="https://www.tiktok.com/music/7301234567890123456">♬ Rock &amp; Roll</a>',
      ),
    ).toEqual({
      id: '7301234567890123456',
      url: 'https://www.tiktok.com/music/7301234567890123456',
      title: 'Rock & Roll',
    });
  });
});
