import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config/env';
import { createDatabase } from './db/client';
import { createJobs } from './jobs/jobs';
import { createStorage } from './modules/files';
import { createMailer } from './modules/mail';
import type { AppDeps } from './platform/app';
import { buildApp } from './platform/app';
import { systemClock } from './platform/clock';
import { createLifecycle } from './platform/lifecycle';
import { createProviders } from './providers/providers';
import { ROUTE_MODULES } from './routes';
import { wireModules } from './wiring';

/**
 * The environment the document is built in: production (no dev or sandbox route), every provider
 * configured (the real providers' routes), `APP_URL` unset. The secrets are stand-ins: building the
 * app only checks their presence and shape; nothing is signed, sent or called with them, and none of
 * them reaches the document.
 */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  APP_KEY: 'openapi-document-stand-in-key-0123456789abcdef',
  CRM_WEBHOOK_SECRET: 'openapi-document-stand-in-secret-0123456789',
  MAIL_DRIVER: 'smtp',
  SMTP_URL: 'smtp://127.0.0.1:1',
  STRIPE_SECRET_KEY: 'sk_live_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_stand_in',
  PAYPAL_CLIENT_ID: 'paypal-stand-in',
  PAYPAL_CLIENT_SECRET: 'paypal-stand-in',
  PAYPAL_WEBHOOK_ID: 'paypal-stand-in',
  SPOTIFY_CLIENT_ID: 'spotify-stand-in',
  SPOTIFY_CLIENT_SECRET: 'spotify-stand-in',
  WISE_API_TOKEN: 'wise-stand-in',
  WISE_PROFILE_ID: '1',
  WISE_WEBHOOK_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nstand-in\\n-----END PUBLIC KEY-----',
};
/** Development's defaults: sandbox providers, the dev tools and the sandboxes' own routes. */
const DEVELOPMENT_ENV = { NODE_ENV: 'development' };

/**
 * The OpenAPI document an environment serves at `/api/docs/json`, built without a server or a
 * database (issue 34, "A typed SDK"): the app is built as that environment builds it, on a connection
 * pool that is never opened and a job queue that is never started, and asked for its document.
 * `packages/sdk` is generated from production's (`npm run sdk:generate`); development's adds the dev
 * tools the apps call only outside production.
 * @param environment `production` (the public reference) or `development`
 * @returns the OpenAPI 3 document as a plain JSON value
 * @throws Error when building the app opened a database connection (a route module reading the
 *   database while it registers would make the document depend on data)
 */
export async function openApiDocument(
  environment: 'production' | 'development' = 'production',
): Promise<Record<string, unknown>> {
  // The local file storage makes its folder when created: a fresh one, removed at the end.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lm-openapi-document-'));
  const config = loadConfig({
    ...(environment === 'production' ? PRODUCTION_ENV : DEVELOPMENT_ENV),
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  // Never connected: port 1 on loopback answers nothing, and nothing below is started.
  const url = 'postgres://openapi@127.0.0.1:1/openapi';
  const database = createDatabase(url, 1);
  const jobs = createJobs(url);
  wireModules();
  const deps: AppDeps = {
    config,
    database,
    jobs,
    mail: createMailer(config, database, jobs),
    storage: createStorage(config),
    providers: createProviders(config, database),
    clock: systemClock,
    lifecycle: createLifecycle(),
  };
  const app = await buildApp(deps, ROUTE_MODULES);
  try {
    await app.ready();
    if (database.pool.totalCount > 0) {
      throw new Error('building the app opened a database connection: the document must not depend on data');
    }
    return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
  } finally {
    await app.close();
    await database.pool.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
