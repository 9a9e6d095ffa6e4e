import type { Language } from '@lm/contracts';
import { bulkResultSchema } from '@lm/contracts/bulk';
import { ticketBulkAssigneeBody, ticketBulkPriorityBody, ticketBulkStatusBody } from '@lm/contracts/tickets';
import type { FastifyRequest } from 'fastify';
import { adminAccess, clientInfo, currentAdmin } from '../../platform/access';
import type { ModuleDeps, ZodApp } from '../../platform/app';
import { runBulk } from '../../platform/bulk';
import { envelope } from '../../platform/http';
import { t } from '../../platform/i18n';
import * as service from './tickets.service';

const tags = ['tickets'];
/** The single actions' permissions: `PUT ticket_status` and `PUT update_ticket` (spec section 6). */
const STATUS_PERMISSION = 'tickets.status.edit';
const EDIT_PERMISSION = 'tickets.edit';

/** The staff member behind a bulk request, as the single actions take them (permissions included). */
function staffActor(req: FastifyRequest) {
  const admin = currentAdmin(req);
  return { kind: 'admin' as const, id: admin.id, permissions: admin.permissions, ...clientInfo(req) };
}

/** A bulk action's answer: per item what was done or refused, and the counts in words. */
const bulkDone = (lang: Language, result: Awaited<ReturnType<typeof runBulk>>) => ({
  data: result,
  message: t(lang, 'bulk.done', { ok: result.succeeded, refused: result.refused }),
});

/**
 * Bulk work on the staff ticket list (issue 36 "Lists"): set the status, the priority or the assignee
 * of up to 100 tickets. Each ticket goes through the single action's service (`setStatus`,
 * `updateTicket`), behind that action's permission, so the rules, audit entries and notices are the
 * same; each in its own transaction with the ticket row locked, so concurrent runs change a ticket once.
 */
export async function ticketBulkRoutes(app: ZodApp, deps: ModuleDeps) {
  const response = { 200: envelope(bulkResultSchema) };

  app.post(
    '/api/admin/tickets/bulk/status',
    {
      config: { access: adminAccess(STATUS_PERMISSION) },
      schema: { tags, body: ticketBulkStatusBody, response },
    },
    async (req) => {
      const actor = staffActor(req);
      const result = await runBulk(
        req.body.ids,
        async (id) => {
          await service.setStatus(deps, actor, id, req.body.status_id);
          return undefined;
        },
        req.lang,
      );
      return bulkDone(req.lang, result);
    },
  );

  app.post(
    '/api/admin/tickets/bulk/priority',
    {
      config: { access: adminAccess(EDIT_PERMISSION) },
      schema: { tags, body: ticketBulkPriorityBody, response },
    },
    async (req) => {
      const actor = staffActor(req);
      const result = await runBulk(
        req.body.ids,
        async (id) => {
          await service.updateTicket(deps, actor, id, { priority_id: req.body.priority_id });
          return undefined;
        },
        req.lang,
      );
      return bulkDone(req.lang, result);
    },
  );

  app.post(
    '/api/admin/tickets/bulk/assignee',
    {
      config: { access: adminAccess(EDIT_PERMISSION) },
      schema: { tags, body: ticketBulkAssigneeBody, response },
    },
    async (req) => {
      const actor = staffActor(req);
      // Whom to assign is one answer for every ticket: an unknown or inactive staff member is refused
      // once (422 on `admin_id`); each ticket's update checks it again under its lock.
      if (req.body.admin_id !== null)
        await service.assertActiveAdmin(deps.database, req.body.admin_id, 'admin_id');
      const result = await runBulk(
        req.body.ids,
        async (id) => {
          await service.updateTicket(deps, actor, id, { admin_id: req.body.admin_id });
          return undefined;
        },
        req.lang,
      );
      return bulkDone(req.lang, result);
    },
  );
}
