/**
 * Public surface of the api-keys module (issue 34 "API keys"): users' and staff members' keys, their
 * resolution into a principal by the access hook (platform/app.ts), the log of their requests and its
 * prune. Other modules, the route table, the jobs and the seeds import from here and never from the
 * files behind it; the boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { apiKeyJobs } from './api-keys.jobs';
export { isApiKey, resolveApiKey } from './api-keys.principal';
export { apiKeyRoutes } from './api-keys.routes';
export { keyEnvironment } from './api-keys.service';
export { recordKeyUse } from './api-keys.uses';
