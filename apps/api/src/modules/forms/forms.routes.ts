import {
  type FormStatusId,
  formBulkStatusFields,
  formStatusMessageSchema,
  isFormStatus,
  playlistFormSchema,
  staffPlaylistFormSchema,
} from '@lm/contracts';
import { behalfUserQuerySchema, behalfUserSchema } from '@lm/contracts/admin-users';
import { bulkIdsSchema, bulkResultSchema } from '@lm/contracts/bulk';
import {
  formAnswerSchema,
  formAutofillSchema,
  formListItemSchema,
  formReferenceSchema,
  formStatusOptionSchema,
} from '@lm/contracts/forms-api';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminAccess,
  bothAccess,
  clientInfo,
  currentAdmin,
  currentUser,
  forArtist,
  userAccess,
} from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { runBulk } from '../../platform/bulk';
import { ValidationError } from '../../platform/errors';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listPage, listPaging, listSchema } from '../../platform/list-routes';
import { searchBehalfUsers } from '../express';
import * as forms from './forms.service';

/** Spec section 2: /forms is an ARTIST_ALL_PERMISSION screen; the service admits approved artists only. */
const USER_PERMISSION = 'ARTIST_ALL_PERMISSION';
/** Spec section 6 form permissions. */
export const FORM_PERMISSIONS = {
  view: 'VIEW_FORM',
  add: 'INFLUENCER_ADD_FORM',
  edit: 'EDIT_FORM',
  status: 'CHANGE_STATUS',
  delete: 'DELETE_FORM',
} as const;

const tags = ['forms'];
const idOnly = envelope(z.object({ id: z.number() }));
const autofillParams = z.object({
  query: z.string().trim().min(1, 'validation.required').max(300, 'validation.too_long'),
});
const statusParams = z.object({
  id: idParams.shape.id,
  status: z.coerce
    .number()
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(4, 'validation.invalid'),
});
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Filters of the forms lists from `filter[...]`: status_id (1 to 4) and user_id; others refused. */
function listFilter(filter: Record<string, string | string[]> = {}, q?: string): forms.FormListFilter {
  const out: forms.FormListFilter = {};
  const status = one(filter.status_id);
  if (status) {
    const n = Number(status);
    if (!isFormStatus(n)) throw new ValidationError({ 'filter.status_id': ['validation.invalid'] });
    out.statusId = n as FormStatusId;
  }
  const user = one(filter.user_id);
  if (user) {
    const n = Number(user);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647)
      throw new ValidationError({ 'filter.user_id': ['validation.invalid'] });
    out.userId = n;
  }
  if (q) out.q = q;
  return out;
}

function viewerOf(req: FastifyRequest): forms.FormViewer {
  const p = req.principal!;
  return p.kind === 'user' ? { kind: 'user', id: p.id } : { kind: 'admin' };
}

function actorOf(req: FastifyRequest): forms.FormActor {
  const p = req.principal!;
  return { kind: p.kind, id: p.id, ...clientInfo(req) };
}

/**
 * Playlist forms (spec section 7 "Forms"): the artist's wizard (`user/new_form`), staff's
 * form for an artist (`new_form`), edit (`forms/{id}`), status (`change_form_status/{id}/{status}`),
 * delete (`delete-forms/{id}`), references (`references/{id}`), a user's forms for the overview
 * (`indexAllForms/{id}`), and the Apple and Spotify autofills. Users reach their own forms only.
 */
