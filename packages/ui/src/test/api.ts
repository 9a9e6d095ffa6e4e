import { vi } from 'vitest';
import { ApiClient, type ApiClientOptions } from '../api/api-client';
import type { ApiClients } from '../api/api-context';

/** A JSON answer as the API sends it (`status` defaults to 200). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The API clients a DOM test hands to `ApiProvider`: one user-app `ApiClient` (English, message keys
 * as their own text, a spy notifier) that asks `fetchImpl` instead of the network, serving both as
 * `api` and `upload`. `extra` overrides any option (the admin token key, a spy redirect...).
 * The notifier is returned too, for tests that check what was (not) toasted.
 */
export function testClients(
  fetchImpl: (url: string, init?: RequestInit) => Promise<Response>,
  extra: Partial<ApiClientOptions> = {},
): ApiClients & { notifier: ApiClientOptions['notifier'] } {
  const notifier = { error: vi.fn(), success: vi.fn() };
  const api = new ApiClient({
    baseUrl: '/api',
    tokenKey: 'AUTH_TOKEN',
    rootPath: '/',
    getLanguage: () => 'en',
    translate: (k) => k,
    notifier,
    fetchImpl: fetchImpl as typeof fetch,
    ...extra,
  });
  return { api, upload: api, notifier };
}
