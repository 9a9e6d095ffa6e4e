/**
 * Public surface of the tickets module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { ticketsDevRoutes } from './tickets.dev.routes';
export { ticketJobDefinitions } from './tickets.jobs';
export { ticketsRoutes } from './tickets.routes';
export { seedTicketDemo, seedTicketReference } from './tickets.seed';
