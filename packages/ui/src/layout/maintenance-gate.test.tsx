// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../api/api-context';
import { createQueryClient } from '../api/query-client';
import { requestState } from '../api/request-state';
import { jsonResponse, testClients } from '../test/api';
import { initTestI18n, renderWithUi } from '../test/render';
import { MaintenanceBannerSlot, MaintenanceGate } from './MaintenanceGate';

afterEach(cleanup);
beforeAll(initTestI18n);
beforeEach(() => requestState.reset());

function clients(body: unknown, status = 200) {
  return testClients(async () => jsonResponse(body, status));
}

function renderGate(ui: ReactNode) {
  return renderWithUi(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}

describe('<MaintenanceGate>', () => {
  it('shows the maintenance screen when the check says so', async () => {
    renderGate(
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
    renderGate(
      <ApiProvider clients={clients({ message: 'Down' }, 503)}>
        <MaintenanceGate check>
          <p>app</p>
        </MaintenanceGate>
      </ApiProvider>,
    );
    expect(await screen.findByText("We'll be back soon")).toBeTruthy();
  });

  it('shows the app otherwise', async () => {
    renderGate(
      <ApiProvider clients={clients({ data: { check: false } })}>
        <MaintenanceGate check>
          <p>app</p>
        </MaintenanceGate>
      </ApiProvider>,
    );
    expect(await screen.findByText('app')).toBeTruthy();
  });
});

/** An API answering `maintenance-mode-check` from `answers` (in turn, the last one repeating). */
function checks(answers: { check: boolean; message: string | null }[]) {
  let n = 0;
  return testClients(async () => jsonResponse({ data: answers[Math.min(n++, answers.length - 1)] }), {
    tokenKey: 'USER_TOKEN',
  });
}

describe('maintenance notices', () => {
  it("shows the staff's message on the screen, and the app again after Try again", async () => {
    renderGate(
      <ApiProvider
        clients={checks([
          { check: true, message: 'Back at 14:00 UTC.' },
          { check: false, message: null },
        ])}
      >
        <MaintenanceGate check>
          <p>app</p>
        </MaintenanceGate>
      </ApiProvider>,
    );
    expect(await screen.findByText('Back at 14:00 UTC.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('maintenance-retry'));
    expect(await screen.findByText('app')).toBeTruthy();
  });

  it('keeps the page under a banner when maintenance begins while the app is in use', async () => {
    renderGate(
      <ApiProvider clients={checks([{ check: false, message: null }])}>
        <MaintenanceGate check>
          <p>app</p>
        </MaintenanceGate>
      </ApiProvider>,
    );
    expect(await screen.findByText('app')).toBeTruthy();
    // A call answered 503.
    act(() => requestState.setMaintenance(true));
    expect(await screen.findByTestId('maintenance-banner')).toBeTruthy();
    expect(screen.getByText('app')).toBeTruthy();
    expect(screen.queryByTestId('maintenance-screen')).toBeNull();
  });

  it('tells staff in the back-office, inside the layout, with the message users see', async () => {
    renderGate(
      <ApiProvider clients={checks([{ check: true, message: 'Back at 14:00 UTC.' }])}>
        <MaintenanceGate check={false} audience="staff" settingsHref="/admin/system/settings">
          <main data-testid="layout">
            <MaintenanceBannerSlot />
            <p>back-office</p>
          </main>
        </MaintenanceGate>
      </ApiProvider>,
    );
    const banner = await screen.findByTestId('maintenance-banner');
    expect(screen.getByTestId('layout').contains(banner)).toBe(true);
    expect(screen.getAllByTestId('maintenance-banner')).toHaveLength(1);
    expect(banner.textContent).toContain('Back at 14:00 UTC.');
    expect(screen.getByText('back-office')).toBeTruthy();
  });
});
