/**
 * `npm run bench:web`: Lighthouse over the pages people open most, as a phone and as a desktop
 * browser see them on a cold cache, signed in (issue 37, "Fast where people feel it").
 *
 * - Builds both apps and the API when their sources changed, then starts the compiled API
 *   (`apps/api/dist/main.js` with production's Node options) on a fresh embedded PostgreSQL with the
 *   demo data (`SEED_DEMO=1`; the static files are served exactly as in production).
 * - Signs the demo artist and the demo Super Admin in through the API and stores their tokens in the
 *   browser's local storage, which Lighthouse's storage reset keeps: before each run it clears the
 *   HTTP cache, Cache Storage, service workers and file systems (its default `clearStorageTypes`), so
 *   every run is a cold cache, signed in.
 * - Runs Lighthouse (the `lighthouse` package, pinned) in Debian's Chromium, performance category only:
 *   the default (mobile: Moto G Power, simulated slow 4G and 4x CPU) and desktop configurations,
 *   `WEB_BENCH_RUNS` runs each (default 3); each figure is the median of its runs.
 * - Replaces the `## Page speed (Lighthouse)` section of docs/performance.md (`--no-write` prints it only).
 *
 * Options: `--runs N`, `--only <substring of a page name>`, `--form mobile|desktop`, `--no-write`.
 */

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { REPO_ROOT } from './processes';
import { BenchSession, buildApi, login } from './product';
import { machineLine, writeSection } from './report';

const HEADING = '## Page speed (Lighthouse)';
const CHROMIUM = CHROMIUM_PATH;
const argv = process.argv.slice(2);
const argOf = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = Number(argOf('--runs') ?? process.env.WEB_BENCH_RUNS ?? 3);
const ONLY = argOf('--only');
const FORMS = (argOf('--form') ? [argOf('--form')] : ['mobile', 'desktop']) as FormFactor[];
const WRITE = !argv.includes('--no-write');
/** A folder to keep each run's Lighthouse report (JSON) in, for a look at the details. */
const SAVE = argOf('--save');
/**
 * A checkout of an earlier commit with both apps built (`npm run build` there): its `apps/<app>/dist`
 * are served by a second API and measured in the same run, page by page, taking turns with the product.
 */
const BASELINE = argOf('--baseline');
/** Nice value for Chromium and the API (root only): other work on the machine weighs less on the figures. */
const NICE = Number(process.env.WEB_BENCH_NICE ?? -10);

type FormFactor = 'mobile' | 'desktop';
type Who = 'none' | 'artist' | 'admin';

/** One page measured: its name in the table, its address and who is signed in. */
interface PageSpec {
  name: string;
  path: string;
  who: Who;
  /** The form factors its target applies to (issue 37's list). */
  targets: FormFactor[];
  /** Also measured without a target (the first table has the users list on a phone). */
  alsoMeasured?: FormFactor[];
}

/** The figures of one Lighthouse run (ms, except score 0-100, CLS unitless and bytes). */
interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
  requests: number;
}

/** One page and form factor: the product's median figures and runs, the baseline's median when there is one. */
interface Measured {
  page: PageSpec;
  form: FormFactor;
  median: Figures;
  runs: Figures[];
  baseline: Figures | undefined;
  notes: string;
}

/** Web.dev's "good" and issue 37's targets. */
const TARGET = { mobileScore: 90, desktopScore: 95, lcp: 2_500, tbt: 200, cls: 0.1 };

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function figuresOf(lhr: Result): Figures {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items
    ?.length;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    bytes: num('total-byte-weight'),
    requests: requests ?? 0,
  };
}

/** The median of each figure over `runs`. */
function medianFigures(runs: Figures[]): Figures {
  const pick = (k: keyof Figures) => median(runs.map((r) => r[k]));
  return {
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    si: pick('si'),
    bytes: pick('bytes'),
    requests: pick('requests'),
  };
}

/** Where the bytes and the time went on one run, for the notes (largest opportunities). */
function opportunities(lhr: Result): string {
  const items = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 100)
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
    .slice(0, 4)
    .map((a) => `${a.id} ${Math.round(a.numericValue ?? 0)} ms`);
  return items.join(', ') || 'none over 100 ms';
}

/** Every descendant of `pid` (and itself), from /proc. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // The process left meanwhile.
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/**
 * Give the processes under `pids` a higher priority (renice to {@link NICE}; processes they fork
 * later inherit it). Needs root; skipped, with a note, otherwise.
 */
