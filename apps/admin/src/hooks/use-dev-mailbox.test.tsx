// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const list = vi.fn(async () => ({ data: [], pagination: { total: 3 } }));
let granted: string[] = [];
vi.mock('@lm/ui', async () => ({
  // The real query keys: the hook caches under its domain's key.
  ...(await import('@lm/ui/query-keys/index.ts')),
  useApi: () => ({ api: { list } }),
  useSession: () => ({
    user: { id: 1 },
    ability: { can: (_action: string, p: string) => granted.includes(p) },
  }),
}));
const { useDevMailboxAvailable } = await import('./use-dev-mailbox');

afterEach(() => {
  cleanup();
  list.mockClear();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

describe('dev mailbox availability', () => {
  it('is never asked by an admin without dev.mailbox.show (no 403 on every page)', async () => {
    granted = ['view.main.users.tab.list'];
    const { result } = renderHook(() => useDevMailboxAvailable(), { wrapper });
    expect(result.current).toEqual({ available: false, loading: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(list).not.toHaveBeenCalled();
  });

  it('is asked once by an admin who may read it', async () => {
    granted = ['dev.mailbox.show'];
    const { result } = renderHook(() => useDevMailboxAvailable(), { wrapper });
    await waitFor(() => expect(result.current.available).toBe(true));
    expect(list).toHaveBeenCalledTimes(1);
  });
});
