import { LIMITS } from '@lm/contracts';
import {
  departmentAdminsSchema,
  departmentSchema,
  TICKET_EDITABLE_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  ticketCreateSchema,
  ticketRatingSchema,
  ticketReplySchema,
  ticketTagSchema,
  ticketUpdateSchema,
} from '@lm/contracts/tickets';
import {
  ticketBadgeOptionSchema,
  ticketCampaignOptionSchema,
  ticketDepartmentOptionSchema,
  ticketDepartmentSchema,
  ticketLookupItemSchema,
  ticketReplyItemSchema,
  ticketSchema,
  ticketStatsSchema,
} from '@lm/contracts/tickets-api';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminAccess,
  adminActor,
  bothAccess,
  clientInfo,
  currentAdmin,
  currentUser,
  PUBLIC,
  userAccess,
} from '../../platform/access';
import type { ModuleDeps, RouteModule, ZodApp } from '../../platform/app';
import { fileDay } from '../../platform/csv-export';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { envelope, idParams, type ListQuery, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { exportSchema, listPage, listPaging, listSchema } from '../../platform/list-routes';
import { auditedCsvExport } from '../audit';
import { receiveInbound } from './inbound-providers';
import { ticketBulkRoutes } from './tickets.bulk.routes';
import { helpdeskRoutes } from './tickets.helpdesk.routes';
import { InboundOffError, InboundSignatureError } from './tickets.inbound';
import { savedRepliesRoutes } from './tickets.saved-replies.routes';
import * as service from './tickets.service';

/** Spec section 2: /tickets and /my-ticket/details are ARTIST_ALL_PERMISSION screens (any signed-in role). */
const USER_PERMISSION = 'ARTIST_ALL_PERMISSION';
/** Admin permissions of spec section 6. */
export const TICKET_PERMISSIONS = {
  list: 'view.main.tickets.tab.list',
  departments: 'view.main.departments.tab.list',
  show: 'tickets.show',
  add: 'tickets.add',
  edit: 'tickets.edit',
  status: 'tickets.status.edit',
  delete: 'tickets.delete',
} as const;

const tags = ['tickets'];
const lookupQ = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.bigLookupPageSize).default(LIMITS.lookupPageSize),
});
const idOnly = envelope(z.object({ id: z.number() }));
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const positive = (v: string | undefined) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : undefined;
};

/** List filters from `filter[...]` (only the known ones; unknown values are refused, never ignored). */
function listFilter(filter: Record<string, string | string[]> = {}): service.TicketListFilter {
  const out: service.TicketListFilter = {};
  const bad = (field: string): never => {
    throw new ValidationError({ [`filter.${field}`]: ['validation.invalid'] });
  };
  const status = filter.status_id;
  if (status !== undefined && status !== '') {
    const ids = [status]
      .flat()
      .flatMap((s) => s.split(','))
      .map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 5)) bad('status_id');
    out.statusId = ids;
  }
  const priority = one(filter.priority_id);
  if (priority) out.priorityId = positive(priority) ?? bad('priority_id');
  const department = one(filter.department_id);
  if (department) out.departmentId = positive(department) ?? bad('department_id');
  const admin = one(filter.admin_id);
  if (admin) out.adminId = admin === 'none' ? 'none' : (positive(admin) ?? bad('admin_id'));
  const tag = one(filter.tag);
  if (tag !== undefined && tag !== '') {
    const parsed = ticketTagSchema.shape.tag.safeParse(tag);
    out.tag = parsed.success ? parsed.data : bad('tag');
  }
  const due = one(filter.due);
  if (due) out.due = due === 'overdue' || due === 'soon' ? due : bad('due');
  return out;
}

function viewerOf(req: FastifyRequest) {
  const p = req.principal!;
  return p.kind === 'user'
    ? { kind: 'user' as const, id: p.id, userTypeId: p.userTypeId }
    : { kind: 'admin' as const };
}

function actorOf(req: FastifyRequest): service.TicketActor {
  const p = req.principal!;
  const info = clientInfo(req);
  return p.kind === 'user'
    ? { kind: 'user', id: p.id, userTypeId: p.userTypeId, ...info }
    : { kind: 'admin', id: p.id, permissions: p.permissions, ...info };
}

/**
 * Support tickets (spec section 7 "Tickets"): the spec's paths, shared by both apps where
 * both call them (`tickets`, `ticket_reply`, `ticket_replies/{id}`, the lookups), users on their own
 * tickets only; staff calls behind spec section 6's permissions; the inbound mail webhook (signed).
 */
