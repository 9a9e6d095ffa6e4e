import { describe, expect, it } from 'vitest';
import { expressTiers } from '../modules/express/express.schema';
import { testAppForFile } from '../test/harness';
import { isCheckViolation, isUniqueViolation, PG, pgErrorOf } from './pg-error';

const ctx = testAppForFile();

const failure = (run: () => Promise<unknown>) =>
  run().then(
    () => {
      throw new Error('expected a database error');
    },
    (err: unknown) => err,
  );

describe('pgErrorOf', () => {
  it('finds the constraint of a unique violation one level down in the error drizzle throws', async () => {
    const db = ctx.deps.database.db;
    await db.insert(expressTiers).values({ tierName: 'pg-error-test', price: 10 });
    const err = await failure(() => db.insert(expressTiers).values({ tierName: 'pg-error-test', price: 10 }));
    // The wrapper itself carries neither the code nor the constraint: that is what broke the old checks.
    expect((err as { code?: string }).code).toBeUndefined();
    expect(pgErrorOf(err)).toMatchObject({
      code: PG.UNIQUE_VIOLATION,
      constraint: 'express_tiers_name_unique',
    });
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'express_tiers_name_unique')).toBe(true);
    expect(isUniqueViolation(err, 'another_index')).toBe(false);
  });

  it('reads a raw node-postgres error, a check violation and a NUL byte the same way', async () => {
    const raw = await failure(() => ctx.deps.database.pool.query("select 'a' || chr(0)"));
    expect(pgErrorOf(raw)?.code).toBe('54000');
    const check = await failure(() =>
      ctx.deps.database.db.insert(expressTiers).values({ tierName: 'pg-error-free', price: -1 }),
    );
    expect(isCheckViolation(check, 'express_tiers_price_positive')).toBe(true);
    const nul = await failure(() =>
      ctx.deps.database.db.insert(expressTiers).values({ tierName: 'a\u0000b', price: 10 }),
    );
    expect(pgErrorOf(nul)?.code).toBe(PG.CHARACTER_NOT_IN_REPERTOIRE);
  });

  it('answers null for errors that are not PostgreSQL ones, and stops on a cause cycle', () => {
    expect(pgErrorOf(new Error('plain'))).toBeNull();
    expect(pgErrorOf(undefined)).toBeNull();
    expect(pgErrorOf({ code: 'ENOENT' })).toBeNull();
    const a: { cause?: unknown } = {};
    const b = { cause: a };
    a.cause = b;
    expect(pgErrorOf(a)).toBeNull();
    const deep = new Error('outer', {
      cause: new Error('middle', {
        cause: Object.assign(new Error('pg'), { code: '23505', severity: 'ERROR' }),
      }),
    });
    expect(isUniqueViolation(deep)).toBe(true);
  });
});
