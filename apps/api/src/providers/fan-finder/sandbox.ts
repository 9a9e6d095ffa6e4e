import { createHash } from 'node:crypto';
import type { FanFinderSource, SourceComment, SourcePost } from './contract';

const DAY_MS = 86_400_000;
/** Commenter handles of the sandbox: one shared pool, so related artists share some fans. */
const POOL = 60;
const TEXTS = [
  'This chorus lives in my head now',
  'When are you touring Europe?',
  'Best track of the year, no contest',
  'The production on this is unreal',
  'Played it ten times today',
  'Your voice on the bridge 😍',
  '🔥🔥🔥',
  '😍',
  'Check out my page for beats',
  'follow me back',
  'Need the full version!',
  'This reminds me of summer 2019',
];

/** A stable unsigned 32-bit number from the parts. */
function hash(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0);
}

/**
 * Sandbox source (default outside production): for ANY username, the same posts and commenters every
 * time (derived from a hash of the username and the post), dated back from `now()`. Commenters come from
 * one pool of 60 handles, so an artist and their related artists share some fans; texts mix real
 * comments with emoji-only, copy-paste and self-promotion ones so every rating band appears.
 * @param now the product clock (posts are dated relative to it)
 */
export function createSandboxFanFinderSource(now: () => Date): FanFinderSource {
  return {
    name: 'sandbox',
    relatedCommenters: true,
    async profile(username) {
      const u = username.trim().toLowerCase();
      if (!u) return null;
      return {
        username: u,
        followers: 1_000 + (hash(u, 'followers') % 200_000),
        mediaCount: 12 + (hash(u) % 300),
      };
    },
    async latestPosts(username, limit) {
      const u = username.trim().toLowerCase();
      const today = Math.floor(now().getTime() / DAY_MS) * DAY_MS;
      return Array.from({ length: Math.max(0, Math.min(limit, 12)) }, (_, i) => ({
        id: `sbx_${hash(u, 'post', i).toString(36)}`,
        username: u,
        caption: `Sandbox post ${i + 1} of ${u}`,
        permalink: null,
        // Newest first: every 4 days back, fixed within a day so a re-run on the same day matches.
        postedAt: new Date(today - (i * 4 + 1) * DAY_MS),
      }));
    },
    async comments(post: SourcePost, limit) {
      const count = 10 + (hash(post.id, 'count') % 41); // 10..50
      const out: SourceComment[] = [];
      for (let i = 0; i < Math.min(count, limit); i++) {
        const who = hash(post.id, 'who', i) % POOL;
        // Some fans paste the same text everywhere: their text depends on the fan, not the post.
        const pasted = who % 7 === 0;
        const text = TEXTS[(pasted ? hash('fan', who) : hash(post.id, 'text', i)) % TEXTS.length]!;
        out.push({
          id: `${post.id}_c${i}`,
          postId: post.id,
          username: `fan_${who.toString().padStart(2, '0')}`,
          profilePictureUrl: null,
          text,
          createdAt: new Date(post.postedAt.getTime() + (i + 1) * 3_600_000),
        });
      }
      return out;
    },
  };
}
