/**
 * Baseline of the admin lists benchmark, built like `wallet-baseline-server.ts`: bare Fastify + pg
 * (pool of 20 like the product), no auth, no plugins, no logging, against the product's embedded
 * database after the generation. One route, one query: `GET /audit-logs`, the 10 newest audit entries
 * by the `(created_at, id)` index, `select id, actor_type, actor_id, action, target_type, target_id,
 * created_at from audit_logs order by created_at desc, id desc limit 10`.
 *
 * Started as a child by `admin.ts`. Env: BASELINE_PORT, BASELINE_DATABASE_URL.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { serveBaseline } from './baseline-serve';

const port = Number(process.env.BASELINE_PORT);
const connectionString = process.env.BASELINE_DATABASE_URL;
if (!port || !connectionString) throw new Error('BASELINE_PORT and BASELINE_DATABASE_URL are required');

// bigint columns as numbers, like the product (db/client.ts).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
const pool = new pg.Pool({
  connectionString,
  max: 20,
  idleTimeoutMillis: 0,
  application_name: 'liberty-bench-baseline',
});
const app = Fastify({ logger: false });

app.get('/audit-logs', async () => {
  const { rows } = await pool.query(
    `select id, actor_type, actor_id, action, target_type, target_id, created_at
     from audit_logs order by created_at desc, id desc limit 10`,
  );
  return { data: rows };
});

await serveBaseline(app, pool, port);
