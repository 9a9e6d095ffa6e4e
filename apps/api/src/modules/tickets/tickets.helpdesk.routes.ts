import { ticketMergeSchema, ticketTagSchema } from '@lm/contracts/tickets';
import { ticketContextSchema, ticketReplyingSchema } from '@lm/contracts/tickets-api';
import { z } from 'zod';
import { adminAccess, clientInfo, currentAdmin } from '../../platform/access';
import type { ModuleDeps, ZodApp } from '../../platform/app';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import * as service from './tickets.service';

/** Merging and tagging change the ticket: the Edit Ticket permission. */
const EDIT_PERMISSION = 'tickets.edit';
const tagsAnswer = { 200: envelope(z.array(z.string())) };

/** Whoever may answer a ticket may say they are answering it. */
const ANSWER_PERMISSION = 'tickets.add';
/** Whoever may read a ticket may see who is answering it. */
const SHOW_PERMISSION = 'tickets.show';

const tags = ['tickets'];
const replying = { 200: envelope(z.array(ticketReplyingSchema)) };

/**
 * The helpdesk's agent tools of issue 36 beside the spec's ticket routes: reply collisions (the
 * "replying" heartbeat), the user's context beside the thread, merging and tags
 * (docs/decisions.md "Helpdesk: collisions, merge, tags").
 */
export async function helpdeskRoutes(app: ZodApp, deps: ModuleDeps) {
  app.get(
    '/api/admin/tickets/:id/replying',
    {
      config: { access: adminAccess(SHOW_PERMISSION) },
      schema: { tags, params: idParams, response: replying },
    },
    async (req) => ({ data: await service.whoIsReplyingOn(deps, req.params.id, currentAdmin(req).id) }),
  );

  app.put(
    '/api/admin/tickets/:id/replying',
    {
      config: { access: adminAccess(ANSWER_PERMISSION) },
      schema: { tags, params: idParams, response: replying },
    },
    async (req) => ({ data: await service.beatReplying(deps, req.params.id, currentAdmin(req).id) }),
  );

  app.delete(
    '/api/admin/tickets/:id/replying',
    {
      config: { access: adminAccess(ANSWER_PERMISSION) },
      schema: { tags, params: idParams, response: replying },
    },
    async (req) => ({ data: await service.stopReplying(deps, req.params.id, currentAdmin(req).id) }),
  );

  app.get(
    '/api/admin/tickets/:id/context',
    {
      config: { access: adminAccess(SHOW_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: envelope(ticketContextSchema) } },
    },
    async (req) => ({
      data: await service.ticketUserContext(deps, req.params.id, currentAdmin(req).permissions, req.lang),
    }),
  );

  app.post(
    '/api/admin/tickets/:id/merge',
    {
      config: { access: adminAccess(EDIT_PERMISSION) },
      schema: { tags, params: idParams, body: ticketMergeSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      const admin = currentAdmin(req);
      await service.mergeTickets(
        deps,
        { kind: 'admin', id: admin.id, ...clientInfo(req) },
        req.params.id,
        req.body.target_id,
      );
      return { message: t(req.lang, 'tickets.merged') };
    },
  );

  app.post(
    '/api/admin/tickets/:id/tags',
    {
      config: { access: adminAccess(EDIT_PERMISSION) },
      schema: { tags, params: idParams, body: ticketTagSchema, response: tagsAnswer },
    },
    async (req) => {
      const admin = currentAdmin(req);
      return {
        data: await service.addTag(
          deps,
          { kind: 'admin', id: admin.id, ...clientInfo(req) },
          req.params.id,
          req.body.tag,
        ),
        message: t(req.lang, 'tickets.tag_added'),
      };
    },
  );

  app.delete(
    '/api/admin/tickets/:id/tags/:tag',
    {
      config: { access: adminAccess(EDIT_PERMISSION) },
      schema: {
        tags,
        params: idParams.extend({ tag: ticketTagSchema.shape.tag }),
        response: tagsAnswer,
      },
    },
    async (req) => {
      const admin = currentAdmin(req);
      return {
        data: await service.removeTag(
          deps,
          { kind: 'admin', id: admin.id, ...clientInfo(req) },
          req.params.id,
          req.params.tag,
        ),
        message: t(req.lang, 'tickets.tag_removed'),
      };
    },
  );
}
