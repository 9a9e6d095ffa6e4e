/**
 * Baseline of the wallet benchmark, built like `baseline-server.ts`: bare Fastify + pg (pool of 20 like
 * the product), no auth, no plugins, no logging, against the product's embedded database after the
 * ledger was generated. Two routes, each one query:
 * - `GET /wallet/transactions`: the simplest form of a transaction list page,
 *   `select ... from ledger_entries where account_id = $1 order by id desc limit 10`;
 * - `GET /wallet/balance`: `select balance from ledger_accounts where id = $1`.
 *
 * Started as a child by `wallet.ts`. Env: BASELINE_PORT, BASELINE_DATABASE_URL, BASELINE_ACCOUNT_ID.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { serveBaseline } from './baseline-serve';

const port = Number(process.env.BASELINE_PORT);
const accountId = Number(process.env.BASELINE_ACCOUNT_ID);
const connectionString = process.env.BASELINE_DATABASE_URL;
if (!port || !accountId || !connectionString) {
  throw new Error('BASELINE_PORT, BASELINE_DATABASE_URL and BASELINE_ACCOUNT_ID are required');
}

// bigint columns as numbers, like the product (db/client.ts).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// Idle connections are kept (pg closes them after 10 s by default), so that backends do not come and go
// between the bench's CPU samples.
const pool = new pg.Pool({
  connectionString,
  max: 20,
  idleTimeoutMillis: 0,
  application_name: 'liberty-bench-baseline',
});
const app = Fastify({ logger: false });

app.get('/wallet/transactions', async () => {
  const { rows } = await pool.query(
    `select id, account_id, transfer_id, amount, balance_after, created_at
     from ledger_entries where account_id = $1 order by id desc limit 10`,
    [accountId],
  );
  return { data: rows };
});

app.get('/wallet/balance', async (_req, reply) => {
  const { rows } = await pool.query('select balance from ledger_accounts where id = $1', [accountId]);
  if (!rows[0]) return reply.status(404).send({ message: 'not found' });
  return { data: rows[0] };
});

await serveBaseline(app, pool, port);
