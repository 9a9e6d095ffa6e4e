// @vitest-environment jsdom
import type { SessionUser } from '@lm/contracts';
import { ApiProvider } from '@lm/ui';
import { jsonResponse, testClients } from '@lm/ui/test/api.ts';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyArtistProfile } from '../../test/fixtures';

const user: SessionUser = {
  id: 7,
  email: 'artist@example.test',
  first_name: 'Ada',
  last_name: 'Night',
  full_name: 'Ada Night',
  avatar: null,
  gender: 'female',
  birth_date: null,
  phone_number: null,
  country_code: null,
  user_type_id: 1,
  status: 'active',
  email_verified: true,
  two_factor_enabled: false,
  must_change_password: false,
  oauth_type: null,
  abilities: [],
  balance: 0,
  profile: { ...emptyArtistProfile, artist_name: 'The Night Owls' },
};

const save = vi.fn(async (body: Record<string, unknown>) => ({ ...user, ...body }));
vi.mock('../../hooks/use-account', () => ({
  useUpdateProfile: () => ({ mutate: vi.fn(), mutateAsync: save, isPending: false }),
}));
vi.mock('@lm/ui', async (original) => ({
  ...(await original<typeof import('@lm/ui')>()),
  useSession: () => ({ user, setUser: vi.fn(), refresh: vi.fn() }),
}));
const { AccountPage } = await import('./AccountPage');

afterEach(cleanup);
beforeAll(async () => {
  // The bio's autosize textarea listens to font loading, which jsdom lacks.
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });
  await initTestI18n();
});

function renderPage() {
  renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
      {/* The lookups the form reads (genres) answer with nothing; no organisation acts for the artist. */}
      <ApiProvider
        clients={testClients(async (url) =>
          jsonResponse(
            url.includes('/user/organisation') ? { data: { current: null, invitations: [] } } : { data: [] },
          ),
        )}
      >
        <AccountPage />
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('/account profile (one form, one save, nothing dropped)', () => {
  it('has one "Save changes" button that sends the country with the artist profile', {
    timeout: 60_000,
  }, async () => {
    renderPage();
    expect(screen.getAllByRole('button', { name: 'Save changes' })).toHaveLength(1);
    expect(screen.getAllByTestId('profile-form')).toHaveLength(1);

    const country = screen.getByTestId('country-select');
    fireEvent.click(country);
    fireEvent.change(country, { target: { value: 'Fran' } });
    fireEvent.click(await screen.findByText('France', { selector: '[role=option], [role=option] *' }));
    fireEvent.change(screen.getByTestId('artist-name'), { target: { value: 'Night Owls' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({ country_code: 'FR', artist_name: 'Night Owls' });
  });
});
