export { ApiCallError, isApiErrorBody } from './api-call-error';
export { type Client, type ClientOptions, createClient, type Method, type SuccessBody } from './client';
export type { components, operations, paths } from './schema.gen';
