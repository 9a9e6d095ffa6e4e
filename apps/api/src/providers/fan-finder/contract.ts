/**
 * Where Fan Finder reads Instagram posts and their commenters, behind a small
 * contract so the analysis job never knows the vendor.
 *
 * - The artist's OWN posts and their comments come from the Instagram API with Instagram Login, through
 *   the artist's own connected professional account (`instagram_business_manage_comments`): a real client
 *   is possible with official APIs.
 * - RELATED artists' posts are other accounts: business discovery gives only their public counts and
 *   media, not who commented. Commenters on other accounts' posts are not available through any official
 *   API, so the related-fans part needs a licensed data provider; until one is contracted the real source
 *   answers `null` for it (the screens say the analysis is unavailable). Logged-in pages are never scraped.
 * - The sandbox (default outside production) answers deterministic posts and commenters for any username.
 */

/** A post of an account, newest first. */
export interface SourcePost {
  id: string;
  username: string;
  caption: string;
  permalink: string | null;
  postedAt: Date;
}

/** A comment on a post. */
export interface SourceComment {
  id: string;
  postId: string;
  /** The commenter's Instagram username (lower case). */
  username: string;
  profilePictureUrl: string | null;
  text: string;
  createdAt: Date;
}

/** Public counts of a professional account (business discovery). */
export interface SourceProfile {
  username: string;
  followers: number | null;
  mediaCount: number | null;
}

/**
 * Who reads: the access token of the artist's own connected Instagram professional account. The real
 * client reads the own account's media and comments with it, and other professional accounts' public
 * counts through business discovery; the sandbox ignores it.
 */
export interface SourceAuth {
  accessToken: string;
}

/** Permission the artist's Instagram consent must grant for comments on their own media. */
export const FAN_FINDER_INSTAGRAM_SCOPES = ['instagram_business_manage_comments'] as const;

/** The Fan Finder data source. Every call may throw a provider error (the job retries later). */
export interface FanFinderSource {
  readonly name: 'instagram' | 'sandbox';
  /**
   * Whether commenters of OTHER accounts (related artists) can be read at all. False for the real
   * Instagram client: no official API gives them; a licensed data provider would set it true.
   */
  readonly relatedCommenters: boolean;
  /** Public counts of an account; null when it does not exist or is not professional. */
  profile(username: string, auth: SourceAuth): Promise<SourceProfile | null>;
  /**
   * The latest `limit` posts of `username`, newest first (spec section 9: 6). The real client reads only
   * the account of `auth` (the artist's own); related accounts go through `relatedCommenters`.
   */
  latestPosts(username: string, limit: number, auth: SourceAuth): Promise<SourcePost[]>;
  /** Up to `limit` comments of a post (spec section 9: 50), oldest first. */
  comments(post: SourcePost, limit: number, auth: SourceAuth): Promise<SourceComment[]>;
}
