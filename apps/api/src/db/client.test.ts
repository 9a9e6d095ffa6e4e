import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { audit } from '../modules/audit/audit.service';
import { notifications } from '../modules/notifications/notifications.schema';
import { notifyLater } from '../modules/notifications/notifications.service';
import { testAppForFile } from '../test/harness';
import {
  atCommit,
  flushWrites,
  idList,
  inIdsPlaceholder,
  insertShape,
  prepareOnce,
  readBeforeBegin,
  type Tx,
  withSavepoint,
  withTransaction,
  writeLater,
  writeLaterInsert,
  writeLaterStatement,
} from './client';
import { users } from './schema';

const ctx = testAppForFile();

/** Queues a notice of `type` for `userId` in `tx` (the message is any real one; only the rows are counted). */
const notifyTest = (tx: Tx, userId: number, type: string) =>
  notifyLater(tx, { userId, type, message: 'express.notify.approved', params: {} });
const count = async (sql: string, values: unknown[]) =>
  Number((await ctx.deps.database.pool.query<{ n: string }>(sql, values)).rows[0]!.n);
const notices = (userId: number, type: string) =>
  count('select count(*) n from notifications where user_id = $1 and type = $2', [userId, type]);
const audits = (target: string) =>
  count(`select count(*) n from audit_logs where target_type = 'user' and target_id = $1`, [target]);

/** A savepoint that does `write` and then refuses (throws): the transaction around it goes on. */
const refusedSavepoint = (tx: Tx, name: string, write: () => unknown) =>
  expect(
    withSavepoint(tx, name, async () => {
      write();
      throw new Error('inner refusal');
    }),
  ).rejects.toThrow('inner refusal');

describe('writes queued in a transaction (writeLater)', () => {
  it('are sent together before the commit, and only seen by the transaction once flushed', async () => {
    const user = await ctx.makeUser();
    const seen = await withTransaction(ctx.deps.database, async (tx) => {
      notifyTest(tx, user.id, 'test.queued');
      notifyTest(tx, user.id, 'test.queued');
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
      notifyTest(tx, user.id, 'test.commit');
    });
    expect(await notices(user.id, 'test.commit')).toBe(1);
    await expect(
      withTransaction(ctx.deps.database, async (tx) => {
        notifyTest(tx, user.id, 'test.rolled');
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
        notifyTest(tx, user.id, 'x'.repeat(61));
      }),
    ).rejects.toThrow();
    expect(await audits(String(user.id))).toBe(0);
  });

  it('inside a savepoint that fails are dropped with its other writes; those before it stay', async () => {
    const user = await ctx.makeUser();
    await withTransaction(ctx.deps.database, async (tx) => {
      notifyTest(tx, user.id, 'test.before');
      await refusedSavepoint(tx, 'queued_test', () => notifyTest(tx, user.id, 'test.inside'));
      // A queued write that fails inside the savepoint is undone with it; the transaction goes on.
      await expect(
        withSavepoint(tx, 'queued_fk', async () => {
          notifyTest(tx, user.id, 'x'.repeat(61));
        }),
      ).rejects.toThrow();
      notifyTest(tx, user.id, 'test.after');
    });
    expect(await notices(user.id, 'test.before')).toBe(1);
    expect(await notices(user.id, 'test.inside')).toBe(0);
    expect(await notices(user.id, 'test.after')).toBe(1);
  });

  it('as prepared inserts (writeLaterInsert): values encoded through their columns, joined in one statement, in order with built SQL', async () => {
    const user = await ctx.makeUser();
    const at = new Date('2026-11-21T08:09:10.111Z');
    const names = await withTransaction(ctx.deps.database, async (tx) => {
      const prepared = async () =>
        (
          await tx.client.query<{ name: string; statement: string }>(
            `select name, statement from pg_prepared_statements where name like 'lm_j_%' and statement like '%insert into "notifications"%'`,
          )
        ).rows.map((r) => `${r.name} ${r.statement}`);
      const before = await prepared();
      for (const n of [1, 2])
        writeLaterInsert(tx, notifications, {
          userId: user.id,
          type: 'test.prepared-insert',
          messageKey: "notifications.o'test",
          params: { n, quote: "it's \\ fine" },
          link: n === 1 ? null : '/x',
          createdAt: at,
        });
      // Undefined: the column's default (created_at defaults to now()), not NULL.
      writeLaterInsert(tx, notifications, {
        userId: user.id,
        type: 'test.prepared-default',
        messageKey: 'k2',
        createdAt: undefined,
      });
      writeLater(
        tx,
        tx.db
          .insert(notifications)
          .values({ userId: user.id, type: 'test.prepared-insert', messageKey: 'k' }),
      );
      await flushWrites(tx);
      return (await prepared()).filter((name) => !before.includes(name));
    });
    // Three shapes (link null, link given, created_at left to its default), joined as CTEs of one statement.
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(
      /^lm_j_\w+ prepare lm_j_\w+ as with w0 as \(insert into "notifications".*\), w1 as \(insert into "notifications".*\) insert into "notifications"/s,
    );
    const rows = await ctx.deps.database.db
      .select({
        key: notifications.messageKey,
        params: notifications.params,
        link: notifications.link,
        at: notifications.createdAt,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'test.prepared-insert')))
      .orderBy(notifications.id);
    expect(rows).toHaveLength(3);
    const defaulted = await ctx.deps.database.pool.query(
      `select created_at from notifications where user_id = $1 and type = 'test.prepared-default'`,
      [user.id],
    );
    expect(defaulted.rows).toHaveLength(1);
    expect(defaulted.rows[0].created_at).toBeInstanceOf(Date);
    // Sent in the order queued: the prepared inserts, then the built SQL.
    expect(rows.slice(0, 2)).toEqual([
      { key: "notifications.o'test", params: { n: 1, quote: "it's \\ fine" }, link: null, at },
      { key: "notifications.o'test", params: { n: 2, quote: "it's \\ fine" }, link: '/x', at },
    ]);
    expect(rows[2]?.key).toBe('k');
  });

  it('as a statement given as text (writeLaterStatement): prepared once per text, its values sent as literals', async () => {
    const user = await ctx.makeUser();
    const text = `insert into notifications (user_id, type, message_key, params)
      values ($1, 'test.statement', $2, $3::text::jsonb)`;
    await withTransaction(ctx.deps.database, async (tx) => {
      writeLaterStatement(tx, text, [user.id, "it's", JSON.stringify({ n: -1 })]);
      notifyTest(tx, user.id, 'test.statement-after');
      writeLaterStatement(tx, text, [user.id, 'second', null]);
    });
    const { rows } = await ctx.deps.database.pool.query(
      `select message_key as message, params from notifications where user_id = $1 and type like 'test.statement%'
        order by id`,
      [user.id],
    );
    expect(rows).toEqual([
      { message: "it's", params: { n: -1 } },
      { message: 'express.notify.approved', params: {} },
      { message: 'second', params: null },
    ]);
    await withTransaction(ctx.deps.database, async (tx) =>
      expect(() => writeLaterStatement(tx, text, [user.id, { not: 'a literal' }, null])).toThrow(
        /no SQL literal/,
      ),
    );
  });
});

