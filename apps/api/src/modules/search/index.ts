/**
 * Public surface of the search module (issue 36 "Lists"): the back-office's global search over
 * users, campaigns, tickets, payouts and transactions. It reads other modules' tables through
 * `db/schema` and loads no module. Other modules, the route table and the seeds import from here.
 */

export { searchRoutes } from './search.routes';
