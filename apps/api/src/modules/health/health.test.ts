import { describe, expect, it } from 'vitest';
import { migrationState } from '../../db/migrate';
import { testAppForFile } from '../../test/harness';
import { putSetting } from '../settings/settings.service';

/** Issue 33: liveness and readiness, on a real PostgreSQL and pg-boss (the file's own database). */
const ctx = testAppForFile();

describe('health probes', () => {
  it('live answers without touching the database, even in maintenance mode', async () => {
    const pool = ctx.deps.database.pool;
    let checkouts = 0;
    const count = () => {
      checkouts += 1;
    };
    await putSetting(ctx.deps.database, 'maintenance_mode', true);
    try {
      pool.on('acquire', count);
      const res = await ctx.call('GET', '/api/health/live');
      pool.off('acquire', count);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(checkouts).toBe(0);
      // Readiness and the old health check stay open in maintenance too (probes must not fail then).
      expect((await ctx.call('GET', '/api/health/ready')).statusCode).toBe(200);
    } finally {
      await putSetting(ctx.deps.database, 'maintenance_mode', false);
    }
  });

  it('ready answers 200 when the database, the migrations and the job system are all there', async () => {
    const res = await ctx.call('GET', '/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'ok',
      jobs: 'ok',
      serving: 'ok',
    });
    expect((await migrationState(ctx.deps.database)).state).toBe('current');
  });

  it('is not ready while the newest shipped migration is missing from the database', async () => {
    const { pool } = ctx.deps.database;
    const { rows } = await pool.query<{ id: number; hash: string; created_at: string }>(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at',
    );
    expect(rows).toHaveLength(1);
    try {
      const res = await ctx.call('GET', '/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not_ready',
        database: 'ok',
        migrations: 'behind',
        jobs: 'ok',
        serving: 'ok',
      });
      // The old health check does not look at migrations: it keeps its meaning.
      expect((await ctx.call('GET', '/api/health')).statusCode).toBe(200);
    } finally {
      const [row] = rows;
      await pool.query(
        'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
        [row!.id, row!.hash, row!.created_at],
      );
    }
    expect((await ctx.call('GET', '/api/health/ready')).statusCode).toBe(200);
  });

  it('stays ready on a schema migrated by a newer release (expand first, contract later)', async () => {
    const { pool } = ctx.deps.database;
    const newer = Date.now() + 86_400_000;
    const { rows } = await pool.query<{ id: number }>(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer-release', $1) returning id`,
      [newer],
    );
    try {
      expect((await migrationState(ctx.deps.database)).state).toBe('ahead');
      expect((await ctx.call('GET', '/api/health/ready')).statusCode).toBe(200);
    } finally {
      await pool.query('delete from drizzle.__drizzle_migrations where id = $1', [rows[0]!.id]);
    }
  });

  it('is not ready once the job system stopped, then once draining, and says so', async () => {
    await ctx.deps.jobs.stop();
    const res = await ctx.call('GET', '/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      database: 'ok',
      migrations: 'ok',
      jobs: 'down',
      serving: 'ok',
    });
    ctx.deps.lifecycle.startDraining();
    expect((await ctx.call('GET', '/api/health/ready')).json()).toMatchObject({ serving: 'draining' });
    // Live stays up while the process drains: an orchestrator must not kill it early.
    expect((await ctx.call('GET', '/api/health/live')).statusCode).toBe(200);
  });
});
