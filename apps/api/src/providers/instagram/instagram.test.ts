import { describe, expect, it } from 'vitest';
import { replayFetch } from '../../test/replay-fetch';
import { InstagramApiError } from './contract';
import { createInstagramProvider, INSTAGRAM_ENDPOINTS } from './instagram';
import errorNotFound from './recorded/error-media-not-found.json' with { type: 'json' };
import errorTokenExpired from './recorded/error-token-expired.json' with { type: 'json' };
import insightsEmpty from './recorded/insights-empty.json' with { type: 'json' };
import insightsReel from './recorded/insights-reel.json' with { type: 'json' };
import meCreator from './recorded/me-creator.json' with { type: 'json' };
import mediaPage from './recorded/media-page.json' with { type: 'json' };
import tokenLong from './recorded/token-long.json' with { type: 'json' };
import tokenRefresh from './recorded/token-refresh.json' with { type: 'json' };
import tokenShort from './recorded/token-short.json' with { type: 'json' };
import tokenShortInvalid from './recorded/token-short-invalid.json' with { type: 'json' };

const client = (fetchImpl?: typeof fetch) =>
  createInstagramProvider({ appId: '990602627938098', appSecret: 'recorded-secret', fetchImpl });
const G = INSTAGRAM_ENDPOINTS.graph;

describe('Instagram provider against recorded responses (Instagram API with Instagram Login)', () => {
  it('builds the Business Login consent URL with the app id, the scopes and the state', () => {
    const url = new URL(client().authorizationUrl('state-xyz', 'http://localhost:3000/instagram/oauth/'));
    expect(`${url.origin}${url.pathname}`).toBe(INSTAGRAM_ENDPOINTS.authorize);
    expect(url.searchParams.get('client_id')).toBe('990602627938098');
    expect(url.searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_manage_insights');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toBe('state-xyz');
  });

  it('exchanges the code (without the "#_" Instagram appends) for the 1-hour token', async () => {
    const { fetchImpl, requests } = replayFetch({
      [INSTAGRAM_ENDPOINTS.shortToken]: { status: 200, body: tokenShort },
    });
    const short = await client(fetchImpl).exchangeCode(
      'AQRecordedCode#_',
      'http://localhost:3000/instagram/oauth/',
    );
    expect(short).toEqual({
      accessToken: 'IGAARecordedShortLivedTokenOne',
      userId: '17841400000000001',
      permissions: ['instagram_business_basic', 'instagram_business_manage_insights'],
    });
    const form = new URLSearchParams(String(requests[0]?.init?.body));
    expect(form.get('code')).toBe('AQRecordedCode');
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('client_secret')).toBe('recorded-secret');
  });

  it('refuses a used code as invalid_grant', async () => {
    const { fetchImpl } = replayFetch({
      [INSTAGRAM_ENDPOINTS.shortToken]: { status: 400, body: tokenShortInvalid },
    });
    const error = await client(fetchImpl)
      .exchangeCode('used', 'http://localhost:3000/instagram/oauth/')
      .catch((e) => e);
    expect(error).toBeInstanceOf(InstagramApiError);
    expect(error.failure).toBe('invalid_grant');
  });

  it('exchanges the 1-hour token for the 60-day one, then refreshes it', async () => {
    const { fetchImpl, requests } = replayFetch({
      [INSTAGRAM_ENDPOINTS.longToken]: { status: 200, body: tokenLong },
      [INSTAGRAM_ENDPOINTS.refresh]: { status: 200, body: tokenRefresh },
    });
    const ig = client(fetchImpl);
    const long = await ig.longLivedToken('IGAARecordedShortLivedTokenOne');
    expect(long).toEqual({ accessToken: 'IGAARecordedLongLivedTokenOne', expiresIn: 5183944 });
    const exchange = new URL(requests[0]!.url);
    expect(exchange.searchParams.get('grant_type')).toBe('ig_exchange_token');
    expect(exchange.searchParams.get('client_secret')).toBe('recorded-secret');
    const refreshed = await ig.refreshToken(long.accessToken);
    expect(refreshed).toEqual({ accessToken: 'IGAARecordedLongLivedTokenTwo', expiresIn: 5184000 });
    const refresh = new URL(requests[1]!.url);
    expect(refresh.searchParams.get('grant_type')).toBe('ig_refresh_token');
    expect(refresh.searchParams.get('access_token')).toBe('IGAARecordedLongLivedTokenOne');
  });

  it('reads the account with its type and follower count from /me', async () => {
    const { fetchImpl, requests } = replayFetch({ [`${G}/me`]: { status: 200, body: meCreator } });
    expect(await client(fetchImpl).me('IGAA')).toEqual({
      userId: '17841400000000001',
      username: 'lina.sings',
      name: 'Lina Sings',
      accountType: 'MEDIA_CREATOR',
      profilePictureUrl: meCreator.profile_picture_url,
      followersCount: 23890,
      mediaCount: 342,
    });
    expect(new URL(requests[0]!.url).searchParams.get('fields')).toContain('account_type');
  });

  it('lists media newest first with the cursor of the next page', async () => {
    const { fetchImpl } = replayFetch({ [`${G}/me/media`]: { status: 200, body: mediaPage } });
    const page = await client(fetchImpl).listMedia('IGAA');
    expect(page.after).toBe('QVFIUmRecordedAfter');
    expect(page.media[0]).toEqual({
      id: '18060000000000001',
      mediaType: 'VIDEO',
      productType: 'REELS',
      permalink: 'https://www.instagram.com/reel/DRecordedOne/',
      caption: 'New reel with this sound',
      postedAt: new Date('2026-11-23T18:20:11Z'),
      thumbnailUrl: 'https://scontent.cdninstagram.com/v/recorded_thumb_1.jpg',
    });
    expect(page.media[1]?.productType).toBe('FEED');
  });

  it('reads a media views, likes, comments and shares in one call; no figure yet is null, not 0', async () => {
    const ok = replayFetch({ [`${G}/18060000000000001/insights`]: { status: 200, body: insightsReel } });
    expect(await client(ok.fetchImpl).mediaInsights('IGAA', '18060000000000001')).toEqual({
      views: 15230,
      likes: 1204,
      comments: 87,
      shares: 41,
    });
    expect(ok.requests).toHaveLength(1);
    expect(new URL(ok.requests[0]!.url).searchParams.get('metric')).toBe('views,likes,comments,shares');
    const empty = replayFetch({ [`${G}/18060000000000001/insights`]: { status: 200, body: insightsEmpty } });
    expect(await client(empty.fetchImpl).mediaInsights('IGAA', '18060000000000001')).toEqual({
      views: null,
      likes: null,
      comments: null,
      shares: null,
    });
  });

  it('reports an expired token and a deleted media by their kinds', async () => {
    const expired = replayFetch({ [`${G}/me`]: { status: 400, body: errorTokenExpired } });
    expect(
      (
        await client(expired.fetchImpl)
          .me('IGAA')
          .catch((e) => e)
      ).failure,
    ).toBe('token_invalid');
    const gone = replayFetch({ [`${G}/18060000000000009/insights`]: { status: 400, body: errorNotFound } });
    expect(
      (
        await client(gone.fetchImpl)
          .mediaInsights('IGAA', '18060000000000009')
          .catch((e) => e)
      ).failure,
    ).toBe('not_found');
  });
});
