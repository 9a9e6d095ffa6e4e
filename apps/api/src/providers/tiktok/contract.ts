/**
 * TikTok (Login Kit v2 and the Display API) behind a small contract: the influencer's consent, tokens
 * that rotate, the account's profile and its public videos (spec section 7 "TikTok").
 */

/** Tokens of one TikTok account. Lifetimes in seconds from now, as TikTok answers them. */
export interface TikTokTokens {
  openId: string;
  accessToken: string;
  /** Seconds until the access token expires (2 hours in TikTok's current documentation). */
  expiresIn: number;
  /** The refresh token; a refresh answers a new one and the previous one stops working. */
  refreshToken: string;
  /** Seconds until the refresh token expires. */
  refreshExpiresIn: number;
  /** Scopes the user granted (TikTok answers them comma-separated). */
  scopes: string[];
}

/** The account's profile (`/v2/user/info/`); counts are null when the scope was not granted. */
export interface TikTokUser {
  openId: string;
  unionId: string | null;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  /** The account's bio (`bio_description`, scope user.info.profile); null when empty. */
  bio: string | null;
  isVerified: boolean;
  followerCount: number | null;
  videoCount: number | null;
  likesCount: number | null;
}

/** A public video of the account (TikTok's Video Object). The API has no field for the sound used. */
export interface TikTokVideo {
  id: string;
  createdAt: Date;
  shareUrl: string;
  embedLink: string | null;
  title: string;
  description: string;
  coverImageUrl: string | null;
  durationSeconds: number | null;
  viewCount: number | null;
  likeCount: number | null;
  commentCount: number | null;
  shareCount: number | null;
}

/** A page of `/v2/video/list/` (newest first); `cursor` asks for the next page while `hasMore`. */
export interface TikTokVideoPage {
  videos: TikTokVideo[];
  cursor: number | null;
  hasMore: boolean;
}

/** The sound a public video uses, as its embed links it (`https://www.tiktok.com/music/<slug>-<id>`). */
export interface TikTokSound {
  /** The music id (the `/music/` link's trailing number). */
  id: string;
  /** The sound's link as the embed gives it, without its query. */
  url: string;
  /** The sound's title as the embed shows it ("original sound - name"), or null when it shows none. */
  title: string | null;
}

/** Why a TikTok call failed, for callers that react (a dead token means reconnect). */
export type TikTokFailure =
  | 'invalid_grant'
  | 'token_invalid'
  | 'scope_missing'
  | 'rate_limited'
  | 'unavailable';

/** A TikTok call that failed; `failure` says why. */
export class TikTokApiError extends Error {
  constructor(
    readonly failure: TikTokFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TikTokApiError';
  }
}

/** Scopes the product asks for: profile and stats (follower count) and the public video list. */
export const TIKTOK_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.list',
] as const;

/** Most videos `/v2/video/list/` answers per page, and ids `/v2/video/query/` takes per call. */
export const TIKTOK_PAGE_SIZE = 20;

/** TikTok for influencers: real Login Kit v2 client, the sandbox, or off. */
export interface TikTokProvider {
  readonly name: 'tiktok' | 'sandbox' | 'off';
  /**
   * Sandbox only: the address of the sound's generated, playable preview, at least `seconds` long
   * (`sandbox-audio.ts`); real platforms have none (their embed player plays the sound).
   */
  soundPreviewUrl?(soundId: string, seconds: number): string;
  /** The consent page URL (TikTok's `/v2/auth/authorize/`) carrying `state`. */
  authorizationUrl(state: string, redirectUri: string): string;
  /**
   * Exchange the authorization code (`/v2/oauth/token/`, grant authorization_code).
   * @throws TikTokApiError 'invalid_grant' when the code is invalid, used or expired
   */
  exchangeCode(code: string, redirectUri: string): Promise<TikTokTokens>;
  /**
   * Renew the access token (`/v2/oauth/token/`, grant refresh_token); the answer carries a NEW refresh
   * token that the caller must store (the old one stops working).
   * @throws TikTokApiError 'invalid_grant' when the refresh token is expired, revoked or already used
   */
  refresh(refreshToken: string): Promise<TikTokTokens>;
  /** The account's profile and counts (`/v2/user/info/`). @throws TikTokApiError */
  userInfo(accessToken: string): Promise<TikTokUser>;
  /** A page of the account's public videos, newest first (`/v2/video/list/`). @throws TikTokApiError */
  listVideos(accessToken: string, options?: { cursor?: number; maxCount?: number }): Promise<TikTokVideoPage>;
  /**
   * The account's videos with these ids (`/v2/video/query/`, at most 20); a deleted or private video is
   * simply absent from the answer. @throws TikTokApiError
   */
  queryVideos(accessToken: string, videoIds: readonly string[]): Promise<TikTokVideo[]>;
  /**
   * The sound (`/music/` id) a public video uses, read from its embed (TikTok's oEmbed answer links the
   * sound); null when it cannot be read (no sound link, the embed refused or unreachable): the campaign
   * then falls back to the artist's confirmation.
   */
  soundOf(video: TikTokVideo): Promise<string | null>;
  /**
   * The sound of a public video with its link and title, read from the same embed as `soundOf`; null when
   * it cannot be read (the artist's own sounds are the sounds of their own videos).
   */
  videoSound(video: TikTokVideo): Promise<TikTokSound | null>;
}
