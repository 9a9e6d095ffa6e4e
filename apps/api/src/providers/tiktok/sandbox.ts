import type { Database } from '../../db/client';
import type { Keys } from '../../platform/key-ring';
import {
  type SandboxSocialControls,
  type SandboxSocialPost,
  type SandboxSocialProfile,
  sandboxAvatarUrl,
  sandboxBio,
  sandboxSocialBase,
} from '../sandbox-social';
import {
  TIKTOK_PAGE_SIZE,
  TIKTOK_SCOPES,
  TikTokApiError,
  type TikTokProvider,
  type TikTokTokens,
  type TikTokVideo,
} from './contract';

/** Lifetimes the sandbox answers, as TikTok documents them today (2 hours; 180 days). */
export const SANDBOX_TIKTOK_EXPIRES_IN = 7_200;
export const SANDBOX_TIKTOK_REFRESH_EXPIRES_IN = 180 * 86_400;

/** The sandbox TikTok plus what its consent page and dev controls drive. */
export type SandboxTikTokProvider = TikTokProvider & SandboxSocialControls;

function toVideo(p: SandboxSocialPost): TikTokVideo {
  return {
    id: p.id,
    createdAt: p.postedAt,
    shareUrl: `https://www.tiktok.com/@${p.username}/video/${p.id}`,
    embedLink: `https://www.tiktok.com/player/v1/${p.id}`,
    title: p.caption,
    description: p.caption,
    coverImageUrl: null,
    durationSeconds: 15,
    viewCount: p.views,
    likeCount: Math.floor(p.views / 12),
    commentCount: Math.floor(p.views / 200),
    shareCount: Math.floor(p.views / 500),
  };
}

/**
 * Sandbox TikTok: the consent page is served by this API (`/api/sandbox/tiktok/authorize`); codes and
 * tokens are signed values carrying the account, so they work on any instance and cannot be forged; each
 * refresh answers a new refresh token (rotation). Videos: a deterministic history per account plus the
 * posts made through the dev controls, kept in PostgreSQL.
 */
export function createSandboxTikTokProvider(options: {
  appUrl: string;
  key: Keys;
  database: Database;
}): SandboxTikTokProvider {
  const { tokens, posts, controls } = sandboxSocialBase('tiktok', options);
  const answer = (profile: SandboxSocialProfile): TikTokTokens => ({
    openId: profile.accountId,
    accessToken: tokens.issue('access', profile),
    expiresIn: SANDBOX_TIKTOK_EXPIRES_IN,
    refreshToken: tokens.issue('refresh', profile),
    refreshExpiresIn: SANDBOX_TIKTOK_REFRESH_EXPIRES_IN,
    scopes: [...TIKTOK_SCOPES],
  });
  const account = (accessToken: string): SandboxSocialProfile => {
    const profile = tokens.read('access', accessToken);
    if (!profile) throw new TikTokApiError('token_invalid', 'sandbox tiktok access token invalid');
    return profile;
  };
  return {
    ...controls,
    async exchangeCode(code) {
      const profile = tokens.read('code', code);
      if (!profile) throw new TikTokApiError('invalid_grant', 'sandbox tiktok code invalid');
      return answer(profile);
    },
    async refresh(refreshToken) {
      const profile = tokens.read('refresh', refreshToken);
      if (!profile) throw new TikTokApiError('invalid_grant', 'sandbox tiktok refresh token invalid');
      return answer(profile);
    },
    async userInfo(accessToken) {
      const p = account(accessToken);
      const list = await posts.list('tiktok', p.accountId, p.username);
      return {
        openId: p.accountId,
        unionId: null,
        username: p.username,
        displayName: p.displayName,
        avatarUrl: sandboxAvatarUrl(options.appUrl, 'tiktok', p.username),
        bio: sandboxBio('tiktok', p.username),
        isVerified: false,
        followerCount: p.followers,
        videoCount: list.length,
        likesCount: list.reduce((n, v) => n + Math.floor(v.views / 12), 0),
      };
    },
    async listVideos(accessToken, opts = {}) {
      const p = account(accessToken);
      const all = (await posts.list('tiktok', p.accountId, p.username)).filter(
        (v) => opts.cursor === undefined || v.postedAt.getTime() < opts.cursor,
      );
      const page = all.slice(0, Math.min(opts.maxCount ?? TIKTOK_PAGE_SIZE, TIKTOK_PAGE_SIZE));
      const last = page.at(-1);
      return {
        videos: page.map(toVideo),
        cursor: last ? last.postedAt.getTime() : null,
        hasMore: all.length > page.length,
      };
    },
    async queryVideos(accessToken, videoIds) {
      const p = account(accessToken);
      if (videoIds.length > TIKTOK_PAGE_SIZE) throw new RangeError(`at most ${TIKTOK_PAGE_SIZE} video ids`);
      return (await posts.byIds('tiktok', p.accountId, p.username, videoIds)).map(toVideo);
    },
    async soundOf(video) {
      return (await posts.find('tiktok', video.id))?.musicId ?? null;
    },
    async videoSound(video) {
      // As the embed would show a post's own sound: "original sound - <handle>" (sandbox data only).
      const post = await posts.find('tiktok', video.id);
      if (!post?.musicId) return null;
      return {
        id: post.musicId,
        url: `https://www.tiktok.com/music/original-sound-${post.musicId}`,
        title: `original sound - ${post.username}`,
      };
    },
  };
}
