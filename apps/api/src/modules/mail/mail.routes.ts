import { z } from 'zod';
import { adminAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { listPage, listSchema } from '../../platform/list-routes';
import { listOutbox } from './mail.service';

/** Reading the dev mailbox (not a spec permission: docs/decisions.md). */
export const DEV_MAILBOX_PERMISSION = 'dev.mailbox.show';

const mailItem = z.object({
  id: z.number(),
  to: z.string(),
  from: z.string(),
  reply_to: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});

/**
 * `GET /api/admin/dev/mailbox`: the outbox, for admins holding `dev.mailbox.show`, only while the
 * outbox mail driver is active (404 otherwise). A dev tool: registered outside production only
 * (modules/dev/dev.routes.ts), since the outbox holds reset links and codes.
 */
export const mailRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/dev/mailbox',
    {
      config: { access: adminAccess(DEV_MAILBOX_PERMISSION) },
      schema: { tags: ['dev'], ...listSchema(mailItem) },
    },
    async (req) => {
      if (deps.mail.driver !== 'outbox') throw new NotFoundError();
      const { page, limit } = req.query;
      const { rows, total } = await listOutbox(deps.database, page, limit);
      const mails = rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        from: r.fromAddress,
        reply_to: r.replyTo,
        subject: r.subject,
        text: r.text,
        html: r.html,
        created_at: r.createdAt.toISOString(),
      }));
      return listPage({ rows: mails, total }, req.query);
    },
  );
};
