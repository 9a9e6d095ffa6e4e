import { ORGANISATION_ADMIN_PERMISSIONS, USER_ADMIN_PERMISSIONS } from '@lm/contracts';
import {
  adminOrganisationDetailSchema,
  adminOrganisationListItemSchema,
  adminOrganisationStatusSchema,
  adminOrganisationUpdateSchema,
  adminUserOrganisationsSchema,
} from '@lm/contracts/admin-organisations';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { fileDay } from '../../platform/csv-export';
import { envelope, idParams, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { exportSchema, listSchema } from '../../platform/list-routes';
import { auditedCsvExport } from '../audit';
import {
  listOrganisations,
  ORGANISATION_EXPORT_COLUMNS,
  organisationDetail,
  organisationExportQuery,
  setOrganisationStatus,
  updateOrganisation,
  userOrganisations,
} from './organisations.admin';

const tags = ['organisations'];
const VIEW = ORGANISATION_ADMIN_PERMISSIONS.view;
const EDIT = ORGANISATION_ADMIN_PERMISSIONS.edit;

/**
 * The back-office's organisation routes (issue 35): list, CSV export and detail
 * (`view.main.organisations.tab.list`), corrections, suspension and reactivation (`organisations.edit`),
 * and the user overview's organisations (`view.main.users.tab.list`). The rules:
 * `organisations.admin.ts`.
 */
export const adminOrganisationRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/api/admin/organisations',
    {
      config: { access: adminAccess(VIEW) },
      schema: { tags, ...listSchema(adminOrganisationListItemSchema) },
    },
    async (req) => listOrganisations(deps.database, req.query),
  );

  app.get(
    '/api/admin/organisations/export.csv',
    { config: { access: adminAccess(VIEW) }, schema: { tags, ...exportSchema() } },
    async (req, reply) => {
      await auditedCsvExport(deps.database, req, reply, 'organisations', req.query, async () => ({
        query: organisationExportQuery(req.query),
        columns: ORGANISATION_EXPORT_COLUMNS,
        filename: `organisations-${fileDay(deps.clock.now())}.csv`,
      }));
      return reply;
    },
  );

  app.get(
    '/api/admin/organisations/:id',
    {
      config: { access: adminAccess(VIEW) },
      schema: { tags, params: idParams, response: { 200: envelope(adminOrganisationDetailSchema) } },
    },
    async (req) => ({ data: await organisationDetail(deps.database, req.params.id) }),
  );

  app.put(
    '/api/admin/organisations/:id',
    {
      config: { access: adminAccess(EDIT) },
      schema: { tags, ...updateSchema(adminOrganisationUpdateSchema, adminOrganisationDetailSchema) },
    },
    async (req) => {
      await updateOrganisation(deps.database, req.params.id, req.body, adminActor(req));
      return {
        data: await organisationDetail(deps.database, req.params.id),
        message: t(req.lang, 'organisations_admin.updated'),
      };
    },
  );

  for (const [verb, to, message] of [
    ['suspend', 'suspended', 'organisations_admin.suspended'],
    ['reactivate', 'active', 'organisations_admin.reactivated'],
  ] as const) {
    app.post(
      `/api/admin/organisations/:id/${verb}`,
      {
        config: { access: adminAccess(EDIT) },
        schema: { tags, ...updateSchema(adminOrganisationStatusSchema, adminOrganisationDetailSchema) },
      },
      async (req) => {
        await setOrganisationStatus(deps.database, req.params.id, to, req.body.note, adminActor(req));
        return {
          data: await organisationDetail(deps.database, req.params.id),
          message: t(req.lang, message),
        };
      },
    );
  }

  app.get(
    '/api/admin/users/:id/organisations',
    {
      config: { access: adminAccess(USER_ADMIN_PERMISSIONS.view) },
      schema: { tags, params: idParams, response: { 200: envelope(adminUserOrganisationsSchema) } },
    },
    async (req) => ({ data: await userOrganisations(deps.database, req.params.id) }),
  );
};