describe('a transaction sends its BEGIN with its first statement', () => {
  /** The texts `fn` sends through node-postgres (PREPAREs left out: once per connection). */
  const sentBy = async (fn: () => Promise<unknown>) => {
    const texts: string[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text && !text.startsWith('prepare ')) texts.push(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
    try {
      await fn().catch(() => undefined);
    } finally {
      spy.mockRestore();
    }
    return texts;
  };

  it('only queued writes: BEGIN, the writes and COMMIT in one round trip', async () => {
    const user = await ctx.makeUser();
    const texts = await sentBy(() =>
      withTransaction(ctx.deps.database, async (tx) => {
        notifyTest(tx, user.id, 'test.one-trip');
      }),
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^begin isolation level read committed;\nexecute lm_w_\w+\(.*\);\ncommit$/s);
    expect(await notices(user.id, 'test.one-trip')).toBe(1);
  });

  it('several queued writes: one statement of them, with BEGIN and COMMIT, in one round trip', async () => {
    const user = await ctx.makeUser();
    const texts = await sentBy(() =>
      withTransaction(ctx.deps.database, async (tx) => {
        notifyTest(tx, user.id, 'test.joined');
        await audit(
          ctx.deps.database,
          { type: 'system' },
          { action: 'users.update', targetType: 'user', targetId: user.id },
          tx,
        );
        notifyTest(tx, user.id, 'test.joined');
      }),
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^begin isolation level read committed;\nexecute lm_j_\w+\([^;]*\);\ncommit$/s);
    expect(await notices(user.id, 'test.joined')).toBe(2);
    expect(await audits(String(user.id))).toBe(1);
  });

  it('a read before the BEGIN (readBeforeBegin) runs outside the transaction, on its connection', async () => {
    const user = await ctx.makeUser();
    const level = `select current_setting('transaction_isolation') as level, pg_backend_pid() as pid`;
    let seen: unknown[] = [];
    const texts = await sentBy(() =>
      withTransaction(
        ctx.deps.database,
        async (tx) => {
          const before = await readBeforeBegin(tx, (db) =>
            db.db.execute<{ level: string; pid: number }>(sql.raw(level)),
          );
          notifyTest(tx, user.id, 'test.read-first');
          await expect(readBeforeBegin(tx, async () => 1)).resolves.toBe(1);
          const inside = await tx.db.execute<{ level: string; pid: number }>(sql.raw(level));
          await expect(readBeforeBegin(tx, async () => 1)).rejects.toThrow(/has begun/);
          seen = [before.rows[0], inside.rows[0]];
        },
        'repeatable read',
      ),
    );
    const [before, inside] = seen as { level: string; pid: number }[];
    expect(before?.level).toBe('read committed');
    expect(inside?.level).toBe('repeatable read');
    expect(before?.pid).toBe(inside?.pid);
    expect(texts[0]).toBe(level);
    expect(texts[1]).toBe('begin isolation level repeatable read');
    expect(await notices(user.id, 'test.read-first')).toBe(1);
  });

  it('nothing sent when it throws before its first statement, nor when it does nothing', async () => {
    expect(
      await sentBy(() =>
        withTransaction(ctx.deps.database, async () => {
          throw new Error('refused early');
        }),
      ),
    ).toEqual([]);
    expect(await sentBy(() => withTransaction(ctx.deps.database, async () => 1))).toEqual([]);
  });

  it('a statement runs inside the transaction, with its isolation, and a later failure undoes it', async () => {
    const user = await ctx.makeUser();
    const isolation = await withTransaction(
      ctx.deps.database,
      async (tx) => {
        const [a, b] = await Promise.all([
          tx.client.query<{ level: string }>(`select current_setting('transaction_isolation') as level`),
          tx.db.execute<{ level: string }>(sql`select current_setting('transaction_isolation') as level`),
        ]);
        return [a.rows[0]?.level, b.rows[0]?.level];
      },
      'repeatable read',
    );
    expect(isolation).toEqual(['repeatable read', 'repeatable read']);
    await expect(
      withTransaction(ctx.deps.database, async (tx) => {
        await tx.db.insert(notifications).values({ userId: user.id, type: 'test.undone', messageKey: 'k' });
        throw new Error('refused late');
      }),
    ).rejects.toThrow('refused late');
    expect(await notices(user.id, 'test.undone')).toBe(0);
  });
});

describe('statements sent with the COMMIT (atCommit)', () => {
  // With `failIf`, the type is longer than the column allows: a refusal at commit, like a raised error.
  const marker = (tx: Tx, userId: number, type: string, failIf = false) =>
    atCommit(tx, {
      name: 'test_commit_notice',
      text: `insert into notifications (user_id, type, message_key, params)
             values ($1::int, $2::varchar, 'express.notify.approved', '{}'::jsonb)`,
      types: ['int', 'varchar'],
      values: [userId, failIf ? 'x'.repeat(61) : type],
    });

  it('run in order after the queued writes, in the same transaction, and are prepared once per connection', async () => {
    const user = await ctx.makeUser();
    // More transactions than the pool has connections: every connection prepares it once, then reuses it.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        withTransaction(ctx.deps.database, async (tx) => {
          notifyTest(tx, user.id, 'test.queued');
          marker(tx, user.id, `test.commit.${i}`);
        }),
      ),
    );
    expect(await notices(user.id, 'test.queued')).toBe(30);
    expect(
      await count(`select count(*) n from notifications where user_id = $1 and type like 'test.commit.%'`, [
        user.id,
      ]),
    ).toBe(30);
  });

  it('abort the transaction when one fails: nothing it wrote stays, and the error reaches the caller', async () => {
    const user = await ctx.makeUser();
    await expect(
      withTransaction(ctx.deps.database, async (tx) => {
        await audit(
          ctx.deps.database,
          { type: 'system' },
          { action: 'users.update', targetType: 'user', targetId: String(user.id) },
          tx,
        );
        marker(tx, user.id, 'test.first');
        marker(tx, user.id, 'test.second', true);
      }),
    ).rejects.toMatchObject({ code: '22001' });
    expect(await audits(String(user.id))).toBe(0);
    expect(await notices(user.id, 'test.first')).toBe(0);
    // The connection is healthy again and the prepared statement still works on it.
    await withTransaction(ctx.deps.database, async (tx) => marker(tx, user.id, 'test.third'));
    expect(await notices(user.id, 'test.third')).toBe(1);
  });

  it('queued inside a savepoint that rolls back are dropped; those before it are sent', async () => {
    const user = await ctx.makeUser();
    await withTransaction(ctx.deps.database, async (tx) => {
      marker(tx, user.id, 'test.kept');
      await refusedSavepoint(tx, 'at_commit_test', () => marker(tx, user.id, 'test.dropped'));
    });
    expect(await notices(user.id, 'test.kept')).toBe(1);
    expect(await notices(user.id, 'test.dropped')).toBe(0);
  });

  it('refuses a second text under a name, and values are sent as literals (quotes, backslashes, negatives)', async () => {
    await withTransaction(ctx.deps.database, async (tx) => {
      expect(() =>
        atCommit(tx, { name: 'test_commit_notice', text: 'select 1', types: [], values: [] }),
      ).toThrow(/another text/);
    });
    const user = await ctx.makeUser();
    const tricky = `it's a \\ test; drop table users; --`;
    await withTransaction(ctx.deps.database, async (tx) => {
      atCommit(tx, {
        name: 'test_commit_literals',
        text: `insert into notifications (user_id, type, message_key, params)
               values ($1::int, 'test.literal', $2::varchar, jsonb_build_object('n', -$3::int))`,
        types: ['int', 'varchar', 'int'],
        values: [user.id, tricky, -5],
      });
    });
    const { rows } = await ctx.deps.database.pool.query(
      `select message_key as message, params from notifications where user_id = $1 and type = 'test.literal'`,
      [user.id],
    );
    expect(rows).toEqual([{ message: tricky, params: { n: 5 } }]);
  });
});

