import type { AbilityRule } from '@lm/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath } from 'react-router';
import type { ApiClient } from '../api/api-client';
import type { ApiPath } from '../api/api-paths';
import { loadScreenCatalogs, storedLanguage } from '../i18n/i18n';
import { prefetchSessionInfo } from '../session/session';
import { readToken } from '../session/storage-keys';
import { loadScreenStyles } from '../theme/load-styles';

/** A lazy screen whose chunk can be fetched before React asks for it. */
export type PreloadableScreen = LazyExoticComponent<ComponentType> & {
  /** Fetches the screen's chunk (and the chunks it imports); the same promise every time. */
  preload(): Promise<unknown>;
};

/**
 * A route's screen as its own chunk: `React.lazy` of the export `name` of the module `load` imports,
 * with {@link PreloadableScreen.preload} so that the app's entry can fetch the chunk of the address
 * being opened while it boots, not after the session check and the shell have rendered.
 */
export function lazyScreen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): PreloadableScreen {
  let loading: Promise<Record<K, ComponentType>> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed fetch (a deploy removed the chunk, the network dropped) is tried again next time.
      loading = null;
      throw error;
    });
    return loading;
  };
  const screen = lazy(async () => ({ default: (await once())[name] })) as PreloadableScreen;
  screen.preload = once;
  return screen;
}

/** What a route's data prefetch is given: the app's query cache and API client, and the address's parameters. */
export interface RoutePrefetchContext {
  queryClient: QueryClient;
  api: ApiClient;
  params: Readonly<Record<string, string | undefined>>;
  /**
   * The signed-in account's permissions (the `subject` of each `call` rule of the session check sent
   * at boot, the rules its CASL ability is built from): for a screen whose first query depends on who
   * is looking (a campaign as its artist or as its curator). Read without loading CASL, so the
   * prefetch leaves as soon as the check answers. Rejects when the check fails or the token is
   * refused (the prefetch is then skipped; the screen never opens).
   */
  permissions: () => Promise<ReadonlySet<string>>;
}

/**
 * Starts the queries a screen runs first (`queryClient.prefetchQuery` with the screen's own query
 * options), so that its data is on the way while its chunk loads. Never throws; a failed prefetch is
 * fetched again by the screen.
 */
export type RoutePrefetch = (context: RoutePrefetchContext) => void;

/** A route as {@link preloadOpenedRoute} reads it. */
export interface PreloadRoute {
  path: string;
  screen: ComponentType | PreloadableScreen;
  prefetch?: RoutePrefetch;
}

export interface PreloadOptions {
  /** `AUTH_TOKEN` or `USER_TOKEN`: nothing is preloaded without a stored session. */
  tokenKey: string;
  /** `user/info` or `admin/info`. */
  infoPath: ApiPath<'get'>;
  /** Where the app is served (`/admin`); the root when absent. */
  basename?: string;
  /** The app's signed-in routes. */
  routes: readonly PreloadRoute[];
  /** The signed-in shell's chunk ({@link lazySignedInShell}'s `preload`). */
  shell: { preload(): Promise<unknown> };
  api: ApiClient;
  queryClient: QueryClient;
  /** Queries the signed-in shell runs on every screen (notification count, product name...). */
  shellPrefetch?: RoutePrefetch;
  /** The address being opened; `window.location.pathname` when absent. */
  pathname?: string;
}

/**
 * Called by an app's entry right after it starts i18next, when a session is stored: sends the
 * session check and fetches, side by side, what the signed-in screen at this address waits for (all
 * of Mantine's styles, the screens halves of the catalogs in the stored language, the shell's chunk,
 * the screen's chunk) and starts the screen's and the shell's first queries. Without it each of these
 * waits for the one before (entry, catalogs, session check, shell, screen, data): a waterfall of
 * round trips on a phone's network (issue 37, docs/performance.md "Page speed"). Addresses of
 * signed-out screens and unknown addresses preload only the session's parts.
 */
export function preloadOpenedRoute(options: PreloadOptions): void {
  if (!readToken(options.tokenKey)) return;
  const swallow = (promise: Promise<unknown>) => void promise.catch(() => undefined);
  const info = prefetchSessionInfo(options.api, options.tokenKey, options.infoPath);
  let permissions: Promise<ReadonlySet<string>> | undefined;
  const permissionsOnce = () => {
    permissions ??= (info ?? Promise.reject(new Error('no session check'))).then(
      (answer) =>
        new Set(
          ((answer.data as { abilities?: readonly AbilityRule[] }).abilities ?? [])
            .filter((rule) => rule.action === 'call')
            .map((rule) => rule.subject),
        ),
    );
    return permissions;
  };
  swallow(loadScreenStyles());
  swallow(loadScreenCatalogs(storedLanguage()));
  swallow(options.shell.preload());
  const context = { queryClient: options.queryClient, api: options.api, permissions: permissionsOnce };
  options.shellPrefetch?.({ ...context, params: {} });
  const pathname = options.pathname ?? window.location.pathname;
  const base = options.basename ?? '';
  const path = base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  for (const route of options.routes) {
    const match = matchPath(route.path, path);
    if (!match) continue;
    if ('preload' in route.screen) swallow(route.screen.preload());
    route.prefetch?.({ ...context, params: match.params });
    return;
  }
}
