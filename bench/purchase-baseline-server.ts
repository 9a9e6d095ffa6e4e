/**
 * Baseline of the purchase benchmark (`purchases.ts`): a bare Fastify + pg
 * route that writes the same ledger rows as one campaign purchase, in one transaction, with nothing else
 * (no auth, no validation, no campaign, no notification, no logging). Pool of 20 like the product.
 *
 * `POST /purchase` `{ "user_id": n, "coins": n }`:
 *   begin; lock the payer's wallet and own campaign escrow (ascending ids, FOR UPDATE); insert the hold;
 *   debit the wallet and credit the escrow (balance and position); insert the transfer and its two
 *   entries; commit. 201 with the hold id, 409 when the wallet is short.
 * `GET /health`: 200.
 *
 * Started as a child by `purchases.ts`. Env: BASELINE_PORT, BASELINE_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { baselineSetup, serveBaseline } from './baseline-serve';

const { port, pool, app } = baselineSetup();

app.get('/health', async () => ({ ok: true }));

app.post<{ Body: { user_id: number; coins: number } }>('/purchase', async (req, reply) => {
  const { user_id: userId, coins } = req.body;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const accounts = await client.query<{ id: number; kind: string; balance: number }>(
      `select id, kind, balance from ledger_accounts
        where user_id = $1 and kind in ('user_wallet', 'campaign_escrow') order by id for update`,
      [userId],
    );
    const wallet = accounts.rows.find((r) => r.kind === 'user_wallet');
    const escrow = accounts.rows.find((r) => r.kind === 'campaign_escrow');
    if (!wallet || !escrow) throw new Error(`accounts of user ${userId} missing`);
    if (wallet.balance < coins) {
      await client.query('rollback');
      return reply.status(409).send({ message: 'short' });
    }
    const held = await client.query<{ id: number }>(
      `insert into ledger_holds (payer_account_id, escrow_account_id, amount, ref_type, ref_id)
       values ($1, $2, $3, 'bench_purchase', null) returning id`,
      [wallet.id, escrow.id, coins],
    );
    const debit = await client.query<{ balance: number; entry_count: number }>(
      'update ledger_accounts set balance = balance - $1, entry_count = entry_count + 1 where id = $2 returning balance, entry_count',
      [coins, wallet.id],
    );
    const credit = await client.query<{ balance: number; entry_count: number }>(
      'update ledger_accounts set balance = balance + $1, entry_count = entry_count + 1 where id = $2 returning balance, entry_count',
      [coins, escrow.id],
    );
    const holdId = held.rows[0]!.id;
    const transfer = await client.query<{ id: number }>(
      `insert into ledger_transfers (number, idempotency_key, debit_account_id, credit_account_id, amount, desc_id, hold_id)
       values ($1, $2, $3, $4, $5, 2, $6) returning id`,
      [
        `TX${randomBytes(8).toString('hex').toUpperCase()}`,
        `bench-purchase:${holdId}`,
        wallet.id,
        escrow.id,
        coins,
        holdId,
      ],
    );
    await client.query(
      `insert into ledger_entries (account_id, transfer_id, amount, balance_after, desc_id, account_seq)
       values ($1, $3, $4, $5, 2, $6), ($2, $3, $7, $8, 2, $9)`,
      [
        wallet.id,
        escrow.id,
        transfer.rows[0]!.id,
        -coins,
        debit.rows[0]!.balance,
        debit.rows[0]!.entry_count,
        coins,
        credit.rows[0]!.balance,
        credit.rows[0]!.entry_count,
      ],
    );
    await client.query('commit');
    return reply.status(201).send({ data: { hold_id: holdId } });
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
});

await serveBaseline(app, pool, port);
