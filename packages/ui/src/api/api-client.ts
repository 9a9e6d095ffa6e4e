import type { ApiError, ApiList, ApiSuccess } from '@lm/contracts';
import { ERROR_CODES, WEB_PLATFORM } from '@lm/contracts/api';
import { LIMITS } from '@lm/contracts/limits';
import { clearToken, readToken } from '../session/storage-keys';
import { ApiRequestError } from './api-error';
import type { ApiPath } from './api-paths';
import { requestState } from './request-state';

/** A query value; `undefined`, `null` and `''` are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue> | URLSearchParams;

/** Shows toasts. The apps pass Mantine notifications; tests pass spies. */
export interface Notifier {
  error(message: string): void;
  success(message: string): void;
}

export interface ApiClientOptions {
  /** API base, `/api`. */
  baseUrl: string;
  /** Storage key of the bearer token: `AUTH_TOKEN` (users) or `USER_TOKEN` (admins). */
  tokenKey: string;
  /** Where to go after USR_UNAUTHENTICATED: `/` or `/admin/`. */
  rootPath: string;
  /** Request timeout in ms (spec section 9: 120000; the upload client 3600000). */
  timeoutMs?: number;
  /** Current UI language, sent as `X-Lang` and `Accept-Language`. */
  getLanguage: () => string;
  /** Translates client-side messages (offline, timeout, network failure). */
  translate: (key: string) => string;
  notifier: Notifier;
  /** Leaves the app after USR_UNAUTHENTICATED; defaults to a full reload of `rootPath`. */
  redirect?: (path: string) => void;
  /**
   * Headers added to every request, read at each call (the user app's acting context:
   * `X-Acting-For` while a member acts for a roster artist, issue 35), given the call's path relative
   * to the base URL. A call's own headers win.
   */
  extraHeaders?: (path: string) => Record<string, string>;
  /** Overridable for tests. */
  fetchImpl?: typeof fetch;
  isOnline?: () => boolean;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A silent call shows no toast, neither for errors nor for a success message. */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Builds a query string: empty values are left out; arrays repeat the key. */
export function toSearchParams(query: Query | undefined): URLSearchParams {
  if (!query) return new URLSearchParams();
  if (query instanceof URLSearchParams) return new URLSearchParams(query);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  return params;
}

function isUnauthenticated(status: number, body: ApiError): boolean {
  return status === 401 && (body.code === ERROR_CODES.UNAUTHENTICATED || body.message === 'Unauthenticated.');
}

/**
 * Fetch-based client of the marketplace API (spec sections 7 and 8).
 *
 * - attaches the bearer token, `X-Lang`, `Accept-Language` and `X-Platform: 2`;
 * - refuses requests while offline, before sending;
 * - aborts after `timeoutMs`;
 * - counts requests in flight for the progress bar; HTTP 503 turns maintenance mode on;
 * - USR_UNAUTHENTICATED (or 'Unauthenticated.') clears the stored session and reloads the root;
 * - shows the server `message` as an error toast (5 s) or success toast unless the call is silent.
 *
 * Every method resolves to the response body (`{ data, message? }`) or throws {@link ApiRequestError}.
 */
export class ApiClient {
  readonly options: ApiClientOptions;

  constructor(options: ApiClientOptions) {
    this.options = options;
  }

  get<T>(path: ApiPath<'get'>, options?: Omit<RequestOptions, 'body'>): Promise<ApiSuccess<T>> {
    return this.request<ApiSuccess<T>>('GET', path, options);
  }

  /** GET of a paged list: `{ data: [...], pagination }`. */
  list<T>(path: ApiPath<'get'>, options?: Omit<RequestOptions, 'body'>): Promise<ApiList<T>> {
    return this.request<ApiList<T>>('GET', path, options);
  }

  post<T>(path: ApiPath<'post'>, body?: unknown, options?: RequestOptions): Promise<ApiSuccess<T>> {
    return this.request<ApiSuccess<T>>('POST', path, { ...options, body });
  }

  put<T>(path: ApiPath<'put'>, body?: unknown, options?: RequestOptions): Promise<ApiSuccess<T>> {
    return this.request<ApiSuccess<T>>('PUT', path, { ...options, body });
  }

  patch<T>(path: ApiPath<'patch'>, body?: unknown, options?: RequestOptions): Promise<ApiSuccess<T>> {
    return this.request<ApiSuccess<T>>('PATCH', path, { ...options, body });
  }

  delete<T>(path: ApiPath<'delete'>, options?: RequestOptions): Promise<ApiSuccess<T>> {
    return this.request<ApiSuccess<T>>('DELETE', path, options);
  }

  /** The stored bearer token of this client's session, if any. */
  token(): string | null {
    return readToken(this.options.tokenKey);
  }

  async request<R>(method: string, path: string, options: RequestOptions = {}): Promise<R> {
    const o = this.options;
    const silent = options.silent === true;
    const online = o.isOnline ? o.isOnline() : typeof navigator === 'undefined' || navigator.onLine !== false;
    if (!online) {
      throw this.fail(
        new ApiRequestError(0, { message: o.translate('ui.errors.offline'), code: 'OFFLINE' }),
        silent,
      );
    }

    const query = toSearchParams(options.query).toString();
    const relative = path.replace(/^\/+/, '');
    const url = `${o.baseUrl}/${relative}${query ? `?${query}` : ''}`;
    const language = o.getLanguage();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Lang': language,
      'Accept-Language': language,
      'X-Platform': WEB_PLATFORM,
      ...o.extraHeaders?.(relative),
      ...options.headers,
    };
    const token = this.token();
    if (token) headers.Authorization = `Bearer ${token}`;

    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), o.timeoutMs ?? LIMITS.requestTimeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

    requestState.begin();
    let response: Response;
    try {
      response = await (o.fetchImpl ?? fetch)(url, { method, headers, body, signal });
    } catch {
      if (options.signal?.aborted) {
        throw new ApiRequestError(0, { message: 'Aborted', code: 'ABORTED' });
      }
      const timedOut = timeout.signal.aborted;
      throw this.fail(
        new ApiRequestError(0, {
          message: o.translate(timedOut ? 'ui.errors.timeout' : 'ui.errors.network'),
          code: timedOut ? 'TIMEOUT' : 'NETWORK',
        }),
        silent,
      );
    } finally {
      clearTimeout(timer);
      requestState.end();
    }

    const parsed = await readBody(response);
    if (response.ok) {
      const message = (parsed as { message?: unknown } | null)?.message;
      if (!silent && typeof message === 'string' && message) o.notifier.success(message);
      return (parsed ?? { data: undefined }) as R;
    }

    const errorBody: ApiError =
      parsed && typeof parsed === 'object' && typeof (parsed as ApiError).message === 'string'
        ? (parsed as ApiError)
        : { message: o.translate('ui.errors.unexpected') };
    const error = new ApiRequestError(response.status, errorBody);

    if (response.status === 503) {
      requestState.setMaintenance(true);
      throw error;
    }
    if (isUnauthenticated(response.status, errorBody) && token) {
      clearToken(o.tokenKey);
      (o.redirect ?? ((p: string) => window.location.assign(p)))(o.rootPath);
      throw error;
    }
    throw this.fail(error, silent);
  }

  private fail(error: ApiRequestError, silent: boolean): ApiRequestError {
    if (!silent && error.message) this.options.notifier.error(error.message);
    return error;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
