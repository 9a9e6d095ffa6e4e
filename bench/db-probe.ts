import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** Database round-trips one request costs, measured from PostgreSQL's own counters. */
export interface DbProbe {
  /** Requests sent (sequentially) during the probe. */
  requests: number;
  /** Committed transactions per request, background activity subtracted (≈ autocommit statements). */
  xactPerRequest: number;
  /** Background transactions per second while idle (pg-boss polling and the like). */
  backgroundPerSecond: number;
}

/** Cumulative committed transactions of `database` (pg_stat_database.xact_commit). */
async function xactCommit(client: pg.Client, database: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'select xact_commit::text as n from pg_stat_database where datname = $1',
    [database],
  );
  return Number(rows[0]?.n ?? Number.NaN);
}

/**
 * Count how many PostgreSQL transactions one request to `url` costs: read `xact_commit` of the
 * database, send `requests` sequential requests, read it again, and subtract the background rate
 * measured over an idle window of the same length. Backends flush their statistics about once a
 * second, so every read is preceded by a pause.
 * @param databaseUrl URL of another database on the same server (e.g. `postgres`), so the probe's own
 * reads do not count
 * @param database the database whose counter is read (`liberty`)
 */
export async function probeDbRoundTrips(
  databaseUrl: string,
  database: string,
  url: string,
  headers: Record<string, string>,
  requests = 200,
): Promise<DbProbe> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'liberty-bench-probe' });
  await client.connect();
  try {
    const settle = 1_500;
    await sleep(settle);
    const idleStart = await xactCommit(client, database);
    const idleT0 = performance.now();
    await sleep(settle);
    const idleEnd = await xactCommit(client, database);
    const idleMs = performance.now() - idleT0;
    const backgroundPerSecond = Math.max(0, ((idleEnd - idleStart) * 1000) / idleMs);

    const t0 = performance.now();
    for (let i = 0; i < requests; i++) {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`probe: ${url} answered ${res.status}`);
    }
    await sleep(settle);
    const end = await xactCommit(client, database);
    const busyMs = performance.now() - t0;
    const background = (backgroundPerSecond * busyMs) / 1000;
    return {
      requests,
      xactPerRequest: (end - idleEnd - background) / requests,
      backgroundPerSecond,
    };
  } finally {
    await client.end();
  }
}
