import path from 'node:path';
import pg from 'pg';
import { loadConfig, loadDotEnv } from '../../config/env';
import { createDatabase } from '../../db/client';
import type { EmbeddedServer } from '../../db/embedded';
import { findUnopenableSecrets, rotateSecrets, UnopenableSecretsError } from './secrets.rotate';

/** Whether the embedded server of `npm start` already answers on `url` (then it is used, not restarted). */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `npm run rotate-secrets [-- --check]` (issue 33, docs/operations.md "Rotating APP_KEY and provider
 * secrets"): re-seal every stored secret with APP_KEY, opening them with APP_KEY_PREVIOUS, on
 * DATABASE_URL or on the embedded server (the one a running `npm start` holds, or started for the
 * run). `--check` only reports values no key opens. Exit status 0 when done, 1 on any failure
 * (a value no key opens: nothing written), 2 when APP_KEY_PREVIOUS is unset.
 */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  const checkOnly = process.argv.includes('--check');
  if (!checkOnly && config.keys.all.length < 2) {
    console.error(
      'rotate-secrets: APP_KEY_PREVIOUS is not set. Set APP_KEY to the new key and APP_KEY_PREVIOUS to the ' +
        'old one (in the environment or .env), deploy, then run this again.',
    );
    process.exit(2);
  }
  let url = config.DATABASE_URL;
  let embedded: EmbeddedServer | null = null;
  if (!url) {
    // Loaded only without DATABASE_URL: the image has no embedded PostgreSQL binaries, and the package
    // looks for them as soon as it is imported.
    const { embeddedUrl, startEmbeddedPostgres } = await import('../../db/embedded');
    url = embeddedUrl(config.EMBEDDED_PG_PORT, 'liberty');
    if (!(await answers(url))) {
      embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.EMBEDDED_PG_PORT);
    }
  }
  const database = createDatabase(url, 2);
  try {
    if (checkOnly) {
      const unopenable = await findUnopenableSecrets(database, config.keys);
      if (unopenable.length > 0) throw new UnopenableSecretsError(unopenable);
      console.log('rotate-secrets --check: every sealed value opens with APP_KEY or APP_KEY_PREVIOUS');
      return;
    }
    for (const c of await rotateSecrets(database, config.keys)) {
      console.log(`${c.column}: ${c.resealed} re-sealed, ${c.current} already sealed with APP_KEY`);
    }
    console.log('rotate-secrets: every sealed value is sealed with APP_KEY');
  } finally {
    await database.pool.end();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof UnopenableSecretsError ? `rotate-secrets: ${err.message}` : err);
  process.exit(1);
});