export const ticketsRoutes: RouteModule = async (app, deps) => {
  const pageOf = listPaging(service.TICKET_ORDER_COLUMNS, { column: 'created_at', dir: 'desc' });
  /** Staff's ticket lists: every ticket, or one user's when `userId` is given, with the list filters. */
  const staffTickets = async (req: Pick<FastifyRequest, 'lang'> & { query: ListQuery }, userId?: number) => {
    const page = await service.listTickets(
      deps,
      { kind: 'admin' },
      { ...listFilter(req.query.filter), q: req.query.q, ...(userId ? { userId } : {}) },
      pageOf(req.query),
      req.lang,
    );
    return listPage(page, req.query);
  };

  // ---- both apps
  app.post(
    '/api/tickets',
    {
      config: { access: bothAccess(USER_PERMISSION, TICKET_PERMISSIONS.add) },
      schema: { tags, body: ticketCreateSchema, response: { 200: idOnly } },
    },
    async (req) => {
      const id = await service.createTicket(deps, actorOf(req), req.body);
      return { data: { id }, message: t(req.lang, 'tickets.created') };
    },
  );

  app.post(
    '/api/ticket_reply',
    {
      config: { access: bothAccess(USER_PERMISSION, TICKET_PERMISSIONS.add) },
      schema: { tags, body: ticketReplySchema, response: { 200: idOnly } },
    },
    async (req) => {
      const actor = actorOf(req);
      const uploads = await service.checkAttachments(
        deps.database,
        req.body.attachments,
        actor.kind === 'user' ? { userId: actor.id } : { adminId: actor.id },
      );
      const id = await service.addReply(deps, actor, { ...req.body, files: uploads });
      return {
        data: { id: id! },
        message: t(req.lang, req.body.is_internal ? 'tickets.note_added' : 'tickets.reply_sent'),
      };
    },
  );

  app.get(
    '/api/ticket_replies/:id',
    {
      config: { access: bothAccess(USER_PERMISSION, TICKET_PERMISSIONS.show) },
      schema: { tags, params: idParams, response: { 200: envelope(z.array(ticketReplyItemSchema)) } },
    },
    async (req) => {
      const viewer = viewerOf(req);
      return {
        data: await service.listReplies(
          deps,
          viewer.kind === 'user' ? { kind: 'user', id: viewer.id } : viewer,
          req.params.id,
        ),
      };
    },
  );

  app.get(
    '/api/ticket/:id',
    {
      config: { access: bothAccess(USER_PERMISSION, TICKET_PERMISSIONS.show) },
      schema: { tags, params: idParams, response: { 200: envelope(ticketSchema) } },
    },
    async (req) => ({ data: await service.getTicket(deps, viewerOf(req), req.params.id, req.lang) }),
  );

  const lookup = (url: string, items: (req: FastifyRequest) => { id: number; name: string }[]) =>
    app.get(
      url,
      {
        config: { access: bothAccess(USER_PERMISSION, 'general') },
        schema: {
          tags,
          querystring: lookupQ,
          response: { 200: envelope(z.array(ticketBadgeOptionSchema)) },
        },
      },
      async (req) => {
        const q = req.query.q?.toLowerCase();
        return {
          data: items(req)
            .filter((i) => !q || i.name.toLowerCase().includes(q))
            .slice(0, req.query.limit)
            .map((i) => ({ ...i, color: 'color' in i ? String(i.color) : 'gray' })),
        };
      },
    );
  lookup('/api/tickets_status_q', (req) =>
    TICKET_STATUSES.map((s) => ({ id: s.id, ...service.statusBadge(s.id, req.lang) })),
  );
  lookup('/api/tickets_status_q_for_edit', (req) =>
    TICKET_STATUSES.filter((s) => TICKET_EDITABLE_STATUSES.includes(s.id)).map((s) => ({
      id: s.id,
      ...service.statusBadge(s.id, req.lang),
    })),
  );
  lookup('/api/tickets_priority_q', (req) =>
    TICKET_PRIORITIES.map((p) => ({ id: p.id, ...service.priorityBadge(p.id, req.lang) })),
  );

  app.get(
    '/api/tickets_department_q',
    {
      config: { access: bothAccess(USER_PERMISSION, 'general') },
      schema: {
        tags,
        querystring: lookupQ,
        response: { 200: envelope(z.array(ticketDepartmentOptionSchema)) },
      },
    },
    async (req) => ({
      data: await service.searchDepartments(deps.database, req.query.q, req.query.limit, req.lang),
    }),
  );

  app.get(
    '/api/campaign/getUserCampaignWithQ/:id',
    {
      config: { access: bothAccess(USER_PERMISSION, TICKET_PERMISSIONS.add) },
      schema: {
        tags,
        params: idParams,
        // Custom campaigns only when asked: their ids are another series, which older clients would
        // send as `campaign_id`.
        querystring: lookupQ.extend({ include_custom: z.enum(['0', '1']).optional() }),
        response: { 200: envelope(z.array(ticketCampaignOptionSchema)) },
      },
    },
    async (req) => {
      const p = req.principal!;
      if (p.kind === 'user' && p.id !== req.params.id) throw new NotFoundError();
      return {
        data: await service.userCampaigns(deps.database, req.params.id, req.query.q, req.query.limit, {
          includeCustom: req.query.include_custom === '1',
        }),
      };
    },
  );

  // ---- the user's own
  app.get(
    '/api/user/tickets',
    {
      config: { access: userAccess(USER_PERMISSION) },
      schema: { tags, ...listSchema(ticketSchema) },
    },
    async (req) => {
      const user = currentUser(req);
      const filter = listFilter(req.query.filter);
      // Users who may not see the status (type above 1, spec section 6) may not filter by it either.
      if (filter.statusId && user.userTypeId > 1)
        throw new ValidationError({ 'filter.status_id': ['validation.invalid'] });
      const page = await service.listTickets(
        deps,
        { kind: 'user', userTypeId: user.userTypeId },
        {
          statusId: filter.statusId,
          userId: user.id,
          q: req.query.q,
        },
        pageOf(req.query),
        req.lang,
      );
      return listPage(page, req.query);
    },
  );

  app.put(
    '/api/user/close_ticket/:id',
    {
      config: { access: userAccess(USER_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      const user = currentUser(req);
      await service.closeTicket(deps, { kind: 'user', id: user.id, ...clientInfo(req) }, req.params.id);
      return { message: t(req.lang, 'tickets.closed') };
    },
  );

  app.post(
    '/api/user/tickets/:id/rating',
    {
      config: { access: userAccess(USER_PERMISSION) },
      schema: { tags, params: idParams, body: ticketRatingSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      await service.rateTicket(deps, { kind: 'user', id: currentUser(req).id }, req.params.id, req.body);
      return { message: t(req.lang, 'tickets.rated') };
    },
  );

  // ---- staff
  app.get(
    '/api/admin/tickets',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.list) },
      schema: { tags, ...listSchema(ticketSchema) },
    },
    async (req) => staffTickets(req, positive(one(req.query.filter?.user_id))),
  );

  app.get(
    '/api/admin/tickets/export.csv',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.list) },
      schema: { tags, ...exportSchema() },
    },
    async (req, reply) => {
      const userId = positive(one(req.query.filter?.user_id));
      const filter = { ...listFilter(req.query.filter), q: req.query.q, ...(userId ? { userId } : {}) };
      const { order } = pageOf({ ...req.query, page: 1, limit: 10 });
      await auditedCsvExport(deps.database, req, reply, 'tickets', req.query, async () => ({
        query: service.ticketExportQuery(filter, order, deps.clock.now()),
        columns: service.TICKET_EXPORT_COLUMNS,
        filename: `tickets-${fileDay(deps.clock.now())}.csv`,
      }));
      return reply;
    },
  );

  app.get(
    '/api/user_tickets/:id',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.show) },
      schema: { tags, params: idParams, ...listSchema(ticketSchema) },
    },
    async (req) => staffTickets(req, req.params.id),
  );

  app.put(
    '/api/update_ticket/:id',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.edit) },
      schema: { tags, params: idParams, body: ticketUpdateSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      const admin = currentAdmin(req);
      await service.updateTicket(
        deps,
        { kind: 'admin', id: admin.id, permissions: admin.permissions, ...clientInfo(req) },
        req.params.id,
        req.body,
      );
      return { message: t(req.lang, 'tickets.updated') };
    },
  );

  app.put(
    '/api/ticket_status/:id/:status',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.status) },
      schema: {
        tags,
        params: idParams.extend({ status: z.coerce.number().int().min(1).max(5) }),
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      const admin = currentAdmin(req);
      await service.setStatus(
        deps,
        { kind: 'admin', id: admin.id, ...clientInfo(req) },
        req.params.id,
        req.params.status,
      );
      return { message: t(req.lang, 'tickets.updated') };
    },
  );

  app.delete(
    '/api/ticket/:id',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.delete) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await service.deleteTicket(
        deps,
        { kind: 'admin', id: currentAdmin(req).id, ...clientInfo(req) },
        req.params.id,
      );
      return { message: t(req.lang, 'tickets.deleted') };
    },
  );

  app.get(
    '/api/tickets_stats',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.list) },
      schema: { tags, response: { 200: envelope(ticketStatsSchema) } },
    },
    async (req) => ({ data: await service.ticketStats(deps, req.lang) }),
  );

  // ---- departments
  app.get(
    '/api/tickets_departments',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.departments) },
      schema: { tags, response: { 200: envelope(z.array(ticketDepartmentSchema)) } },
    },
    async () => ({ data: await service.listDepartments(deps.database) }),
  );

  app.post(
    '/api/tickets_departments',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.departments) },
      schema: { tags, body: departmentSchema, response: { 200: idOnly } },
    },
    async (req) => {
      const id = await service.saveDepartment(deps.database, adminActor(req), req.body);
      return { data: { id }, message: t(req.lang, 'tickets.department_saved') };
    },
  );

  app.put(
    '/api/tickets_departments/:id',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.departments) },
      schema: { tags, params: idParams, body: departmentSchema, response: { 200: idOnly } },
    },
    async (req) => {
      const id = await service.saveDepartment(deps.database, adminActor(req), {
        ...req.body,
        id: req.params.id,
      });
      return { data: { id }, message: t(req.lang, 'tickets.department_saved') };
    },
  );

  app.delete(
    '/api/delete_department/:id',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.departments) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await service.deleteDepartment(deps.database, adminActor(req), req.params.id);
      return { message: t(req.lang, 'tickets.department_deleted') };
    },
  );

  for (const [url, mode] of [
    ['/api/assign_admins_tickets_departments', 'assign'],
    ['/api/remove_assigned_admins_tickets_departments', 'remove'],
  ] as const) {
    app.post(
      url,
      {
        config: { access: adminAccess(TICKET_PERMISSIONS.departments) },
        schema: { tags, body: departmentAdminsSchema, response: { 200: messageOnly } },
      },
      async (req) => {
        await service.changeDepartmentAdmins(deps.database, adminActor(req), req.body, mode);
        return { message: t(req.lang, 'tickets.department_saved') };
      },
    );
  }

  app.get(
    '/api/ticket_attachments/:id',
    {
      config: { access: bothAccess(USER_PERMISSION, TICKET_PERMISSIONS.show) },
      schema: { tags, params: idParams },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      const file = await service.attachmentForDownload(
        deps,
        viewer.kind === 'user' ? { kind: 'user', id: viewer.id } : viewer,
        req.params.id,
      );
      const stream = await deps.storage.read(file.path);
      if (!stream) throw new NotFoundError();
      // The type is the one detected from the bytes at upload; the name is the sender's, encoded (RFC 6266).
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(service.downloadName(file.name)))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/assigned_admins_q/:id',
    {
      config: { access: adminAccess(TICKET_PERMISSIONS.show) },
      schema: {
        tags,
        params: idParams,
        querystring: lookupQ,
        response: { 200: envelope(z.array(ticketLookupItemSchema)) },
      },
    },
    async (req) => ({
      data: await service.departmentAdmins(deps.database, req.params.id, req.query.q, req.query.limit),
    }),
  );

  await savedRepliesRoutes(app, deps);
  await ticketBulkRoutes(app, deps);
  await helpdeskRoutes(app, deps);
  await app.register(async (scope) => inboundRoute(scope as ZodApp, deps));
};

