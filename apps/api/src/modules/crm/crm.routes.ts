import type { Language } from '@lm/contracts';
import {
  type ArtistCampaignSend,
  artistCampaignSendSchema,
  artistsSyncedSchema,
  campaignAudienceSchema,
  campaignCreateSchema,
  campaignDetailSchema,
  campaignRecipientSchema,
  campaignRescheduleSchema,
  campaignSchema,
  campaignStartSchema,
  campaignTestSentSchema,
  consentUpdateSchema,
  crmArtistProfileSchema,
  crmLeadSchema,
  csvImportReportSchema,
  csvImportSchema,
  csvPreviewResultSchema,
  csvPreviewSchema,
  leadFilterSchema,
  leadListCreatedSchema,
  leadListCreateSchema,
  leadListSchema,
  listMembersAddedSchema,
  listMembersAddSchema,
  mailWebhookSchema,
  renderedTemplateSchema,
  type SuppressionSummary,
  savedTemplateSchema,
  segmentCountedSchema,
  segmentCountSchema,
  segmentOptionsSchema,
  senderConfirmSchema,
  senderCreateSchema,
  senderDomainCreateSchema,
  senderDomainSchema,
  senderSchema,
  suppressionCreateSchema,
  suppressionSummarySchema,
  suppressionsQuery,
  templatePreviewSchema,
  templateSaveSchema,
  templateSchema,
  templateSummarySchema,
  templateTestSchema,
} from '@lm/contracts/crm';
import { CRM_PERMISSIONS as P } from '@lm/contracts/permissions';
import { z } from 'zod';
import { adminAccess, adminActor, PUBLIC } from '../../platform/access';
import type { RouteModule, ZodApp } from '../../platform/app';
import { keepRawJsonBodies, parseFormBodies } from '../../platform/body-parsers';
import { fileDay } from '../../platform/csv-export';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { parsePreviousKeys } from '../../platform/key-ring';
import { exportSchema, listPage, listPaging, listSchema } from '../../platform/list-routes';
import { auditedCsvExport } from '../audit';
import {
  applyMailEvents,
  campaignAudience,
  campaignsOfLead,
  cancelCampaign,
  countSegment,
  createCampaign,
  getCampaign,
  listCampaignRecipients,
  listCampaigns,
  pauseCampaign,
  recordClick,
  recordOpen,
  rescheduleCampaign,
  resumeCampaign,
  sendCampaignTest,
  sendForToken,
  startCampaign,
  unscheduleCampaign,
  unsubscribeByToken,
  verifyWebhook,
} from './crm-campaigns.service';
import {
  addListMembers,
  createLeadList,
  deleteLeadList,
  exportListCsv,
  getArtistProfile,
  importCsv,
  LEAD_EXPORT_COLUMNS,
  leadExportQuery,
  listLeadListsCrm,
  listLeads,
  previewCsv,
  segmentOptions,
  setConsent,
  suppressAddress,
  suppressionSummary,
  syncRegisteredArtists,
} from './crm-leads.service';
import {
  confirmSender,
  createSender,
  createSenderDomain,
  deleteSender,
  deleteSenderDomain,
  listSenderDomains,
  listSenders,
  resendSenderCode,
  verifySenderDomain,
} from './crm-senders.service';
import {
  deleteTemplate,
  escapeHtml,
  getTemplate,
  listTemplates,
  previewTemplate,
  saveTemplate,
  sendTestMessage,
} from './crm-templates.service';

const tags = ['crm'];
const bigIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const LEAD_ORDERS = ['name', 'followers', 'created_at'] as const;
/** The leads screens list artists newest first and a list's members by name. */
const artistPage = listPaging(LEAD_ORDERS, { column: 'created_at', dir: 'desc' });
const memberPage = listPaging(LEAD_ORDERS, { column: 'name', dir: 'asc' });
/** A campaign's recipients in the order they were queued (or by address). */
const recipientPage = listPaging(['id', 'email'] as const, { column: 'id', dir: 'asc' });
const leadsList = listSchema(crmLeadSchema, { filter: leadFilterSchema.optional() });
type CrmLead = z.infer<typeof crmLeadSchema>;

