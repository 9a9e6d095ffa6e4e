import type { Language } from '@lm/contracts/api';
import createFetchClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { ApiCallError, isApiErrorBody } from './api-call-error';
import type { paths } from './schema.gen';

/** How to reach the API and as whom. */
export interface ClientOptions {
  /** The site's origin, e.g. `https://app.example.com` (the document's paths start with `/api`). */
  baseUrl: string;
  /** A session token from `POST /api/user/login` (or `/api/admin/login`), sent as a bearer token. */
  token?: string;
  /** An API key (`lm_live_...`) made in the account; sent as a bearer token like a session token. */
  apiKey?: string;
  /** Language of the answers' messages (`X-Lang`, `Accept-Language`); the API's default is `en`. */
  language?: Language;
  /** A `fetch` of your own (tests, a proxy, retries); the global one otherwise. */
  fetch?: typeof fetch;
}

type Init<P extends keyof paths, M extends HttpMethod> = MaybeOptionalInit<paths[P], M>;
/** The request's options, optional when the operation has no required parameter or body. */
type InitArgs<I> = RequiredKeysOf<I> extends never ? [init?: I] : [init: I];
/** The success body of `M P`: the `{ data, message? }` envelope (or a list's `{ data, pagination }`). */
export type SuccessBody<P extends keyof paths, M extends HttpMethod, I = Init<P, M>> = NonNullable<
  Extract<
    FetchResponse<paths[P][M] & Record<string | number, unknown>, I, MediaType>,
    { error?: never }
  >['data']
>;

/** One HTTP method: the paths that have it, their options typed from the document, the success body. */
export type Method<M extends HttpMethod> = <P extends PathsWithMethod<paths, M>, I extends Init<P, M>>(
  path: P,
  ...init: InitArgs<I>
) => Promise<SuccessBody<P, M, I>>;

/** The typed client: one function per HTTP method the API uses. */
export interface Client {
  GET: Method<'get'>;
  POST: Method<'post'>;
  PUT: Method<'put'>;
  PATCH: Method<'patch'>;
  DELETE: Method<'delete'>;
}

/**
 * A client of the marketplace API typed from its OpenAPI document (issue 34, "A typed SDK";
 * docs/api.md has a complete example). Paths, path and query parameters, bodies and answers are
 * checked by TypeScript against `packages/sdk/openapi.json`; each call resolves to the answer's body
 * (`{ data, message? }`, lists `{ data, pagination }`) or throws.
 *
 * @example
 * const api = createClient({ baseUrl: 'https://app.example.com', apiKey: process.env.LM_API_KEY });
 * const { data } = await api.GET('/api/wallet/user/current/balance');
 *
 * @throws {ApiCallError} from every call the API answers with a 4xx or 5xx (status, message, code,
 *   per-field errors, requestId); `fetch`'s own error when the API cannot be reached
 */
export function createClient(options: ClientOptions): Client {
  const credential = options.token ?? options.apiKey;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (credential) headers.Authorization = `Bearer ${credential}`;
  if (options.language) {
    headers['X-Lang'] = options.language;
    headers['Accept-Language'] = options.language;
  }
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    fetch: options.fetch,
  });
  const method =
    <M extends HttpMethod>(name: Uppercase<M>): Method<M> =>
    async (path, ...init) => {
      const { data, error, response } = await client.request(
        name.toLowerCase() as never,
        path as never,
        ...(init as unknown[] as [never]),
      );
      if (!response.ok) {
        throw new ApiCallError(
          response.status,
          isApiErrorBody(error) ? error : { message: response.statusText || `HTTP ${response.status}` },
        );
      }
      return data as never;
    };
  return {
    GET: method('GET'),
    POST: method('POST'),
    PUT: method('PUT'),
    PATCH: method('PATCH'),
    DELETE: method('DELETE'),
  };
}
