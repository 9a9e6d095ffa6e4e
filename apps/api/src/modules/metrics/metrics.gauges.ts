import { Gauge } from 'prom-client';
import { type Database, withTransaction } from '../../db/client';
import type { Metrics } from '../../platform/metrics';
import { expressHoldInvariants } from '../express';
import { outboxBacklog } from '../mail';
import { payoutsAwaitingApproval } from '../payouts';
import { waitingJobs } from '../queues';
import { ledgerInvariants } from '../wallet';

/** How long one scrape's database read may take before PostgreSQL cancels it (ms). */
export const METRICS_STATEMENT_TIMEOUT_MS = 2_000;

/** `work`'s value, or null when it fails or has not settled within `ms` milliseconds. */
function withDeadline<T>(ms: number, work: Promise<T>): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/** One read of every database-backed figure, in one snapshot. */
interface Reading {
  jobs: Awaited<ReturnType<typeof waitingJobs>>;
  outbox: Awaited<ReturnType<typeof outboxBacklog>>;
  payouts: Awaited<ReturnType<typeof payoutsAwaitingApproval>>;
  ledger: Awaited<ReturnType<typeof ledgerInvariants>>;
  express: Awaited<ReturnType<typeof expressHoldInvariants>>;
}

/**
 * Add the gauges computed from the database at scrape time (issue 33) to `metrics`: jobs waiting per
 * queue and the oldest one's wait, the SMTP outbox backlog, payouts awaiting approval, and the ledger's
 * invariants (escrow against pending holds, sum of balances, forbidden negatives) and the escrow held
 * against express campaigns (none for an ended one, the price for an open one).
 *
 * A slow scrape never holds the API up: the figures are read by each module's own query (through its
 * index), in one read-only repeatable-read transaction on one pooled connection with a statement
 * timeout of {@link METRICS_STATEMENT_TIMEOUT_MS}; a reading is reused for `cacheMs`, and scrapes that
 * arrive while one is being read share it. When the read fails (timeout, database down),
 * `liberty_metrics_database_up` is 0 and the database gauges are left out of that scrape rather than
 * showing stale figures.
 * Names: `liberty_jobs_waiting{queue}`, `liberty_jobs_oldest_waiting_seconds{queue}`,
 * `liberty_mail_outbox_backlog`, `liberty_mail_outbox_oldest_seconds`, `liberty_mail_outbox_failed`,
 * `liberty_payouts_awaiting_approval`, `liberty_payouts_oldest_awaiting_seconds`,
 * `liberty_ledger_escrow_difference_coins{escrow}`, `liberty_ledger_escrow_mismatched_accounts{escrow}`,
 * `liberty_ledger_balance_sum_coins`, `liberty_ledger_negative_accounts`,
 * `liberty_express_ended_held_campaigns`, `liberty_express_ended_held_coins`,
 * `liberty_express_open_released_campaigns`, `liberty_metrics_database_up`, `liberty_metrics_database_read_seconds`.
 * @param cacheMs how long a reading is reused (0: read on every scrape)
 */
