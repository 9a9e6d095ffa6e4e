/**
 * The query keys of both apps, one module per domain. A key is an array read from the left: its first
 * part names the domain, so a domain's `all` key is the prefix of every key of that domain and
 * invalidating it refreshes all of them (`meta.invalidates`, see `api/query-client.ts`). Each domain is
 * its own export in its own module so a bundle keeps only the factories its screens use.
 *
 * The lists of the list kit are not here: they cache under `['list', apiPath, query]` and are named by
 * `{ list: apiPath }`.
 */
export * from './account';
export * from './admin-organisations';
export * from './api-keys';
export * from './connections';
export * from './crm';
export * from './custom';
export * from './dev-mail';
export * from './express';
export * from './fan-finder';
export * from './forms';
export * from './notifications';
export * from './organisations';
export * from './payouts';
export * from './results';
export * from './results-share';
export * from './scraping';
export * from './search';
export * from './settings';
export * from './staff';
export * from './tickets';
export * from './trust';
export * from './users';
export * from './wallet';
export * from './web-vitals';
export * from './webhooks';
