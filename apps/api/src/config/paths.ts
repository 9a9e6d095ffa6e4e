import fs from 'node:fs';
import path from 'node:path';

/**
 * Folder of the API package (apps/api), from either way it runs: its sources under tsx
 * (this file in apps/api/src/config) or the compiled bundle of `npm run build` (every module in
 * apps/api/dist, sharing that folder as `import.meta.dirname`; scripts/build.ts keeps chunks there).
 * @param here the running module's folder (`import.meta.dirname`; a parameter for the tests)
 */
export function apiRootFrom(here: string): string {
  return path.basename(here) === 'dist' ? path.dirname(here) : path.resolve(here, '../..');
}

/** apps/api, where the committed migrations (`drizzle/`) live. */
export const API_ROOT = apiRootFrom(import.meta.dirname);

/** Root of the monorepo (apps/api -> ../..): `.env`, `DATA_DIR`, the built apps. */
export const REPO_ROOT = path.resolve(API_ROOT, '../..');

/** Load `.env` at the repository root into process.env when it exists (never overriding real env). */
export function loadDotEnv(): void {
  const file = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
