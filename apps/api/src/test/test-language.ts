import type { TestContext } from './harness';

/**
 * The id of the language `zz` ("Test language"), made on first use: a language no seed has, for tests
 * that need one of their own (a custom campaign's target language).
 */
export async function testLanguageId(ctx: TestContext): Promise<number> {
  const res = await ctx.deps.database.pool.query(
    `insert into languages (code, name) values ('zz', 'Test language')
       on conflict (code) do update set name = excluded.name returning id`,
  );
  return res.rows[0].id;
}
