import { adminUserSchema, declineUserSchema, USER_ADMIN_PERMISSIONS } from '@lm/contracts';
import {
  adminUserListItemSchema,
  adminUserOverviewSchema,
  userActivitySchema,
  userNoteBodySchema,
  userNoteSchema,
  userSpotifyConnectionSchema,
  userWalletSummarySchema,
} from '@lm/contracts/admin-users';
import { bulkIdsBody, bulkIdsSchema, bulkResultSchema } from '@lm/contracts/bulk';
import { expressCampaignSchema, expressPlaylistSchema } from '@lm/contracts/express';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminAccess, clientInfo, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { runBulk } from '../../platform/bulk';
import { fileDay } from '../../platform/csv-export';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { exportSchema, listSchema } from '../../platform/list-routes';
import { listActivities } from '../activities';
import { auditedCsvExport } from '../audit';
import { accountSchema, accountsOfUsers, listConnections } from '../connections';
import { expressQueries } from '../express';
import { addUserNote, listUserNotes } from './users.notes';
import * as users from './users.service';

const tags = ['admin users'];
const USERS_VIEW = USER_ADMIN_PERMISSIONS.view;
const USERS_EDIT = USER_ADMIN_PERMISSIONS.edit;
const USERS_INVITE = USER_ADMIN_PERMISSIONS.invite;
const USERS_RESET = USER_ADMIN_PERMISSIONS.resetPassword;

const staff = (req: FastifyRequest): users.StaffMeta => ({
  adminId: currentAdmin(req).id,
  ...clientInfo(req),
});
const firstPage = (limit: number) => ({
  page: 1,
  limit,
  order: undefined,
  q: undefined,
  filter: undefined,
});

/**
 * Back-office users (spec sections 2, 3, 5, 6 and 7 "Admin user overview"): the
 * /users/list screen, the /users/{userId} overview and its tabs, the user modal, and the account
 * actions (approve, decline, disable, enable, invite, reset password), each audited.
 */
