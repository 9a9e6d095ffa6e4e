import type { Database } from '../../db/client';
import type { Keys } from '../../platform/key-ring';
import {
  type SandboxSocialControls,
  type SandboxSocialPost,
  type SandboxSocialProfile,
  sandboxAvatarUrl,
  sandboxSocialBase,
} from '../sandbox-social';
import { INSTAGRAM_SCOPES, InstagramApiError, type InstagramMedia, type InstagramProvider } from './contract';

/** The 60-day lifetime the sandbox answers for long-lived tokens, in seconds. */
export const SANDBOX_INSTAGRAM_EXPIRES_IN = 60 * 86_400;

/** The sandbox Instagram plus what its consent page and dev controls drive. */
export type SandboxInstagramProvider = InstagramProvider & SandboxSocialControls;

function toMedia(p: SandboxSocialPost): InstagramMedia {
  return {
    id: p.id,
    mediaType: 'VIDEO',
    productType: 'REELS',
    permalink: `https://www.instagram.com/reel/${p.id}/`,
    caption: p.caption,
    postedAt: p.postedAt,
    thumbnailUrl: null,
  };
}

/**
 * Sandbox Instagram: consent page at `/api/sandbox/instagram/authorize` (choose the handle, followers
 * and account type, so a personal account can be tried); codes and tokens are signed values carrying the
 * account. Media: a deterministic history per account plus the reels posted through the dev controls.
 */
export function createSandboxInstagramProvider(options: {
  appUrl: string;
  key: Keys;
  database: Database;
}): SandboxInstagramProvider {
  const { tokens, posts, controls } = sandboxSocialBase('instagram', options);
  const account = (accessToken: string, kind: 'access' | 'refresh' = 'access'): SandboxSocialProfile => {
    const profile = tokens.read(kind, accessToken) ?? tokens.read('refresh', accessToken);
    if (!profile) throw new InstagramApiError('token_invalid', 'sandbox instagram token invalid');
    return profile;
  };
  // Long-lived tokens are issued as "refresh" kind (they are what gets refreshed); short ones as "access".
  return {
    ...controls,
    async exchangeCode(code) {
      const profile = tokens.read('code', code.replace(/#_$/, ''));
      if (!profile) throw new InstagramApiError('invalid_grant', 'sandbox instagram code invalid');
      return {
        accessToken: tokens.issue('access', profile, 3600),
        userId: profile.accountId,
        permissions: [...INSTAGRAM_SCOPES],
      };
    },
    async longLivedToken(shortToken) {
      const profile = tokens.read('access', shortToken);
      if (!profile) throw new InstagramApiError('token_invalid', 'sandbox instagram token invalid');
      return { accessToken: tokens.issue('refresh', profile), expiresIn: SANDBOX_INSTAGRAM_EXPIRES_IN };
    },
    async refreshToken(longToken) {
      const profile = tokens.read('refresh', longToken);
      if (!profile) throw new InstagramApiError('token_invalid', 'sandbox instagram token invalid');
      return { accessToken: tokens.issue('refresh', profile), expiresIn: SANDBOX_INSTAGRAM_EXPIRES_IN };
    },
    async me(accessToken) {
      const p = account(accessToken);
      const list = await posts.list('instagram', p.accountId, p.username);
      return {
        userId: p.accountId,
        username: p.username,
        name: p.displayName,
        accountType: p.accountType,
        profilePictureUrl: sandboxAvatarUrl(options.appUrl, 'instagram', p.username),
        followersCount: p.followers,
        mediaCount: list.length,
      };
    },
    async listMedia(accessToken, opts = {}) {
      const p = account(accessToken);
      const all = await posts.list('instagram', p.accountId, p.username);
      const start = opts.after ? Number(Buffer.from(opts.after, 'base64url').toString()) || 0 : 0;
      const limit = Math.min(opts.limit ?? 25, 100);
      const page = all.slice(start, start + limit);
      const next = start + page.length;
      return {
        media: page.map(toMedia),
        after: next < all.length ? Buffer.from(String(next)).toString('base64url') : null,
      };
    },
    async mediaInsights(accessToken, mediaId) {
      const p = account(accessToken);
      const [post] = await posts.byIds('instagram', p.accountId, p.username, [mediaId]);
      if (!post) throw new InstagramApiError('not_found', 'sandbox instagram media not found');
      // Reels are liked, discussed and shared in about these proportions of their views.
      return {
        views: post.views,
        likes: Math.floor(post.views / 15),
        comments: Math.floor(post.views / 250),
        shares: Math.floor(post.views / 400),
      };
    },
  };
}
