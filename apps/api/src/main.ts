import { setTimeout as sleep } from 'node:timers/promises';
import { boot, type Runtime } from './boot';
import { loadConfig, loadDotEnv } from './config/env';
import { buildApp } from './platform/app';
import {
  describeStartupFailure,
  isAddressInUse,
  onStopSignals,
  portInUseMessage,
  StartupError,
} from './platform/startup';
import { shutdownTracing, tracingNotStartedWarning } from './platform/tracing';
import { ROUTE_MODULES } from './routes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';

/** Infrastructure started so far, stopped when a later start step fails. */
let started: Runtime | null = null;

/** `npm start`: the whole product in one process (API, jobs, both apps). */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  const untraced = tracingNotStartedWarning('node --import ./dist/instrumentation.js dist/main.js');
  if (untraced) console.warn(untraced);
  const runtime = await boot(config, { work: config.runJobs, migrate: true });
  started = runtime;
  const app = await buildApp(runtime.deps, ROUTE_MODULES);
  await app.listen({ port: config.PORT, host: config.HOST }).catch((err: unknown) => {
    if (!isAddressInUse(err)) throw err;
    throw new StartupError(portInUseMessage('The product', config.HOST, config.PORT, 'PORT'), {
      cause: err,
    });
  });
  // From process start, so module loading (tsx) counts too.
  const readyMs = Math.round(process.uptime() * 1000);

  const lines = [
    '',
    `Liberty marketplace is ready in ${readyMs} ms`,
    `  User app:     ${config.appUrl}/`,
    `  Back-office:  ${config.appUrl}/admin/`,
    `  API:          ${config.appUrl}/api  (reference: ${config.appUrl}/api/docs)`,
    `  Database:     ${config.embedded ? `embedded PostgreSQL, data in ${config.dataDir}` : 'DATABASE_URL'}`,
    `  Mail:         ${config.MAIL_DRIVER === 'outbox' ? 'outbox (read it in the back-office Dev mailbox)' : 'SMTP'}`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS)
      lines.push(`    ${a.email.padEnd(22)} ${a.role.padEnd(28)} ${config.appUrl}${a.app}`);
  }
  console.log(lines.join('\n'));
  console.log(`READY_MS=${readyMs}`);

  let stopping = false;
  // Graceful shutdown (issue 33): not ready (the load balancer stops routing here) and no new job
  // fetched at once; requests keep being served for the drain time; then the port closes and the
  // requests in flight finish; then the jobs in hand finish and the pools close.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining for ${config.shutdownDrainMs} ms, then shutting down`);
    const timer = setTimeout(() => process.exit(1), 20_000 + config.shutdownDrainMs);
    timer.unref();
    try {
      runtime.deps.lifecycle.startDraining();
      const jobsDone = runtime.deps.jobs.stopWorking();
      if (config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
      await app.close();
      await jobsDone;
      await runtime.stop();
      // Last: the spans of the requests and jobs just finished are exported too.
      await shutdownTracing();
      console.log('stopped');
      process.exit(0);
    } catch (err) {
      console.error(err);
      await shutdownTracing();
      process.exit(1);
    }
  };
  // This process stops the embedded server itself (runtime.stop), last, and exits 0.
  onStopSignals((signal) => void shutdown(signal));
}

main().catch(async (err: unknown) => {
  console.error(`Liberty marketplace could not start.\n${describeStartupFailure(err)}`);
  // Stop what did start (the embedded PostgreSQL above all) before leaving with the failure's code.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await started?.stop().catch(() => undefined);
  process.exit(1);
});
