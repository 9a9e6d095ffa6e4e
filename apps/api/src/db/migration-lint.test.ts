import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { committedMigrations, lintMigrations } from '../../scripts/lint-migrations';

// Issue 33, safe upgrades: the migration policy `npm run db:check` enforces (docs/operations.md).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-squawk-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** The rules a migration made of `sql` breaks (a file in a scratch folder). */
function rulesOf(sql: string): string[] {
  n += 1;
  const file = path.join(dir, `${String(n).padStart(4, '0')}_case.sql`);
  fs.writeFileSync(file, sql);
  return [...new Set(lintMigrations([file]).map((p) => p.rule))].sort();
}

describe('migration lint', () => {
  it('passes every committed migration (those released before the lint are left out)', () => {
    expect(lintMigrations(committedMigrations())).toEqual([]);
  });

  it('accepts a new table with its indexes, constraints and the schema’s usual column types', () => {
    expect(
      rulesOf(`CREATE TABLE "things" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" varchar(120) NOT NULL,
  "coins" integer NOT NULL,
  CONSTRAINT "things_coins_check" CHECK ("coins" >= 0)
);
--> statement-breakpoint
CREATE INDEX "things_name_idx" ON "things" USING btree ("name");`),
    ).toEqual([]);
  });

  it('refuses dropping or renaming a column the previous release may still read', () => {
    expect(rulesOf('ALTER TABLE "users" DROP COLUMN "fax";')).toEqual(['ban-drop-column']);
    expect(rulesOf('ALTER TABLE "users" RENAME COLUMN "fax" TO "fax_number";')).toEqual(['renaming-column']);
  });

  it('refuses long locks on existing tables: a blocking index, a validated constraint, a new NOT NULL column', () => {
    expect(rulesOf('CREATE INDEX "users_fax_idx" ON "users" ("fax");')).toEqual([
      'require-concurrent-index-creation',
    ]);
    expect(rulesOf('ALTER TABLE "users" ADD CONSTRAINT "users_age_check" CHECK ("age" >= 13);')).toEqual([
      'constraint-missing-not-valid',
    ]);
    expect(rulesOf('ALTER TABLE "users" ADD COLUMN "age" integer NOT NULL;')).toEqual([
      'adding-required-field',
    ]);
    expect(rulesOf('ALTER TABLE "users" ALTER COLUMN "age" TYPE bigint;')).toEqual(['changing-column-type']);
  });

  it('accepts a refused statement only with a squawk-ignore that says why', () => {
    expect(
      rulesOf(
        '-- squawk-ignore ban-drop-column -- release 2026.12 no longer reads users.fax\nALTER TABLE "users" DROP COLUMN "fax";',
      ),
    ).toEqual([]);
    expect(rulesOf('-- squawk-ignore ban-drop-column\nALTER TABLE "users" DROP COLUMN "fax";')).toEqual([
      'squawk-ignore-without-reason',
    ]);
  });
});