/**
 * The inbound mail webhook needs the raw body for its signature, so it lives in its own scope where
 * JSON (generic, Postmark), URL-encoded (Mailgun) and multipart (Mailgun with files, SendGrid) bodies
 * arrive as bytes; the configured provider's adapter reads them.
 */
async function inboundRoute(app: ZodApp, deps: ModuleDeps) {
  const raw = { parseAs: 'buffer' as const, bodyLimit: 30 * 1024 * 1024 };
  const keep = (_req: unknown, body: Buffer | string, done: (err: null, body: Buffer | string) => void) =>
    done(null, body);
  app.addContentTypeParser('application/json', raw, keep);
  if (app.hasContentTypeParser('multipart/form-data')) app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', raw, keep);
  app.addContentTypeParser('application/x-www-form-urlencoded', raw, keep);
  app.post(
    '/api/tickets/inbound-mail',
    { config: { access: PUBLIC }, schema: { tags: ['provider webhooks'] } },
    async (req, reply) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        const outcome = await receiveInbound(deps, {
          body,
          contentType: req.headers['content-type'] ?? '',
          headers: req.headers,
        });
        return { data: outcome };
      } catch (err) {
        if (err instanceof InboundOffError)
          return reply.status(503).send({ message: t(req.lang, 'tickets.inbound_off'), requestId: req.id });
        if (err instanceof InboundSignatureError)
          return reply
            .status(400)
            .send({ message: t(req.lang, 'tickets.inbound_signature'), requestId: req.id });
        if (
          err instanceof SyntaxError ||
          err instanceof TypeError ||
          (err as { name?: string }).name === 'ZodError'
        )
          return reply.status(400).send({ message: t(req.lang, 'errors.bad_request'), requestId: req.id });
        throw err;
      }
    },
  );
}