describe('queries built once (prepareOnce)', () => {
  it("build once per drizzle instance and key, run with each call's values, as one prepared statement", async () => {
    const [a, b] = [await ctx.makeUser(), await ctx.makeUser()];
    let builds = 0;
    const names = await withTransaction(ctx.deps.database, async (tx) => {
      const byIds = (ids: number[]) =>
        prepareOnce(tx.db, 'test.users-by-ids', (name) => {
          builds += 1;
          return tx.db
            .select({ id: users.id })
            .from(users)
            .where(inIdsPlaceholder(users.id, 'ids'))
            .orderBy(users.id)
            .prepare(name);
        }).execute({ ids: idList(ids) });
      expect(await byIds([a.id])).toEqual([{ id: a.id }]);
      expect(await byIds([a.id, b.id])).toEqual([{ id: a.id }, { id: b.id }]);
      expect(await byIds([b.id])).toEqual([{ id: b.id }]);
      const { rows } = await tx.client.query<{ name: string }>(
        `select name from pg_prepared_statements where statement like '%"users"."id" = any(%'`,
      );
      return rows.map((r) => r.name);
    });
    expect(builds).toBe(1);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^lm_q_[0-9a-f]{24}$/);
  });

  it("encode each placeholder's value through its column: dates and JSON written by an insert read back equal", async () => {
    const user = await ctx.makeUser();
    const at = new Date('2026-11-20T10:11:12.345Z');
    for (const n of [1, 2]) {
      await prepareOnce(ctx.deps.database.db, 'test.notification-insert', (name) =>
        ctx.deps.database.db
          .insert(notifications)
          .values({
            userId: sql.placeholder('user'),
            type: 'test.prepared',
            messageKey: 'notifications.test',
            params: sql.placeholder('params'),
            createdAt: sql.placeholder('at'),
          })
          .prepare(name),
      ).execute({ user: user.id, params: { n }, at });
    }
    const rows = await ctx.deps.database.db
      .select({ params: notifications.params, createdAt: notifications.createdAt })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'test.prepared')))
      .orderBy(notifications.id);
    expect(rows).toEqual([
      { params: { n: 1 }, createdAt: at },
      { params: { n: 2 }, createdAt: at },
    ]);
  });

  it('shape an INSERT: undefined left out, null and listed SQL inline and in the key, other SQL refused', () => {
    const fixed = sql`nextval('x')`;
    expect(insertShape({ b: 2, a: 'x', c: null, d: undefined, e: fixed }, [fixed])).toEqual({
      key: 'a,b,c=null,e=sql0',
      placeholders: { a: sql.placeholder('a'), b: sql.placeholder('b'), c: null, e: fixed },
      given: { a: 'x', b: 2 },
    });
    expect(insertShape({ a: sql`now()` })).toBeNull();
  });

  it('refuse an id list that is not made of whole numbers', () => {
    expect(() => idList([1, 1.5])).toThrow(/not an id/);
  });
});
