// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../api/api-client';
import { ApiProvider } from '../api/api-context';
import { requestState } from '../api/request-state';
import { initTestI18n, renderWithUi } from '../test/render';
import { MaintenanceGate } from './MaintenanceGate';

afterEach(cleanup);
beforeAll(initTestI18n);
beforeEach(() => requestState.reset());

function clients(body: unknown, status = 200) {
  const api = new ApiClient({
    baseUrl: '/api',
    tokenKey: 'AUTH_TOKEN',
    rootPath: '/',
    getLanguage: () => 'en',
    translate: (k) => k,
    notifier: { error: vi.fn(), success: vi.fn() },
    fetchImpl: (async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      })) as typeof fetch,
  });
  return { api, upload: api };
}

describe('<MaintenanceGate>', () => {
  it('shows the maintenance screen when the check says so', async () => {
    renderWithUi(
      <ApiProvider clients={clients({ data: { check: true } })}>
        <MaintenanceGate check>
          <p>app</p>
        </MaintenanceGate>
      </ApiProvider>,
    );
    expect(await screen.findByTestId('maintenance-screen')).toBeTruthy();
    expect(screen.queryByText('app')).toBeNull();
  });

  it('shows the maintenance screen after a 503', async () => {
    renderWithUi(
      <ApiProvider clients={clients({ message: 'Down' }, 503)}>
        <MaintenanceGate check>
          <p>app</p>
        </MaintenanceGate>
      </ApiProvider>,
    );
    expect(await screen.findByText("We'll be back soon")).toBeTruthy();
  });

  it('shows the app otherwise', async () => {
    renderWithUi(
      <ApiProvider clients={clients({ data: { check: false } })}>
        <MaintenanceGate check>
          <p>app</p>
        </MaintenanceGate>
      </ApiProvider>,
    );
    expect(await screen.findByText('app')).toBeTruthy();
  });
});
