// @vitest-environment jsdom
import { ApiProvider } from '@lm/ui';
import { jsonResponse, testClients } from '@lm/ui/test/api.ts';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OwnSoundPicker } from './OwnSoundPicker';

afterEach(cleanup);
beforeAll(initTestI18n);

const NOTE =
  'No TikTok sounds of yours yet: they appear here after your first TikTok campaign. Paste the link of your sound meanwhile';

function render(body: unknown) {
  const fetchImpl = vi.fn(async (_url: string) => jsonResponse(body));
  const clients = testClients(fetchImpl);
  renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider clients={clients}>
        <OwnSoundPicker platform="tiktok" onPick={() => {}} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { fetchImpl, notifier: clients.notifier };
}

describe("the artist's own sounds in the TikTok wizard", () => {
  it('shows how to get sounds from the empty answer the API gives a new artist (no failing request)', async () => {
    const { fetchImpl, notifier } = render({ data: [], message: NOTE });
    expect((await screen.findByTestId('own-sounds-note')).textContent).toBe(NOTE);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(String((fetchImpl.mock.calls[0] as unknown[])[0])).toBe(
      '/api/connected/platforms/artist/tiktok/music',
    );
    // Beside the picker, not as a toast.
    expect(notifier.success).not.toHaveBeenCalled();
  });
});
