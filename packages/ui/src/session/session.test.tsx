// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../api/api-context';
import { createQueryClient } from '../api/query-client';
import { requestState } from '../api/request-state';
import { jsonResponse, testClients } from '../test/api';
import { prefetchSessionInfo, SessionProvider, useSession } from './session';
import { readToken, writeToken } from './storage-keys';

afterEach(cleanup);
beforeEach(() => {
  requestState.reset();
  localStorage.clear();
  sessionStorage.clear();
});

/** An API whose `user/info` answers with the statuses given, one per call (the last one repeats). */
function api(statuses: number[]) {
  const calls: string[] = [];
  const clients = testClients(
    async (url) => {
      calls.push(url);
      const status = statuses[Math.min(calls.length, statuses.length) - 1]!;
      const body =
        status === 200
          ? { data: { first_name: 'Ada', abilities: [] } }
          : status === 401
            ? { message: 'Unauthenticated.', code: 'USR_UNAUTHENTICATED' }
            : { message: 'Down for maintenance', code: 'MAINTENANCE' };
      return jsonResponse(body, status);
    },
    { redirect: vi.fn() },
  );
  return { calls, clients };
}

function Who() {
  const session = useSession<{ first_name: string }>();
  if (session.loading) return <p>loading</p>;
  return <p>{session.user ? `signed in as ${session.user.first_name}` : 'signed out'}</p>;
}

function renderSession(clients: ReturnType<typeof api>['clients']) {
  return render(
    <ApiProvider clients={clients}>
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider tokenKey="AUTH_TOKEN" infoPath="user/info" logoutPath="user/logout">
          <Who />
        </SessionProvider>
      </QueryClientProvider>
    </ApiProvider>,
  );
}

describe('the session when the page loads during maintenance', () => {
  it('keeps the token while maintenance is on and signs the user in when it ends', async () => {
    writeToken('AUTH_TOKEN', 'tok-1');
    const server = api([503, 200]);
    renderSession(server.clients);
    await vi.waitFor(() => expect(requestState.get().maintenance).toBe(true));
    expect(readToken('AUTH_TOKEN')).toBe('tok-1');
    expect(screen.queryByText('signed out')).toBeNull();
    // "Try again" finds maintenance over.
    act(() => requestState.setMaintenance(false));
    expect(await screen.findByText('signed in as Ada')).toBeTruthy();
    expect(readToken('AUTH_TOKEN')).toBe('tok-1');
    expect(server.calls.length).toBe(2);
  });

  it('still drops a token the API refuses', async () => {
    writeToken('AUTH_TOKEN', 'tok-2');
    renderSession(api([401]).clients);
    expect(await screen.findByText('signed out')).toBeTruthy();
    expect(readToken('AUTH_TOKEN')).toBeNull();
  });
});

describe('the session check sent while the app boots', () => {
  it('is the provider’s first check: one request, not two', async () => {
    writeToken('AUTH_TOKEN', 'tok-3');
    const server = api([200]);
    prefetchSessionInfo(server.clients.api, 'AUTH_TOKEN', 'user/info');
    expect(server.calls).toHaveLength(1);
    renderSession(server.clients);
    expect(await screen.findByText('signed in as Ada')).toBeTruthy();
    expect(server.calls).toHaveLength(1);
  });

  it('is not sent without a stored token', () => {
    const server = api([200]);
    prefetchSessionInfo(server.clients.api, 'AUTH_TOKEN', 'user/info');
    expect(server.calls).toHaveLength(0);
  });

  it('still drops the token when the early check is refused', async () => {
    writeToken('AUTH_TOKEN', 'tok-4');
    const server = api([401]);
    prefetchSessionInfo(server.clients.api, 'AUTH_TOKEN', 'user/info');
    renderSession(server.clients);
    expect(await screen.findByText('signed out')).toBeTruthy();
    expect(readToken('AUTH_TOKEN')).toBeNull();
    expect(server.calls).toHaveLength(1);
  });
});
