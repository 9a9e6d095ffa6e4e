/**
 * Bundle budget check (docs/performance.md "Bundle budget"): for each built app, the bytes a browser
 * receives to show the login route, as the product's own static serving sends them to Chromium
 * (`Accept-Encoding: gzip, deflate, br, zstd`: the brotli copies written at build time): the index
 * page, the entry chunk and every chunk it imports statically, the login screen's chunk and its static
 * imports, the styles and files (fonts, images) those chunks use, and the boot halves of the English
 * catalogs. Which chunk imports what comes from the build's manifest (`dist/.vite/manifest.json`).
 *
 * Usage: `npx tsx bench/bundle-size.ts [--write]` after `npm run build` (or `npm start`, which builds
 * what changed). `--write` replaces the `## Bundle budget` section of docs/performance.md (other
 * sections are kept). Exits with 1 when an app is over the budget (200 KB as served).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serveApps } from '../apps/api/src/platform/static-apps';

const BUDGET_KB = 200;
const root = resolve(import.meta.dirname, '..');
/** What Chromium sends; the server answers with the best encoding it holds a copy in. */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** One chunk of Vite's build manifest (`build.manifest`), keyed by its source or `_<name>`. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface AppReport {
  app: string;
  /** The index page, the entry chunk, its static imports and their styles, as served (KB). */
  entryKb: number;
  /** The login screen's chunks and styles not in the entry, and the English boot catalogs (KB). */
  loginKb: number;
  totalKb: number;
  /** The same files as built, before compression (KB). */
  rawKb: number;
  files: number;
  /** Files by the encoding they were sent in (`br`, `gzip`, `identity`). */
  encodings: Record<string, number>;
}

/**
 * The files (relative to the app's dist folder) of the chunks `keys` and everything they import
 * statically, transitively, with the styles and files (fonts, images) each of them uses.
 */
function routeFiles(manifest: Manifest, keys: string[], files = new Set<string>(), seen = new Set<string>()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const extra of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(extra);
    routeFiles(manifest, chunk.imports ?? [], files, seen);
  }
  return files;
}

/** Bytes the server sent for `url` and the encoding it chose. */
async function served(server: FastifyInstance, url: string): Promise<{ bytes: number; encoding: string }> {
  const res = await server.inject({ url, headers: { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING } });
  if (res.statusCode !== 200) throw new Error(`${url}: the server answered ${res.statusCode}`);
  return { bytes: res.rawPayload.length, encoding: String(res.headers['content-encoding'] ?? 'identity') };
}

async function measure(server: FastifyInstance, app: 'web' | 'admin', dist: string): Promise<AppReport> {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const loginKey = Object.keys(manifest).find((k) => /\/login\/LoginPage\.tsx$/.test(k));
  // The English catalogs' boot halves (screens' ui, shared messages, the back-office's own), loaded
  // first; their screens halves (`en-screens-*.js`) wait for a signed-in screen.
  const english = readdirSync(join(dist, 'assets'))
    .filter((f) => /^en-[\w-]+\.js$/.test(f) && !f.startsWith('en-screens-'))
    .map((f) => `assets/${f}`);
  if (!entryKey || !loginKey || english.length === 0)
    throw new Error(`entry, login chunk or English catalog not found in the ${app} build`);

  const entry = routeFiles(manifest, [entryKey]);
  const login = new Set([...routeFiles(manifest, [loginKey]), ...english].filter((f) => !entry.has(f)));
  const prefix = app === 'web' ? '/' : '/admin/';
  const encodings: Record<string, number> = {};
  let rawBytes = 0;
  const total = async (files: Iterable<string>) => {
    let bytes = 0;
    for (const file of files) {
      const answer = await served(server, file === '' ? prefix : `${prefix}${file}`);
      bytes += answer.bytes;
      encodings[answer.encoding] = (encodings[answer.encoding] ?? 0) + 1;
      rawBytes += readFileSync(join(dist, file === '' ? 'index.html' : file)).length;
    }
    return bytes / 1024;
  };
  // '' is the index page, as the browser asks for it.
  const entryKb = await total(['', ...entry]);
  const loginKb = await total(login);
  return {
    app,
    entryKb,
    loginKb,
    totalKb: entryKb + loginKb,
    rawKb: rawBytes / 1024,
    files: 1 + entry.size + login.size,
    encodings,
  };
}

