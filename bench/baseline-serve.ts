import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

/**
 * What the wallet, admin-lists and purchase baseline servers start from: the port (`BASELINE_PORT`), a
 * pool on `BASELINE_DATABASE_URL` and a bare Fastify app (no plugins, no logging). bigint columns are read
 * as numbers, like the product (db/client.ts). The pool has 20 connections like the product's, and keeps
 * idle ones (pg closes them after 10 s by default) so that backends do not come and go between the
 * bench's CPU samples. Throws when either variable is missing.
 */
export function baselineSetup(): { port: number; pool: pg.Pool; app: FastifyInstance } {
  const port = Number(process.env.BASELINE_PORT);
  const connectionString = process.env.BASELINE_DATABASE_URL;
  if (!port || !connectionString) throw new Error('BASELINE_PORT and BASELINE_DATABASE_URL are required');
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    idleTimeoutMillis: 0,
    application_name: 'liberty-bench-baseline',
  });
  return { port, pool, app: Fastify({ logger: false }) };
}

/**
 * Start a baseline server on 127.0.0.1:`port`, print the `BASELINE_READY` line the benches wait for,
 * and on SIGTERM/SIGINT close the server and its pool once, then exit 0. Shared by every
 * `*-baseline-server.ts`.
 */
export async function serveBaseline(app: FastifyInstance, pool: pg.Pool, port: number): Promise<void> {
  await app.listen({ port, host: '127.0.0.1' });
  console.log(`BASELINE_READY port=${port}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