function prioritise(pids: number[], notes: Set<string>): void {
  if (process.getuid?.() !== 0 || NICE === 0) {
    notes.add('Chromium and the API ran at the default priority.');
    return;
  }
  const all = pids.flatMap(processTree);
  spawnSync('renice', ['-n', String(NICE), '-p', ...all.map(String)], { encoding: 'utf8' });
  notes.add(
    `Chromium and the API ran at nice ${NICE} (renice as root), so other work on the machine weighed less on the figures.`,
  );
}

const session = new BenchSession('bench:web');

/** A running product whose pages are measured: the product's build, or a baseline build served by a second API. */
interface Target {
  label: 'product' | 'baseline';
  origin: string;
  apiPid: number | undefined;
  artistToken: string;
  adminToken: string;
  artistId: number;
  campaignId: number;
}

/**
 * Start the compiled API on a fresh embedded PostgreSQL with the demo data (`env` adds WEB_DIST and
 * ADMIN_DIST for a baseline build), sign the demo artist and admin in, and find the artist's newest
 * express campaign (the campaign page measured).
 * @throws Error when the demo artist has no campaign
 */
async function startTarget(label: Target['label'], env: NodeJS.ProcessEnv): Promise<Target> {
  const product = await session.startProduct(label, session.makeDataDir(), /Error/, {
    compiled: true,
    env: { SEED_DEMO: '1', RESPONSE_SERIALIZER: 'compiled', ...env },
  });
  const artist = await login(product.port, '/api/user/login', 'artist@demo.test');
  const admin = await login(product.port, '/api/admin/login', 'admin@demo.test');
  const db = await session.connect(product.dbUrl, 'bench-web');
  const campaign = await db.query<{ id: number }>(
    'select id from express_campaigns where artist_id = $1 order by id desc limit 1',
    [artist.id],
  );
  await session.closeClient(db);
  const campaignId = campaign.rows[0]?.id;
  if (!campaignId) throw new Error('the demo artist has no express campaign to open');
  return {
    label,
    origin: `http://127.0.0.1:${product.port}`,
    apiPid: product.managed.child.pid,
    artistToken: artist.token,
    adminToken: admin.token,
    artistId: artist.id,
    campaignId,
  };
}

/** The pages of issue 37, with the target's own ids in their addresses. */
function pagesOf(target: Pick<Target, 'campaignId' | 'artistId'>): PageSpec[] {
  const both: FormFactor[] = ['mobile', 'desktop'];
  return [
    { name: 'web /login', path: '/login', who: 'none', targets: both },
    { name: 'web /dashboard', path: '/dashboard', who: 'artist', targets: both },
    { name: 'web /create/express/campaign', path: '/create/express/campaign', who: 'artist', targets: both },
    { name: 'web /wallet/user/transaction', path: '/wallet/user/transaction', who: 'artist', targets: both },
    {
      name: 'web campaign detail',
      path: `/express-campaigns/${target.campaignId}`,
      who: 'artist',
      targets: both,
    },
    { name: 'admin /dashboard', path: '/admin/dashboard', who: 'admin', targets: ['desktop'] },
    {
      name: 'admin /users/list',
      path: '/admin/users/list',
      who: 'admin',
      targets: ['desktop'],
      alsoMeasured: ['mobile'],
    },
    {
      name: 'admin /express/campaigns/list',
      path: '/admin/express/campaigns/list',
      who: 'admin',
      targets: ['desktop'],
    },
    {
      name: 'admin user overview',
      path: `/admin/users/${target.artistId}`,
      who: 'admin',
      targets: ['desktop'],
    },
  ];
}

