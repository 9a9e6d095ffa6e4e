import { emailSchema, LIMITS } from '@lm/contracts';
import { adminPasswordLinkSchema, idNameSchema, staffAdminSchema } from '@lm/contracts/staff';
import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listPage, listPaging, listSchema } from '../../platform/list-routes';
import * as service from './admins.service';

/** Permission of the staff screens (spec section 2 "/admin/list (view.main.admins.tab.list)"). */
export const ADMINS_PERMISSION = 'view.main.admins.tab.list';

/**
 * Staff never set another admin's password: a `password` in the body is refused under
 * its field (not dropped silently); the admin sets it through an emailed link. Empty means none.
 */
const noPassword = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.never({ error: 'admins.password_by_link' }).optional(),
);

const adminBody = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(150, 'validation.too_long'),
  email: emailSchema,
  status: z.enum(service.ADMIN_STATUSES).default('active'),
  role_ids: z.array(z.coerce.number().int().positive()).max(50).default([]),
  password: noPassword,
});
/** Body of `POST /api/admin/admins` and `PUT /api/admin/admins/{id}`. */
export const adminSaveSchema = adminBody;

const tags = ['admins'];
const adminPage = listPaging(service.ADMIN_ORDER_COLUMNS, { column: 'name', dir: 'asc' });
const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Staff accounts (spec section 2 "/admin/list", section 7 "Admin: CRUD for admins" and the picker
 * `admin/getAllAdminsWithQ`): list, read, create (invited by mail), update, delete, send a password
 * link, each write audited; writes on an admin need every permission that admin holds.
 */
export const adminStaffRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/admins',
    {
      config: { access: adminAccess(ADMINS_PERMISSION) },
      schema: { tags, ...listSchema(staffAdminSchema) },
    },
    async (req) => {
      const { q, filter = {} } = req.query;
      const roleId = Number(single(filter.role_id));
      const status = single(filter.status);
      const page = await service.listAdmins(deps.database, {
        ...adminPage(req.query),
        q,
        roleId: Number.isInteger(roleId) && roleId > 0 ? roleId : undefined,
        status: (service.ADMIN_STATUSES as readonly string[]).includes(status ?? '')
          ? (status as service.AdminStatus)
          : undefined,
      });
      return listPage(page, req.query);
    },
  );

  app.get(
    '/api/admin/admins/:id',
    {
      config: { access: adminAccess(ADMINS_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: envelope(staffAdminSchema) } },
    },
    async (req) => ({ data: await service.getAdmin(deps.database, req.params.id) }),
  );

  app.post(
    '/api/admin/admins',
    {
      config: { access: adminAccess(ADMINS_PERMISSION) },
      schema: { tags, body: adminSaveSchema, response: { 201: envelope(staffAdminSchema) } },
    },
    async (req, reply) => {
      const data = await service.createAdmin(deps, adminActor(req), req.body);
      const message =
        data.status === 'active'
          ? t(req.lang, 'admins.invited', { email: data.email })
          : t(req.lang, 'common.created');
      return reply.status(201).send({ data, message });
    },
  );

  app.put(
    '/api/admin/admins/:id',
    {
      config: { access: adminAccess(ADMINS_PERMISSION) },
      schema: { tags, ...updateSchema(adminSaveSchema, staffAdminSchema) },
    },
    async (req) => {
      const data = await service.updateAdmin(deps, adminActor(req), req.params.id, req.body);
      return { data, message: t(req.lang, 'common.saved') };
    },
  );

  app.delete(
    '/api/admin/admins/:id',
    {
      config: { access: adminAccess(ADMINS_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await service.deleteAdmin(deps, adminActor(req), req.params.id);
      return { message: t(req.lang, 'common.deleted') };
    },
  );

  app.post(
    '/api/admin/admins/:id/reset-password',
    {
      config: { access: adminAccess(ADMINS_PERMISSION) },
      schema: {
        tags,
        params: idParams,
        response: { 200: envelope(adminPasswordLinkSchema) },
      },
    },
    async (req) => {
      const data = await service.sendAdminPasswordLink(deps, adminActor(req), req.params.id);
      return {
        data,
        message: t(req.lang, data.kind === 'invite' ? 'admins.invited' : 'admins.reset_link_sent', {
          email: data.email,
        }),
      };
    },
  );

  app.get(
    '/api/admin/getAllAdminsWithQ',
    {
      config: { access: adminAccess() },
      schema: {
        tags,
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(LIMITS.bigLookupPageSize).default(LIMITS.lookupPageSize),
        }),
        response: { 200: envelope(z.array(idNameSchema)) },
      },
    },
    async (req) => ({ data: await service.searchAdmins(deps.database, req.query) }),
  );
};
