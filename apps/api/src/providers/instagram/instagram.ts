import {
  INSTAGRAM_MEDIA_METRICS,
  INSTAGRAM_SCOPES,
  InstagramApiError,
  type InstagramFailure,
  type InstagramLongToken,
  type InstagramMedia,
  type InstagramProvider,
} from './contract';

/** Graph API version the client calls (pinned: Meta retires versions on a schedule). */
export const INSTAGRAM_GRAPH_VERSION = 'v23.0';

/** Documented endpoints of the Instagram API with Instagram Login. */
export const INSTAGRAM_ENDPOINTS = {
  authorize: 'https://www.instagram.com/oauth/authorize',
  shortToken: 'https://api.instagram.com/oauth/access_token',
  longToken: 'https://graph.instagram.com/access_token',
  refresh: 'https://graph.instagram.com/refresh_access_token',
  graph: `https://graph.instagram.com/${INSTAGRAM_GRAPH_VERSION}`,
} as const;

const ME_FIELDS = 'user_id,username,name,account_type,profile_picture_url,followers_count,media_count';
const MEDIA_FIELDS = 'id,caption,media_type,media_product_type,permalink,timestamp,thumbnail_url';

/** Meta's error envelope. */
interface GraphError {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; fbtrace_id?: string };
  error_type?: string;
  error_message?: string;
  code?: number;
}

/** A Graph error as the product's failure kinds (190: token invalid; 4/17/32/613: rate limits; 100: unknown object). */
function failureOf(status: number, body: GraphError): InstagramFailure {
  const code = body.error?.code ?? body.code;
  if (body.error_type === 'OAuthException' && status === 400 && !body.error) return 'invalid_grant';
  if (code === 190 || status === 401) return 'token_invalid';
  if (code === 4 || code === 17 || code === 32 || code === 613 || status === 429) return 'rate_limited';
  if (code === 100 || status === 404) return 'not_found';
  return 'unavailable';
}

/**
 * Real Instagram client over `fetch` (Instagram API with Instagram Login). The authorization code gives a
 * 1-hour token that is exchanged at once for the 60-day one; the 60-day one is refreshed before it
 * expires. `fetchImpl` lets tests replay recorded responses.
 */
