import type { GoogleOAuthProvider, GoogleProfile } from './contract';

/** Documented endpoints of Google's OAuth 2.0 / OpenID Connect. */
export const GOOGLE_ENDPOINTS = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
} as const;

/**
 * Real Google provider: authorization code exchanged at the token endpoint, then the OpenID Connect
 * userinfo endpoint read with the access token. `fetchImpl` lets tests replay recorded responses.
 */
export function createGoogleProvider(
  clientId: string,
  clientSecret: string,
  fetchImpl: typeof fetch = fetch,
): GoogleOAuthProvider {
  return {
    name: 'google',
    authorizationUrl(state, redirectUri) {
      const params = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        prompt: 'select_account',
        access_type: 'online',
      });
      return `${GOOGLE_ENDPOINTS.authorize}?${params}`;
    },
    async exchangeCode(code, redirectUri) {
      const tokenRes = await fetchImpl(GOOGLE_ENDPOINTS.token, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code,
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uri: redirectUri,
          grant_type: 'authorization_code',
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const tokenBody = (await tokenRes.json()) as {
        access_token?: string;
        error?: string;
        error_description?: string;
      };
      if (!tokenRes.ok || !tokenBody.access_token) {
        throw new Error(`google token exchange failed: ${tokenBody.error ?? tokenRes.status}`);
      }
      const infoRes = await fetchImpl(GOOGLE_ENDPOINTS.userinfo, {
        headers: { authorization: `Bearer ${tokenBody.access_token}` },
        signal: AbortSignal.timeout(15_000),
      });
      if (!infoRes.ok) throw new Error(`google userinfo failed: ${infoRes.status}`);
      const info = (await infoRes.json()) as {
        sub: string;
        email?: string;
        email_verified?: boolean;
        given_name?: string;
        family_name?: string;
        name?: string;
        picture?: string;
      };
      if (!info.sub || !info.email) throw new Error('google userinfo has no subject or email');
      const [first, ...rest] = (info.name ?? '').split(' ');
      const profile: GoogleProfile = {
        subject: info.sub,
        email: info.email.toLowerCase(),
        emailVerified: info.email_verified === true,
        firstName: info.given_name ?? first ?? '',
        lastName: info.family_name ?? rest.join(' '),
        picture: info.picture ?? null,
      };
      return profile;
    },
  };
}
