import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The import graph between the API modules (`apps/api/src/modules/<module>`), read from the source
 * text. Used by the boundaries test and printed by `npx tsx apps/api/scripts/module-graph.ts [src dir]`
 * (the tables in ARCHITECTURE.md are its output; table files are left out, see the boundaries test).
 *
 * An import is an `import`/`export ... from '<relative path>'` or a side-effect `import '<path>'`.
 * It is type-only when written `import type`/`export type` or when every imported name carries
 * `type`: those vanish at build time, so they can neither create a load-order cycle nor load code.
 * Tests and test helpers are left out: they may set up state through any module's insides.
 */

/** One import of one file. `target` is the absolute path the specifier points at (no extension). */
export interface ImportEdge {
  /** Importing file, relative to apps/api/src, with forward slashes. */
  from: string;
  /** Module of the importing file, or null for a file outside modules/ (routes.ts, jobs, seeds...). */
  fromModule: string | null;
  /** Module the specifier points into, or null when it points outside modules/. */
  toModule: string | null;
  /** Path inside the target module (`'' ` for its index), forward slashes, no extension. */
  toPath: string;
  specifier: string;
  typeOnly: boolean;
  dynamic: boolean;
}

const STATIC =
  /^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
// `typeof import('...')` is a type and loads nothing.
const DYNAMIC = /(typeof\s+)?\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Whether a file is test code (left out of the graph). */
export const isTestFile = (rel: string): boolean =>
  /\.(test|spec)\.tsx?$|test-helpers|(^|\/)test\//.test(rel) || rel.includes('/fixtures/');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const onlyTypeNames = (names: string): boolean => {
  const n = names.trim();
  if (!n.startsWith('{') || !n.endsWith('}')) return false;
  const items = n
    .slice(1, -1)
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return items.length > 0 && items.every((x) => x.startsWith('type '));
};

/**
 * Every import of every non-test file under `srcDir` (apps/api/src) whose specifier is relative.
 * @param srcDir absolute path of apps/api/src
 */
export function readImports(srcDir: string): ImportEdge[] {
  const modulesDir = path.join(srcDir, 'modules');
  const moduleOf = (abs: string): { module: string | null; inner: string } => {
    const rel = path.relative(modulesDir, abs).split(path.sep).join('/');
    if (rel.startsWith('..') || rel === '') return { module: null, inner: '' };
    const [module, ...rest] = rel.split('/');
    const inner = rest.join('/').replace(/\.tsx?$/, '');
    return { module: module ?? null, inner: inner === 'index' ? '' : inner };
  };
  const edges: ImportEdge[] = [];
  for (const file of walk(srcDir)) {
    const from = path.relative(srcDir, file).split(path.sep).join('/');
    if (isTestFile(from)) continue;
    const text = readFileSync(file, 'utf8');
    const fromModule = moduleOf(file).module;
    const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
      if (!specifier.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(file), specifier));
      edges.push({
        from,
        fromModule,
        toModule: target.module,
        toPath: target.inner,
        specifier,
        typeOnly,
        dynamic,
      });
    };
    for (const m of text.matchAll(STATIC)) {
      if (m[4]) add(m[4], false, false);
      else add(m[3] ?? '', Boolean(m[1]) || onlyTypeNames(m[2] ?? ''), false);
    }
    for (const m of text.matchAll(DYNAMIC)) add(m[2] ?? '', Boolean(m[1]), !m[1]);
  }
  return edges;
}

/** Runtime (non-type, static) dependencies between modules: module -> modules it loads. */
export function moduleGraph(edges: ImportEdge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.typeOnly || e.dynamic || !e.fromModule || !e.toModule || e.fromModule === e.toModule) continue;
    if (!graph.has(e.fromModule)) graph.set(e.fromModule, new Set());
    graph.get(e.fromModule)?.add(e.toModule);
  }
  return graph;
}

/** Groups of modules that load each other in a circle (strongly connected components of size > 1). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let n = 0;
  const visit = (v: string) => {
    index.set(v, n);
    low.set(v, n);
    n += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** The graph as a Markdown table: one row per module, the modules it loads at run time. */
export function graphTable(graph: Map<string, Set<string>>, modules: string[]): string {
  const users = new Map<string, string[]>();
  for (const [from, tos] of graph) for (const to of tos) users.set(to, [...(users.get(to) ?? []), from]);
  const rows = modules.map(
    (m) =>
      `| ${m} | ${[...(graph.get(m) ?? [])].sort().join(', ') || '-'} | ${(users.get(m) ?? []).sort().join(', ') || '-'} |`,
  );
  return ['| module | loads (runtime imports) | loaded by |', '| --- | --- | --- |', ...rows].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const srcDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../src'));
  const modules = readdirSync(path.join(srcDir, 'modules'))
    .filter((m) => statSync(path.join(srcDir, 'modules', m)).isDirectory())
    .sort();
  // Table files reference each other's tables (foreign keys) and load nothing else: the boundaries
  // test checks them apart, so the graph of code leaves them out.
  const edges = readImports(srcDir).filter((e) => !e.from.endsWith('.schema.ts'));
  const graph = moduleGraph(edges);
  console.log(graphTable(graph, modules));
  console.log(`\n${[...graph.values()].reduce((s, v) => s + v.size, 0)} module edges`);
  for (const c of cycles(graph)) console.log(`cycle: ${c.join(' ')}`);
  for (const e of edges.filter((x) => x.dynamic && x.toModule && x.toModule !== x.fromModule)) {
    console.log(`dynamic: ${e.from} -> ${e.toModule}`);
  }
}
