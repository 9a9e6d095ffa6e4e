// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, toSearchParams } from './api-client';
import { ApiRequestError } from './api-error';
import { requestState } from './request-state';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function makeClient(
  fetchImpl: typeof fetch,
  extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {},
) {
  const notifier = { error: vi.fn(), success: vi.fn() };
  const redirect = vi.fn();
  const client = new ApiClient({
    baseUrl: '/api',
    tokenKey: 'AUTH_TOKEN',
    rootPath: '/',
    getLanguage: () => 'fr',
    translate: (key) => `t:${key}`,
    notifier,
    redirect,
    fetchImpl,
    ...extra,
  });
  return { client, notifier, redirect };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  requestState.reset();
});

describe('ApiClient', () => {
  it('sends the token, language and platform headers', async () => {
    localStorage.setItem('AUTH_TOKEN', 'tok');
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json(200, { data: { ok: 1 } }),
    );
    const { client } = makeClient(fetchImpl as unknown as typeof fetch);
    const res = await client.get<{ ok: number }>('user/info', { query: { q: '', page: 2, ids: [1, 2] } });
    expect(res.data.ok).toBe(1);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/user/info?page=2&ids=1&ids=2');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['X-Lang']).toBe('fr');
    expect(headers['Accept-Language']).toBe('fr');
    expect(headers['X-Platform']).toBe('2');
  });

  it('refuses requests while offline, before sending', async () => {
    const fetchImpl = vi.fn();
    const { client, notifier } = makeClient(fetchImpl as unknown as typeof fetch, { isOnline: () => false });
    await expect(client.get('user/info')).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(notifier.error).toHaveBeenCalledWith('t:ui.errors.offline');
  });

  it('shows the server message as an error toast unless silent', async () => {
    const fetchImpl = vi.fn(async () => json(422, { message: 'Bad', errors: { email: ['taken'] } }));
    const { client, notifier } = makeClient(fetchImpl as unknown as typeof fetch);
    const error = await client.post('user/store-user', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).errors).toEqual({ email: ['taken'] });
    expect(notifier.error).toHaveBeenCalledWith('Bad');
    notifier.error.mockClear();
    await client.post('user/store-user', {}, { silent: true }).catch(() => undefined);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('shows a success message as a success toast', async () => {
    const { client, notifier } = makeClient((async () =>
      json(200, { data: null, message: 'Saved' })) as typeof fetch);
    await client.post('tickets', { a: 1 });
    expect(notifier.success).toHaveBeenCalledWith('Saved');
  });

  it('turns maintenance mode on for HTTP 503', async () => {
    const { client } = makeClient((async () => json(503, { message: 'Maintenance' })) as typeof fetch);
    await expect(client.get('user/info')).rejects.toMatchObject({ status: 503 });
    expect(requestState.get().maintenance).toBe(true);
  });

  it('logs out on USR_UNAUTHENTICATED: clears the session and reloads the root', async () => {
    localStorage.setItem('AUTH_TOKEN', 'tok');
    sessionStorage.setItem('AUTH_TOKEN', 'tok');
    const { client, redirect } = makeClient((async () =>
      json(401, { message: 'Nope', code: 'USR_UNAUTHENTICATED' })) as typeof fetch);
    await expect(client.get('user/info')).rejects.toBeInstanceOf(ApiRequestError);
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
    expect(sessionStorage.getItem('AUTH_TOKEN')).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/');
  });

  it("also logs out on the message 'Unauthenticated.'", async () => {
    localStorage.setItem('USER_TOKEN', 'tok');
    const { client, redirect } = makeClient(
      (async () => json(401, { message: 'Unauthenticated.' })) as typeof fetch,
      { tokenKey: 'USER_TOKEN', rootPath: '/admin/' },
    );
    await client.get('admin/info').catch(() => undefined);
    expect(redirect).toHaveBeenCalledWith('/admin/');
  });

  it('counts requests in flight', async () => {
    let release: (r: Response) => void = () => undefined;
    const { client } = makeClient((() => new Promise<Response>((r) => (release = r))) as typeof fetch);
    const pending = client.get('user/info');
    expect(requestState.get().inFlight).toBe(1);
    release(json(200, { data: 1 }));
    await pending;
    expect(requestState.get().inFlight).toBe(0);
  });

  it('aborts after the timeout', async () => {
    const fetchImpl = ((_: unknown, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch;
    const { client } = makeClient(fetchImpl, { timeoutMs: 10 });
    await expect(client.get('user/info')).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('toSearchParams', () => {
  it('leaves out empty values', () => {
    expect(toSearchParams({ a: '', b: null, c: undefined, d: 0, e: false }).toString()).toBe('d=0&e=false');
  });
});
