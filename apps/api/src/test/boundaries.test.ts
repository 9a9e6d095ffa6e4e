import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, type ImportEdge, moduleGraph, readImports } from '../../scripts/module-graph';

/**
 * Module boundaries (the model is Cal.com's `no-restricted-imports` and `import/no-cycle` lint rules):
 * - a module's public surface is its `index.ts`: code elsewhere imports `../<module>`, never a file
 *   behind it, so a module can reorganise its insides without breaking its callers;
 * - no two modules load each other at run time, directly or around a circle: with a cycle, which one
 *   finishes loading first depends on who was imported first, and a value read at load time can be
 *   `undefined`; it also means neither can be understood or tested without the other;
 * - no `import()` of another module: a dynamic import hides a dependency (often a cycle) from the
 *   reader and from this test.
 * Tables (`*.schema.ts`) are the database layer that lives beside its module: code reaches another
 * module's tables through `db/schema`, and table files may reference each other's tables (foreign keys
 * form a graph, and drizzle resolves them lazily), so they are checked apart: they load tables only.
 * Tests and test helpers may reach any module's insides to set up state.
 */

const srcDir = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(srcDir, 'modules');
const modules = readdirSync(modulesDir)
  .filter((m) => statSync(path.join(modulesDir, m)).isDirectory())
  .sort();

/** Files above the modules that compose them; they import modules through their index too. */
const COMPOSITION = /^(routes|boot|main|worker)\.ts$|^(jobs|seed)\//;

/**
 * Edges of a cycle still to untangle (none left). Every entry must still occur: the test fails on a
 * stale one, so the list only shrinks. Nothing else goes here.
 */
const PENDING_CYCLE_EDGES: readonly string[] = [];
/** Dynamic imports of another module still to remove: none (the list only shrinks). */
const PENDING_DYNAMIC_IMPORTS: readonly string[] = [];

const edges = readImports(srcDir);
const show = (e: ImportEdge) => `${e.from} -> ${e.specifier}`;
const isTable = (file: string) => file.endsWith('.schema.ts');

describe('module boundaries', () => {
  it('reads the whole API: every module, each with an index.ts', () => {
    expect(modules.length).toBeGreaterThan(20);
    expect(edges.length).toBeGreaterThan(500);
    expect(modules.filter((m) => !existsSync(path.join(modulesDir, m, 'index.ts')))).toEqual([]);
  });

  it('imports another module only through its index.ts (tables through db/schema)', () => {
    const offenders = edges.filter(
      (e) =>
        e.toModule !== null &&
        e.toPath !== '' &&
        e.toModule !== e.fromModule &&
        !e.dynamic &&
        (e.fromModule !== null || COMPOSITION.test(e.from)) &&
        !(isTable(e.from) && isTable(`${e.toPath}.ts`)),
    );
    expect(offenders.map(show)).toEqual([]);
  });

  it('keeps table files to tables: they load no module code', () => {
    const offenders = edges.filter(
      (e) => isTable(e.from) && !e.typeOnly && e.toModule !== null && !isTable(`${e.toPath}.ts`),
    );
    expect(offenders.map(show)).toEqual([]);
  });

  it('has tables that reference each other without a circle', () => {
    expect(cycles(moduleGraph(edges.filter((e) => isTable(e.from))))).toEqual([]);
  });

  it('has no module that loads itself around a circle of runtime imports', () => {
    const code = edges.filter((e) => !isTable(e.from));
    const graph = moduleGraph(code);
    const present = PENDING_CYCLE_EDGES.filter((p) => {
      const [from, to] = p.split(' -> ');
      return graph.get(from ?? '')?.has(to ?? '');
    });
    expect(present, 'an allowed edge is gone: remove it from PENDING_CYCLE_EDGES').toEqual(
      PENDING_CYCLE_EDGES,
    );
    for (const p of PENDING_CYCLE_EDGES) {
      const [from, to] = p.split(' -> ');
      graph.get(from ?? '')?.delete(to ?? '');
    }
    expect(cycles(graph)).toEqual([]);
  });

  it('has no dynamic import() of another module', () => {
    const dynamic = edges
      .filter((e) => e.dynamic && e.toModule !== null && e.toModule !== e.fromModule)
      .map((e) => `${e.from} -> ${e.toModule}`);
    const unique = [...new Set(dynamic)];
    expect(
      PENDING_DYNAMIC_IMPORTS.filter((p) => !unique.includes(p)),
      'an allowed import() is gone: remove it from PENDING_DYNAMIC_IMPORTS',
    ).toEqual([]);
    expect(unique.filter((d) => !PENDING_DYNAMIC_IMPORTS.includes(d))).toEqual([]);
  });
});
