import { LIMITS } from '@lm/contracts';
import { guardSchema, idNameSchema, permissionGroupSchema, roleSchema } from '@lm/contracts/staff';
import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listPage, listPaging, listSchema } from '../../platform/list-routes';
import * as rbac from './rbac.service';

/** Permission that opens the role screens (spec section 2 "/roles/list or /roles"). */
const ROLES_PERMISSION = 'view.main.roles.tab.list';

/** Body of `POST /api/roles` and `PUT /api/roles/{id}`: name, guard and the permission names granted. */
export const roleBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  guard: guardSchema,
  permissions: z.array(z.string().trim().min(1).max(100)).max(500),
});

const tags = ['roles'];
const rolePage = listPaging(rbac.ROLE_ORDER_COLUMNS, { column: 'name', dir: 'asc' });

/** Roles and permissions of spec section 7 "Settings/roles", and the role picker `getAllRolesWithQ`. */
export const rbacRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/permissions',
    {
      config: { access: adminAccess(ROLES_PERMISSION) },
      schema: {
        tags,
        querystring: z.object({ guard: guardSchema.optional() }),
        response: {
          200: envelope(z.array(permissionGroupSchema)),
        },
      },
    },
    async (req) => ({ data: await rbac.listPermissions(deps.database, req.query.guard) }),
  );

  app.get(
    '/api/roles',
    {
      config: { access: adminAccess(ROLES_PERMISSION) },
      schema: { tags, ...listSchema(roleSchema, { guard: guardSchema.optional() }) },
    },
    async (req) => {
      const { q, guard } = req.query;
      return listPage(await rbac.listRoles(deps.database, { ...rolePage(req.query), q, guard }), req.query);
    },
  );

  app.get(
    '/api/roles/:id',
    {
      config: { access: adminAccess(ROLES_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: envelope(roleSchema) } },
    },
    async (req) => ({ data: await rbac.getRole(deps.database, req.params.id) }),
  );

  app.post(
    '/api/roles',
    {
      config: { access: adminAccess(ROLES_PERMISSION) },
      schema: { tags, body: roleBodySchema, response: { 201: envelope(roleSchema) } },
    },
    async (req, reply) => {
      const data = await rbac.createRole(deps, adminActor(req), req.body);
      return reply.status(201).send({ data, message: t(req.lang, 'common.created') });
    },
  );

  app.put(
    '/api/roles/:id',
    {
      config: { access: adminAccess(ROLES_PERMISSION) },
      schema: { tags, ...updateSchema(roleBodySchema, roleSchema) },
    },
    async (req) => {
      const data = await rbac.updateRole(deps, adminActor(req), req.params.id, req.body);
      return { data, message: t(req.lang, 'common.saved') };
    },
  );

  app.delete(
    '/api/roles/:id',
    {
      config: { access: adminAccess(ROLES_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await rbac.deleteRole(deps, adminActor(req), req.params.id);
      return { message: t(req.lang, 'common.deleted') };
    },
  );

  app.get(
    '/api/getAllRolesWithQ',
    {
      config: { access: adminAccess() },
      schema: {
        tags,
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(LIMITS.bigLookupPageSize).default(LIMITS.roleSearchLimit),
          guard: guardSchema.optional(),
        }),
        response: { 200: envelope(z.array(idNameSchema)) },
      },
    },
    async (req) => ({ data: await rbac.searchRoles(deps.database, req.query) }),
  );
};
