import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../modules/audit/audit.service';
import { notifyLater } from '../modules/notifications/notifications.service';
import { createTestApp, type TestContext } from '../test/harness';
import { flushWrites, withSavepoint, withTransaction } from './client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const count = async (sql: string, values: unknown[]) =>
  Number((await ctx.deps.database.pool.query<{ n: string }>(sql, values)).rows[0]!.n);
const notices = (userId: number, type: string) =>
  count('select count(*) n from notifications where user_id = $1 and type = $2', [userId, type]);
const audits = (target: string) =>
  count(`select count(*) n from audit_logs where target_type = 'user' and target_id = $1`, [target]);

describe('writes queued in a transaction (writeLater, issue 18)', () => {
  it('are sent together before the commit, and only seen by the transaction once flushed', async () => {
    const user = await ctx.makeUser();
    const seen = await withTransaction(ctx.deps.database, async (tx) => {
      notifyLater(tx, {
        userId: user.id,
        type: 'test.queued',
        message: 'express.notify.approved',
        params: {},
      });
      notifyLater(tx, {
        userId: user.id,
        type: 'test.queued',
        message: 'express.notify.approved',
        params: {},
      });
      await audit(
        ctx.deps.database,
        { type: 'system' },
        { action: 'users.update', targetType: 'user', targetId: user.id },
        tx,
      );
      const before = await tx.client.query('select count(*) n from notifications where user_id = $1', [
        user.id,
      ]);
      expect(tx.pending).toHaveLength(3);
      await flushWrites(tx);
      expect(tx.pending).toHaveLength(0);
      const after = await tx.client.query('select count(*) n from notifications where user_id = $1', [
        user.id,
      ]);
      return [Number(before.rows[0].n), Number(after.rows[0].n)];
    });
    expect(seen).toEqual([0, 2]);
    expect(await notices(user.id, 'test.queued')).toBe(2);
    expect(await audits(String(user.id))).toBe(1);
  });

  it('are written at the commit when nobody flushes, and never after a rollback', async () => {
    const user = await ctx.makeUser();
    await withTransaction(ctx.deps.database, async (tx) => {
      notifyLater(tx, {
        userId: user.id,
        type: 'test.commit',
        message: 'express.notify.approved',
        params: {},
      });
    });
    expect(await notices(user.id, 'test.commit')).toBe(1);
    await expect(
      withTransaction(ctx.deps.database, async (tx) => {
        notifyLater(tx, {
          userId: user.id,
          type: 'test.rolled',
          message: 'express.notify.approved',
          params: {},
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await notices(user.id, 'test.rolled')).toBe(0);
  });

  it('abort the transaction when one of them fails, with everything else it wrote', async () => {
    const user = await ctx.makeUser();
    await expect(
      withTransaction(ctx.deps.database, async (tx) => {
        await audit(
          ctx.deps.database,
          { type: 'system' },
          { action: 'users.update', targetType: 'user', targetId: user.id },
          tx,
        );
        // A type longer than its column (60): PostgreSQL refuses this one at the flush.
        notifyLater(tx, {
          userId: user.id,
          type: 'x'.repeat(61),
          message: 'express.notify.approved',
          params: {},
        });
      }),
    ).rejects.toThrow();
    expect(await audits(String(user.id))).toBe(0);
  });

  it('inside a savepoint that fails are dropped with its other writes; those before it stay', async () => {
    const user = await ctx.makeUser();
    await withTransaction(ctx.deps.database, async (tx) => {
      notifyLater(tx, {
        userId: user.id,
        type: 'test.before',
        message: 'express.notify.approved',
        params: {},
      });
      await expect(
        withSavepoint(tx, 'queued_test', async () => {
          notifyLater(tx, {
            userId: user.id,
            type: 'test.inside',
            message: 'express.notify.approved',
            params: {},
          });
          throw new Error('inner refusal');
        }),
      ).rejects.toThrow('inner refusal');
      // A queued write that fails inside the savepoint is undone with it; the transaction goes on.
      await expect(
        withSavepoint(tx, 'queued_fk', async () => {
          notifyLater(tx, {
            userId: user.id,
            type: 'x'.repeat(61),
            message: 'express.notify.approved',
            params: {},
          });
        }),
      ).rejects.toThrow();
      notifyLater(tx, {
        userId: user.id,
        type: 'test.after',
        message: 'express.notify.approved',
        params: {},
      });
    });
    expect(await notices(user.id, 'test.before')).toBe(1);
    expect(await notices(user.id, 'test.inside')).toBe(0);
    expect(await notices(user.id, 'test.after')).toBe(1);
  });
});
