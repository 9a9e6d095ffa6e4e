import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { adminAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { envelope, idParams } from '../../platform/http';
import { DEV_MAILBOX_PERMISSION, outboxMail } from '../mail';
import { processInbound, signInbound } from './tickets.inbound';
import { inboundSecret } from './tickets.inbound-address';

/**
 * The sandbox inbound sender: `POST /api/admin/dev/mailbox/{id}/reply
 * {text}` answers a mail of the dev mailbox as its recipient would from their mail program: to the
 * mail's Reply-To, from its To address, with the quoted original below the text; signed with the
 * inbound secret and processed by the same function as the provider's webhook (signature included).
 * Outside production only (registered by modules/dev/dev.routes.ts).
 */
export const ticketsDevRoutes: RouteModule = (app, deps) => {
  app.post(
    '/api/admin/dev/mailbox/:id/reply',
    {
      config: { access: adminAccess(DEV_MAILBOX_PERMISSION) },
      schema: {
        tags: ['dev'],
        params: idParams,
        body: z.object({
          text: z.string().trim().min(1, 'validation.required').max(5_000, 'validation.too_long'),
        }),
        response: {
          200: envelope(
            z.object({
              status: z.string(),
              ticket_id: z.number().optional(),
              reply_id: z.number().optional(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const mail = await outboxMail(deps.database, req.params.id);
      if (!mail.replyTo) throw new ValidationError({ id: ['tickets.dev_no_reply_address'] });
      const secret = inboundSecret(deps.config);
      if (!secret) throw new NotFoundError();
      const quoted = mail.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
      const body = JSON.stringify({
        from: mail.toAddress,
        to: mail.replyTo,
        subject: `Re: ${mail.subject}`,
        text: `${req.body.text}\n\nOn ${mail.createdAt.toUTCString()}, ${mail.fromAddress} wrote:\n${quoted}\n`,
        message_id: `<${randomUUID()}@sandbox.liberty.test>`,
      });
      const outcome = await processInbound(deps, body, signInbound(secret, body));
      return { data: outcome };
    },
  );
};