export const usersRoutes: RouteModule = (app, deps) => {
  const storageUrl = (k: string) => deps.storage.url(k);

  app.get(
    '/api/admin/users',
    {
      config: { access: adminAccess(USERS_VIEW) },
      schema: { tags, ...listSchema(adminUserListItemSchema) },
    },
    async (req) => users.listUsers(deps.database, req.query, storageUrl),
  );

  app.get(
    '/api/admin/users/export.csv',
    { config: { access: adminAccess(USERS_VIEW) }, schema: { tags, ...exportSchema() } },
    async (req, reply) => {
      await auditedCsvExport(deps.database, req, reply, 'users', req.query, async () => ({
        query: users.userExportQuery(req.query),
        columns: users.USER_EXPORT_COLUMNS,
        filename: `users-${fileDay(deps.clock.now())}.csv`,
      }));
      return reply;
    },
  );

  app.post(
    '/api/admin/users',
    {
      config: { access: adminAccess(USERS_EDIT) },
      schema: { tags, body: adminUserSchema, response: { 201: envelope(adminUserOverviewSchema) } },
    },
    async (req, reply) => {
      const id = await users.createUser(deps, req.body, staff(req));
      reply.status(201);
      return { data: await users.userOverview(deps, id), message: t(req.lang, 'user.created') };
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { access: adminAccess(USERS_VIEW) },
      schema: { tags, params: idParams, response: { 200: envelope(adminUserOverviewSchema) } },
    },
    async (req) => ({ data: await users.userOverview(deps, req.params.id) }),
  );

  app.put(
    '/api/admin/users/:id',
    {
      config: { access: adminAccess(USERS_EDIT) },
      schema: { tags, ...updateSchema(adminUserSchema, adminUserOverviewSchema) },
    },
    async (req) => {
      await users.updateUser(deps, req.params.id, req.body, staff(req));
      return { data: await users.userOverview(deps, req.params.id), message: t(req.lang, 'user.updated') };
    },
  );

  const action = (
    path: string,
    permission: string,
    run: (req: FastifyRequest<{ Params: { id: number }; Body: unknown }>) => Promise<void>,
    messageKey: string,
    body?: z.ZodType,
  ) =>
    app.post(
      `/api/admin/users/:id/${path}`,
      {
        config: { access: adminAccess(permission) },
        schema: { tags, params: idParams, ...(body ? { body } : {}), response: { 200: messageOnly } },
      },
      async (req) => {
        await run(req as FastifyRequest<{ Params: { id: number }; Body: unknown }>);
        return { message: t(req.lang, messageKey) };
      },
    );

  action(
    'approve',
    USERS_EDIT,
    (req) => users.decideUser(deps, req.params.id, 'approve', undefined, staff(req)),
    'user.approved',
  );
  action(
    'decline',
    USERS_EDIT,
    (req) =>
      users.decideUser(
        deps,
        req.params.id,
        'decline',
        (req.body as z.output<typeof declineUserSchema> | undefined)?.reason || undefined,
        staff(req),
      ),
    'user.declined',
    declineUserSchema.nullish(),
  );

  /** A bulk decision on users pending approval (issue 36 "Lists"): each id through `decideUser`. */
  const bulkDecision = (decision: 'approve' | 'decline', body: z.ZodType) =>
    app.post(
      `/api/admin/users/bulk/${decision}`,
      {
        config: { access: adminAccess(USERS_EDIT) },
        schema: { tags, body, response: { 200: envelope(bulkResultSchema) } },
      },
      async (req) => {
        const { ids, reason } = req.body as { ids: number[]; reason?: string };
        const actor = staff(req);
        const result = await runBulk(
          ids,
          async (id) => {
            await users.decideUser(deps, id, decision, reason || undefined, actor);
            return undefined;
          },
          req.lang,
        );
        return {
          data: result,
          message: t(req.lang, 'bulk.done', { ok: result.succeeded, refused: result.refused }),
        };
      },
    );
  bulkDecision('approve', bulkIdsBody);
  bulkDecision('decline', declineUserSchema.extend({ ids: bulkIdsSchema }));
  action('disable', USERS_EDIT, (req) => users.disableUser(deps, req.params.id, staff(req)), 'user.disabled');
  action('enable', USERS_EDIT, (req) => users.enableUser(deps, req.params.id, staff(req)), 'user.enabled');
  action('invite', USERS_INVITE, (req) => users.inviteUser(deps, req.params.id, staff(req)), 'user.invited');
  action(
    'reset-password',
    USERS_RESET,
    (req) => users.sendPasswordReset(deps, req.params.id, staff(req)),
    'user.reset_sent',
  );

  // Staff notes on the user (issue 36 "Lists"): the overview's Notes tab, staff only.
  app.get(
    '/api/admin/users/:id/notes',
    {
      config: { access: adminAccess(USER_ADMIN_PERMISSIONS.notesShow) },
      schema: { tags, params: idParams, response: { 200: envelope(z.array(userNoteSchema)) } },
    },
    async (req) => ({ data: await listUserNotes(deps.database, req.params.id) }),
  );
  app.post(
    '/api/admin/users/:id/notes',
    {
      config: { access: adminAccess(USER_ADMIN_PERMISSIONS.notesAdd) },
      schema: {
        tags,
        params: idParams,
        body: userNoteBodySchema,
        response: { 201: envelope(userNoteSchema) },
      },
    },
    async (req, reply) => {
      const id = await addUserNote(deps.database, req.params.id, req.body.body, staff(req));
      const note = (await listUserNotes(deps.database, req.params.id)).find((n) => n.id === id)!;
      reply.status(201);
      return { data: note, message: t(req.lang, 'user.note_added') };
    },
  );

  // Overview tabs (spec section 7 "Admin user overview", paths as the spec gives them).
  app.get(
    '/api/users/activities/:id',
    {
      config: { access: adminAccess(USERS_VIEW) },
      schema: { tags, params: idParams, ...listSchema(userActivitySchema) },
    },
    async (req) => {
      await users.userTypeOf(deps.database, req.params.id);
      return listActivities(deps.database, req.params.id, req.query);
    },
  );

  // A user's express campaigns as artist and as curator: the overview's last five, and all of them.
  const campaignTabs = [
    {
      owner: 'artistId',
      lastFive: '/api/artist/campaigns/indexLastFiveForArtist/:id',
      all: '/api/artist/campaigns/indexAllListByAdminForArtist/:id',
    },
    {
      owner: 'curatorId',
      lastFive: '/api/curator/campaigns/indexLastFiveForCurator/:id',
      all: '/api/curator/campaigns/all/:id',
    },
  ] as const;
  for (const { owner, lastFive, all } of campaignTabs) {
    app.get(
      lastFive,
      {
        config: { access: adminAccess(USERS_VIEW) },
        schema: {
          tags,
          params: idParams,
          response: { 200: z.object({ data: z.array(expressCampaignSchema) }) },
        },
      },
      async (req) => {
        await users.userTypeOf(deps.database, req.params.id);
        const page = await expressQueries.listCampaigns(deps.database, firstPage(5), {
          [owner]: req.params.id,
        });
        return { data: page.data };
      },
    );
    app.get(
      all,
      {
        config: { access: adminAccess(USERS_VIEW) },
        schema: { tags, params: idParams, ...listSchema(expressCampaignSchema) },
      },
      async (req) => {
        await users.userTypeOf(deps.database, req.params.id);
        return expressQueries.listCampaigns(deps.database, req.query, { [owner]: req.params.id });
      },
    );
  }
  app.get(
    '/api/express/users/all/playlists/:id',
    {
      config: { access: adminAccess(USERS_VIEW) },
      schema: { tags, params: idParams, ...listSchema(expressPlaylistSchema) },
    },
    async (req) => {
      await users.userTypeOf(deps.database, req.params.id);
      return expressQueries.listPlaylists(deps.database, req.query, { curatorId: req.params.id });
    },
  );

  app.get(
    '/api/admin/users/:id/wallet/summary',
    {
      config: { access: adminAccess('main.wallet.show.all.transactions') },
      schema: {
        tags,
        params: idParams,
        response: { 200: envelope(userWalletSummarySchema) },
      },
    },
    async (req) => ({ data: await users.walletSummary(deps.database, req.params.id) }),
  );

  app.get(
    '/api/admin/users/:id/connections',
    {
      config: { access: adminAccess(USERS_VIEW) },
      schema: {
        tags,
        params: idParams,
        response: {
          200: envelope(
            z.object({
              spotify: z.array(userSpotifyConnectionSchema),
              tiktok: z.array(accountSchema),
              instagram: z.array(accountSchema),
            }),
          ),
        },
      },
    },
    async (req) => {
      await users.userTypeOf(deps.database, req.params.id);
      const spotify = await listConnections(deps.database, req.params.id);
      // TikTok and Instagram accounts of any user type, revoked ones too (staff see the history).
      const social = await accountsOfUsers(deps, [req.params.id], req.lang);
      return {
        data: {
          tiktok: social.filter((a) => a.platform === 'tiktok'),
          instagram: social.filter((a) => a.platform === 'instagram'),
          spotify,
        },
      };
    },
  );
};
