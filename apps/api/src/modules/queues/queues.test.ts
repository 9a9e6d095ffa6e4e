import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { createTestApp } from '../../test/harness';
import { queueJobs } from './queues.jobs';
import { PROBE_QUEUE, probeHandler } from './queues.service';

let token: string;
const ctx = adminTestAppForFile(
  (signedIn) => {
    ({ token } = signedIn);
  },
  { permissions: ['view.main.queue.horizon.tab.list'] },
);

const boss = () => ctx.deps.jobs.boss;
const stateOf = async (id: string) =>
  (
    await ctx.deps.database.db.execute<{ state: string }>(
      sql`select state::text as state from pgboss.job where id = ${id}::uuid`,
    )
  ).rows[0]?.state ?? null;

let queueSeq = 0;
/** A queue of its own for one test (no workers run here: the test plays the worker). */
async function freshQueue(): Promise<string> {
  const name = `test.monitor-${++queueSeq}`;
  await boss().createQueue(name, { retryLimit: 0 });
  return name;
}

/** Enqueue a job on `queue`, take it like a worker would and fail it with `message`. */
async function failedJob(queue: string, message: string, data: object = { fail_times: 1 }): Promise<string> {
  const id = (await ctx.deps.jobs.send(queue, data, { retryLimit: 0 }))!;
  const [job] = await boss().fetch(queue, { batchSize: 1 });
  expect(job?.id).toBe(id);
  await boss().fail(queue, id, { message });
  expect(await stateOf(id)).toBe('failed');
  return id;
}
const audits = async (action: string, id: string) =>
  (
    await ctx.deps.database.db.execute<{ meta: Record<string, unknown> }>(
      sql`select meta from audit_logs where action = ${action} and target_id = ${id}`,
    )
  ).rows;

describe('queue monitor access', () => {
  it('needs view.main.queue.horizon.tab.list', async () => {
    const other = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] })).email,
    );
    for (const url of [
      '/api/admin/queues',
      '/api/admin/queues/throughput',
      `/api/admin/queues/${PROBE_QUEUE}/jobs`,
    ]) {
      expect((await ctx.call('GET', url, { token: other })).statusCode).toBe(403);
      expect((await ctx.call('GET', url)).statusCode).toBe(401);
    }
  });
});

