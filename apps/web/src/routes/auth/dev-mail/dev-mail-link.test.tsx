// @vitest-environment jsdom
import { type ApiClient, ApiProvider, createQueryClient, PreferencesProvider } from '@lm/ui';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VerifyUserPage } from '../verify-user/VerifyUserPage';

afterEach(cleanup);
beforeAll(initTestI18n);

function renderVerify(devMail: boolean) {
  const get = vi.fn(async () => ({ data: { maintenance_mode: false, dev_mail: devMail } }));
  const api = { get, post: vi.fn() } as unknown as ApiClient;
  renderWithUi(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider clients={{ api, upload: api }}>
        <PreferencesProvider>
          <MemoryRouter initialEntries={['/verify-user?email=nia%2Bnew%40example.test']}>
            <VerifyUserPage />
          </MemoryRouter>
        </PreferencesProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return get;
}

// The verify screen with Mantine and the router takes seconds to render on a busy machine.
describe('"Development mail" on the code screen', { timeout: 30_000 }, () => {
  it('opens the mails of this address in a new tab, in development', async () => {
    renderVerify(true);
    const link = (await screen.findByTestId('dev-mail-link')) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/dev/mail?to=nia%2Bnew%40example.test');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe('Development mail');
  });

  it('is absent where the API does not offer it (production)', async () => {
    const get = renderVerify(false);
    await vi.waitFor(() => expect(get).toHaveBeenCalledWith('setting/all', { silent: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('dev-mail-link')).toBeNull();
    expect(screen.getByTestId('verify-form')).toBeTruthy();
  });
});
