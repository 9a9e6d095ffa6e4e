import { reportSchema } from '@lm/contracts/staff';
import { z } from 'zod';
import { adminAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { ValidationError } from '../../platform/errors';
import { envelope } from '../../platform/http';
import { auditedCsvExport } from '../audit';
import { buildReport, reportExport } from './reports.service';

/**
 * Permission of /reports and of the dashboard's charts. Spec section 2 names none for /reports; the
 * figures are the platform's revenue, so they need the finance permission of the main wallet
 * (docs/decisions.md).
 */
export const REPORTS_PERMISSION = 'main.wallet.show.all.transactions';
/** Longest range a report covers, in days. */
export const REPORT_MAX_DAYS = 366;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date_invalid')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'validation.date_invalid',
  );

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The report's range of a query: `from`..`to` (UTC days), default the 30 days ending `today`.
 * @throws ValidationError 422 `validation.date_range` on `to` when it is before `from`,
 *   `reports.range_too_long` on `from` over REPORT_MAX_DAYS days
 */
function reportRange(query: { from?: string | undefined; to?: string | undefined }, today: Date) {
  const to = query.to ?? isoDay(today);
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000));
  if (from > to) throw new ValidationError({ to: ['validation.date_range'] });
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (span > REPORT_MAX_DAYS)
    throw new ValidationError({
      from: [{ key: 'reports.range_too_long', params: { days: REPORT_MAX_DAYS } }],
    });
  return { from, to };
}

const rangeQuery = z.object({ from: day.optional(), to: day.optional() });

/**
 * `GET /api/admin/reports?from&to` (spec section 2 "/reports"): coins sold and revenue per
 * day, campaigns by status, new users by type, payouts requested and paid. Default range: the 30 days ending today (UTC).
 * `GET /api/admin/reports/export.csv?from&to` (issue 36): the same range's days as CSV, audited `export.reports`.
 */
export const reportsRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/reports',
    {
      config: { access: adminAccess(REPORTS_PERMISSION) },
      schema: {
        tags: ['reports'],
        querystring: rangeQuery,
        response: { 200: envelope(reportSchema) },
      },
    },
    async (req) => {
      const { from, to } = reportRange(req.query, deps.clock.now());
      return { data: await buildReport(deps.database, from, to) };
    },
  );

  app.get(
    '/api/admin/reports/export.csv',
    {
      config: { access: adminAccess(REPORTS_PERMISSION) },
      schema: { tags: ['reports'], querystring: rangeQuery, response: { 200: z.string() } },
    },
    async (req, reply) => {
      const { from, to } = reportRange(req.query, deps.clock.now());
      await auditedCsvExport(deps.database, req, reply, 'reports', { from, to }, async (database) => ({
        ...(await reportExport(database, from, to)),
        filename: `report-${from}-${to}.csv`,
      }));
      return reply;
    },
  );
};
