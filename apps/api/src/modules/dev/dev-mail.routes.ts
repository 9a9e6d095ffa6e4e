import { z } from 'zod';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope } from '../../platform/http';
import { devMailSessionOf, devMailsOf } from '../mail';

const devMail = z.object({ to: z.string(), subject: z.string(), text: z.string(), created_at: z.string() });

/**
 * `GET /api/dev/mail?to=`: the mails sent to `to` while handling this browser session's requests
 * (its `lm_dev_mail` cookie), newest first; nothing for another browser or before the session began
 * (a new user reads the verification code without staff). A dev tool registered
 * outside production only (modules/dev/dev.routes.ts): production has no such route (404).
 */
export const devMailRoutes: RouteModule = (app) => {
  app.get(
    '/api/dev/mail',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['dev'],
        querystring: z.object({
          to: z.string().trim().min(1, 'validation.required').max(190, 'validation.too_long'),
        }),
        response: { 200: envelope(z.array(devMail)) },
      },
    },
    async (req) => ({ data: devMailsOf(devMailSessionOf(req.headers.cookie), req.query.to) }),
  );
};
