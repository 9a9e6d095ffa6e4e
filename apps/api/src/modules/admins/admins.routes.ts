import {
  adminChangePasswordSchema,
  loginSchema,
  resetPasswordSchema,
  type SessionAdmin,
} from '@lm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { withTransaction } from '../../db/client';
import { adminAccess, clientInfo, currentAdmin, PUBLIC } from '../../platform/access';
import type { AppDeps, RouteModule } from '../../platform/app';
import { burnPasswordCheck, verifyPassword } from '../../platform/crypto';
import { AppError, NotFoundError } from '../../platform/errors';
import { envelope, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { assertLoginAllowed, recordLoginAttempt } from '../accounts/login-throttle';
import { issueToken, revokeToken } from '../accounts/tokens';
import { audit } from '../audit/audit.service';
import { abilityRules, adminPermissionNames, adminRoleNames } from '../rbac/rbac.service';
import * as passwords from './admin-password.service';
import { admins } from './admins.schema';

export const sessionAdminSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  abilities: z.array(z.object({ action: z.literal('call'), subject: z.string() })),
});

/** Admin session data (`admin/info`): roles and CASL rules of the admin's permissions. */
export async function sessionAdmin(deps: Pick<AppDeps, 'database'>, adminId: number): Promise<SessionAdmin> {
  const [admin] = await deps.database.db.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) throw new NotFoundError();
  return {
    id: admin.id,
    name: admin.name,
    email: admin.email,
    roles: await adminRoleNames(deps.database, adminId),
    abilities: abilityRules(await adminPermissionNames(deps.database, adminId)),
  };
}

const tags = ['admin auth'];

/**
 * Separate admin session (spec section 6): `admin/login`, `admin/info`, `logout`; and the admin's own
 * password (issue 11 item 2): the emailed link's `admin/check/reset/token` and `admin/reset-password`
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
      const { email, password } = req.body;
      const info = clientInfo(req);
      await assertLoginAllowed(deps.database, 'admin', email, info.ip, deps.clock);
      const [admin] = await deps.database.db
        .select()
        .from(admins)
        .where(and(eq(admins.email, email), sql`${admins.deletedAt} is null`));
      // An invited admin without a password yet fails like an unknown address (same work, same answer).
      const ok = admin?.passwordHash
        ? await verifyPassword(admin.passwordHash, password)
        : await burnPasswordCheck(password);
      if (!admin || !ok || admin.status !== 'active') {
        await recordLoginAttempt(deps.database, 'admin', email, info.ip, false, deps.clock);
        await audit(
          deps.database,
          { type: 'guest', ...info },
          { action: 'admin.login_failed', targetType: 'admin', targetId: admin?.id, meta: { email } },
        );
        throw new AppError(422, 'auth.invalid_credentials', {
          errors: { email: ['auth.invalid_credentials'] },
        });
      }
      await recordLoginAttempt(deps.database, 'admin', email, info.ip, true, deps.clock);
      const token = await withTransaction(deps.database, async (tx) => {
        // The back-office language of this sign-in is the one the admin's mails are written in.
        if (admin.language !== req.lang)
          await tx.db.update(admins).set({ language: req.lang }).where(eq(admins.id, admin.id));
        const tok = await issueToken(
          tx,
          { adminId: admin.id },
          info,
          deps.clock,
          deps.config.ADMIN_TOKEN_TTL_HOURS * 3_600_000,
        );
        await audit(
          deps.database,
          { type: 'admin', id: admin.id, ...info },
          { action: 'admin.login', targetType: 'admin', targetId: admin.id },
          tx,
        );
        return tok;
      });
      return {
        data: { token, admin: await sessionAdmin(deps, admin.id) },
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