export function createInstagramProvider(options: {
  appId: string;
  appSecret: string;
  fetchImpl?: typeof fetch;
}): InstagramProvider {
  const fetchImpl = options.fetchImpl ?? fetch;

  async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const body = (await res.json().catch(() => ({}))) as T & GraphError;
    if (!res.ok || body.error || body.error_type) {
      const detail = body.error?.message ?? body.error_message ?? String(res.status);
      throw new InstagramApiError(failureOf(res.status, body), `instagram call failed: ${detail}`);
    }
    return body;
  }
  const longToken = (body: { access_token?: string; expires_in?: number }): InstagramLongToken => {
    if (!body.access_token) throw new InstagramApiError('unavailable', 'instagram answered no token');
    return { accessToken: body.access_token, expiresIn: body.expires_in ?? 0 };
  };

  return {
    name: 'instagram',
    authorizationUrl(state, redirectUri, extraScopes = []) {
      const params = new URLSearchParams({
        client_id: options.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: [...INSTAGRAM_SCOPES, ...extraScopes].join(','),
        state,
      });
      return `${INSTAGRAM_ENDPOINTS.authorize}?${params}`;
    },
    async exchangeCode(code, redirectUri) {
      // Instagram appends "#_" to the code in the redirect; it is not part of the code.
      const clean = code.replace(/#_$/, '');
      const body = await call<{
        data?: { access_token: string; user_id: string | number; permissions?: string | string[] }[];
        access_token?: string;
        user_id?: string | number;
        permissions?: string | string[];
      }>(INSTAGRAM_ENDPOINTS.shortToken, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: options.appId,
          client_secret: options.appSecret,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
          code: clean,
        }),
      }).catch((err) => {
        // A refused code answers 400 OAuthException: the grant is bad, not the service.
        if (err instanceof InstagramApiError && err.failure !== 'rate_limited')
          throw new InstagramApiError('invalid_grant', err.message);
        throw err;
      });
      // Business Login answers `{data: [{...}]}`; older apps got the object itself.
      const item = body.data?.[0] ?? body;
      if (!item.access_token || item.user_id === undefined)
        throw new InstagramApiError('invalid_grant', 'instagram answered no token');
      const permissions = item.permissions ?? [];
      return {
        accessToken: item.access_token,
        userId: String(item.user_id),
        permissions: Array.isArray(permissions) ? permissions : permissions.split(',').filter(Boolean),
      };
    },
    async longLivedToken(shortToken) {
      const params = new URLSearchParams({
        grant_type: 'ig_exchange_token',
        client_secret: options.appSecret,
        access_token: shortToken,
      });
      return longToken(await call(`${INSTAGRAM_ENDPOINTS.longToken}?${params}`));
    },
    async refreshToken(token) {
      const params = new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: token });
      return longToken(await call(`${INSTAGRAM_ENDPOINTS.refresh}?${params}`));
    },
    async me(accessToken) {
      const params = new URLSearchParams({ fields: ME_FIELDS, access_token: accessToken });
      const body = await call<{
        id?: string;
        user_id?: string | number;
        username?: string;
        name?: string;
        account_type?: string;
        profile_picture_url?: string;
        followers_count?: number;
        media_count?: number;
      }>(`${INSTAGRAM_ENDPOINTS.graph}/me?${params}`);
      return {
        userId: String(body.user_id ?? body.id ?? ''),
        username: body.username ?? '',
        name: body.name ?? body.username ?? '',
        accountType: body.account_type ?? 'PERSONAL',
        profilePictureUrl: body.profile_picture_url ?? null,
        followersCount: typeof body.followers_count === 'number' ? body.followers_count : null,
        mediaCount: typeof body.media_count === 'number' ? body.media_count : null,
      };
    },
    async listMedia(accessToken, opts = {}) {
      const params = new URLSearchParams({
        fields: MEDIA_FIELDS,
        limit: String(Math.min(opts.limit ?? 25, 100)),
        access_token: accessToken,
        ...(opts.after ? { after: opts.after } : {}),
      });
      const body = await call<{
        data?: {
          id: string;
          caption?: string;
          media_type?: string;
          media_product_type?: string;
          permalink?: string;
          timestamp?: string;
          thumbnail_url?: string;
        }[];
        paging?: { cursors?: { after?: string }; next?: string };
      }>(`${INSTAGRAM_ENDPOINTS.graph}/me/media?${params}`);
      const media: InstagramMedia[] = (body.data ?? []).map((m) => ({
        id: m.id,
        mediaType: m.media_type ?? 'IMAGE',
        productType: m.media_product_type ?? null,
        permalink: m.permalink ?? '',
        caption: m.caption ?? '',
        postedAt: new Date(m.timestamp ?? 0),
        thumbnailUrl: m.thumbnail_url ?? null,
      }));
      // Only a `next` link means there is another page; the cursor alone is also present on the last.
      return { media, after: body.paging?.next ? (body.paging.cursors?.after ?? null) : null };
    },
    async mediaInsights(accessToken, mediaId) {
      if (!/^\d{1,40}$/.test(mediaId)) throw new InstagramApiError('not_found', 'not an Instagram media id');
      const params = new URLSearchParams({
        metric: INSTAGRAM_MEDIA_METRICS.join(','),
        access_token: accessToken,
      });
      const body = await call<{ data?: { name: string; values?: { value: number }[] }[] }>(
        `${INSTAGRAM_ENDPOINTS.graph}/${mediaId}/insights?${params}`,
      );
      const figure = (name: string) => {
        const value = body.data?.find((d) => d.name === name)?.values?.[0]?.value;
        return typeof value === 'number' ? value : null;
      };
      return {
        views: figure('views'),
        likes: figure('likes'),
        comments: figure('comments'),
        shares: figure('shares'),
      };
    },
  };
}
