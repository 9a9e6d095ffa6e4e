import { describe, expect, it } from 'vitest';
import { consentQuery } from '../../test/consent-url';
import { replayFetch } from '../../test/replay-fetch';
import { createGoogleProvider, GOOGLE_ENDPOINTS } from './google';
import tokenInvalid from './recorded/token-invalid-grant.json' with { type: 'json' };
import tokenOk from './recorded/token-success.json' with { type: 'json' };
import userinfo from './recorded/userinfo.json' with { type: 'json' };

describe('Google OAuth provider against recorded responses', () => {
  it('builds the consent URL with the openid scopes and the state', () => {
    const google = createGoogleProvider('client-123', 'secret');
    const url = google.authorizationUrl('state-xyz', 'http://localhost:3000/oauth');
    expect(consentQuery(url, GOOGLE_ENDPOINTS.authorize)).toMatchObject({
      client_id: 'client-123',
      scope: 'openid email profile',
      state: 'state-xyz',
      response_type: 'code',
    });
  });

  it('exchanges the code and reads the profile', async () => {
    const { fetchImpl, requests } = replayFetch({
      [GOOGLE_ENDPOINTS.token]: { status: 200, body: tokenOk },
      [GOOGLE_ENDPOINTS.userinfo]: { status: 200, body: userinfo },
    });
    const google = createGoogleProvider('client-123', 'secret', fetchImpl);
    const profile = await google.exchangeCode('4/0recorded-code', 'http://localhost:3000/oauth');
    expect(profile).toEqual({
      subject: '110169484474386276334',
      email: 'lena.lyric@gmail.com',
      emailVerified: true,
      firstName: 'Lena',
      lastName: 'Lyric',
      picture: 'https://lh3.googleusercontent.com/a/recorded-picture',
    });
    const form = new URLSearchParams(String(requests[0]?.init?.body));
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code')).toBe('4/0recorded-code');
    expect(form.get('redirect_uri')).toBe('http://localhost:3000/oauth');
    expect((requests[1]!.init!.headers as Record<string, string>).authorization).toBe(
      `Bearer ${tokenOk.access_token}`,
    );
  });

  it('fails on invalid_grant without calling userinfo', async () => {
    const { fetchImpl, requests } = replayFetch({
      [GOOGLE_ENDPOINTS.token]: { status: 400, body: tokenInvalid },
    });
    const google = createGoogleProvider('client-123', 'secret', fetchImpl);
    await expect(google.exchangeCode('used-code', 'http://localhost:3000/oauth')).rejects.toThrow(
      /invalid_grant/,
    );
    expect(requests).toHaveLength(1);
  });
});
