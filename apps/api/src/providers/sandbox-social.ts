import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Keys } from '../platform/key-ring';
import { signValue, verifyValue } from '../platform/signed';
import { sandboxPreviewUrl } from './sandbox-audio';
import { sandboxSocialPosts } from './sandbox-social.schema';

/** The platforms the social sandbox stands in for. */
export type SocialPlatform = 'tiktok' | 'instagram';

/**
 * A sandbox account as the consent page made it: the same handle is the same account (its id is
 * derived from the handle), so connecting it twice, or from two users, meets the same account.
 */
export interface SandboxSocialProfile {
  platform: SocialPlatform;
  accountId: string;
  username: string;
  displayName: string;
  followers: number;
  /** Instagram only: BUSINESS, MEDIA_CREATOR or PERSONAL. */
  accountType: string;
}

/** A post of a sandbox account (generated history or posted through the dev controls). */
export interface SandboxSocialPost {
  id: string;
  platform: SocialPlatform;
  accountId: string;
  username: string;
  musicId: string | null;
  caption: string;
  views: number;
  postedAt: Date;
  deletedAt: Date | null;
}

const hash = (s: string) => createHash('sha256').update(s).digest();
/** A deterministic integer in [min, max] from `seed`. */
export function seeded(seed: string, min: number, max: number): number {
  return min + (hash(seed).readUInt32BE(0) % (max - min + 1));
}

/** The account id of a sandbox handle: TikTok open ids look like `-000…`, Instagram user ids are numeric. */
export function sandboxAccountId(platform: SocialPlatform, username: string): string {
  const h = hash(`${platform}:${username.toLowerCase()}`);
  if (platform === 'instagram')
    return `178414${(h.readBigUInt64BE(0) % 10n ** 11n).toString().padStart(11, '0')}`;
  return `-000sbx${h.toString('base64url').slice(0, 24)}`;
}

/** Openings of sandbox creators' bios, as creators write them ({genre} filled in). */
const BIO_LINES = [
  'Dance videos to new {genre}, three a week.',
  'Covers and duets of {genre} I love. New songs welcome!',
  'Daily {genre} finds for my followers. DM for collabs.',
  'Choreo, transitions and {genre} on repeat.',
  'Singing {genre} in my bedroom since 2019.',
  'Reviews of new {genre} releases, honest and short.',
];
const BIO_GENRES = ['pop', 'afrobeats', 'indie', 'hip-hop', 'dance music', 'R&B'];

/**
 * The bio of a sandbox handle, deterministic and shaped like real ones (a line naming a genre), so a
 * connected sandbox account's profile starts with a description as a real one does.
 */
export function sandboxBio(platform: SocialPlatform, username: string): string {
  const h = hash(`bio:${platform}:${username.toLowerCase()}`);
  const genre = BIO_GENRES[h.readUInt16BE(2) % BIO_GENRES.length]!;
  return BIO_LINES[h.readUInt16BE(0) % BIO_LINES.length]!.replace('{genre}', genre);
}

/**
 * The avatar of a sandbox handle: the sandbox's generated cover art for an id derived from the handle
 * (`GET /api/sandbox/spotify/cover/{id}.svg`, 22 characters), labelled SANDBOX like every sandbox image.
 */
export function sandboxAvatarUrl(appUrl: string, platform: SocialPlatform, username: string): string {
  const id = hash(`avatar:${platform}:${username.toLowerCase()}`).toString('hex').slice(0, 22);
  return `${appUrl}/api/sandbox/spotify/cover/${id}.svg`;
}

/** Followers a sandbox handle has unless the consent page says otherwise (1,000 to 250,000). */
export function sandboxDefaultFollowers(platform: SocialPlatform, username: string): number {
  return seeded(`${platform}:followers:${username.toLowerCase()}`, 1_000, 250_000);
}

/** Posts every sandbox account has before any dev post: one every 3 days back from this instant. */
const HISTORY_ANCHOR = Date.UTC(2026, 0, 1);
const HISTORY_POSTS = 4;

