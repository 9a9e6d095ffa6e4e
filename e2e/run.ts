/**
 * `npm test -w e2e` (and `npm run test:e2e`): Playwright's run of the browser journeys, then the
 * removal of the products' data directories (embedded PostgreSQL and uploads, about 75 MB per worker),
 * which Playwright cannot do itself: its web servers stop only after its global teardown. Arguments are
 * passed on to `playwright test`; the exit code is Playwright's.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Chosen here so that this script knows it; playwright.config.ts keeps one given this way.
const given = process.env.E2E_DATA_DIR;
const dataDir = given ?? path.join(tmpdir(), `lm-e2e-${randomUUID()}`);
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: import.meta.dirname,
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir },
});
if (!given && process.env.E2E_REUSE_SERVER !== '1') {
  // Worker n's product used `${dataDir}-n` (playwright.config.ts).
  const base = path.basename(dataDir);
  for (const name of fs.readdirSync(path.dirname(dataDir))) {
    if (name === base || name.startsWith(`${base}-`))
      fs.rmSync(path.join(path.dirname(dataDir), name), { recursive: true, force: true });
  }
}
process.exit(run.status ?? 1);
