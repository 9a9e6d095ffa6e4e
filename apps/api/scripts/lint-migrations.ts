import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** One finding of the migration lint: squawk's rule, or `squawk-ignore-without-reason`. */
export interface MigrationProblem {
  file: string;
  line: number;
  rule: string;
  message: string;
}

const apiDir = path.resolve(import.meta.dirname, '..');
const squawk = path.join(apiDir, '../../node_modules/.bin/squawk');

/**
 * A `squawk-ignore` comment must say why the statement is safe after the rule names:
 * `-- squawk-ignore ban-drop-column -- release 2026.12 no longer reads users.fax`.
 */
const IGNORE = /--\s*squawk-ignore(?:-file)?\b(.*)$/;
const WITH_REASON = /^\s*[a-z-]+(?:\s*,\s*[a-z-]+)*\s+--\s*\S.{9,}$/;

/**
 * Migrations up to this number were released before the lint: applied everywhere and never edited, so
 * linting them could only produce noise. Every later migration is linted.
 */
export const LAST_RELEASED_BEFORE_LINT = 58;

/**
 * Lint SQL migration files with squawk (`apps/api/.squawk.toml`: its rules, the released migrations it
 * leaves out) and require a written reason on every `squawk-ignore` (issue 33, "Safe upgrades").
 * @param files SQL files, absolute or relative to apps/api
 * @returns the problems found; empty when every file passes
 * @throws when squawk itself cannot run (missing binary, unreadable configuration)
 */
export function lintMigrations(candidates: string[]): MigrationProblem[] {
  const files = candidates.filter((file) => !releasedBeforeLint(file));
  if (files.length === 0) return [];
  let out: string;
  try {
    out = execFileSync(
      squawk,
      ['--config', path.join(apiDir, '.squawk.toml'), '--reporter', 'json', ...files],
      {
        cwd: apiDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (err) {
    // squawk exits 1 when it found something; its JSON report is still on stdout.
    const failed = err as { status?: number; stdout?: string; stderr?: string };
    if (failed.status !== 1 || !failed.stdout?.trim().startsWith('[')) {
      throw new Error(`squawk could not lint the migrations: ${failed.stderr ?? String(err)}`);
    }
    out = failed.stdout;
  }
  const found = JSON.parse(out.trim() || '[]') as {
    file: string;
    line: number;
    rule_name: string;
    message: string;
  }[];
  const problems: MigrationProblem[] = found.map((f) => ({
    file: f.file,
    line: f.line + 1,
    rule: f.rule_name,
    message: f.message,
  }));
  for (const file of files) {
    fs.readFileSync(path.resolve(apiDir, file), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const ignore = IGNORE.exec(text);
        if (ignore && !WITH_REASON.test(ignore[1] ?? '')) {
          problems.push({
            file,
            line: i + 1,
            rule: 'squawk-ignore-without-reason',
            message: 'say why the statement is safe: -- squawk-ignore <rule> -- <reason>',
          });
        }
      });
  }
  return problems;
}

/** Whether `file` is a committed migration numbered up to `LAST_RELEASED_BEFORE_LINT`. */
function releasedBeforeLint(file: string): boolean {
  const committed = /^drizzle\/(\d{4})_[^/]*\.sql$/.exec(path.relative(apiDir, path.resolve(apiDir, file)));
  return committed !== null && Number(committed[1]) <= LAST_RELEASED_BEFORE_LINT;
}

/** The committed migrations, relative to apps/api. */
export function committedMigrations(): string[] {
  return fs
    .readdirSync(path.join(apiDir, 'drizzle'))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => `drizzle/${f}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = lintMigrations(committedMigrations());
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.rule}: ${p.message}`);
  if (problems.length > 0) {
    console.error(
      `db:check: ${problems.length} migration problem(s). The policy is in docs/operations.md, "Safe upgrades".`,
    );
    process.exit(1);
  }
  console.log('db:check: migrations pass the lint (squawk)');
}
