import type { OperationDocs } from '../types';

/** Reports, the dashboard's to-dos and the Core Web Vitals summary. */
export const reportsOperations: OperationDocs = {
  'GET /api/admin/reports': {
    id: 'admin.reports.get',
    summary: 'Read the platform report for a date range',
    description:
      'Query `from` and `to` (`YYYY-MM-DD`, UTC; default the 30 days ending today). Per day: coins sold, money received per currency (minor units) and the platform\'s revenue in coins (its revenue account\'s net movement: fees, subscriptions and deductions in, refunds out); campaigns by status, new users by type, payouts requested and paid. `from` after `to` answers 422 on `to`; a range over 366 days 422 `reports.range_too_long` on `from`. Spec section 2 "/reports"; revenue per docs/decisions.md "Report revenue is the platform\'s fees net of refunds, in coins (issue 28 item 4)".',
  },
  'GET /api/admin/reports/export.csv': {
    id: 'admin.reports.exportCsv',
    summary: 'Export the platform report as CSV',
    description:
      'The same `from` and `to` as `GET /api/admin/reports` (same defaults and refusals): one row per UTC day with payments, coins sold, money taken per currency (one column per currency taken in the range, major units), the platform\'s revenue in coins, new artists, curators and influencers, payouts requested (count, coins) and paid (count, coins, pounds). text/csv, UTF-8 with a byte order mark, column names in the request language, formula-like cells prefixed with an apostrophe. Audited as `export.reports` with the range. Needs the report\'s permission. Issue 36 "Lists" (CSV export of reports).',
    errors: [422, 429],
  },
  'GET /api/admin/dashboard/todos': {
    id: 'admin.reports.listTodos',
    summary: "List the signed-in admin's to-dos",
    description:
      'Counts for the back-office dashboard, only of the kinds the admin\'s permissions open: users pending approval, playlists pending approval, payout requests waiting, failed jobs. Spec section 2 "/dashboard"; docs/decisions.md "Status, phones and staff to-dos (issue 20)".',
  },
  'GET /api/admin/web-vitals': {
    id: 'admin.reports.getWebVitals',
    summary: 'Read real-user Core Web Vitals per app and route',
    description:
      'Query `days` 1, 7 (default) or 28: the last UTC days, today included. One row per app, route pattern and form factor with its sample count and the p75 of LCP, INP, CLS, FCP and TTFB (null without samples) and web.dev\'s bands, the most measured rows first. Issue 37 "Real-user Core Web Vitals".',
  },
};
