import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

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
