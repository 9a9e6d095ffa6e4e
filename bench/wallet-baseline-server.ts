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
import { baselineSetup, serveBaseline } from './baseline-serve';

const { port, pool, app } = baselineSetup();
const accountId = Number(process.env.BASELINE_ACCOUNT_ID);
if (!accountId) throw new Error('BASELINE_ACCOUNT_ID is required');

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