async function main(): Promise<void> {
  const built = spawnSync('node', ['scripts/build-if-changed.ts', 'web', 'admin'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the apps failed');
  buildApi();
  const product = await startTarget('product', {});
  const targets: Target[] = [product];
  if (BASELINE) {
    const dist = (app: string) => path.resolve(BASELINE, 'apps', app, 'dist');
    for (const app of ['web', 'admin'])
      if (!fs.existsSync(path.join(dist(app), 'index.html')))
        throw new Error(`--baseline ${BASELINE}: no build at ${dist(app)} (run npm run build there)`);
    targets.unshift(await startTarget('baseline', { WEB_DIST: dist('web'), ADMIN_DIST: dist('admin') }));
  }
  const pages = pagesOf(product).filter((p) => !ONLY || p.name.includes(ONLY));

  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-web-chromium-'));
  const browser: Browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir,
    args: [...CHROMIUM_ARGS, '--disable-default-apps'],
  });
  const priorityNotes = new Set<string>();
  const browserPid = browser.process()?.pid;
  const retried: string[] = [];
  const results: Measured[] = [];

  /** One Lighthouse run of `spec` as `form` on `target`, cold cache, signed in as the page wants. */
  async function measure(target: Target, spec: PageSpec, form: FormFactor, run: number): Promise<Result> {
    const address = pagesOf(target).find((p) => p.name === spec.name)!.path;
    const page = await browser.newPage();
    // Sign in (or out) on the origin first: the tokens live in local storage, which Lighthouse's
    // reset keeps, while it clears the HTTP cache before the measured load.
    await page.goto(`${target.origin}/api/health`);
    await page.evaluate(
      (who, artistToken, adminToken) => {
        localStorage.clear();
        sessionStorage.clear();
        localStorage.setItem('APP_LANG', 'en');
        if (who === 'artist') localStorage.setItem('AUTH_TOKEN', artistToken);
        if (who === 'admin') localStorage.setItem('USER_TOKEN', adminToken);
      },
      spec.who,
      target.artistToken,
      target.adminToken,
    );
    prioritise(
      [browserPid, ...targets.map((t) => t.apiPid)].filter((p): p is number => p !== undefined),
      priorityNotes,
    );
    const flags: Flags = { logLevel: 'error', output: 'json', onlyCategories: ['performance'] };
    let lhr: Result | undefined;
    // Lighthouse asks to be run again when its trace misses the navigation start (NO_NAVSTART):
    // up to two more tries, listed under the table.
    for (let attempt = 0; attempt < 3 && !lhr; attempt++) {
      const result = await lighthouse(
        `${target.origin}${address}`,
        flags,
        form === 'desktop' ? desktopConfig : undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${address}`);
      const error = result.lhr.runtimeError;
      if (!error) lhr = result.lhr;
      else if (attempt === 2) throw new Error(`${address}: ${error.code} ${error.message}`);
      else
        retried.push(
          `${target.label}, ${form} ${spec.name}, run ${run + 1}: Lighthouse answered ${error.code}; run again.`,
        );
    }
    await page.close();
    if (!lhr) throw new Error(`Lighthouse gave no result for ${address}`);
    if (SAVE) {
      fs.mkdirSync(SAVE, { recursive: true });
      const file = `${target.label}-${form}-${spec.name.replace(/\W+/g, '_')}-${run + 1}.json`;
      fs.writeFileSync(path.join(SAVE, file), JSON.stringify(lhr));
    }
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (spec.who !== 'none' && /\/login$/.test(landed))
      throw new Error(`${address} was not signed in (landed on ${landed})`);
    return lhr;
  }

  try {
    for (const form of FORMS) {
      for (const spec of pages) {
        if (!spec.targets.includes(form) && !spec.alsoMeasured?.includes(form)) continue;
        const runs = new Map<Target['label'], Figures[]>(targets.map((t) => [t.label, []]));
        let notes = '';
        for (let i = 0; i < RUNS; i++) {
          // Taking turns, the baseline first on even runs and second on odd ones, so that a change of
          // the machine's load during a page weighs on both.
          for (const target of i % 2 === 0 ? targets : [...targets].reverse()) {
            const lhr = await measure(target, spec, form, i);
            const figures = figuresOf(lhr);
            runs.get(target.label)!.push(figures);
            if (i === 0 && target.label === 'product') notes = opportunities(lhr);
            console.log(
              `${target.label} ${form} ${spec.name} run ${i + 1}: score ${figures.score}, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}, ${Math.round(figures.bytes / 1024)} KiB, ${figures.requests} requests`,
            );
          }
        }
        const productRuns = runs.get('product')!;
        const baselineRuns = runs.get('baseline');
        results.push({
          page: spec,
          form,
          median: medianFigures(productRuns),
          runs: productRuns,
          baseline: baselineRuns?.length ? medianFigures(baselineRuns) : undefined,
          notes,
        });
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }

  const meets = (r: Measured): string => {
    if (!r.page.targets.includes(r.form)) return 'no target';
    const m = r.median;
    const misses: string[] = [];
    if (r.form === 'mobile') {
      if (m.score < TARGET.mobileScore) misses.push(`score < ${TARGET.mobileScore}`);
      if (m.lcp > TARGET.lcp) misses.push('LCP > 2.5 s');
      if (m.tbt > TARGET.tbt) misses.push('TBT > 200 ms');
      if (m.cls > TARGET.cls) misses.push('CLS > 0.1');
    } else if (m.score < TARGET.desktopScore) misses.push(`score < ${TARGET.desktopScore}`);
    return misses.length ? `**missed** (${misses.join(', ')})` : 'met';
  };
  const row = (r: Measured) =>
    `| ${r.page.name} | ${r.form} | ${r.median.score} (${r.runs.map((x) => x.score).join(', ')}) | ${(r.median.fcp / 1000).toFixed(2)} s | ${(r.median.lcp / 1000).toFixed(2)} s | ${Math.round(r.median.tbt)} ms | ${r.median.cls.toFixed(3)} | ${(r.median.si / 1000).toFixed(2)} s | ${Math.round(r.median.bytes / 1024)} | ${Math.round(r.median.requests)} | ${meets(r)} |`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
  const baselineRow = (r: Measured) => {
    const b = r.baseline!;
    const m = r.median;
    return `| ${r.page.name} | ${r.form} | ${b.score} → **${m.score}** | ${(b.lcp / 1000).toFixed(2)} → ${(m.lcp / 1000).toFixed(2)} s (${ratio(m.lcp, b.lcp)}) | ${Math.round(b.tbt)} → ${Math.round(m.tbt)} ms | ${b.cls.toFixed(3)} → ${m.cls.toFixed(3)} | ${Math.round(b.bytes / 1024)} → ${Math.round(m.bytes / 1024)} KiB (${ratio(m.bytes, b.bytes)}) | ${Math.round(b.requests)} → ${Math.round(m.requests)} |`;
  };
  const baselineCommit = BASELINE
    ? spawnSync('git', ['-C', BASELINE, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
    : '';
  const productCommit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  }).stdout.trim();
  const version = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version as string;
  const chromium = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const section = [
    HEADING,
    '',
    `Generated by \`npm run bench:web\` (\`bench/web.ts\`), ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}; figures are from one run of the benchmark and overwritten by the next.`,
    '',
    `- ${machineLine()}; 1-min load average ${os.loadavg()[0]!.toFixed(2)} at the end.`,
    `- Lighthouse ${version}, ${chromium}, headless; performance category; the default (mobile: Moto G Power, simulated slow 4G, 4x CPU slowdown) and desktop configurations; ${RUNS} runs per page and form factor, each figure the median of its runs (the score's runs in brackets).`,
    '- Served by the compiled API (`apps/api/dist/main.js`, production Node options) from the production build of both apps, on a fresh embedded PostgreSQL with the demo data; signed in as the demo artist (web) or the demo Super Admin (back-office), tokens in local storage; each run on a cold cache (Lighthouse clears the HTTP cache before loading).',
    `- Targets (issue 37): mobile score >= ${TARGET.mobileScore} with LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1 on the web pages; desktop score >= ${TARGET.desktopScore} on every page. "Bytes" is Lighthouse's total byte weight (bytes transferred, as served, compressed).`,
    '',
    '| page | form | score | FCP | LCP | TBT | CLS | Speed Index | KiB transferred | requests | target |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results.map(row),
    '',
    ...[...priorityNotes, ...retried].map((n) => `- ${n}`),
    ...(BASELINE
      ? [
          '',
          `### Against the baseline, in the same run`,
          '',
          `Baseline: the build of commit ${baselineCommit} (\`--baseline\`), served by a second API of the same build on its own database; product: commit ${productCommit}. Each run of a page measured both, taking turns (medians; ratios product / baseline).`,
          '',
          '| page | form | score | LCP | TBT | CLS | transferred | requests |',
          '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
          ...results.filter((r) => r.baseline).map(baselineRow),
        ]
      : []),
    '',
    'Largest opportunities Lighthouse named on the first run of each page (estimated savings):',
    '',
    ...results.map((r) => `- ${r.page.name} (${r.form}): ${r.notes}`),
    '',
  ].join('\n');
  console.log(section);
  if (WRITE && !ONLY && FORMS.length === 2) writeSection(section, undefined, HEADING);
  else if (WRITE) fs.writeFileSync('/tmp/bench-web-partial.md', section);
  // The session's cleanup stops both APIs and their databases.
}

await session.run(main, 60 * 60_000);
