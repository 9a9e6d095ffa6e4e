import { z } from 'zod';
import { PUBLIC } from '../platform/access';
import type { RouteModule } from '../platform/app';
import { NotFoundError } from '../platform/errors';
import {
  SANDBOX_PREVIEW_DEFAULT_SECONDS,
  SANDBOX_PREVIEW_MAX_SECONDS,
  sandboxPreviewWav,
} from './sandbox-audio';

/**
 * `GET /api/sandbox/audio/:platform/:id.wav?seconds=` (hidden from the API reference): the generated
 * preview of a sandbox track or sound (`sandbox-audio.ts`), for each platform whose provider is its
 * sandbox; registered by providers/sandbox.routes.ts, so never in production.
 */
export const sandboxAudioRoutes: RouteModule = (app, deps) => {
  const { spotify, tiktok, instagram } = deps.providers;
  const sandboxed = new Set(
    Object.entries({ spotify, tiktok, instagram })
      .filter(([, p]) => p.name === 'sandbox')
      .map(([platform]) => platform),
  );
  if (sandboxed.size === 0) return;
  app.get(
    '/api/sandbox/audio/:platform/:file',
    {
      config: { access: PUBLIC },
      schema: {
        hide: true,
        params: z.object({
          platform: z.enum(['spotify', 'tiktok', 'instagram']),
          file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.wav$/),
        }),
        querystring: z.object({
          seconds: z.coerce
            .number()
            .int()
            .min(1)
            .max(SANDBOX_PREVIEW_MAX_SECONDS)
            .default(SANDBOX_PREVIEW_DEFAULT_SECONDS),
        }),
      },
    },
    async (req, reply) => {
      if (!sandboxed.has(req.params.platform)) throw new NotFoundError();
      const wav = sandboxPreviewWav(req.params.file.slice(0, -4), req.query.seconds);
      return (
        reply
          .type('audio/wav')
          .header('cache-control', 'public, max-age=86400')
          // Played by the user app's <audio>, also when opened under another name of the server.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(Buffer.from(wav))
      );
    },
  );
};
