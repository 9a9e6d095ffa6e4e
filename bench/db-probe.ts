import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * How long a PostgreSQL backend may keep its statistics pending once idle: it flushes at most once a
 * second while busy and otherwise on an idle timer of 10 s (PGSTAT_IDLE_INTERVAL), plus a margin.
 */
export const STATS_SETTLE_MS = 11_000;

/** A URL whose database cost per request is probed. */
export interface ProbeTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** Database round-trips per request of each target, measured from PostgreSQL's own counters. */
export interface DbProbe {
  /** Committed transactions per request by target name, background subtracted (≈ autocommit statements). */
  xactPerRequest: Record<string, number>;
  /** Background transactions per second while idle (pg-boss polling and the like). */
  backgroundPerSecond: number;
  /** Requests sent (sequentially) to each target. */
  requests: number;
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
 * Count how many PostgreSQL transactions one request costs, per target: wait until the statistics of
 * earlier activity have been flushed, measure the idle background rate, then for each target send
 * `requests` sequential requests, wait for the statistics to settle and read `xact_commit` of
 * `database` again. Reads go through a connection to another database so they do not count.
 * @param adminUrl URL of another database on the same server (e.g. `postgres`)
 * @param database the database whose counter is read (`liberty`)
 * @param quietSince `performance.now()` of the last database activity before the probe
 */
export async function probeDbRoundTrips(
  adminUrl: string,
  database: string,
  targets: ProbeTarget[],
  quietSince: number,
  requests = 200,
): Promise<DbProbe> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'liberty-bench-probe' });
  await client.connect();
  try {
    const wait = quietSince + STATS_SETTLE_MS - performance.now();
    if (wait > 0) await sleep(wait);
    let last = await xactCommit(client, database);
    let lastAt = performance.now();
    await sleep(3_000);
    let now = await xactCommit(client, database);
    const backgroundPerSecond = Math.max(0, ((now - last) * 1000) / (performance.now() - lastAt));
    last = now;
    lastAt = performance.now();
    const xactPerRequest: Record<string, number> = {};
    for (const target of targets) {
      for (let i = 0; i < requests; i++) {
        const res = await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`probe: ${target.url} answered ${res.status}`);
      }
      await sleep(STATS_SETTLE_MS);
      now = await xactCommit(client, database);
      const background = (backgroundPerSecond * (performance.now() - lastAt)) / 1000;
      xactPerRequest[target.name] = (now - last - background) / requests;
      last = now;
      lastAt = performance.now();
    }
    return { xactPerRequest, backgroundPerSecond, requests };
  } finally {
    await client.end();
  }
}