/**
 * The CRM's leads API (spec section 7 shows no paths, so REST under
 * `/api/admin/crm/...`). Lists need `view.main.crm.leads.tab.list`; a profile, list members, import,
 * export, consent and suppression `crm.leads.show`. See docs/decisions.md "CRM and e-mail marketing
 *".
 */
export const crmLeadsRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/crm/artists',
    {
      config: { access: adminAccess(P.view) },
      schema: { tags, ...leadsList },
    },
    async (req) => {
      const { filter = {}, q } = req.query;
      const { rows, total } = await listLeads(
        deps,
        { ...filter, kind: 'artist', q: q || filter.q },
        artistPage(req.query),
      );
      return listPage({ rows: rows as CrmLead[], total }, req.query);
    },
  );

  app.get(
    '/api/admin/crm/artists/export.csv',
    {
      config: { access: adminAccess(P.view) },
      schema: { tags, ...exportSchema({ filter: leadFilterSchema.optional() }) },
    },
    async (req, reply) => {
      const { filter = {}, q } = req.query;
      const { order } = artistPage({ ...req.query, page: 1, limit: 10 });
      await auditedCsvExport(deps.database, req, reply, 'leads', req.query, async () => ({
        query: leadExportQuery({ ...filter, kind: 'artist', q: q || filter.q }, order),
        columns: LEAD_EXPORT_COLUMNS,
        filename: `crm-artists-${fileDay(deps.clock.now())}.csv`,
      }));
      return reply;
    },
  );

  app.post(
    '/api/admin/crm/artists/sync-users',
    {
      config: { access: adminAccess(P.leads) },
      schema: { tags, response: { 200: envelope(artistsSyncedSchema) } },
    },
    async (req) => {
      const result = await syncRegisteredArtists(deps, adminActor(req));
      return { data: result, message: t(req.lang, 'crm.users_synced', result) };
    },
  );

  app.get(
    '/api/admin/crm/artists/:id',
    {
      config: { access: adminAccess(P.leads) },
      schema: { tags, params: bigIdParams, response: { 200: envelope(crmArtistProfileSchema) } },
    },
    async (req) => ({
      data: (await getArtistProfile(deps, req.params.id)) as z.infer<typeof crmArtistProfileSchema>,
    }),
  );

  app.get(
    '/api/admin/crm/lists',
    {
      config: { access: adminAccess(P.view) },
      schema: { tags, ...listSchema(leadListSchema) },
    },
    async (req) => {
      const { page, q } = req.query;
      const limit = Math.min(req.query.limit, 100);
      return listPage(await listLeadListsCrm(deps, q || undefined, page, limit), { page, limit });
    },
  );

  app.post(
    '/api/admin/crm/lists',
    {
      config: { access: adminAccess(P.leads) },
      schema: {
        tags,
        body: leadListCreateSchema,
        response: { 201: envelope(leadListCreatedSchema) },
      },
    },
    async (req, reply) => {
      const list = await createLeadList(deps, req.body, adminActor(req));
      return reply.status(201).send({ data: list, message: t(req.lang, 'crm.list_created') });
    },
  );

  app.delete(
    '/api/admin/crm/lists/:id',
    {
      config: { access: adminAccess(P.leads) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await deleteLeadList(deps, req.params.id, adminActor(req));
      return { message: t(req.lang, 'crm.list_deleted') };
    },
  );

  app.get(
    '/api/admin/crm/lists/:id/leads',
    {
      config: { access: adminAccess(P.leads) },
      schema: { tags, params: idParams, ...leadsList },
    },
    async (req) => {
      const { filter = {}, q } = req.query;
      const { rows, total } = await listLeads(
        deps,
        { ...filter, q: q || filter.q },
        { ...memberPage(req.query), listId: req.params.id },
      );
      return listPage({ rows: rows as CrmLead[], total }, req.query);
    },
  );

  app.post(
    '/api/admin/crm/lists/:id/leads',
    {
      config: { access: adminAccess(P.leads) },
      schema: { tags, ...updateSchema(listMembersAddSchema, listMembersAddedSchema) },
    },
    async (req) => {
      const result = await addListMembers(deps, req.params.id, req.body.lead_ids, adminActor(req));
      return { data: result, message: t(req.lang, 'crm.members_added', result) };
    },
  );

  app.get(
    '/api/admin/crm/lists/:id/export',
    {
      config: { access: adminAccess(P.leads) },
      schema: {
        tags,
        description: 'The list’s leads as CSV (text/csv, UTF-8 with BOM).',
        params: idParams,
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const csv = await exportListCsv(deps, req.params.id, req.lang, adminActor(req));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-list-${req.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/admin/crm/imports/preview',
    {
      config: { access: adminAccess(P.leads) },
      bodyLimit: 6_000_000,
      schema: {
        tags,
        body: csvPreviewSchema,
        response: { 200: envelope(csvPreviewResultSchema) },
      },
    },
    async (req) => ({ data: previewCsv(req.body.csv) }),
  );

  app.post(
    '/api/admin/crm/imports',
    {
      config: { access: adminAccess(P.leads) },
      bodyLimit: 6_000_000,
      schema: { tags, body: csvImportSchema, response: { 200: envelope(csvImportReportSchema) } },
    },
    async (req) => {
      const report = await importCsv(deps, req.body, adminActor(req));
      return {
        data: report,
        message: t(req.lang, 'crm.import.done', {
          created: report.created,
          updated: report.updated,
          refused: report.refused_count,
        }),
      };
    },
  );

  app.put(
    '/api/admin/crm/addresses/consent',
    {
      config: { access: adminAccess(P.leads) },
      schema: { tags, body: consentUpdateSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      await setConsent(deps, req.body.email, req.body.consent, adminActor(req));
      return { message: t(req.lang, 'crm.consent_saved') };
    },
  );

  app.get(
    '/api/admin/crm/suppressions',
    {
      config: { access: adminAccess(P.leads) },
      schema: {
        tags,
        querystring: suppressionsQuery,
        response: { 200: envelope(suppressionSummarySchema) },
      },
    },
    // The reason column holds only the contract's reasons (the service types it as a string).
    async (req) => ({ data: (await suppressionSummary(deps, req.query.email)) as SuppressionSummary }),
  );

  app.post(
    '/api/admin/crm/suppressions',
    {
      config: { access: adminAccess(P.leads) },
      schema: { tags, body: suppressionCreateSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      await suppressAddress(deps, req.body.email, req.body.reason, adminActor(req));
      return { message: t(req.lang, 'crm.suppressed') };
    },
  );
};

/**
 * Senders and sender IDs (`/api/admin/crm/senders`, `/api/admin/crm/sender-domains`),
 * all under `crm.marketing.show`.
 */
export const crmSendersRoutes: RouteModule = (app, deps) => {
  const access = { access: adminAccess(P.marketing) };

  app.get(
    '/api/admin/crm/sender-domains',
    { config: access, schema: { tags, response: { 200: envelope(z.array(senderDomainSchema)) } } },
    async () => ({ data: await listSenderDomains(deps) }),
  );

  app.post(
    '/api/admin/crm/sender-domains',
    {
      config: access,
      schema: { tags, body: senderDomainCreateSchema, response: { 201: envelope(senderDomainSchema) } },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await createSenderDomain(deps, req.body.domain, adminActor(req)),
        message: t(req.lang, 'crm.senders.domain_added'),
      }),
  );

  app.post(
    '/api/admin/crm/sender-domains/:id/check',
    { config: access, schema: { tags, params: idParams, response: { 200: envelope(senderDomainSchema) } } },
    async (req) => {
      const data = await verifySenderDomain(deps, req.params.id, adminActor(req));
      return {
        data,
        message: t(
          req.lang,
          data.verified ? 'crm.senders.domain_checked_ok' : 'crm.senders.domain_checked_missing',
        ),
      };
    },
  );

  app.delete(
    '/api/admin/crm/sender-domains/:id',
    { config: access, schema: { tags, params: idParams, response: { 200: messageOnly } } },
    async (req) => {
      await deleteSenderDomain(deps, req.params.id, adminActor(req));
      return { message: t(req.lang, 'crm.senders.domain_deleted') };
    },
  );

  app.get(
    '/api/admin/crm/senders',
    { config: access, schema: { tags, response: { 200: envelope(z.array(senderSchema)) } } },
    async () => ({ data: await listSenders(deps) }),
  );

  app.post(
    '/api/admin/crm/senders',
    { config: access, schema: { tags, body: senderCreateSchema, response: { 201: envelope(senderSchema) } } },
    async (req, reply) => {
      const data = await createSender(deps, req.body, req.lang, adminActor(req));
      return reply
        .status(201)
        .send({ data, message: t(req.lang, 'crm.senders.sender_added', { email: data.email }) });
    },
  );

  app.post(
    '/api/admin/crm/senders/:id/resend',
    { config: access, schema: { tags, params: idParams, response: { 200: messageOnly } } },
    async (req) => {
      await resendSenderCode(deps, req.params.id, req.lang);
      return { message: t(req.lang, 'crm.senders.code_sent') };
    },
  );

  app.post(
    '/api/admin/crm/senders/:id/confirm',
    {
      config: access,
      schema: { tags, ...updateSchema(senderConfirmSchema, senderSchema) },
    },
    async (req) => ({
      data: await confirmSender(deps, req.params.id, req.body.code, adminActor(req)),
      message: t(req.lang, 'crm.senders.confirmed'),
    }),
  );

  app.delete(
    '/api/admin/crm/senders/:id',
    { config: access, schema: { tags, params: idParams, response: { 200: messageOnly } } },
    async (req) => {
      await deleteSender(deps, req.params.id, adminActor(req));
      return { message: t(req.lang, 'crm.senders.sender_deleted') };
    },
  );
};

/**
 * Templates (`/api/admin/crm/templates`): reading, previews, test sends and
 * changes need `crm.templates.edit`, creating one `crm.templates.add`.
 */
export const crmTemplatesRoutes: RouteModule = (app, deps) => {
  const edit = { access: adminAccess(P.templatesEdit) };
  const bodyLimit = 3_000_000;

  app.get(
    '/api/admin/crm/templates',
    {
      config: edit,
      schema: { tags, ...listSchema(templateSummarySchema) },
    },
    async (req) => {
      const { page, limit, q } = req.query;
      return listPage(await listTemplates(deps, q || undefined, page, limit), req.query);
    },
  );

  app.get(
    '/api/admin/crm/templates/:id',
    { config: edit, schema: { tags, params: idParams, response: { 200: envelope(templateSchema) } } },
    async (req) => ({ data: await getTemplate(deps, req.params.id) }),
  );

  app.post(
    '/api/admin/crm/templates',
    {
      config: { access: adminAccess(P.templatesAdd) },
      bodyLimit,
      schema: {
        tags,
        body: templateSaveSchema,
        response: { 201: envelope(savedTemplateSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await saveTemplate(deps, undefined, req.body, adminActor(req)),
        message: t(req.lang, 'crm.templates.saved'),
      }),
  );

  app.put(
    '/api/admin/crm/templates/:id',
    {
      config: edit,
      bodyLimit,
      schema: { tags, ...updateSchema(templateSaveSchema, savedTemplateSchema) },
    },
    async (req) => ({
      data: await saveTemplate(deps, req.params.id, req.body, adminActor(req)),
      message: t(req.lang, 'crm.templates.saved'),
    }),
  );

  app.delete(
    '/api/admin/crm/templates/:id',
    { config: edit, schema: { tags, params: idParams, response: { 200: messageOnly } } },
    async (req) => {
      await deleteTemplate(deps, req.params.id, adminActor(req));
      return { message: t(req.lang, 'crm.templates.deleted') };
    },
  );

  app.post(
    '/api/admin/crm/templates/preview',
    {
      config: { access: adminAccess(P.templatesAdd) },
      bodyLimit,
      schema: { tags, body: templatePreviewSchema, response: { 200: envelope(renderedTemplateSchema) } },
    },
    async (req) => ({ data: await previewTemplate(deps, req.body) }),
  );

  app.get(
    '/api/admin/crm/templates/:id/preview',
    { config: edit, schema: { tags, params: idParams, response: { 200: envelope(renderedTemplateSchema) } } },
    async (req) => {
      const template = await getTemplate(deps, req.params.id);
      return { data: await previewTemplate(deps, template) };
    },
  );

  app.post(
    '/api/admin/crm/templates/:id/test',
    {
      config: edit,
      schema: { tags, params: idParams, body: templateTestSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      await sendTestMessage(deps, req.params.id, req.body, adminActor(req));
      return { message: t(req.lang, 'crm.templates.test_sent', { email: req.body.email }) };
    },
  );
};

/** Marketing campaigns (`/api/admin/crm/campaigns`), under `crm.marketing.show`. */
export const crmCampaignsRoutes: RouteModule = (app, deps) => {
  const access = { access: adminAccess(P.marketing) };

  app.get(
    '/api/admin/crm/campaigns',
    {
      config: access,
      schema: { tags, ...listSchema(campaignSchema) },
    },
    async (req) => {
      const { page } = req.query;
      const limit = Math.min(req.query.limit, 100);
      return listPage(await listCampaigns(deps, page, limit), { page, limit });
    },
  );

  app.post(
    '/api/admin/crm/campaigns',
    {
      config: access,
      schema: { tags, body: campaignCreateSchema, response: { 201: envelope(campaignDetailSchema) } },
    },
    async (req, reply) => {
      const created = await createCampaign(deps, req.body, adminActor(req));
      return reply
        .status(201)
        .send({ data: await getCampaign(deps, created.id), message: t(req.lang, 'crm.campaigns.created') });
    },
  );

  app.get(
    '/api/admin/crm/campaigns/:id',
    { config: access, schema: { tags, params: idParams, response: { 200: envelope(campaignDetailSchema) } } },
    async (req) => ({ data: await getCampaign(deps, req.params.id) }),
  );

  app.get(
    '/api/admin/crm/campaigns/:id/audience',
    {
      config: access,
      schema: { tags, params: idParams, response: { 200: envelope(campaignAudienceSchema) } },
    },
    async (req) => ({ data: await campaignAudience(deps, req.params.id) }),
  );

  app.post(
    '/api/admin/crm/segments/count',
    {
      config: access,
      schema: { tags, body: segmentCountSchema, response: { 200: envelope(segmentCountedSchema) } },
    },
    async (req) => ({ data: await countSegment(deps, req.body.list_id, req.body.segment) }),
  );

  app.get(
    '/api/admin/crm/lists/:id/segment-options',
    {
      config: access,
      schema: { tags, params: idParams, response: { 200: envelope(segmentOptionsSchema) } },
    },
    async (req) => ({ data: await segmentOptions(deps.database, req.params.id) }),
  );

  app.get(
    '/api/admin/crm/campaigns/:id/recipients',
    { config: access, schema: { tags, params: idParams, ...listSchema(campaignRecipientSchema) } },
    async (req) => {
      const { page, limit, order } = recipientPage(req.query);
      const status = req.query.filter?.status;
      const statuses = (Array.isArray(status) ? status : (status ?? '').split(',')).filter(Boolean);
      return listPage(
        await listCampaignRecipients(deps, req.params.id, { page, limit, order, q: req.query.q, statuses }),
        { page, limit },
      );
    },
  );

  app.post(
    '/api/admin/crm/campaigns/:id/start',
    {
      config: access,
      schema: { tags, ...updateSchema(campaignStartSchema, campaignDetailSchema) },
    },
    async (req) => {
      const at = req.body.scheduled_at ? new Date(req.body.scheduled_at) : null;
      const result = await startCampaign(
        deps,
        req.params.id,
        at,
        adminActor(req),
        req.body.recipients,
        req.body.time_zone,
      );
      return {
        data: await getCampaign(deps, req.params.id),
        message: t(
          req.lang,
          result.status === 'scheduled' ? 'crm.campaigns.scheduled' : 'crm.campaigns.started',
          {
            count: result.recipients,
          },
        ),
      };
    },
  );

  app.post(
    '/api/admin/crm/campaigns/:id/reschedule',
    {
      config: access,
      schema: { tags, ...updateSchema(campaignRescheduleSchema, campaignDetailSchema) },
    },
    async (req) => {
      const at = new Date(req.body.scheduled_at);
      await rescheduleCampaign(deps, req.params.id, at, adminActor(req), req.body.time_zone);
      return {
        data: await getCampaign(deps, req.params.id),
        message: t(req.lang, 'crm.campaigns.rescheduled'),
      };
    },
  );

  app.post(
    '/api/admin/crm/campaigns/:id/unschedule',
    { config: access, schema: { tags, params: idParams, response: { 200: envelope(campaignDetailSchema) } } },
    async (req) => {
      await unscheduleCampaign(deps, req.params.id, adminActor(req));
      return {
        data: await getCampaign(deps, req.params.id),
        message: t(req.lang, 'crm.campaigns.unscheduled'),
      };
    },
  );

  app.post(
    '/api/admin/crm/campaigns/:id/test',
    {
      config: access,
      schema: { tags, params: idParams, response: { 200: envelope(campaignTestSentSchema) } },
    },
    async (req) => {
      const sent = await sendCampaignTest(deps, req.params.id, adminActor(req));
      return { data: sent, message: t(req.lang, 'crm.campaigns.test_sent', { email: sent.email }) };
    },
  );

  app.post(
    '/api/admin/crm/campaigns/:id/pause',
    { config: access, schema: { tags, params: idParams, response: { 200: envelope(campaignDetailSchema) } } },
    async (req) => {
      await pauseCampaign(deps, req.params.id, adminActor(req));
      return { data: await getCampaign(deps, req.params.id), message: t(req.lang, 'crm.campaigns.paused') };
    },
  );

  app.post(
    '/api/admin/crm/campaigns/:id/cancel',
    { config: access, schema: { tags, params: idParams, response: { 200: envelope(campaignDetailSchema) } } },
    async (req) => {
      await cancelCampaign(deps, req.params.id, adminActor(req));
      return {
        data: await getCampaign(deps, req.params.id),
        message: t(req.lang, 'crm.campaigns.cancelled'),
      };
    },
  );

  app.post(
    '/api/admin/crm/campaigns/:id/resume',
    { config: access, schema: { tags, params: idParams, response: { 200: envelope(campaignDetailSchema) } } },
    async (req) => {
      await resumeCampaign(deps, req.params.id, adminActor(req));
      return { data: await getCampaign(deps, req.params.id), message: t(req.lang, 'crm.campaigns.resumed') };
    },
  );

  app.get(
    '/api/admin/crm/artists/:id/campaigns',
    {
      config: { access: adminAccess(P.leads) },
      schema: {
        tags,
        params: bigIdParams,
        response: { 200: envelope(z.array(artistCampaignSendSchema)) },
      },
    },
    // A send's status column holds only the contract's states (the service types it as a string).
    async (req) => ({ data: (await campaignsOfLead(deps, req.params.id)) as ArtistCampaignSend[] }),
  );
};

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const tokenParams = z.object({ token: z.string().max(100) });

function page(lang: Language, title: string, body: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#5b4cdb;color:#fff;cursor:pointer}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/**
 * What recipients reach without a session: the unsubscribe link (GET shows a confirmation
 * page in the recipient's language; POST unsubscribes, the one-click POST of RFC 8058 included), the
 * open pixel, signed click redirects, and the mail relay's signed webhook.
 */
export const crmPublicRoutes: RouteModule = async (app, deps) => {
  await app.register(async (plain) => {
    const scope = plain as unknown as ZodApp;
    // One-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058 section 3.1).
    parseFormBodies(scope, 4096);
    scope.get(
      '/api/crm/u/:token',
      { config: { access: PUBLIC }, schema: { tags: ['crm-public'], params: tokenParams, hide: true } },
      async (req, reply) => {
        const send = await sendForToken(deps, req.params.token, 'u');
        const lang = send?.language ?? req.lang;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!send)
          return reply
            .status(404)
            .send(
              page(
                lang,
                t(lang, 'crm.unsubscribe.title'),
                `<p>${escapeHtml(t(lang, 'crm.unsubscribe.invalid'))}</p>`,
              ),
            );
        if (send.unsubscribedAt)
          return page(
            lang,
            t(lang, 'crm.unsubscribe.done_title'),
            `<p>${escapeHtml(t(lang, 'crm.unsubscribe.done'))}</p>`,
          );
        return page(
          lang,
          t(lang, 'crm.unsubscribe.title'),
          `<p>${escapeHtml(t(lang, 'crm.unsubscribe.question', { email: send.email }))}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t(lang, 'crm.unsubscribe.button'))}</button></form>`,
        );
      },
    );
    scope.post(
      '/api/crm/u/:token',
      { config: { access: PUBLIC }, schema: { tags: ['crm-public'], params: tokenParams, hide: true } },
      async (req, reply) => {
        const send = await sendForToken(deps, req.params.token, 'u');
        const lang = send?.language ?? req.lang;
        const ok = send ? await unsubscribeByToken(deps, req.params.token) : false;
        const wantsPage = String(req.headers.accept ?? '').includes('text/html');
        const title = t(lang, ok ? 'crm.unsubscribe.done_title' : 'crm.unsubscribe.title');
        const text = t(lang, ok ? 'crm.unsubscribe.done' : 'crm.unsubscribe.invalid');
        reply.status(ok ? 200 : 404).header('cache-control', 'no-store');
        if (wantsPage)
          return reply.type('text/html; charset=utf-8').send(page(lang, title, `<p>${escapeHtml(text)}</p>`));
        return reply.send({ message: text });
      },
    );
  });

  app.get(
    '/api/crm/o/:file',
    {
      config: { access: PUBLIC, rateLimit: false },
      schema: { tags: ['crm-public'], params: z.object({ file: z.string().max(100) }), hide: true },
    },
    async (req, reply) => {
      await recordOpen(deps, req.params.file.replace(/\.gif$/, ''));
      return reply.type('image/gif').header('cache-control', 'no-store, private').send(GIF);
    },
  );

  app.get(
    '/api/crm/c/:token',
    {
      config: { access: PUBLIC, rateLimit: false },
      schema: {
        tags: ['crm-public'],
        params: tokenParams,
        querystring: z.object({ u: z.string().max(4000) }),
        hide: true,
      },
    },
    async (req, reply) => {
      const url = await recordClick(deps, req.params.token, req.query.u);
      if (!url)
        return reply.status(404).type('text/plain; charset=utf-8').send(t(req.lang, 'errors.not_found'));
      return reply.redirect(url, 302);
    },
  );

  await app.register(async (scope) => {
    keepRawJsonBodies(scope, 'string');
    scope.post(
      '/api/crm/webhooks/mail',
      { config: { access: PUBLIC, rateLimit: false }, schema: { tags: ['provider webhooks'] } },
      async (req, reply) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const header = req.headers['x-lm-signature'];
        if (
          !verifyWebhook(
            [deps.config.CRM_WEBHOOK_SECRET, ...parsePreviousKeys(deps.config.CRM_WEBHOOK_SECRET_PREVIOUS)],
            raw,
            Array.isArray(header) ? header[0] : header,
            deps.clock.now().getTime(),
          )
        )
          return reply
            .status(400)
            .send({ message: t(req.lang, 'payments.webhook_signature'), requestId: req.id });
        let parsed: ReturnType<typeof mailWebhookSchema.safeParse>;
        try {
          parsed = mailWebhookSchema.safeParse(JSON.parse(raw));
        } catch {
          return reply.status(400).send({ message: t(req.lang, 'errors.bad_request'), requestId: req.id });
        }
        if (!parsed.success)
          return reply.status(422).send({ message: t(req.lang, 'errors.bad_request'), requestId: req.id });
        const applied = await applyMailEvents(deps, parsed.data.events);
        return reply.send({ data: { applied } });
      },
    );
  });
};
