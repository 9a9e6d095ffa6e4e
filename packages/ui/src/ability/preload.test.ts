// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiPath } from '../api/api-paths';
import { jsonResponse, testClients } from '../test/api';
import { lazyScreen, type PreloadRoute, preloadOpenedRoute, type RoutePrefetchContext } from './preload';

vi.mock('../theme/load-styles', () => ({ loadScreenStyles: vi.fn(() => Promise.resolve()) }));
vi.mock('../i18n/i18n', () => ({
  loadScreenCatalogs: vi.fn(() => Promise.resolve()),
  storedLanguage: () => 'ar',
}));

const Blank: ComponentType = () => null;

function setup() {
  const calls: string[] = [];
  const clients = testClients(async (url) => {
    calls.push(url);
    return jsonResponse({ data: {} });
  });
  const loads: string[] = [];
  const prefetched: RoutePrefetchContext['params'][] = [];
  const screen = (name: string) =>
    lazyScreen(async () => {
      loads.push(name);
      return { Screen: Blank };
    }, 'Screen');
  const routes: PreloadRoute[] = [
    { path: '/dashboard', screen: screen('dashboard') },
    {
      path: '/campaigns/:campaignId',
      screen: screen('campaign'),
      prefetch: ({ params }) => prefetched.push(params),
    },
  ];
  const shell = { preload: vi.fn(() => Promise.resolve()) };
  const options = {
    tokenKey: 'AUTH_TOKEN',
    infoPath: 'user/info' as const,
    routes,
    shell,
    api: clients.api,
    queryClient: new QueryClient(),
  };
  return { calls, loads, prefetched, shell, options };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('preloadOpenedRoute', () => {
  it('fetches nothing without a stored session', () => {
    const s = setup();
    preloadOpenedRoute({ ...s.options, pathname: '/dashboard' });
    expect(s.loads).toEqual([]);
    expect(s.shell.preload).not.toHaveBeenCalled();
    expect(s.calls).toEqual([]);
  });

  it('sends the session check and fetches the shell and the opened screen, with its data', async () => {
    localStorage.setItem('AUTH_TOKEN', 'tok');
    const s = setup();
    preloadOpenedRoute({ ...s.options, pathname: '/campaigns/42' });
    await vi.waitFor(() => expect(s.loads).toEqual(['campaign']));
    expect(s.shell.preload).toHaveBeenCalledOnce();
    expect(s.prefetched).toEqual([{ campaignId: '42' }]);
    expect(s.calls.some((url) => url.includes('user/info'))).toBe(true);
  });

  it('reads the address below the app’s base path', async () => {
    localStorage.setItem('AUTH_TOKEN', 'tok');
    const s = setup();
    preloadOpenedRoute({ ...s.options, basename: '/admin', pathname: '/admin/dashboard' });
    await vi.waitFor(() => expect(s.loads).toEqual(['dashboard']));
  });

  it('fetches only the session’s parts for an address no route has', () => {
    localStorage.setItem('AUTH_TOKEN', 'tok');
    const s = setup();
    preloadOpenedRoute({ ...s.options, pathname: '/nowhere' });
    expect(s.loads).toEqual([]);
    expect(s.shell.preload).toHaveBeenCalledOnce();
  });
});

describe('the permissions a route prefetch is given', () => {
  // Each test sends its session check on a path of its own: a check sent at boot is kept by path until
  // a provider takes it, and nothing takes it here.
  const open = (answer: Response, infoPath: ApiPath<'get'>) => {
    localStorage.setItem('AUTH_TOKEN', 'tok');
    const abilities: RoutePrefetchContext['permissions'][] = [];
    const clients = testClients(async () => answer);
    preloadOpenedRoute({
      tokenKey: 'AUTH_TOKEN',
      infoPath,
      routes: [
        { path: '/campaigns/:id', screen: Blank, prefetch: ({ permissions }) => abilities.push(permissions) },
      ],
      shell: { preload: () => Promise.resolve() },
      api: clients.api,
      queryClient: new QueryClient(),
      pathname: '/campaigns/7',
    });
    return abilities[0]!;
  };

  it('is the permissions of the session check sent at boot (a curator sees a campaign as its curator)', async () => {
    const ability = open(
      jsonResponse({ data: { abilities: [{ action: 'call', subject: 'CURATOR_PERMISSION' }] } }),
      'admin/info',
    );
    const held = await ability();
    expect(held.has('CURATOR_PERMISSION')).toBe(true);
    expect(held.has('ARTIST_PERMISSION')).toBe(false);
    expect(await ability()).toBe(held);
  });

  it('rejects when the stored token is refused (the prefetch is skipped)', async () => {
    const ability = open(jsonResponse({ message: 'Unauthenticated' }, 401), 'user/sessions');
    await expect(ability()).rejects.toBeDefined();
  });
});

describe('lazyScreen', () => {
  it('fetches its chunk once, and again after a failed fetch', async () => {
    let attempts = 0;
    const screen = lazyScreen(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk gone');
      return { Page: Blank };
    }, 'Page');
    await expect(screen.preload()).rejects.toThrow('chunk gone');
    await screen.preload();
    await screen.preload();
    expect(attempts).toBe(2);
  });
});
