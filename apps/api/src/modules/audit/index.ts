/**
 * Public surface of the audit module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { auditRoutes } from './audit.routes';
export { type AuditActor, audit, auditChanges, auditedCsvExport } from './audit.service';
