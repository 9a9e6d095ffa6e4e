/**
 * Baseline for the API benchmark: a bare Fastify + pg server with two routes, each running one query
 * against the product's embedded database and answering it as JSON: `GET /user/info` (a minimal
 * user-info read) and `GET /wallet/balance` (the user's wallet ledger row). No auth, no plugins, no
 * logging: the floor the product is compared with.
 *
 * Started as a child by `run-all.ts`. Env: BASELINE_PORT, BASELINE_DATABASE_URL, BASELINE_USER_ID.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { serveBaseline } from './baseline-serve';

const port = Number(process.env.BASELINE_PORT);
const userId = Number(process.env.BASELINE_USER_ID);
const connectionString = process.env.BASELINE_DATABASE_URL;
if (!port || !userId || !connectionString) {
  throw new Error('BASELINE_PORT, BASELINE_DATABASE_URL and BASELINE_USER_ID are required');
}

// Same pool size as the product (boot.ts: createDatabase(url, 20)).
const pool = new pg.Pool({ connectionString, max: 20, application_name: 'liberty-bench-baseline' });
const app = Fastify({ logger: false });

app.get('/user/info', async (_req, reply) => {
  const { rows } = await pool.query('select id, email, first_name, last_name from users where id = $1', [
    userId,
  ]);
  if (!rows[0]) return reply.status(404).send({ message: 'not found' });
  return { data: rows[0] };
});

app.get('/wallet/balance', async () => {
  const { rows } = await pool.query(
    "select coalesce((select balance from ledger_accounts where kind = 'user_wallet' and user_id = $1), 0) as balance",
    [userId],
  );
  return { data: { balance: Number(rows[0]?.balance ?? 0) } };
});

await serveBaseline(app, pool, port);
