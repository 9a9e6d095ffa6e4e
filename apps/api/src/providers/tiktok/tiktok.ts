import {
  TIKTOK_PAGE_SIZE,
  TIKTOK_SCOPES,
  TikTokApiError,
  type TikTokFailure,
  type TikTokProvider,
  type TikTokSound,
  type TikTokTokens,
  type TikTokUser,
  type TikTokVideo,
} from './contract';

/** Documented endpoints of TikTok Login Kit v2 and the Display API. */
export const TIKTOK_ENDPOINTS = {
  authorize: 'https://www.tiktok.com/v2/auth/authorize/',
  token: 'https://open.tiktokapis.com/v2/oauth/token/',
  userInfo: 'https://open.tiktokapis.com/v2/user/info/',
  videoList: 'https://open.tiktokapis.com/v2/video/list/',
  videoQuery: 'https://open.tiktokapis.com/v2/video/query/',
  /** The public embed (oEmbed) of a video: its HTML links the sound used (`/music/<slug>-<id>`). */
  oembed: 'https://www.tiktok.com/oembed',
} as const;

/** The first `/music/` id linked from an embed's HTML, or null. */
export function musicIdInEmbed(html: string): string | null {
  const m = /tiktok\.com\/music\/(?:[^"'?#\s<>]*-)?(\d{5,30})(?=["'?#\s/<]|$)/.exec(html);
  return m ? m[1]! : null;
}

const SOUND_ANCHOR =
  /<a\b[^>]*href="(https:\/\/www\.tiktok\.com\/music\/(?:[^"'?#\s<>]*-)?(\d{5,30}))(?:[?#][^"]*)?"[^>]*>([^<]*)<\/a>/;

/**
 * The sound an embed's HTML links (`<a href="https://www.tiktok.com/music/<slug>-<id>?refer=embed">♬ title</a>`):
 * its id, its link without the query and its title without the note sign; null when it links none.
 */
export function soundInEmbed(html: string): TikTokSound | null {
  const m = SOUND_ANCHOR.exec(html);
  if (!m) return null;
  const title = decodeEntities(m[3]!)
    .replace(/^\s*♬\s*/, '')
    .trim();
  return { id: m[2]!, url: m[1]!, title: title ? title.slice(0, 300) : null };
}

/** The few entities an embed's text carries. */
function decodeEntities(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const USER_FIELDS =
  'open_id,union_id,avatar_url,display_name,bio_description,username,is_verified,follower_count,video_count,likes_count';
const VIDEO_FIELDS =
  'id,create_time,share_url,embed_link,title,video_description,cover_image_url,duration,view_count,like_count,comment_count,share_count';

interface TokenAnswer {
  open_id?: string;
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}
/** The `error` object every Display API answer carries (`code: "ok"` on success). */
interface ApiError {
  code?: string;
  message?: string;
  log_id?: string;
}
interface RawVideo {
  id: string;
  create_time?: number;
  share_url?: string;
  embed_link?: string;
  title?: string;
  video_description?: string;
  cover_image_url?: string;
  duration?: number;
  view_count?: number;
  like_count?: number;
  comment_count?: number;
  share_count?: number;
}

/** A Display API error code as the product's failure kinds. */
function failureOf(status: number, code: string | undefined): TikTokFailure {
  if (code === 'access_token_invalid' || status === 401) return 'token_invalid';
  if (code === 'scope_not_authorized' || code === 'scope_permission_missed') return 'scope_missing';
  if (code === 'rate_limit_exceeded' || status === 429) return 'rate_limited';
  return 'unavailable';
}

const num = (v: number | undefined): number | null => (typeof v === 'number' ? v : null);

function toVideo(v: RawVideo): TikTokVideo {
  return {
    id: v.id,
    createdAt: new Date((v.create_time ?? 0) * 1000),
    shareUrl: v.share_url ?? '',
    embedLink: v.embed_link ?? null,
    title: v.title ?? '',
    description: v.video_description ?? '',
    coverImageUrl: v.cover_image_url ?? null,
    durationSeconds: num(v.duration),
    viewCount: num(v.view_count),
    likeCount: num(v.like_count),
    commentCount: num(v.comment_count),
    shareCount: num(v.share_count),
  };
}

/**
 * Real TikTok client over `fetch` (Login Kit v2 + Display API). Token lifetimes are read from each
 * answer (`expires_in`, `refresh_expires_in`), never assumed; refresh tokens rotate, so the caller
 * stores the one each refresh answers. `fetchImpl` lets tests replay recorded responses.
 */
export function createTikTokProvider(options: {
  clientKey: string;
  clientSecret: string;
  fetchImpl?: typeof fetch;
}): TikTokProvider {
  const fetchImpl = options.fetchImpl ?? fetch;

  async function token(form: Record<string, string>): Promise<TikTokTokens> {
    const res = await fetchImpl(TIKTOK_ENDPOINTS.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache' },
      body: new URLSearchParams({
        client_key: options.clientKey,
        client_secret: options.clientSecret,
        ...form,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as TokenAnswer;
    if (!res.ok || body.error || !body.access_token || !body.refresh_token || !body.open_id) {
      const failure: TikTokFailure =
        body.error === 'invalid_grant' || body.error === 'invalid_request'
          ? 'invalid_grant'
          : failureOf(res.status, body.error);
      throw new TikTokApiError(failure, `tiktok token call failed: ${body.error ?? res.status}`);
    }
    return {
      openId: body.open_id,
      accessToken: body.access_token,
      expiresIn: body.expires_in ?? 0,
      refreshToken: body.refresh_token,
      refreshExpiresIn: body.refresh_expires_in ?? 0,
      scopes: (body.scope ?? '').split(',').filter(Boolean),
    };
  }

  async function api<T>(url: string, accessToken: string, init: { method: 'GET' | 'POST'; body?: unknown }) {
    const res = await fetchImpl(url, {
      method: init.method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as { data?: T; error?: ApiError };
    if (!res.ok || (body.error?.code && body.error.code !== 'ok') || !body.data) {
      throw new TikTokApiError(
        failureOf(res.status, body.error?.code),
        `tiktok call failed: ${body.error?.code ?? res.status} ${body.error?.log_id ?? ''}`.trim(),
      );
    }
    return body.data;
  }

  /** The public embed's HTML of a video (oEmbed, no token); null when it cannot be read. */
  async function embedHtml(video: TikTokVideo): Promise<string | null> {
    if (!video.shareUrl) return null;
    try {
      const res = await fetchImpl(`${TIKTOK_ENDPOINTS.oembed}?url=${encodeURIComponent(video.shareUrl)}`, {
        method: 'GET',
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) return null;
      const body = (await res.json()) as { html?: unknown };
      return typeof body.html === 'string' ? body.html : null;
    } catch {
      // Unreachable or not JSON: the sound is unknown (never "wrong"); callers decide what that means.
      return null;
    }
  }

  return {
    name: 'tiktok',
    authorizationUrl(state, redirectUri) {
      const params = new URLSearchParams({
        client_key: options.clientKey,
        scope: TIKTOK_SCOPES.join(','),
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      });
      return `${TIKTOK_ENDPOINTS.authorize}?${params}`;
    },
    exchangeCode(code, redirectUri) {
      return token({ code, grant_type: 'authorization_code', redirect_uri: redirectUri });
    },
    refresh(refreshToken) {
      return token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },
    async userInfo(accessToken) {
      const data = await api<{ user: Record<string, unknown> }>(
        `${TIKTOK_ENDPOINTS.userInfo}?fields=${USER_FIELDS}`,
        accessToken,
        { method: 'GET' },
      );
      const u = data.user as {
        open_id: string;
        union_id?: string;
        avatar_url?: string;
        display_name?: string;
        bio_description?: string;
        username?: string;
        is_verified?: boolean;
        follower_count?: number;
        video_count?: number;
        likes_count?: number;
      };
      const user: TikTokUser = {
        openId: u.open_id,
        unionId: u.union_id ?? null,
        username: u.username ?? '',
        displayName: u.display_name ?? u.username ?? '',
        avatarUrl: u.avatar_url ?? null,
        bio: u.bio_description?.trim() || null,
        isVerified: u.is_verified === true,
        followerCount: num(u.follower_count),
        videoCount: num(u.video_count),
        likesCount: num(u.likes_count),
      };
      return user;
    },
    async listVideos(accessToken, opts = {}) {
      const data = await api<{ videos?: RawVideo[]; cursor?: number; has_more?: boolean }>(
        `${TIKTOK_ENDPOINTS.videoList}?fields=${VIDEO_FIELDS}`,
        accessToken,
        {
          method: 'POST',
          body: {
            max_count: Math.min(opts.maxCount ?? TIKTOK_PAGE_SIZE, TIKTOK_PAGE_SIZE),
            ...(opts.cursor !== undefined ? { cursor: opts.cursor } : {}),
          },
        },
      );
      return {
        videos: (data.videos ?? []).map(toVideo),
        cursor: data.cursor ?? null,
        hasMore: data.has_more === true,
      };
    },
    async queryVideos(accessToken, videoIds) {
      if (videoIds.length === 0) return [];
      if (videoIds.length > TIKTOK_PAGE_SIZE) throw new RangeError(`at most ${TIKTOK_PAGE_SIZE} video ids`);
      const data = await api<{ videos?: RawVideo[] }>(
        `${TIKTOK_ENDPOINTS.videoQuery}?fields=${VIDEO_FIELDS}`,
        accessToken,
        { method: 'POST', body: { filters: { video_ids: videoIds } } },
      );
      return (data.videos ?? []).map(toVideo);
    },
    async soundOf(video) {
      const html = await embedHtml(video);
      return html === null ? null : musicIdInEmbed(html);
    },
    async videoSound(video) {
      const html = await embedHtml(video);
      return html === null ? null : soundInEmbed(html);
    },
  };
}
