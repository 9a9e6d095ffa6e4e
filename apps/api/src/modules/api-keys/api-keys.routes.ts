import { USER_ADMIN_PERMISSIONS } from '@lm/contracts';
import {
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  createStaffApiKeySchema,
} from '@lm/contracts/api-keys-api';
import { z } from 'zod';
import {
  adminAccess,
  adminActor,
  currentAdmin,
  currentUser,
  userAccess,
  userActor,
} from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams } from '../../platform/http';
import { t } from '../../platform/i18n';
import {
  assertPermissionsHeld,
  createApiKey,
  listApiKeys,
  listUserApiKeysForStaff,
  revokeApiKey,
} from './api-keys.service';

const tags = ['api keys'];

/**
 * API keys (issue 34): a user's own keys under `/api/user/api-keys` (artists, curators, creators) and a
 * staff member's own under `/api/admin/api-keys`, and a user's keys on the back-office user overview
 * (read with the users list's permission, revoked with `users.edit`, the one that disables accounts).
 * These routes declare no scope: a key never lists, makes or revokes keys (account security). The
 * rules: `api-keys.service.ts`.
 */
export const apiKeyRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/api/user/api-keys',
    {
      config: { access: userAccess() },
      schema: { tags, summary: 'My API keys', response: { 200: envelope(z.array(apiKeySchema)) } },
    },
    async (req) => ({ data: await listApiKeys(deps, { userId: currentUser(req).id }) }),
  );
  app.post(
    '/api/user/api-keys',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Create an API key (its secret is answered this once)',
        body: createApiKeySchema,
        response: { 201: envelope(createdApiKeySchema) },
      },
    },
    async (req, reply) => {
      const data = await createApiKey(deps, { userId: currentUser(req).id }, req.body, userActor(req));
      return reply.status(201).send({ data, message: t(req.lang, 'api_keys.created') });
    },
  );
  app.delete(
    '/api/user/api-keys/:id',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Revoke an API key',
        params: idParams,
        response: { 200: envelope(apiKeySchema) },
      },
    },
    async (req) => ({
      data: await revokeApiKey(deps, { userId: currentUser(req).id }, req.params.id, userActor(req)),
      message: t(req.lang, 'api_keys.revoked'),
    }),
  );

  app.get(
    '/api/admin/api-keys',
    {
      config: { access: adminAccess() },
      schema: { tags, summary: 'My staff API keys', response: { 200: envelope(z.array(apiKeySchema)) } },
    },
    async (req) => ({ data: await listApiKeys(deps, { adminId: currentAdmin(req).id }) }),
  );
  app.post(
    '/api/admin/api-keys',
    {
      config: { access: adminAccess() },
      schema: {
        tags,
        summary: 'Create a staff API key with some of my permissions (its secret is answered this once)',
        body: createStaffApiKeySchema,
        response: { 201: envelope(createdApiKeySchema) },
      },
    },
    async (req, reply) => {
      const admin = currentAdmin(req);
      assertPermissionsHeld(req.body.permissions, admin.permissions);
      const data = await createApiKey(
        deps,
        { adminId: admin.id },
        req.body,
        adminActor(req),
        req.body.permissions,
      );
      return reply.status(201).send({ data, message: t(req.lang, 'api_keys.created') });
    },
  );
  app.delete(
    '/api/admin/api-keys/:id',
    {
      config: { access: adminAccess() },
      schema: {
        tags,
        summary: 'Revoke one of my staff API keys',
        params: idParams,
        response: { 200: envelope(apiKeySchema) },
      },
    },
    async (req) => ({
      data: await revokeApiKey(deps, { adminId: currentAdmin(req).id }, req.params.id, adminActor(req)),
      message: t(req.lang, 'api_keys.revoked'),
    }),
  );

  const userKeyParams = z.object({ id: idParams.shape.id, keyId: idParams.shape.id });
  app.get(
    '/api/admin/users/:id/api-keys',
    {
      config: { access: adminAccess(USER_ADMIN_PERMISSIONS.view) },
      schema: {
        tags,
        summary: "A user's API keys (user overview)",
        params: idParams,
        response: { 200: envelope(z.array(apiKeySchema)) },
      },
    },
    async (req) => ({ data: await listUserApiKeysForStaff(deps, req.params.id) }),
  );
  app.post(
    '/api/admin/users/:id/api-keys/:keyId/revoke',
    {
      config: { access: adminAccess(USER_ADMIN_PERMISSIONS.edit) },
      schema: {
        tags,
        summary: "Revoke a user's API key (user overview)",
        params: userKeyParams,
        response: { 200: envelope(apiKeySchema) },
      },
    },
    async (req) => ({
      data: await revokeApiKey(deps, { userId: req.params.id }, req.params.keyId, adminActor(req)),
      message: t(req.lang, 'api_keys.revoked'),
    }),
  );
};