/** The deterministic history of an account: 4 posts, views 500 to 60,000, no campaign sound. */
export function sandboxHistory(
  platform: SocialPlatform,
  accountId: string,
  username: string,
): SandboxSocialPost[] {
  return Array.from({ length: HISTORY_POSTS }, (_, i) => {
    const id =
      platform === 'tiktok'
        ? `74${String(seeded(`${accountId}:${i}:id`, 0, 2 ** 31)).padStart(17, '0')}`
        : `180${String(seeded(`${accountId}:${i}:id`, 0, 2 ** 31)).padStart(14, '0')}`;
    return {
      id,
      platform,
      accountId,
      username,
      musicId: null,
      caption: `Sandbox post ${i + 1} of @${username}`,
      views: seeded(`${accountId}:${i}:views`, 500, 60_000),
      postedAt: new Date(HISTORY_ANCHOR - (i + 1) * 3 * 86_400_000),
      deletedAt: null,
    };
  });
}

type Row = typeof sandboxSocialPosts.$inferSelect;
const toPost = (r: Row): SandboxSocialPost => ({ ...r, platform: r.platform as SocialPlatform });

/** Live (not deleted) posts of a platform that also meet `where`. */
const livePosts = (platform: SocialPlatform, ...where: SQL[]) =>
  and(eq(sandboxSocialPosts.platform, platform), isNull(sandboxSocialPosts.deletedAt), ...where);

/**
 * The sandbox's store of posts in PostgreSQL, shared by the TikTok and Instagram sandboxes and driven by
 * the dev controls (modules/dev). Lists merge the deterministic history with the posts made here.
 */
export function sandboxSocialStore(database: Database) {
  return {
    /** Post a video or reel for the account, using the sound `musicId`. */
    async post(input: {
      platform: SocialPlatform;
      accountId: string;
      username: string;
      musicId: string | null;
      caption: string;
      postedAt: Date;
    }): Promise<SandboxSocialPost> {
      const id =
        input.platform === 'tiktok'
          ? `75${BigInt(`0x${randomBytes(7).toString('hex')}`)
              .toString()
              .padStart(17, '0')
              .slice(0, 17)}`
          : `181${BigInt(`0x${randomBytes(6).toString('hex')}`)
              .toString()
              .padStart(14, '0')
              .slice(0, 14)}`;
      const [row] = await database.db
        .insert(sandboxSocialPosts)
        .values({ id, ...input })
        .returning();
      return toPost(row!);
    },
    /** Delete a post (it disappears from lists and queries); null when unknown or already deleted. */
    async remove(platform: SocialPlatform, id: string, at: Date): Promise<SandboxSocialPost | null> {
      const [row] = await database.db
        .update(sandboxSocialPosts)
        .set({ deletedAt: at })
        .where(livePosts(platform, eq(sandboxSocialPosts.id, id)))
        .returning();
      return row ? toPost(row) : null;
    },
    /** Add `views` to a live post (one atomic update); null when unknown or deleted. */
    async addViews(platform: SocialPlatform, id: string, views: number): Promise<SandboxSocialPost | null> {
      const [row] = await database.db
        .update(sandboxSocialPosts)
        .set({ views: sql`${sandboxSocialPosts.views} + ${views}` })
        .where(livePosts(platform, eq(sandboxSocialPosts.id, id)))
        .returning();
      return row ? toPost(row) : null;
    },
    /** The account's live posts, newest first: dev posts, then the deterministic history. */
    async list(platform: SocialPlatform, accountId: string, username: string): Promise<SandboxSocialPost[]> {
      const rows = await database.db
        .select()
        .from(sandboxSocialPosts)
        .where(livePosts(platform, eq(sandboxSocialPosts.accountId, accountId)))
        .orderBy(desc(sandboxSocialPosts.postedAt));
      return [...rows.map(toPost), ...sandboxHistory(platform, accountId, username)];
    },
    /** Live posts of the account with these ids (a deleted one is absent). */
    async byIds(platform: SocialPlatform, accountId: string, username: string, ids: readonly string[]) {
      const wanted = new Set(ids);
      const history = sandboxHistory(platform, accountId, username).filter((p) => wanted.has(p.id));
      if (ids.length === 0) return history;
      const rows = await database.db
        .select()
        .from(sandboxSocialPosts)
        .where(
          livePosts(
            platform,
            eq(sandboxSocialPosts.accountId, accountId),
            inArray(sandboxSocialPosts.id, [...wanted]),
          ),
        );
      return [...rows.map(toPost), ...history];
    },
    /** A post by id whoever owns it (dev controls and the sound check); deleted ones included. */
    async find(platform: SocialPlatform, id: string): Promise<SandboxSocialPost | null> {
      const [row] = await database.db
        .select()
        .from(sandboxSocialPosts)
        .where(and(eq(sandboxSocialPosts.platform, platform), eq(sandboxSocialPosts.id, id)));
      return row ? toPost(row) : null;
    },
  };
}
export type SandboxSocialStore = ReturnType<typeof sandboxSocialStore>;

