import { InstagramApiError, type InstagramFailure } from '../instagram/contract';
import { INSTAGRAM_ENDPOINTS } from '../instagram/instagram';
import type { FanFinderSource, SourceComment, SourcePost } from './contract';

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number };
}

/** Graph error codes as the product's failure kinds (190 token, 4/17/32/613 rate limits, 100/110 unknown). */
function failureOf(status: number, body: GraphError): InstagramFailure {
  const code = body.error?.code;
  if (code === 190 || status === 401) return 'token_invalid';
  if (code === 4 || code === 17 || code === 32 || code === 613 || status === 429) return 'rate_limited';
  if (code === 100 || code === 110 || status === 404) return 'not_found';
  return 'unavailable';
}

/**
 * The real Fan Finder source over the Instagram API with Instagram Login,
 * with the artist's own token:
 * - own posts: `GET /me/media?fields=id,caption,permalink,timestamp&limit=6`;
 * - their comments: `GET /{media-id}/comments?fields=id,text,timestamp,username,from&limit=50`
 *   (permission `instagram_business_manage_comments`);
 * - related accounts' public counts: business discovery
 *   (`GET /me?fields=business_discovery.username(x){followers_count,media_count}`).
 * Commenters on OTHER accounts' posts are not given by any official API: `relatedCommenters` is false
 * and the related-fans grid waits for a licensed data provider. Nothing is ever scraped.
 * @param options.fetchImpl lets tests replay recorded responses
 */
export function createInstagramFanFinderSource(options: { fetchImpl?: typeof fetch } = {}): FanFinderSource {
  const fetchImpl = options.fetchImpl ?? fetch;
  async function call<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = `${INSTAGRAM_ENDPOINTS.graph}/${path}?${new URLSearchParams(params)}`;
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(15_000) });
    const body = (await res.json().catch(() => ({}))) as T & GraphError;
    if (!res.ok || body.error)
      throw new InstagramApiError(
        failureOf(res.status, body),
        `instagram call failed: ${body.error?.message ?? res.status}`,
      );
    return body;
  }
  return {
    name: 'instagram',
    relatedCommenters: false,
    async profile(username, auth) {
      const u = username.trim().toLowerCase();
      if (!/^[a-z0-9._]{1,30}$/.test(u)) return null;
      try {
        const body = await call<{
          business_discovery?: { username?: string; followers_count?: number; media_count?: number };
        }>('me', {
          fields: `business_discovery.username(${u}){username,followers_count,media_count}`,
          access_token: auth.accessToken,
        });
        const found = body.business_discovery;
        if (!found) return null;
        return {
          username: (found.username ?? u).toLowerCase(),
          followers: typeof found.followers_count === 'number' ? found.followers_count : null,
          mediaCount: typeof found.media_count === 'number' ? found.media_count : null,
        };
      } catch (err) {
        // Unknown or personal accounts answer an OAuthException (code 110 / 100): not there.
        if (err instanceof InstagramApiError && err.failure === 'not_found') return null;
        throw err;
      }
    },
    async latestPosts(username, limit, auth) {
      const body = await call<{
        data?: { id: string; caption?: string; permalink?: string; timestamp?: string }[];
      }>('me/media', {
        fields: 'id,caption,permalink,timestamp',
        limit: String(Math.max(1, Math.min(limit, 25))),
        access_token: auth.accessToken,
      });
      return (body.data ?? []).slice(0, limit).map(
        (m): SourcePost => ({
          id: m.id,
          username: username.trim().toLowerCase(),
          caption: m.caption ?? '',
          permalink: m.permalink ?? null,
          postedAt: new Date(m.timestamp ?? 0),
        }),
      );
    },
    async comments(post, limit, auth) {
      if (!/^\d{1,40}$/.test(post.id)) return [];
      const body = await call<{
        data?: {
          id: string;
          text?: string;
          timestamp?: string;
          username?: string;
          from?: { id?: string; username?: string };
        }[];
      }>(`${post.id}/comments`, {
        fields: 'id,text,timestamp,username,from',
        limit: String(Math.max(1, Math.min(limit, 50))),
        access_token: auth.accessToken,
      });
      const out: SourceComment[] = [];
      for (const c of body.data ?? []) {
        const who = (c.username ?? c.from?.username ?? '').trim().toLowerCase();
        if (!who) continue;
        out.push({
          id: c.id,
          postId: post.id,
          username: who,
          // The comments edge gives no profile picture of the commenter.
          profilePictureUrl: null,
          text: c.text ?? '',
          createdAt: new Date(c.timestamp ?? 0),
        });
      }
      return out.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).slice(0, limit);
    },
  };
}
