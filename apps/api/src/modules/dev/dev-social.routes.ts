import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope } from '../../platform/http';
import {
  isSandboxSocial,
  type SandboxSocialPost,
  type SandboxSocialStore,
  sandboxAccountId,
} from '../../providers/sandbox-social';
import { audit } from '../audit';

const handle = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._]{2,30}$/);
const postId = z.object({ postId: z.string().regex(/^\d{5,40}$/) });
const postSchema = z.object({
  id: z.string(),
  platform: z.enum(['tiktok', 'instagram']),
  account_id: z.string(),
  username: z.string(),
  music_id: z.string().nullable(),
  caption: z.string(),
  views: z.number(),
  posted_at: z.string(),
  deleted_at: z.string().nullable(),
  url: z.string(),
});
const view = (p: SandboxSocialPost): z.infer<typeof postSchema> => ({
  id: p.id,
  platform: p.platform,
  account_id: p.accountId,
  username: p.username,
  music_id: p.musicId,
  caption: p.caption,
  views: p.views,
  posted_at: p.postedAt.toISOString(),
  deleted_at: p.deletedAt?.toISOString() ?? null,
  url:
    p.platform === 'tiktok'
      ? `https://www.tiktok.com/@${p.username}/video/${p.id}`
      : `https://www.instagram.com/reel/${p.id}/`,
});

/**
 * Dev controls of the sandbox TikTok and Instagram (any admin; registered by modules/dev/dev.routes.ts
 * outside production, and only while the platform is its sandbox): post a video or reel using a sound
 * (`music_id`) for a sandbox handle, list an account's posts, delete one, add views. Each audited.
 */
export const devSocialRoutes: RouteModule = (app, deps) => {
  const stores: Record<'tiktok' | 'instagram', SandboxSocialStore | null> = {
    tiktok: isSandboxSocial(deps.providers.tiktok) ? deps.providers.tiktok.posts : null,
    instagram: isSandboxSocial(deps.providers.instagram) ? deps.providers.instagram.posts : null,
  };
  for (const platform of ['tiktok', 'instagram'] as const) {
    const posts = stores[platform];
    if (!posts) continue;
    const base = `/api/admin/dev/${platform}/posts`;
    const tags = ['dev'];
    const access = { access: adminAccess() };

    app.post(
      base,
      {
        config: access,
        schema: {
          tags,
          body: z.object({
            username: handle,
            music_id: z
              .string()
              .trim()
              .regex(/^\d{1,40}$/)
              .nullable()
              .optional(),
            caption: z.string().trim().max(300).default(''),
          }),
          response: { 201: envelope(postSchema) },
        },
      },
      async (req, reply) => {
        const post = await posts.post({
          platform,
          accountId: sandboxAccountId(platform, req.body.username),
          username: req.body.username,
          musicId: req.body.music_id ?? null,
          caption: req.body.caption,
          postedAt: deps.clock.now(),
        });
        await audit(deps.database, adminActor(req), {
          action: 'dev.social_post',
          meta: { platform, op: 'post', id: post.id, username: post.username, music_id: post.musicId },
        });
        return reply.status(201).send({ data: view(post) });
      },
    );

    app.get(
      base,
      {
        config: access,
        schema: {
          tags,
          querystring: z.object({ username: handle }),
          response: { 200: envelope(z.array(postSchema)) },
        },
      },
      async (req) => ({
        data: (
          await posts.list(platform, sandboxAccountId(platform, req.query.username), req.query.username)
        ).map(view),
      }),
    );

    app.delete(
      `${base}/:postId`,
      { config: access, schema: { tags, params: postId, response: { 200: envelope(postSchema) } } },
      async (req) => {
        const post = await posts.remove(platform, req.params.postId, deps.clock.now());
        if (!post) throw new NotFoundError();
        await audit(deps.database, adminActor(req), {
          action: 'dev.social_post',
          meta: { platform, op: 'delete', id: post.id },
        });
        return { data: view(post) };
      },
    );

    app.post(
      `${base}/:postId/views`,
      {
        config: access,
        schema: {
          tags,
          params: postId,
          body: z.object({ views: z.coerce.number().int('validation.whole_number').min(1).max(100_000_000) }),
          response: { 200: envelope(postSchema) },
        },
      },
      async (req) => {
        const post = await posts.addViews(platform, req.params.postId, req.body.views);
        if (!post) throw new NotFoundError();
        await audit(deps.database, adminActor(req), {
          action: 'dev.social_post',
          meta: { platform, op: 'views', id: post.id, views: req.body.views },
        });
        return { data: view(post) };
      },
    );
  }
};
