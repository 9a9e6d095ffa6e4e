/**
 * Instagram (Instagram API with Instagram Login, professional accounts only) behind a small contract:
 * consent, the 1-hour token exchanged for the 60-day one and refreshed, the account, its media and each
 * media's views (spec section 7 "Instagram").
 */

/** The short-lived (1 hour) token the authorization code gives. */
export interface InstagramShortToken {
  accessToken: string;
  userId: string;
  permissions: string[];
}

/** A long-lived token (60 days); `expiresIn` in seconds as Instagram answers it. */
export interface InstagramLongToken {
  accessToken: string;
  expiresIn: number;
}

/** Account types of `/me`; only professional accounts (BUSINESS, MEDIA_CREATOR) can be connected. */
export type InstagramAccountType = 'BUSINESS' | 'MEDIA_CREATOR' | 'PERSONAL' | string;
export const INSTAGRAM_PROFESSIONAL_TYPES: ReadonlySet<string> = new Set(['BUSINESS', 'MEDIA_CREATOR']);

/** The connected account (`/me`). */
export interface InstagramAccount {
  /** The Instagram professional account id (`user_id`), stable across tokens. */
  userId: string;
  username: string;
  name: string;
  accountType: InstagramAccountType;
  profilePictureUrl: string | null;
  followersCount: number | null;
  mediaCount: number | null;
}

/** A media object of the account (`/me/media`). Instagram exposes no audio field. */
export interface InstagramMedia {
  id: string;
  mediaType: string;
  /** FEED, REELS or STORY. */
  productType: string | null;
  permalink: string;
  caption: string;
  postedAt: Date;
  thumbnailUrl: string | null;
}

/** A media's lifetime insights (`/{media-id}/insights`); null where Instagram gives no figure. */
export interface InstagramInsights {
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
}

/** The insights metrics read of a media, in Instagram's names (one call asks for all of them). */
export const INSTAGRAM_MEDIA_METRICS = ['views', 'likes', 'comments', 'shares'] as const;

/** A page of `/me/media` (newest first); `after` asks for the next page. */
export interface InstagramMediaPage {
  media: InstagramMedia[];
  after: string | null;
}

/** Why an Instagram call failed. */
export type InstagramFailure =
  | 'invalid_grant'
  | 'token_invalid'
  | 'not_found'
  | 'rate_limited'
  | 'unavailable';

/** An Instagram call that failed; `failure` says why. */
export class InstagramApiError extends Error {
  constructor(
    readonly failure: InstagramFailure,
    message: string,
  ) {
    super(message);
    this.name = 'InstagramApiError';
  }
}

/** Permissions the product asks for: the account and its media, and media insights (views, likes, comments, shares). */
export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_manage_insights'] as const;

/** Instagram for influencers: real client, the sandbox, or off. */
export interface InstagramProvider {
  readonly name: 'instagram' | 'sandbox' | 'off';
  /**
   * Sandbox only: the address of the sound's generated, playable preview, at least `seconds` long
   * (`sandbox-audio.ts`); real platforms have none (their embed player plays the sound).
   */
  soundPreviewUrl?(soundId: string, seconds: number): string;
  /** The consent page URL (`www.instagram.com/oauth/authorize`) carrying `state`. */
  authorizationUrl(state: string, redirectUri: string, extraScopes?: readonly string[]): string;
  /** Code -> short-lived token (`api.instagram.com/oauth/access_token`). @throws InstagramApiError */
  exchangeCode(code: string, redirectUri: string): Promise<InstagramShortToken>;
  /** Short-lived -> long-lived token (`/access_token`, grant ig_exchange_token). @throws InstagramApiError */
  longLivedToken(shortToken: string): Promise<InstagramLongToken>;
  /**
   * A new 60-day token for a long-lived one at least 24 hours old and not expired
   * (`/refresh_access_token`, grant ig_refresh_token). @throws InstagramApiError
   */
  refreshToken(longToken: string): Promise<InstagramLongToken>;
  /** The account (`/me`). @throws InstagramApiError */
  me(accessToken: string): Promise<InstagramAccount>;
  /** A page of the account's media, newest first (`/me/media`). @throws InstagramApiError */
  listMedia(accessToken: string, options?: { after?: string; limit?: number }): Promise<InstagramMediaPage>;
  /**
   * Lifetime views, likes, comments and shares of one media, in one call
   * (`/{media-id}/insights?metric=views,likes,comments,shares`); a figure Instagram does not give yet
   * is null (it leaves the metric out or answers an empty set, not 0).
   * @throws InstagramApiError 'not_found' when the media is gone
   */
  mediaInsights(accessToken: string, mediaId: string): Promise<InstagramInsights>;
}
