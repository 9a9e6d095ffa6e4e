import { ticketReplyingSchema } from '@lm/contracts/tickets-api';
import { z } from 'zod';
import { adminAccess, currentAdmin } from '../../platform/access';
import type { ModuleDeps, ZodApp } from '../../platform/app';
import { envelope, idParams } from '../../platform/http';
import * as service from './tickets.service';

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
}
