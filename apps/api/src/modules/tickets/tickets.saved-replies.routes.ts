import { savedReplySchema } from '@lm/contracts/tickets';
import { ticketSavedReplyFilledSchema, ticketSavedReplySchema } from '@lm/contracts/tickets-api';
import { z } from 'zod';
import { adminAccess, adminActor, currentAdmin } from '../../platform/access';
import type { ModuleDeps, ZodApp } from '../../platform/app';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import * as service from './tickets.service';

/** Managing saved replies (issue 36 "Helpdesk"); not in the spec (docs/decisions.md "Saved replies"). */
export const SAVED_REPLIES_PERMISSION = 'tickets.saved.replies.edit';
/** Inserting one into an answer: whoever may answer a ticket. */
const ANSWER_PERMISSION = 'tickets.add';

const tags = ['tickets'];
const idOnly = envelope(z.object({ id: z.number() }));

/**
 * The helpdesk's saved replies: their editors' list, create, edit and delete (behind
 * `tickets.saved.replies.edit`), and one ticket's replies ready to insert (behind `tickets.add`).
 */
export async function savedRepliesRoutes(app: ZodApp, deps: ModuleDeps) {
  app.get(
    '/api/admin/ticket-saved-replies',
    {
      config: { access: adminAccess(SAVED_REPLIES_PERMISSION) },
      schema: { tags, response: { 200: envelope(z.array(ticketSavedReplySchema)) } },
    },
    async (req) => ({ data: await service.listSavedReplies(deps.database, req.lang) }),
  );

  app.post(
    '/api/admin/ticket-saved-replies',
    {
      config: { access: adminAccess(SAVED_REPLIES_PERMISSION) },
      schema: { tags, body: savedReplySchema, response: { 200: idOnly } },
    },
    async (req) => {
      const id = await service.saveSavedReply(deps.database, adminActor(req), req.body);
      return { data: { id }, message: t(req.lang, 'tickets.saved_reply_saved') };
    },
  );

  app.put(
    '/api/admin/ticket-saved-replies/:id',
    {
      config: { access: adminAccess(SAVED_REPLIES_PERMISSION) },
      schema: { tags, params: idParams, body: savedReplySchema, response: { 200: idOnly } },
    },
    async (req) => {
      const id = await service.saveSavedReply(deps.database, adminActor(req), req.body, req.params.id);
      return { data: { id }, message: t(req.lang, 'tickets.saved_reply_saved') };
    },
  );

  app.delete(
    '/api/admin/ticket-saved-replies/:id',
    {
      config: { access: adminAccess(SAVED_REPLIES_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await service.deleteSavedReply(deps.database, adminActor(req), req.params.id);
      return { message: t(req.lang, 'tickets.saved_reply_deleted') };
    },
  );

  app.get(
    '/api/admin/tickets/:id/saved-replies',
    {
      config: { access: adminAccess(ANSWER_PERMISSION) },
      schema: {
        tags,
        params: idParams,
        response: { 200: envelope(z.array(ticketSavedReplyFilledSchema)) },
      },
    },
    async (req) => ({
      data: await service.savedRepliesForTicket(deps.database, req.params.id, currentAdmin(req).id, req.lang),
    }),
  );
}
