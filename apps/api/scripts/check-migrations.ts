import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run db:check`: fails when the drizzle schema changed without a committed migration.
 * Copies the committed migrations to a scratch folder, runs `drizzle-kit generate` against it and
 * checks that nothing new was generated.
 */
const apiDir = path.resolve(import.meta.dirname, '..');
// drizzle-kit wants a relative `out`, so the scratch folder lives inside apps/api (git-ignored).
const scratch = fs.mkdtempSync(path.join(apiDir, '.migrations-check-'));
const relative = path.relative(apiDir, scratch);
fs.cpSync(path.join(apiDir, 'drizzle'), scratch, { recursive: true });
const before = new Set(fs.readdirSync(scratch));
const config = path.join(scratch, 'drizzle.config.ts');
fs.writeFileSync(
  config,
  `export default { dialect: 'postgresql', schema: ${JSON.stringify(path.join(apiDir, 'src/db/schema.ts'))}, out: ${JSON.stringify(`./${relative}`)} };\n`,
);
const output = execFileSync(
  path.join(apiDir, '../../node_modules/.bin/drizzle-kit'),
  ['generate', '--config', config, '--name', 'pending'],
  { cwd: apiDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
);
if (!/No schema changes|Your SQL migration file/.test(output)) {
  fs.rmSync(scratch, { recursive: true, force: true });
  console.error(`db:check: drizzle-kit did not compare the schema:\n${output}`);
  process.exit(1);
}
const added = fs.readdirSync(scratch).filter((f) => !before.has(f) && f.endsWith('.sql'));
fs.rmSync(scratch, { recursive: true, force: true });
if (added.length > 0) {
  console.error(
    `The drizzle schema has changes without a migration (${added.join(', ')}). Run: npm run db:generate`,
  );
  process.exit(1);
}
console.log('db:check: migrations match the schema');
