export { ApiCallError, isApiErrorBody } from './api-call-error';
export { type Client, type ClientOptions, createClient, type Method, type SuccessBody } from './client';
/** Paths only development serves (dev mailbox, sandbox controls): for the apps' dev tools, never production. */
export type { paths as devPaths } from './dev-schema.gen';
export type { components, operations, paths } from './schema.gen';
