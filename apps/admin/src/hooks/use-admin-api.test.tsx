// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn(async (path: string, options: unknown) => ({ data: { path, options } }));
vi.mock('@lm/ui', () => ({ useApi: () => ({ api: { get } }) }));
const { isRecordId, useChange, useGet, useRefreshArea } = await import('./use-admin-api');

afterEach(() => {
  cleanup();
  get.mockClear();
});

function setup() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('the back-office query helpers', () => {
  it('isRecordId takes positive whole numbers only', () => {
    expect([1, 42].map(isRecordId)).toEqual([true, true]);
    expect([0, -1, 1.5, Number.NaN].map(isRecordId)).toEqual([false, false, false, false]);
  });

  it('useGet asks the path with its query and caches the data under the key; a disabled one does not ask', async () => {
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useGet(['k', 1], 'admin/users/1', { query: { days: 7 } }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(get).toHaveBeenCalledWith('admin/users/1', { query: { days: 7 }, silent: undefined });
    expect(client.getQueryData(['k', 1])).toEqual(result.current.data);
    renderHook(() => useGet(['k', 0], 'admin/users/0', { enabled: false }), { wrapper });
    await new Promise((r) => setTimeout(r, 20));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('useChange marks its keys stale after a success, not after a failure', async () => {
    const { client, wrapper } = setup();
    client.setQueryData(['a'], 1);
    client.setQueryData(['b'], 2);
    client.setQueryData(['c'], 3);
    const { result } = renderHook(
      () =>
        useChange(async (fail: boolean) => (fail ? Promise.reject(new Error('no')) : 'ok'), [['a'], ['b']]),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(true).catch(() => undefined));
    expect(client.getQueryState(['a'])?.isInvalidated).toBe(false);
    await act(() => result.current.mutateAsync(false));
    expect(client.getQueryState(['a'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['b'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['c'])?.isInvalidated).toBe(false);
  });

  it("useRefreshArea marks the area's queries and its paged lists stale, and nothing else", async () => {
    const { client, wrapper } = setup();
    client.setQueryData(['crm', 'artist', 1], 1);
    client.setQueryData(['list', 'admin/crm/lists', {}], 2);
    client.setQueryData(['list', 'admin/scraping/jobs', {}], 3);
    const { result } = renderHook(() => useRefreshArea(['crm'], 'admin/crm/'), { wrapper });
    await act(() => result.current());
    expect(client.getQueryState(['crm', 'artist', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['list', 'admin/crm/lists', {}])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['list', 'admin/scraping/jobs', {}])?.isInvalidated).toBe(false);
  });
});
