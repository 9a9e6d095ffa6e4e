/**
 * `npm run bench:profile`: where the compiled API spends its CPU on the hot paths ("profile
 * first"). Builds the API, starts it once cold to create the demo database, then for each hot path
 * starts the production form again under `node --cpu-prof`, signs in, loads the path with autocannon
 * (10 connections, 2 s warm-up, 10 s measured), stops the server (SIGTERM: Node writes the profile on
 * exit) and ranks the profile's functions by self time over the measured 10 s only (the samples are
 * placed in time from the spawn). Writes the `## Hot-path CPU profiles` section of docs/performance.md. Everything runs on loopback and is removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BenchSession, buildApi, login } from './product';
import { machineLine, REPORT_FILE, writeSection } from './report';

const HEADING = '## Hot-path CPU profiles';
const EMAIL = 'artist@demo.test';
const PATHS = ['/api/user/info', '/api/wallet/user/current/balance'];
const TOP = 12;
const ECHO = /"level":(50|60)|Error/;

/** The parts of a V8 `.cpuprofile` this script reads. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  samples: number[];
  /** Microseconds since the previous sample (the first: since the profile's start). */
  timeDeltas: number[];
}

/** One ranked function: its self time and share of all samples. */
interface Entry {
  name: string;
  selfMs: number;
  pct: number;
}

/**
 * Rank the functions of a profile by self time (samples × their time deltas), summed per function,
 * over the samples taken between `fromMs` and `toMs` after the profile's start.
 */
export function topSelf(
  profile: CpuProfile,
  top: number,
  fromMs = 0,
  toMs = Number.POSITIVE_INFINITY,
): { entries: Entry[]; totalMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  let at = 0;
  for (const [i, id] of profile.samples.entries()) {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (at < fromMs * 1000 || at > toMs * 1000) continue;
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '') : '';
    const where = file
      ? ` ${path.basename(path.dirname(file))}/${path.basename(file)}:${lineNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'}${where}`;
    self.set(key, (self.get(key) ?? 0) + us);
    total += us;
  }
  const entries = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, selfMs: us / 1000, pct: (100 * us) / Math.max(1, total) }));
  return { entries, totalMs: total / 1000 };
}

const session = new BenchSession('bench:profile');

async function main(): Promise<void> {
  const dataDir = session.makeDataDir();
  const profDir = path.join(session.tempDir ?? os.tmpdir(), 'profiles');
  fs.mkdirSync(profDir, { recursive: true });
  buildApi();
  const form = { compiled: true, env: { RESPONSE_SERIALIZER: 'compiled', DEV_MAIL: '0' } };
  const cold = await session.startProduct('product-cold', dataDir, ECHO, form);
  await session.stopProduct(cold);

  const sections: string[] = [];
  for (const [i, route] of PATHS.entries()) {
    const dir = path.join(profDir, String(i));
    // The profile starts with the process: the measured window is placed from the spawn time.
    const spawnedAt = performance.now();
    const product = await session.startProduct(`product-${i}`, dataDir, ECHO, {
      ...form,
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    });
    const { token } = await login(product.port, '/api/user/login', EMAIL);
    const url = `http://127.0.0.1:${product.port}${route}`;
    const headers = { authorization: `Bearer ${token}` };
    await autocannon({ url, headers, connections: 10, duration: 2 });
    const from = performance.now() - spawnedAt;
    const result = await autocannon({ url, headers, connections: 10, duration: 10 });
    const to = performance.now() - spawnedAt;
    await session.stopProduct(product);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const { entries, totalMs } = topSelf(profile, TOP, from, to);
    const table = [
      `### \`GET ${route}\``,
      '',
      `${result.requests.total ?? 0} requests in 10 s under the profiler (${result.non2xx} non-2xx); ${(totalMs / 1000).toFixed(1)} s of samples in the measured 10 s (start-up, warm-up and shutdown left out; \`(idle)\` is the main thread waiting).`,
      '',
      '| # | Function (file:line) | self ms | self % |',
      '| ---: | --- | ---: | ---: |',
      ...entries.map(
        (e, n) =>
          `| ${n + 1} | \`${e.name.replaceAll('|', '\\|')}\` | ${e.selfMs.toFixed(0)} | ${e.pct.toFixed(1)} |`,
      ),
      '',
    ].join('\n');
    console.log(`\n${table}`);
    sections.push(table);
  }
  writeSection(
    [
      HEADING,
      '',
      'Generated by `npm run bench:profile` (`bench/profile.ts`); overwritten by the next run. The compiled',
      'API (`node --cpu-prof apps/api/dist/main.js`, `RESPONSE_SERIALIZER=compiled`, `DEV_MAIL=0`) under autocannon, 10',
      'connections, one path per server start; functions ranked by self time over the measured 10 s (V8',
      'sampling profiler; the profiler itself slows the server, so the request counts are not throughput).',
      '`(garbage collector)`, `(program)` and `(idle)` are V8 pseudo-entries.',
      '',
      `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}; machine: ${machineLine()}; 1-min load average ${os.loadavg()[0]?.toFixed(2)}`,
      '',
      ...sections,
    ].join('\n'),
    REPORT_FILE,
    HEADING,
  );
  console.log(`wrote ${REPORT_FILE}`);
}

await session.run(main, 300_000);