const SECTION_HEADING = '## Bundle budget';

/** The `## Bundle budget` section of docs/performance.md. */
function section(reports: AppReport[]): string {
  const row = (r: AppReport) =>
    `| ${r.app === 'web' ? 'User app `/login`' : 'Back-office `/admin/login`'} | ${r.entryKb.toFixed(1)} | ${r.loginKb.toFixed(1)} | **${r.totalKb.toFixed(1)}** | ${r.rawKb.toFixed(0)} | ${r.files} (${encodingList(r)}) | ${r.totalKb <= BUDGET_KB ? 'within' : '**over**'} |`;
  return [
    SECTION_HEADING,
    '',
    `Budget: what a browser receives to show each app's login route, at most ${BUDGET_KB} KB, as the`,
    "product's static serving sends it to Chromium (`Accept-Encoding: gzip, deflate, br, zstd`).",
    'Measured by `npx tsx bench/bundle-size.ts --write` after `npm run build`: the index page, the',
    "entry chunk and every chunk it imports statically, the login screen's chunk and its static",
    'imports, the styles and files those chunks use (from the build manifest), and the boot halves of',
    "the English catalogs (screens, shared messages and the back-office's own; the screens halves wait",
    'for a signed-in screen), each requested from `serveApps` (apps/api/src/platform/static-apps.ts)',
    'and counted as sent. The build writes a brotli (quality 11) and a gzip (level 9) copy of each text',
    'file (`packages/ui/src/build/precompress.ts`); the server picks the one the browser accepts.',
    '`npm test` ends with this check (`npm run bundle:check`, without `--write`).',
    '',
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '',
    '| Route | Index, entry + static imports (KB sent) | Login screen + catalog (KB sent) | Total (KB sent) | As built, uncompressed (KB) | Files (encoding sent) | Budget |',
    '| --- | --: | --: | --: | --: | --- | --- |',
    ...reports.map(row),
    '',
    'How the budget is kept:',
    '',
    '- Sent compressed: brotli and gzip copies written at build time, picked by `Accept-Encoding`',
    '  (`@fastify/static` `preCompressed`). Before them the server sent every file as built: 830 KB for',
    '  the same web login files (measured with this script on the build of 2026-11-29).',
    "- The entry carries only the sign-in screens' Mantine styles (`packages/ui/src/theme/sign-in-styles.css`,",
    "  about 40 of Mantine's 100+ component stylesheets); every other screen and the signed-in shell wait",
    '  for all of them (`loadScreenStyles`). All Mantine styles are in the `mantine` CSS layer, so the',
    '  order in which route stylesheets arrive does not change which rule wins. With brotli but all of',
    "  Mantine's styles in the entry, the web login route was 205.6 KB; with the sign-in set, 189.5 KB.",
    '  `e2e/tests/sign-in-styles.spec.ts` fails when a sign-in screen shows a Mantine component whose',
    '  stylesheet is not in the set.',
    "- Few files: Rolldown's `codeSplitting.groups` (`packages/ui/src/build/chunk-groups.ts`) put the",
    "  entry's static imports in one `boot` chunk, the component-library modules the login screen uses",
    "  (followed through the libraries' index modules name by name) in one `sign-in-kit` chunk, and every",
    '  other Mantine, floating-ui and icon module in one `ui-kit` chunk for the signed-in screens. The web',
    '  login route went from 54 files (189.6 KB) to 19 (171.8 KB); the dashboard from about 130 to 23.',
    '- `@lm/contracts` declares `sideEffects: false`: a screen importing a status list from the root does',
    '  not bring the modules of zod schemas it does not use (the signed-in shell had carried 48 KB sent of',
    '  them through `UPLOAD_KEY_PATTERN`).',
    '- Every screen is a lazy route; the signed-in shell (AppShell, menus, notifications bell, confirm',
    '  dialogs) is a lazy chunk too, so the login route never downloads it.',
    '- Declarative routing (`<BrowserRouter>`), which leaves the data-router code out of the bundle.',
    '- `@lm/ui` declares `sideEffects: ["*.css"]`, and entry code imports the contracts by subpath',
    '  (`@lm/contracts/api`, `/limits`, `/permissions`), so zod stays out of the entry chunk.',
    '- The login forms load their zod schema and resolver on the first validation (`useLazyZodForm`).',
    '- Catalogs in two halves (`?part=boot|screens`, Vite plugin `packages/ui/src/build/client-messages.ts`):',
    '  the login route waits for the subtrees the sign-in screens read (`BOOT_SUBTREES`); every other',
    "  screen renders inside `ScreenCatalogs`, which fetches the rest once. A new module's subtree lands",
    '  in the screens half by default.',
    '- Loaded on demand: UI catalogs, the shared message catalogs and dayjs locales per language (side',
    '  by side), the toast container, CASL (built once a session exists). The sign-in screens use native',
    '  selects for language and skin. (Session 2 went over the budget: 215 / 261 KB, from the five',
    '  message catalogs bundled together and the users permissions imported from the zod/phone module;',
    '  both fixed.)',
    '',
  ].join('\n');
}