/**
 * Sandbox tokens: signed values carrying the account's profile, so any instance can read them. A refresh
 * answers a new refresh token (fresh nonce) like TikTok's rotation.
 */
export function sandboxTokens(key: Keys, platform: SocialPlatform) {
  const LIFETIME = 400 * 86_400;
  return {
    issue(kind: 'code' | 'access' | 'refresh', profile: SandboxSocialProfile, ttlSeconds = LIFETIME): string {
      return signValue(
        key,
        { kind: `sandbox-${platform}-${kind}`, profile, n: randomBytes(6).toString('hex') },
        ttlSeconds,
      );
    },
    read(kind: 'code' | 'access' | 'refresh', token: string): SandboxSocialProfile | null {
      const payload = verifyValue<{ kind: string; profile: SandboxSocialProfile }>(key, token);
      return payload?.kind === `sandbox-${platform}-${kind}` ? payload.profile : null;
    },
  };
}

/** What a sandbox social provider adds to its platform's contract, for its consent page and dev controls. */
export interface SandboxSocialControls {
  readonly name: 'sandbox';
  /** The code the consent page redirects back with (signed, 5 minutes). */
  issueCode(profile: SandboxSocialProfile): string;
  /** The posts store the dev controls write to. */
  readonly posts: SandboxSocialStore;
  /** The sound (music or audio id) a sandbox post uses, as its embed would show; null when none or unknown. */
  musicIdOf(postId: string): Promise<string | null>;
}

/**
 * What the TikTok and Instagram sandboxes share: signed `tokens` for `platform`, the `posts` store, and
 * the `controls` each spreads into its provider, with the consent page's address (served by this API
 * at `/api/sandbox/<platform>/authorize`).
 */
export function sandboxSocialBase(
  platform: SocialPlatform,
  options: { appUrl: string; key: Keys; database: Database },
) {
  const tokens = sandboxTokens(options.key, platform);
  const posts = sandboxSocialStore(options.database);
  const controls = {
    name: 'sandbox' as const,
    posts,
    authorizationUrl(state: string, redirectUri: string): string {
      const params = new URLSearchParams({ state, redirect_uri: redirectUri });
      return `${options.appUrl}/api/sandbox/${platform}/authorize?${params}`;
    },
    issueCode(profile: SandboxSocialProfile): string {
      return tokens.issue('code', profile, 300);
    },
    async musicIdOf(postId: string): Promise<string | null> {
      return (await posts.find(platform, postId))?.musicId ?? null;
    },
    /** The generated, playable preview of a sound (`sandbox-audio.ts`). */
    soundPreviewUrl(soundId: string, seconds: number): string {
      return sandboxPreviewUrl(options.appUrl, platform, soundId, seconds);
    },
  };
  return { tokens, posts, controls };
}

/** Whether `provider` is a sandbox social provider (with its consent page and dev controls). */
export function isSandboxSocial<P extends { name: string }>(
  provider: P,
): provider is P & SandboxSocialControls {
  return provider.name === 'sandbox' && 'issueCode' in provider;
}