export const formsRoutes: RouteModule = (app, deps) => {
  const pageOf = listPaging(forms.FORM_ORDER_COLUMNS, { column: 'id', dir: 'desc' });

  app.post(
    '/api/user/new_form',
    {
      config: { access: forArtist(userAccess(USER_PERMISSION), 'manage') },
      schema: { tags, body: playlistFormSchema, response: { 200: idOnly } },
    },
    async (req) => {
      const user = currentUser(req);
      const id = await forms.createForm(deps, actorOf(req), user.id, req.body);
      return { data: { id }, message: t(req.lang, 'forms.created') };
    },
  );

  app.post(
    '/api/new_form',
    {
      config: { access: adminAccess(FORM_PERMISSIONS.add) },
      schema: { tags, body: staffPlaylistFormSchema, response: { 200: idOnly } },
    },
    async (req) => {
      const id = await forms.createForm(deps, actorOf(req), req.body.user_id, req.body);
      return { data: { id }, message: t(req.lang, 'forms.created') };
    },
  );

  app.post(
    '/api/forms/:id',
    {
      config: { access: bothAccess(USER_PERMISSION, FORM_PERMISSIONS.edit) },
      schema: { tags, params: idParams, body: playlistFormSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      const done = await forms.updateForm(deps, actorOf(req), req.params.id, req.body);
      return { message: t(req.lang, done === 'resubmitted' ? 'forms.resubmitted' : 'forms.saved') };
    },
  );

  app.get(
    '/api/forms',
    {
      config: { access: bothAccess(USER_PERMISSION, FORM_PERMISSIONS.view) },
      schema: { tags, ...listSchema(formListItemSchema) },
    },
    async (req) => {
      const { items, total } = await forms.listForms(
        deps.database,
        viewerOf(req),
        pageOf(req.query),
        listFilter(req.query.filter, req.query.q),
        req.lang,
      );
      return listPage({ rows: items, total }, req.query);
    },
  );

  // Reference data of the apps' badges, filters and status choices, in the reader's language.
  app.get(
    '/api/forms/statuses',
    {
      config: { access: bothAccess(USER_PERMISSION, FORM_PERMISSIONS.view) },
      schema: { tags, response: { 200: envelope(z.array(formStatusOptionSchema)) } },
    },
    async (req) => ({ data: forms.formStatusOptions(req.lang) }),
  );

  app.get(
    '/api/forms/:id',
    {
      config: { access: bothAccess(USER_PERMISSION, FORM_PERMISSIONS.view) },
      schema: { tags, params: idParams, response: { 200: envelope(formAnswerSchema) } },
    },
    async (req) => ({ data: await forms.getForm(deps, viewerOf(req), req.params.id, req.lang) }),
  );

  app.get(
    '/api/references/:id',
    {
      config: { access: bothAccess(USER_PERMISSION, FORM_PERMISSIONS.view) },
      schema: { tags, params: idParams, response: { 200: envelope(z.array(formReferenceSchema)) } },
    },
    async (req) => ({ data: await forms.listReferences(deps.database, viewerOf(req), req.params.id) }),
  );

  app.get(
    '/api/indexAllForms/:id',
    {
      config: { access: adminAccess(FORM_PERMISSIONS.view) },
      schema: { tags, params: idParams, ...listSchema(formListItemSchema) },
    },
    async (req) => {
      const { items, total } = await forms.listForms(
        deps.database,
        { kind: 'admin' },
        pageOf(req.query),
        { ...listFilter(req.query.filter, req.query.q), userId: req.params.id },
        req.lang,
      );
      return listPage({ rows: items, total }, req.query);
    },
  );

  // The spec's path; the body (issue 36) is optional, as the mobile apps send none for 1 and 2.
  app.put(
    '/api/change_form_status/:id/:status',
    {
      config: { access: adminAccess(FORM_PERMISSIONS.status) },
      schema: {
        tags,
        params: statusParams,
        body: formStatusMessageSchema.nullish(),
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      const admin = currentAdmin(req);
      await forms.changeStatus(
        deps,
        { kind: 'admin', id: admin.id, ...clientInfo(req) },
        req.params.id,
        req.params.status,
        req.body?.message,
      );
      return { message: t(req.lang, 'forms.status_saved') };
    },
  );

  // Bulk status of the staff list (issue 36 "Lists"): each form through the single change's service.
  app.post(
    '/api/admin/forms/bulk/status',
    {
      config: { access: adminAccess(FORM_PERMISSIONS.status) },
      schema: {
        tags,
        body: formBulkStatusFields.extend({ ids: bulkIdsSchema }),
        response: { 200: envelope(bulkResultSchema) },
      },
    },
    async (req) => {
      const admin = currentAdmin(req);
      const actor = { kind: 'admin' as const, id: admin.id, ...clientInfo(req) };
      const { ids, status_id: status, message } = req.body;
      forms.checkStatusMessage(status, message);
      const result = await runBulk(
        ids,
        async (id) =>
          (await forms.changeStatus(deps, actor, id, status, message)) === 'unchanged'
            ? { note: 'forms.status_already' }
            : undefined,
        req.lang,
      );
      return {
        data: result,
        message: t(req.lang, 'bulk.done', { ok: result.succeeded, refused: result.refused }),
      };
    },
  );

  app.delete(
    '/api/delete-forms/:id',
    {
      config: { access: adminAccess(FORM_PERMISSIONS.delete) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      const admin = currentAdmin(req);
      await forms.deleteForm(deps, { kind: 'admin', id: admin.id, ...clientInfo(req) }, req.params.id);
      return { message: t(req.lang, 'forms.deleted') };
    },
  );

  // Staff's new form for an artist: the artist picker offers approved artists only (spec section 6).
  app.get(
    '/api/admin/forms/artists',
    {
      config: { access: adminAccess(FORM_PERMISSIONS.add) },
      schema: {
        tags,
        querystring: behalfUserQuerySchema,
        response: { 200: envelope(z.array(behalfUserSchema)) },
      },
    },
    async (req) => ({ data: await searchBehalfUsers(deps.database, 'artist', req.query) }),
  );

  // The autofills fill the wizard: the artist's own (approved artists only) or staff's for an artist.
  for (const source of ['apple', 'spotify'] as const) {
    app.get(
      `/api/${source}_autofill/:query`,
      {
        config: { access: bothAccess(USER_PERMISSION, FORM_PERMISSIONS.add) },
        schema: { tags, params: autofillParams, response: { 200: envelope(formAutofillSchema) } },
      },
      async (req) => {
        const p = req.principal!;
        if (p.kind === 'user') await forms.assertApprovedArtist(deps.database, p.id);
        const answer =
          source === 'apple'
            ? await forms.appleAutofill(deps, req.params.query)
            : await forms.spotifyAutofill(deps, req.params.query);
        return {
          data: answer,
          ...(answer.found ? {} : { message: t(req.lang, 'forms.autofill_not_found') }),
        };
      },
    );
  }
};
