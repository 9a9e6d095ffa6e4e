import { auditLogSchema } from '@lm/contracts/staff';
import { z } from 'zod';
import { adminAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { type ExportColumn, fileDay, isoInstant } from '../../platform/csv-export';
import { envelope } from '../../platform/http';
import { listPage, listSchema } from '../../platform/list-routes';
import {
  type AuditExportRow,
  auditActions,
  auditExportQuery,
  auditedCsvExport,
  listAuditLogs,
} from './audit.service';

/** Permission of the audit log (spec section 2 "/logs (view.main.logs.tab.list)"). */
export const LOGS_PERMISSION = 'view.main.logs.tab.list';

/** A calendar day `YYYY-MM-DD` (a day that does not exist, such as 2024-02-30, answers 422). */
const day = z.iso.date({ error: 'validation.date_invalid' });
/** `filter[...]` of `GET /api/admin/audit-logs`; a bad value answers 422 on `filter.<name>`. */
const auditFilterSchema = z
  .object({
    actor_type: z.enum(['admin', 'user', 'system', 'guest']).optional(),
    actor_id: z.coerce.number().int().positive().optional(),
    actor: z.string().trim().max(190).optional(),
    action: z.string().trim().max(100).optional(),
    target_type: z.string().trim().max(50).optional(),
    target_id: z.string().trim().max(50).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'validation.date_range', path: ['to'] });

const tags = ['audit'];

/** The service's filter of a parsed `filter[...]` (empty text = no filter). */
const auditFilterOf = (filter: z.infer<typeof auditFilterSchema>) => ({
  actorType: filter.actor_type,
  actorId: filter.actor_id,
  actor: filter.actor || undefined,
  action: filter.action || undefined,
  targetType: filter.target_type || undefined,
  targetId: filter.target_id || undefined,
  from: filter.from,
  to: filter.to,
});

/** Columns of the audit log's CSV export, headers from `exports.audit_logs.*`. */
const AUDIT_EXPORT_COLUMNS = [
  { key: 'id', header: 'exports.audit_logs.id' },
  { key: 'created_at', header: 'exports.audit_logs.created_at', format: isoInstant },
  { key: 'actor_type', header: 'exports.audit_logs.actor_type' },
  { key: 'actor_id', header: 'exports.audit_logs.actor_id' },
  { key: 'actor_name', header: 'exports.audit_logs.actor_name' },
  { key: 'actor_email', header: 'exports.audit_logs.actor_email' },
  { key: 'action', header: 'exports.audit_logs.action' },
  { key: 'target_type', header: 'exports.audit_logs.target_type' },
  { key: 'target_id', header: 'exports.audit_logs.target_id' },
  { key: 'ip', header: 'exports.audit_logs.ip' },
  { key: 'user_agent', header: 'exports.audit_logs.user_agent' },
  {
    key: 'meta',
    header: 'exports.audit_logs.meta',
    format: (v: unknown) => (v == null ? '' : JSON.stringify(v)),
  },
] as const satisfies readonly ExportColumn<AuditExportRow>[];

/** The audit log of spec section 2 "/logs": a filtered, paged list and the actions recorded. */
export const auditRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/audit-logs',
    {
      config: { access: adminAccess(LOGS_PERMISSION) },
      schema: { tags, ...listSchema(auditLogSchema, { filter: auditFilterSchema.optional() }) },
    },
    async (req) => {
      const { page, limit, filter = {} } = req.query;
      const found = await listAuditLogs(deps.database, auditFilterOf(filter), page, limit);
      return listPage(found, req.query);
    },
  );

  app.get(
    '/api/admin/audit-logs/export.csv',
    {
      config: { access: adminAccess(LOGS_PERMISSION) },
      schema: {
        tags,
        querystring: z.object({ filter: auditFilterSchema.optional() }),
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const { filter = {} } = req.query;
      await auditedCsvExport<AuditExportRow>(deps.database, req, reply, 'audit_logs', filter, async (db) => ({
        query: await auditExportQuery(db, auditFilterOf(filter)),
        columns: AUDIT_EXPORT_COLUMNS,
        filename: `audit-log-${fileDay(deps.clock.now())}.csv`,
      }));
      return reply;
    },
  );

  app.get(
    '/api/admin/audit-logs/actions',
    {
      config: { access: adminAccess(LOGS_PERMISSION) },
      schema: { tags, response: { 200: envelope(z.array(z.string())) } },
    },
    async () => ({ data: await auditActions(deps.database) }),
  );
};
