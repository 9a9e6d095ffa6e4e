// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider } from '../api/api-context';
import { createQueryClient } from '../api/query-client';
import { jsonResponse, testClients } from '../test/api';
import { initTestI18n, renderWithUi } from '../test/render';
import { Brand } from './Brand';
import { usePageTitle } from './use-page-title';

afterEach(cleanup);
beforeAll(initTestI18n);

/** API clients whose `setting/all` answers `settings`; records the paths asked. */
function clients(settings: Record<string, unknown>, asked: string[]) {
  return testClients(async (url) => {
    asked.push(String(url));
    return jsonResponse({ data: settings });
  });
}

function Titled() {
  usePageTitle('privacy.title');
  return <Brand admin />;
}

describe("the product's name", () => {
  it('shows the name staff set in the settings in the header and the page title', async () => {
    const asked: string[] = [];
    renderWithUi(
      <QueryClientProvider client={createQueryClient()}>
        <ApiProvider clients={clients({ product_name: 'Melodia Promo' }, asked)}>
          <Titled />
        </ApiProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('brand-name').textContent).toBe('Melodia Promo'));
    expect(asked.some((url) => url.includes('setting/all'))).toBe(true);
    await waitFor(() => expect(document.title).toMatch(/ · Melodia Promo$/));
    expect(screen.queryByText('Liberty Coins')).toBeNull();
  });
});
