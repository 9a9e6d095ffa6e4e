import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where the two single-page apps are built, and where their placeholder pages are until then. */
export interface AppFolders {
  /** The repository root (`apps/<app>/dist` and `apps/<app>/public-fallback` below it). */
  repoRoot: string;
  /** A build of the user app elsewhere (`WEB_DIST`). */
  WEB_DIST?: string | undefined;
  /** A build of the back-office elsewhere (`ADMIN_DIST`). */
  ADMIN_DIST?: string | undefined;
}

type Which = 'web' | 'admin';

/** The folder each app's index page is served from, resolved once at start; null when there is none. */
export type ServedApps = Record<Which, string | null>;

/** The folder an app is served from: its build, or its placeholder page until it is built. */
export function appRoot(folders: AppFolders, which: Which): string {
  const explicit = which === 'web' ? folders.WEB_DIST : folders.ADMIN_DIST;
  const dist = explicit ? path.resolve(explicit) : path.join(folders.repoRoot, 'apps', which, 'dist');
  return fs.existsSync(path.join(dist, 'index.html'))
    ? dist
    : path.join(folders.repoRoot, 'apps', which, 'public-fallback');
}

const whichOf = (url: string): Which => (url === '/admin' || url.startsWith('/admin/') ? 'admin' : 'web');

/** A built file (hashed name under `assets/`): it never changes, so browsers keep it for a year. */
const isHashedAsset = (url: string) => /^\/(admin\/)?assets\//.test(url.split('?')[0]!);

/**
 * Serves the built single-page apps: the user app at `/`, the back-office at `/admin/`. Each text
 * file is sent in the smallest encoding the browser accepts among the brotli and gzip copies written
 * at build time (`precompressedAssets` in `@lm/ui`'s build folder), with `Vary: Accept-Encoding`;
 * the original otherwise. Hashed assets are cached for a year (`immutable`), everything else is
 * revalidated (`no-cache`). The build's manifest (`.vite/`) is not served.
 * @returns the folders served, for {@link sendSpaIndex}
 */
export async function serveApps(app: FastifyInstance, folders: AppFolders): Promise<ServedApps> {
  const served: ServedApps = { web: null, admin: null };
  for (const which of ['web', 'admin'] as const) {
    const root = appRoot(folders, which);
    if (!fs.existsSync(root)) continue;
    if (fs.existsSync(path.join(root, 'index.html'))) served[which] = root;
    await app.register(fastifyStatic, {
      root,
      prefix: which === 'web' ? '/' : '/admin/',
      // One `reply.sendFile` for both apps (it takes the root), decorated once.
      decorateReply: which === 'web',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  return served;
}

/**
 * Answers a request no route and no file matched. A screen's address (`/dashboard`,
 * `/admin/users/list`) gets its app's index page, which routes in the browser; a missing file under
 * `assets/` gets a 404 (a page built before a deploy asking for a chunk that is gone must see the
 * failure, not an HTML page in place of a script). `served` is what {@link serveApps} answered.
 */
export function sendSpaIndex(url: string, reply: FastifyReply, served: ServedApps): FastifyReply {
  const root = served[whichOf(url)];
  if (isHashedAsset(url) || root === null) return reply.status(404).type('text/plain').send('Not found');
  return reply.sendFile('index.html', root);
}