describe('queue names', () => {
  it('answers an unknown queue, or a name that cannot be one, with a translated 404 on every job route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const name of ['no.such.queue', 'bad%20name!', '%3Cscript%3E', '%E2%80%AE']) {
      for (const [method, url] of [
        ['GET', `/api/admin/queues/${name}/jobs`],
        ['POST', `/api/admin/queues/${name}/jobs/${id}/retry`],
        ['DELETE', `/api/admin/queues/${name}/jobs/${id}`],
      ] as const) {
        const res = await ctx.call(method, url, { token, headers: { 'x-lang': 'fr' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe("Cette file d'attente n'existe pas");
      }
    }
  });
});

describe('queues and jobs', () => {
  it('lists every pg-boss queue with live counts by state', async () => {
    const q = await freshQueue();
    const id = await failedJob(q, 'counted');
    await ctx.deps.jobs.send(q, { fail_times: 0 });
    const res = await ctx.call('GET', '/api/admin/queues', { token });
    expect(res.statusCode).toBe(200);
    const queues = res.json().data as {
      name: string;
      counts: Record<
        'created' | 'scheduled' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed',
        number
      >;
      backlog: number;
    }[];
    const probe = queues.find((queue) => queue.name === q)!;
    const expected = (
      await ctx.deps.database.db.execute<{ state: string; n: number }>(
        sql`select state::text as state, count(*)::int as n from pgboss.job where name = ${q} group by state`,
      )
    ).rows;
    for (const row of expected) expect(probe.counts[row.state as 'failed']).toBe(row.n);
    expect(probe.counts.failed).toBeGreaterThanOrEqual(1);
    expect(probe.backlog).toBe(probe.counts.created + probe.counts.retry + probe.counts.active);
    // pg-boss's own queue list decides which queues exist.
    expect(queues.map((q) => q.name).sort()).toEqual((await boss().getQueues()).map((q) => q.name).sort());
    await ctx.call('DELETE', `/api/admin/queues/${q}/jobs/${id}`, { token });
  });

  it('shows scheduled (delayed) jobs apart from the backlog', async () => {
    const q = await freshQueue();
    const due = (await ctx.deps.jobs.send(q, { n: 1 }))!;
    const later = (await ctx.deps.jobs.send(q, { n: 2 }, { startAfter: 3 * 86_400 }))!;
    await ctx.deps.jobs.send(q, { n: 3 }, { startAfter: 3600 });
    const res = await ctx.call('GET', '/api/admin/queues', { token });
    const queue = (
      res.json().data as { name: string; counts: Record<string, number>; backlog: number }[]
    ).find((x) => x.name === q)!;
    expect(queue.counts).toMatchObject({ created: 1, scheduled: 2 });
    expect(queue.backlog).toBe(1);
    const scheduled = await ctx.call('GET', `/api/admin/queues/${q}/jobs?state=scheduled`, { token });
    const rows = scheduled.json().data as { id: string; state: string; start_after: string }[];
    // Soonest first, each with the time it becomes due.
    expect(rows.map((r) => r.state)).toEqual(['scheduled', 'scheduled']);
    expect(rows[1]!.id).toBe(later);
    expect(new Date(rows[1]!.start_after).getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    const ready = await ctx.call('GET', `/api/admin/queues/${q}/jobs?state=created`, { token });
    expect(ready.json().data.map((r: { id: string }) => r.id)).toEqual([due]);
  });

  it('lists failed jobs with their error and payload', async () => {
    const q = await freshQueue();
    const id = await failedJob(q, 'Spotify answered 500', { fail_times: 1, campaign_id: 42 });
    const res = await ctx.call('GET', `/api/admin/queues/${q}/jobs?state=failed`, { token });
    expect(res.statusCode).toBe(200);
    const job = (res.json().data as { id: string; error: string; data: unknown }[]).find((j) => j.id === id);
    expect(job).toMatchObject({ error: 'Spotify answered 500', data: { fail_times: 1, campaign_id: 42 } });
    expect((await ctx.call('GET', '/api/admin/queues/no.such.queue/jobs', { token })).statusCode).toBe(404);
  });

  it('retry puts a failed job back through pg-boss, once, and is audited', async () => {
    const q = await freshQueue();
    const id = await failedJob(q, 'boom');
    const res = await ctx.call('POST', `/api/admin/queues/${q}/jobs/${id}/retry`, { token });
    expect(res.statusCode).toBe(200);
    expect(await stateOf(id)).toBe('retry');
    // The job runs again: a worker fetches it.
    const [again] = await boss().fetch(q, { batchSize: 5 });
    expect(again?.id).toBe(id);
    await boss().complete(q, id);
    expect(await stateOf(id)).toBe('completed');
    expect(await audits('queues.retry', id)).toEqual([{ meta: { queue: q } }]);
    const notFailed = await ctx.call('POST', `/api/admin/queues/${q}/jobs/${id}/retry`, { token });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().message).toBe('Only failed jobs can be retried');
  });

  it('of two concurrent retries of one job exactly one acts', async () => {
    const q = await freshQueue();
    const id = await failedJob(q, 'twice');
    const answers = await Promise.all(
      [1, 2].map(() => ctx.call('POST', `/api/admin/queues/${q}/jobs/${id}/retry`, { token })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await audits('queues.retry', id)).length).toBe(1);
  });

  it('delete removes the job from pg-boss; a running job cannot be deleted', async () => {
    const q = await freshQueue();
    const id = await failedJob(q, 'to delete');
    const res = await ctx.call('DELETE', `/api/admin/queues/${q}/jobs/${id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(await stateOf(id)).toBeNull();
    expect((await audits('queues.delete', id))[0]?.meta).toMatchObject({ queue: q, state: 'failed' });
    expect((await ctx.call('DELETE', `/api/admin/queues/${q}/jobs/${id}`, { token })).statusCode).toBe(404);

    const running = (await ctx.deps.jobs.send(q, { fail_times: 0 }))!;
    await boss().fetch(q, { batchSize: 10 });
    expect(await stateOf(running)).toBe('active');
    const refused = await ctx.call('DELETE', `/api/admin/queues/${q}/jobs/${running}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(await stateOf(running)).toBe('active');
    const badId = await ctx.call('DELETE', `/api/admin/queues/${q}/jobs/not-a-uuid`, { token });
    expect(badId.statusCode).toBe(422);
  });

  it('throughput counts completed and failed jobs per minute, every minute present', async () => {
    const q = await freshQueue();
    const before = (
      await ctx.call('GET', `/api/admin/queues/throughput?window=1h&queue=${q}`, { token })
    ).json().data as { completed: number; failed: number; points: unknown[] };
    const done = (await ctx.deps.jobs.send(q, { fail_times: 0 }))!;
    await boss().fetch(q, { batchSize: 10 });
    await boss().complete(q, done);
    await failedJob(q, 'counted as failed');
    const res = await ctx.call('GET', `/api/admin/queues/throughput?window=1h&queue=${q}`, { token });
    expect(res.statusCode).toBe(200);
    const after = res.json().data as { bucket: string; completed: number; failed: number; points: unknown[] };
    expect(after.bucket).toBe('minute');
    expect(after.points).toHaveLength(60);
    expect(after.completed).toBe(before.completed + 1);
    expect(after.failed).toBe(before.failed + 1);
    const day = (await ctx.call('GET', '/api/admin/queues/throughput?window=24h', { token })).json().data;
    expect(day.bucket).toBe('hour');
    expect(day.points).toHaveLength(24);
  });
});

describe('the probe job (sandbox only)', () => {
  it('fails its first fail_times attempts, then succeeds', async () => {
    await expect(probeHandler({ fail_times: 1 }, { retryCount: 0 })).rejects.toThrow(
      'Probe attempt 1 failed',
    );
    await expect(probeHandler({ fail_times: 1 }, { retryCount: 1 })).resolves.toBeUndefined();
  });

  it('with real workers: the probe fails, and Retry in the monitor makes it complete', async () => {
    const live = await createTestApp({ work: true });
    try {
      const t = await live.loginAdmin((await live.makeAdmin()).email);
      const probe = await live.call('POST', '/api/admin/dev/queues/probe', {
        token: t,
        body: { fail_times: 1 },
      });
      expect(probe.statusCode).toBe(201);
      const { id } = probe.json().data as { id: string };
      const state = async () =>
        (
          await live.deps.database.db.execute<{ state: string }>(
            sql`select state::text as state from pgboss.job where id = ${id}::uuid`,
          )
        ).rows[0]?.state;
      const waitFor = async (wanted: string) => {
        for (let i = 0; i < 100 && (await state()) !== wanted; i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(await state()).toBe(wanted);
      };
      await waitFor('failed');
      expect(
        (await live.call('POST', `/api/admin/queues/${PROBE_QUEUE}/jobs/${id}/retry`, { token: t }))
          .statusCode,
      ).toBe(200);
      await waitFor('completed');
    } finally {
      await live.close();
    }
  }, 30_000);

  it('has no probe queue in production (its route is absent there: providers/modes.test.ts)', () => {
    expect(queueJobs({ config: { ...ctx.deps.config, NODE_ENV: 'production' } })).toEqual([]);
    expect(queueJobs(ctx.deps).map((q) => q.name)).toEqual([PROBE_QUEUE]);
  });
});
