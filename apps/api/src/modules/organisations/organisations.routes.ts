import {
  managedArtistInputSchema,
  memberRoleInputSchema,
  myOrganisationSchema,
  myRosterSchema,
  organisationInputSchema,
  organisationMemberSchema,
  organisationSchema,
  rosterArtistSchema,
  rosterInviteInputSchema,
  teamInviteInputSchema,
  teamInvitePreviewSchema,
  teamInviteSchema,
} from '@lm/contracts/organisations-api';
import { z } from 'zod';
import { clientInfo, currentUser, PUBLIC, userAccess, userActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { AppError, ValidationError } from '../../platform/errors';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import {
  acceptRosterInvite,
  createManagedArtist,
  inviteArtist,
  leaveRoster,
  listRoster,
  myRoster,
  refuseRosterInvite,
  removeArtist,
} from './organisations.roster';
import {
  createOrganisation,
  deleteOrganisation,
  listMyOrganisations,
  readOrganisation,
  setOrganisationLogo,
  updateOrganisation,
} from './organisations.service';
import {
  acceptInvite,
  createInvite,
  listInvites,
  listMembers,
  previewInvite,
  removeMember,
  revokeInvite,
  updateMember,
} from './organisations.team';

const idInt = z.coerce.number().int().positive().max(2_147_483_647);
const memberParams = z.object({ id: idInt, memberId: idInt });
const inviteParams = z.object({ id: idInt, inviteId: idInt });
const artistParams = z.object({ id: idInt, artistUserId: idInt });
const tokenParams = z.object({ token: z.string().min(20).max(100) });

const tags = ['organisations'];

/**
 * The organisation routes of the user app (issue 35 "Labels and teams"; paths and shapes:
 * `@lm/contracts/organisations-api`). Every one is a signed-in user's; what a member may do is their
 * role's CASL ability, read per request by the services (404 to a non-member, 403 to a role that may
 * not). None declares `organisation`, so none may be called while acting for an artist.
 */
export const organisationRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/api/organisations',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'My organisations, with my role and the artists I may act for',
        response: { 200: envelope(z.array(myOrganisationSchema)) },
      },
    },
    async (req) => ({ data: await listMyOrganisations(deps, currentUser(req).id) }),
  );
  app.post(
    '/api/organisations',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Create an organisation (I become its Owner)',
        body: organisationInputSchema,
        response: { 201: envelope(organisationSchema) },
      },
    },
    async (req, reply) => {
      const data = await createOrganisation(deps, currentUser(req).id, req.body, userActor(req));
      return reply.status(201).send({ data, message: t(req.lang, 'organisations.created') });
    },
  );
  app.get(
    '/api/organisations/:id',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'One of my organisations',
        params: idParams,
        response: { 200: envelope(organisationSchema) },
      },
    },
    async (req) => ({ data: await readOrganisation(deps, currentUser(req).id, req.params.id) }),
  );
  app.put(
    '/api/organisations/:id',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: "Change an organisation's profile or billing details",
        params: idParams,
        body: organisationInputSchema,
        response: { 200: envelope(organisationSchema) },
      },
    },
    async (req) => ({
      data: await updateOrganisation(deps, currentUser(req).id, req.params.id, req.body, userActor(req)),
      message: t(req.lang, 'organisations.updated'),
    }),
  );
  app.delete(
    '/api/organisations/:id',
    {
      config: { access: userAccess() },
      schema: { tags, summary: 'Delete an organisation', params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await deleteOrganisation(deps, currentUser(req).id, req.params.id, userActor(req));
      return { message: t(req.lang, 'organisations.deleted') };
    },
  );
  app.post(
    '/api/organisations/:id/logo',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: "Upload an organisation's logo",
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(organisationSchema) },
      },
    },
    async (req) => {
      const part = await req.file();
      if (!part) throw new ValidationError({ file: ['validation.file_required'] });
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'errors.payload_too_large');
        throw err;
      });
      const data = await setOrganisationLogo(
        deps,
        currentUser(req).id,
        req.params.id,
        { bytes, filename: part.filename },
        { ...userActor(req), ...clientInfo(req) },
      );
      return { data, message: t(req.lang, 'organisations.logo_saved') };
    },
  );

  app.get(
    '/api/organisations/:id/members',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: "An organisation's team",
        params: idParams,
        response: { 200: envelope(z.array(organisationMemberSchema)) },
      },
    },
    async (req) => ({ data: await listMembers(deps, currentUser(req).id, req.params.id) }),
  );
  app.put(
    '/api/organisations/:id/members/:memberId',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: "Change a member's role and artists",
        params: memberParams,
        body: memberRoleInputSchema,
        response: { 200: envelope(organisationMemberSchema) },
      },
    },
    async (req) => ({
      data: await updateMember(
        deps,
        currentUser(req).id,
        req.params.id,
        req.params.memberId,
        req.body,
        userActor(req),
      ),
      message: t(req.lang, 'organisations.member_updated'),
    }),
  );
  app.delete(
    '/api/organisations/:id/members/:memberId',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Remove a member, or leave the team',
        params: memberParams,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      const { left } = await removeMember(
        deps,
        currentUser(req).id,
        req.params.id,
        req.params.memberId,
        userActor(req),
      );
      return { message: t(req.lang, left ? 'organisations.left' : 'organisations.member_removed') };
    },
  );
  app.get(
    '/api/organisations/:id/invites',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: "An organisation's team invitations",
        params: idParams,
        response: { 200: envelope(z.array(teamInviteSchema)) },
      },
    },
    async (req) => ({ data: await listInvites(deps, currentUser(req).id, req.params.id) }),
  );
  app.post(
    '/api/organisations/:id/invites',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Invite someone to the team by e-mail',
        params: idParams,
        body: teamInviteInputSchema,
        response: { 201: envelope(teamInviteSchema) },
      },
    },
    async (req, reply) => {
      const data = await createInvite(
        deps,
        currentUser(req).id,
        req.params.id,
        req.body,
        req.lang,
        userActor(req),
      );
      return reply.status(201).send({ data, message: t(req.lang, 'organisations.invite_sent') });
    },
  );
  app.delete(
    '/api/organisations/:id/invites/:inviteId',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Revoke a team invitation',
        params: inviteParams,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      await revokeInvite(deps, currentUser(req).id, req.params.id, req.params.inviteId, userActor(req));
      return { message: t(req.lang, 'organisations.invite_revoked') };
    },
  );
  app.get(
    '/api/organisation-invites/:token',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'What a team invitation link invites to',
        params: tokenParams,
        response: { 200: envelope(teamInvitePreviewSchema) },
      },
    },
    async (req) => ({ data: await previewInvite(deps, req.params.token) }),
  );
  app.post(
    '/api/organisation-invites/:token/accept',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Accept a team invitation',
        params: tokenParams,
        response: { 200: envelope(myOrganisationSchema) },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const { organisation_id } = await acceptInvite(deps, userId, req.params.token, userActor(req));
      const mine = await listMyOrganisations(deps, userId);
      return {
        data: mine.find((o) => o.id === organisation_id)!,
        message: t(req.lang, 'organisations.invite_accepted'),
      };
    },
  );

  app.get(
    '/api/organisations/:id/artists',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: "An organisation's roster",
        params: idParams,
        response: { 200: envelope(z.array(rosterArtistSchema)) },
      },
    },
    async (req) => ({ data: await listRoster(deps, currentUser(req).id, req.params.id) }),
  );
  app.post(
    '/api/organisations/:id/artists/managed',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Create a managed artist profile',
        params: idParams,
        body: managedArtistInputSchema,
        response: { 201: envelope(rosterArtistSchema) },
      },
    },
    async (req, reply) => {
      const data = await createManagedArtist(
        deps,
        currentUser(req).id,
        req.params.id,
        req.body,
        userActor(req),
      );
      return reply.status(201).send({ data, message: t(req.lang, 'organisations.managed_created') });
    },
  );
  app.post(
    '/api/organisations/:id/artists/invite',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Invite an existing artist account to the roster',
        params: idParams,
        body: rosterInviteInputSchema,
        response: { 201: envelope(rosterArtistSchema) },
      },
    },
    async (req, reply) => {
      const data = await inviteArtist(deps, currentUser(req).id, req.params.id, req.body, userActor(req));
      return reply.status(201).send({ data, message: t(req.lang, 'organisations.artist_invited') });
    },
  );
  app.delete(
    '/api/organisations/:id/artists/:artistUserId',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Take an artist off the roster',
        params: artistParams,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      await removeArtist(deps, currentUser(req).id, req.params.id, req.params.artistUserId, userActor(req));
      return { message: t(req.lang, 'organisations.artist_removed') };
    },
  );

  app.get(
    '/api/user/organisation',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'The organisation acting for me, and invitations waiting',
        response: { 200: envelope(myRosterSchema) },
      },
    },
    async (req) => ({ data: await myRoster(deps, currentUser(req).id) }),
  );
  app.post(
    '/api/user/organisation/invitations/:id/accept',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Join the roster of the organisation inviting me',
        params: idParams,
        response: { 200: envelope(myRosterSchema) },
      },
    },
    async (req) => ({
      data: await acceptRosterInvite(deps, currentUser(req).id, req.params.id, userActor(req)),
      message: t(req.lang, 'organisations.roster_accepted'),
    }),
  );
  app.post(
    '/api/user/organisation/invitations/:id/refuse',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Refuse a roster invitation',
        params: idParams,
        response: { 200: envelope(myRosterSchema) },
      },
    },
    async (req) => ({
      data: await refuseRosterInvite(deps, currentUser(req).id, req.params.id, userActor(req)),
      message: t(req.lang, 'organisations.roster_refused'),
    }),
  );
  app.post(
    '/api/user/organisation/leave',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        summary: 'Leave the organisation acting for me',
        response: { 200: envelope(myRosterSchema) },
      },
    },
    async (req) => ({
      data: await leaveRoster(deps, currentUser(req).id, userActor(req)),
      message: t(req.lang, 'organisations.roster_left'),
    }),
  );
};
