// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { IconClock, IconStairs } from '@tabler/icons-react';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SectionLink, SectionNav } from './SectionNav';

const useSession = vi.fn(() => ({ ability: { can: (_: string, p: string) => p === 'granted' } }));
vi.mock('@lm/ui', async (original) => ({ ...(await original<object>()), useSession: () => useSession() }));

afterEach(() => {
  cleanup();
  // Back to the granting session: a test that made it throw leaves no trace for the next one.
  useSession.mockReset();
});
beforeAll(async () => {
  await initTestI18n();
});

function show(links: SectionLink[], at: string) {
  renderWithUi(
    <MemoryRouter initialEntries={[at]}>
      <SectionNav links={links} testId="some-nav" />
    </MemoryRouter>,
  );
  return within(screen.getByTestId('some-nav'));
}

describe('the back-office section navigation', () => {
  it('offers only the screens the admin may open, the current one filled', () => {
    const nav = show(
      [
        { to: '/a', label: 'A', icon: IconStairs, permission: 'granted' },
        { to: '/b', label: 'B', icon: IconClock, permission: 'refused' },
        { to: '/c', label: 'C', icon: IconClock },
      ],
      '/c',
    );
    const links = nav.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/a', '/c']);
    expect(links.map((l) => l.getAttribute('data-variant'))).toEqual(['light', 'filled']);
  }, 30_000);

  it('needs no session when no link asks for a permission', () => {
    useSession.mockImplementation(() => {
      throw new Error('useSession() needs a <SessionProvider>');
    });
    const nav = show(
      [
        { to: '/a', label: 'A', icon: IconStairs },
        { to: '/b', label: 'B', icon: IconClock },
      ],
      '/a',
    );
    expect(nav.getAllByRole('link')).toHaveLength(2);
    expect(useSession).not.toHaveBeenCalled();
  }, 30_000);
});
