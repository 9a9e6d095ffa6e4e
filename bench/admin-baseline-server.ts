/**
 * Baseline of the admin lists benchmark, built like `wallet-baseline-server.ts`: bare Fastify + pg
 * (pool of 20 like the product), no auth, no plugins, no logging, against the product's embedded
 * database after the generation. One route, one query: `GET /audit-logs`, the 10 newest audit entries
 * by the `(created_at, id)` index, `select id, actor_type, actor_id, action, target_type, target_id,
 * created_at from audit_logs order by created_at desc, id desc limit 10`.
 *
 * Started as a child by `admin.ts`. Env: BASELINE_PORT, BASELINE_DATABASE_URL.
 */
import { baselineSetup, serveBaseline } from './baseline-serve';

const { port, pool, app } = baselineSetup();

app.get('/audit-logs', async () => {
  const { rows } = await pool.query(
    `select id, actor_type, actor_id, action, target_type, target_id, created_at
     from audit_logs order by created_at desc, id desc limit 10`,
  );
  return { data: rows };
});

await serveBaseline(app, pool, port);