function writeSection(text: string): void {
  const file = join(root, 'docs', 'performance.md');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const lines = existing.split('\n');
  const start = lines.findIndex((l) => l.trim() === SECTION_HEADING);
  let next: string;
  if (start === -1) {
    next = `${existing.replace(/\n*$/, '')}\n\n${text}`;
  } else {
    let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
    if (end === -1) end = lines.length;
    const before = lines.slice(0, start).join('\n').replace(/\n*$/, '');
    const after = lines.slice(end).join('\n').replace(/^\n*/, '');
    next = `${before ? `${before}\n\n` : ''}${text}${after ? `\n${after}` : ''}`;
  }
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
  spawnSync('npx', ['biome', 'format', '--write', file], { cwd: root, encoding: 'utf8' });
}

/** `12 br, 3 identity`: how many files went out in each encoding. */
const encodingList = (r: AppReport) =>
  Object.entries(r.encodings)
    .map(([encoding, n]) => `${n} ${encoding}`)
    .join(', ');

const dists = {
  // WEB_DIST / ADMIN_DIST point at a build elsewhere (as the API's static serving reads them).
  web: process.env.WEB_DIST ?? join(root, 'apps', 'web', 'dist'),
  admin: process.env.ADMIN_DIST ?? join(root, 'apps', 'admin', 'dist'),
};
const server = Fastify();
await serveApps(server, { repoRoot: root, WEB_DIST: dists.web, ADMIN_DIST: dists.admin });
await server.ready();
const reports = [await measure(server, 'web', dists.web), await measure(server, 'admin', dists.admin)];
await server.close();
const fmt = (n: number) => n.toFixed(1).padStart(7);
console.log('app     index+entry  login+catalog   total (KB sent)  as built (KB)  files  budget');
let over = false;
for (const r of reports) {
  const ok = r.totalKb <= BUDGET_KB;
  over ||= !ok;
  console.log(
    `${r.app.padEnd(7)} ${fmt(r.entryKb)}      ${fmt(r.loginKb)}      ${fmt(r.totalKb)}          ${fmt(r.rawKb)}       ${String(r.files).padStart(4)}   ${ok ? 'ok' : 'OVER'} (${BUDGET_KB}; ${encodingList(r)})`,
  );
}
if (process.argv.includes('--write')) writeSection(section(reports));
process.exit(over ? 1 : 0);
