/**
 * Public surface of the scraping module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { scrapingJobDefinitions } from './scraping.jobs';
export { scrapingRoutes } from './scraping.routes';
