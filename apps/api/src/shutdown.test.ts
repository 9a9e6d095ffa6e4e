import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DB, withDatabase } from './test/global-setup';
import { startProductProcess } from './test/product-process';

// Issue 33, graceful shutdown: an API instance that receives SIGTERM under load fails no request it
// accepted, finishes the job it holds, fetches no new one, and leaves the rest to another process:
// every job runs exactly once. The instance runs as in production (a child process, jobs on, real
// SMTP delivery), so the signal handling of main.ts is what is tested.

const adminUrl = inject('pgAdminUrl');
const database = `lm_shutdown_${process.pid}`;
const url = withDatabase(adminUrl, database);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-shutdown-'));
const children: ChildProcess[] = [];
/** Started through the shared helper, kept to be killed if a test fails half-way. */
const startProcess = async (...args: Parameters<typeof startProductProcess>) => {
  const started = await startProductProcess(...args);
  children.push(started.child);
  return started;
};

/** A loopback SMTP server that takes `delayMs` per message and counts messages per recipient. */
async function startMailSink(delayMs: number) {
  const perRecipient = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo)
          perRecipient.set(to.address, (perRecipient.get(to.address) ?? 0) + 1);
        // A slow relay: a delivery job is still running when the signal arrives.
        setTimeout(() => callback(), delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, perRecipient, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
});

interface Call {
  startedAt: number;
  endedAt?: number;
  status?: number;
  error?: string;
}

describe('an API instance stopped under load (SIGTERM)', () => {
  it('answers every request it accepted, and every job runs exactly once', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database} template ${TEMPLATE_DB}`);
    await admin.end();
    const sink = await startMailSink(1000);
    const port = await freePort();
    const drainMs = 1500;
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      MAIL_DRIVER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DEV_MAIL: '0',
    };
    const api = await startProcess(
      'main.ts',
      { ...env, PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_MS: String(drainMs) },
      'READY_MS=',
    );
    const base = `http://127.0.0.1:${port}`;

    // Load: sign-ups (a password hash, a user, a verification mail queued for SMTP delivery) from four
    // clients on keep-alive connections, and reads beside them. The load balancer in front stops sending
    // new requests to the instance once its readiness check fails (it checks every 100 ms).
    const calls: Call[] = [];
    const registered: string[] = [];
    let routing = true;
    let signups = 0;
    const client = async (kind: 'signup' | 'read') => {
      // Twelve sign-ups in all: more mails than the instance delivers before the signal (four at a time,
      // a second each), fewer than would make the other process's part long.
      while (routing && (kind === 'read' || signups < 12)) {
        const call: Call = { startedAt: performance.now() };
        calls.push(call);
        if (kind === 'signup') signups += 1;
        const email = `shutdown-${signups}@example.test`;
        try {
          const res =
            kind === 'signup'
              ? await fetch(`${base}/api/user/store-user`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({
                    first_name: 'Sig',
                    last_name: 'Term',
                    email,
                    password: 'Str0ng-pass!',
                    password_confirmation: 'Str0ng-pass!',
                    user_type_id: 1,
                    gender: 'female',
                  }),
                })
              : await fetch(`${base}/api/countries`);
          await res.arrayBuffer();
          call.status = res.status;
          if (kind === 'signup' && res.status === 201) registered.push(email);
        } catch (err) {
          call.error = String((err as { cause?: unknown }).cause ?? err);
        }
        call.endedAt = performance.now();
      }
    };
    const load = Promise.all([client('signup'), client('signup'), client('signup'), client('read')]);
    // The signal arrives while a delivery is in hand (the relay has the message, not yet answered).
    while (registered.length < 12 || sink.perRecipient.size === 0) await sleep(20);
    const signalAt = performance.now();
    api.child.kill('SIGTERM');
    // The load balancer's health check (every 100 ms): it stops routing here once readiness fails.
    let notReadyAt = 0;
    while (routing) {
      await sleep(100);
      const ready = await fetch(`${base}/api/health/ready`).catch(() => null);
      if (ready?.status !== 200) {
        notReadyAt = performance.now();
        routing = false;
        expect(ready?.status).toBe(503);
      }
    }
    await load;
    const code = await api.exited;
    const stoppedAt = performance.now();

    expect(code, api.output()).toBe(0);
    expect(api.output()).toContain('stopped');
    const failed = calls.filter((c) => c.error !== undefined || (c.status ?? 0) >= 300);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    // Requests were in flight when the signal arrived, and some were served during the drain.
    expect(calls.some((c) => c.startedAt < signalAt && (c.endedAt ?? 0) > signalAt)).toBe(true);
    expect(calls.some((c) => c.startedAt > signalAt)).toBe(true);
    expect(stoppedAt - signalAt).toBeGreaterThanOrEqual(drainMs);
    expect(notReadyAt - signalAt).toBeLessThan(drainMs);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const pending = await db.query(
        `select count(*)::int n from mail_outbox where sent_at is null and to_address like 'shutdown-%'`,
      );
      // The instance finished the deliveries in hand and left the others (it fetched no new job
      // after the signal)...
      expect(pending.rows[0].n).toBeGreaterThan(0);
      expect(pending.rows[0].n).toBeLessThan(12);
      const active = await db.query(
        `select count(*)::int n from pgboss.job where name = 'mail.deliver' and state = 'active'`,
      );
      // ... and no job cut off mid-way.
      expect(active.rows[0].n).toBe(0);

      // Another process takes the rest.
      const worker = await startProcess('worker.ts', env, 'worker running');
      for (let i = 0; ; i++) {
        const left = await db.query(
          `select count(*)::int n from mail_outbox where sent_at is null and to_address like 'shutdown-%'`,
        );
        if (left.rows[0].n === 0) break;
        if (i > 600) {
          const states = await db.query(
            `select state, retry_count, start_after, count(*)::int n from pgboss.job where name = 'mail.deliver' group by 1, 2, 3`,
          );
          throw new Error(
            `mails still undelivered: ${left.rows[0].n}\n${JSON.stringify(states.rows)}\n${worker.output()}`,
          );
        }
        await sleep(100);
      }
      worker.child.kill('SIGTERM');
      expect(await worker.exited, worker.output()).toBe(0);

      // Every signed-up account has its one mail, delivered once; every delivery job ran once.
      expect(registered.length).toBe(12);
      for (const email of registered) expect(sink.perRecipient.get(email), email).toBe(1);
      expect([...sink.perRecipient.keys()].sort()).toEqual([...registered].sort());
      const jobs = await db.query<{ state: string; retry_count: number; n: number }>(
        `select state, retry_count, count(*)::int n from pgboss.job where name = 'mail.deliver'
         group by state, retry_count`,
      );
      expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 0, n: registered.length }]);
    } finally {
      await db.end();
      await sink.close();
    }
  }, 180_000);
});
