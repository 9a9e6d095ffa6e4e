import { adminChangePasswordSchema, loginSchema, resetPasswordSchema } from '@lm/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminAccess, clientInfo, currentAdmin, PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { revokeToken } from '../accounts';
import { audit } from '../audit';
import { sessionAdmin, signInAdmin } from './admin-auth.service';
import * as passwords from './admin-password.service';

export const sessionAdminSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  abilities: z.array(z.object({ action: z.literal('call'), subject: z.string() })),
});

const tags = ['admin auth'];

/**
 * Separate admin session (spec section 6): `admin/login`, `admin/info`, `logout`; and the admin's own
 * password: the emailed link's `admin/check/reset/token` and `admin/reset-password`
 * (public), `admin/password` (signed in, current password required).
 */
export const adminAuthRoutes: RouteModule = (app, deps) => {
  app.post(
    '/api/admin/login',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        body: loginSchema,
        response: { 200: envelope(z.object({ token: z.string(), admin: sessionAdminSchema })) },
      },
    },
    async (req: FastifyRequest<{ Body: z.output<typeof loginSchema> }>) => {
      const { token, adminId } = await signInAdmin(deps, req.body, req.lang, clientInfo(req));
      return {
        data: { token, admin: await sessionAdmin(deps, adminId) },
        message: t(req.lang, 'auth.logged_in'),
      };
    },
  );

  app.get(
    '/api/admin/info',
    { config: { access: adminAccess() }, schema: { tags, response: { 200: envelope(sessionAdminSchema) } } },
    async (req) => ({
      data: await sessionAdmin(deps, currentAdmin(req).id),
    }),
  );

  app.get(
    '/api/admin/check/reset/token',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        querystring: z.object({ token: z.string().max(200), email: z.string().max(190) }),
        response: { 200: envelope(z.object({ valid: z.literal(true), invitation: z.boolean() })) },
      },
    },
    async (req) => {
      const { invitation } = await passwords.checkAdminResetToken(
        deps,
        req.query.email.trim().toLowerCase(),
        req.query.token,
      );
      return { data: { valid: true as const, invitation } };
    },
  );

  app.post(
    '/api/admin/reset-password',
    {
      config: { access: PUBLIC },
      schema: { tags, body: resetPasswordSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      await passwords.resetAdminPassword(deps, req.body, clientInfo(req));
      return { message: t(req.lang, 'auth.password_changed') };
    },
  );

  app.post(
    '/api/admin/password',
    {
      config: { access: adminAccess() },
      schema: { tags, body: adminChangePasswordSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      const admin = currentAdmin(req);
      await passwords.changeOwnAdminPassword(deps, admin.id, admin.tokenId, req.body, clientInfo(req));
      return { message: t(req.lang, 'auth.password_changed') };
    },
  );

  app.post(
    '/api/logout',
    { config: { access: { kind: 'any' } }, schema: { tags, response: { 200: messageOnly } } },
    async (req) => {
      const principal = req.principal!;
      await revokeToken(deps.database, principal.tokenId);
      await audit(
        deps.database,
        { type: principal.kind, id: principal.id, ...clientInfo(req) },
        { action: `${principal.kind === 'admin' ? 'admin' : 'auth'}.logout` },
      );
      return { message: t(req.lang, 'auth.logged_out') };
    },
  );
};