export function registerDatabaseGauges(metrics: Metrics, database: Database, cacheMs: number): void {
  const registers = [metrics.registry];
  /** The latest reading, and when it finished (null while being read). */
  let cached: { doneAt: number | null; reading: Promise<Reading | null> } | null = null;
  let lastReadSeconds = 0;

  const read = async (): Promise<Reading | null> => {
    const started = performance.now();
    try {
      // The statement timeout starts once a connection is had; with the pool exhausted the wait for
      // one is bounded here, so the scrape still answers (database_up 0, the pool's own gauges
      // showing the queue) instead of timing out whole.
      return await withDeadline(
        METRICS_STATEMENT_TIMEOUT_MS + 500,
        withTransaction(
          database,
          async (tx) => {
            await tx.client.query('set transaction read only');
            await tx.client.query(`set local statement_timeout = ${METRICS_STATEMENT_TIMEOUT_MS}`);
            const jobs = await waitingJobs(tx.db);
            const outbox = await outboxBacklog(tx.db);
            const payouts = await payoutsAwaitingApproval(tx.db);
            const ledger = await ledgerInvariants(tx.db);
            const express = await expressHoldInvariants(tx.db);
            return { jobs, outbox, payouts, ledger, express };
          },
          'repeatable read',
        ),
      );
    } catch {
      return null;
    } finally {
      lastReadSeconds = (performance.now() - started) / 1000;
    }
  };
  /**
   * The current reading: the one being read (every gauge of a scrape collects at once and shares it),
   * or the latest while younger than `cacheMs`, else a new one.
   */
  const reading = (): Promise<Reading | null> => {
    if (cached && (cached.doneAt === null || performance.now() - cached.doneAt < cacheMs))
      return cached.reading;
    const entry: { doneAt: number | null; reading: Promise<Reading | null> } = {
      doneAt: null,
      reading: read(),
    };
    void entry.reading.then(() => {
      entry.doneAt = performance.now();
    });
    cached = entry;
    return entry.reading;
  };

  /**
   * A gauge set from the reading at each scrape. When the read failed it has no sample at all: a
   * gauge without labels would otherwise show 0 (prom-client keeps one), and a missing invariant must
   * not read as a healthy one.
   */
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (g: Gauge<L>, r: Reading) => void,
  ) => {
    let read = true;
    const g = new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const r = await reading();
        read = r !== null;
        this.reset();
        if (r) fill(this, r);
      },
    });
    const collected = g.get.bind(g);
    g.get = async () => {
      const values = await collected();
      return read ? values : { ...values, values: [] };
    };
  };

  new Gauge({
    name: 'liberty_metrics_database_up',
    help: "1 when this scrape's database read succeeded, 0 when it failed or timed out",
    registers,
    async collect() {
      this.set((await reading()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'liberty_metrics_database_read_seconds',
    help: 'How long the latest database read of the metrics took',
    registers,
    async collect() {
      await reading();
      this.set(lastReadSeconds);
    },
  });
  gauge('liberty_jobs_waiting', 'Jobs due and not taken (created or retry), per queue', ['queue'], (g, r) => {
    for (const q of r.jobs) g.set({ queue: q.queue }, q.waiting);
  });
  gauge(
    'liberty_jobs_oldest_waiting_seconds',
    'Seconds since the oldest waiting job of the queue became due (0: none waits)',
    ['queue'],
    (g, r) => {
      for (const q of r.jobs) g.set({ queue: q.queue }, q.oldestSeconds);
    },
  );
  gauge('liberty_mail_outbox_backlog', 'Mail written for SMTP, not sent and not failed', [], (g, r) =>
    g.set(r.outbox.waiting),
  );
  gauge('liberty_mail_outbox_oldest_seconds', 'Age of the oldest mail of the backlog (0: none)', [], (g, r) =>
    g.set(r.outbox.oldestSeconds),
  );
  gauge('liberty_mail_outbox_failed', 'Mail for SMTP not sent whose last attempt failed', [], (g, r) =>
    g.set(r.outbox.failed),
  );
  gauge('liberty_payouts_awaiting_approval', 'Payouts waiting for a staff decision', [], (g, r) =>
    g.set(r.payouts.waiting),
  );
  gauge(
    'liberty_payouts_oldest_awaiting_seconds',
    'Age of the oldest payout waiting for a staff decision (0: none)',
    [],
    (g, r) => g.set(r.payouts.oldestSeconds),
  );
  gauge(
    'liberty_ledger_escrow_difference_coins',
    'Coins by which escrow accounts differ from their pending holds (sum of |difference|); must be 0',
    ['escrow'],
    (g, r) => {
      g.set({ escrow: 'campaign' }, r.ledger.escrowDifferenceCoins.campaign_escrow);
      g.set({ escrow: 'payout' }, r.ledger.escrowDifferenceCoins.payout_escrow);
    },
  );
  gauge(
    'liberty_ledger_escrow_mismatched_accounts',
    'Escrow accounts whose balance differs from their pending holds; must be 0',
    ['escrow'],
    (g, r) => {
      g.set({ escrow: 'campaign' }, r.ledger.escrowMismatchedAccounts.campaign_escrow);
      g.set({ escrow: 'payout' }, r.ledger.escrowMismatchedAccounts.payout_escrow);
    },
  );
  gauge(
    'liberty_ledger_balance_sum_coins',
    'Sum of every ledger account balance (double entry); must be 0',
    [],
    (g, r) => g.set(r.ledger.balanceSumCoins),
  );
  gauge(
    'liberty_ledger_negative_accounts',
    'Wallet and escrow accounts with a negative balance; must be 0',
    [],
    (g, r) => g.set(r.ledger.negativeAccounts),
  );
  gauge(
    'liberty_express_ended_held_campaigns',
    'Ended express campaigns whose hold is still pending (coins stuck in escrow); must be 0',
    [],
    (g, r) => g.set(r.express.endedWithPendingHold),
  );
  gauge(
    'liberty_express_ended_held_coins',
    'Coins pending holds keep in escrow for ended express campaigns; must be 0',
    [],
    (g, r) => g.set(r.express.endedHeldCoins),
  );
  gauge(
    'liberty_express_open_released_campaigns',
    'Open express campaigns whose hold was already posted or voided (paid or refunded early); must be 0',
    [],
    (g, r) => g.set(r.express.openWithoutPendingHold),
  );
}
