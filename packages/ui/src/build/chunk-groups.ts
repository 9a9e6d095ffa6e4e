import path from 'node:path';
import type { Plugin } from 'vite';

/** A module of the component libraries every screen draws with (Mantine, floating-ui, the icons). */
const UI_LIBRARY =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|@tabler[\\/]icons-react)[\\/].*\.m?js$/;

/**
 * The libraries' index modules, which re-export every component: a screen importing one name from
 * `@mantine/core` reaches, in the module graph, all of Mantine. Their edges are followed per name.
 */
const BARREL =
  /((@mantine[\\/](core|hooks)[\\/]esm[\\/]index|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](tabler-icons-react|icons[\\/]index))\.mjs|packages[\\/]ui[\\/]src[\\/]index\.ts)$/;

/** Whether the module id `dep` is what the bare `specifier` names (`@mantine/core`, `@lm/ui`). */
const isPackage = (dep: string, specifier: string): boolean => {
  const id = dep.replaceAll('\\', '/');
  return specifier === '@lm/ui'
    ? id.endsWith('/packages/ui/src/index.ts')
    : id.includes(`/node_modules/${specifier}/`);
};

/** `{ a, b as c, default as D }` of an import or export statement: the names as the module exports them. */
function importedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim(),
    )
    .filter((name) => name && name !== 'type');
}

/** What a barrel re-exports: each exported (or imported-then-exported) name to the path it comes from, and its `export *` sources. */
function barrelMap(code: string): { names: Map<string, string>; stars: string[] } {
  const names = new Map<string, string>();
  for (const m of code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    for (const part of m[1]!.split(',')) {
      const [imported, local] = part.trim().split(/\s+as\s+/);
      if (!imported) continue;
      names.set((local ?? imported).trim(), m[2]!);
      names.set(imported.trim(), m[2]!);
    }
  }
  const stars = [...code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)].map((m) => m[1]!);
  return { names, stars };
}

/** Whether a module's code declares the export `name` itself (`export function name`, `export const name`...). */
function declares(code: string, name: string): boolean {
  const escaped = name.replace(/[$]/g, '\\$');
  return new RegExp(`export\\s+(?:async\\s+)?(?:function\\*?|const|let|var|class)\\s+${escaped}\\b`).test(
    code,
  );
}

/** What {@link chunkGroups} gives the build: its plugin and the groups for `output.codeSplitting`. */
export interface ChunkGroups {
  plugin: Plugin;
  groups: {
    name: string;
    priority: number;
    tags?: '$initial'[];
    test?: (id: string) => boolean;
  }[];
}

/**
 * How an app's code is cut into files (Rolldown's `output.codeSplitting.groups`, issue 37).
 *
 * Left to itself the bundler made a chunk of every set of modules that the same screens share: 130
 * files for the dashboard, most of them 1-3 KB (one Mantine component, one icon), each a request
 * waiting for a free connection on a phone's HTTP/1.1. Now:
 * - `boot`: everything the entry imports statically, one chunk beside it (the code every route runs
 *   first, no more than before);
 * - `sign-in-kit`: the component-library modules the login screen (`signInScreen`) uses that the
 *   entry does not, one chunk, so that the login route stays within its budget;
 * - `ui-kit`: every other component-library module, one chunk, fetched with the signed-in shell
 *   (which uses most of them) and cached across screens.
 *
 * What the login screen uses is read from the module graph when the modules are loaded (`buildEnd`,
 * before chunks are made): its static imports, followed through the libraries' index modules name
 * by name (an index's other exports are not its). A name the walk cannot place is left out: the
 * login route then loads `ui-kit`, which the bundle budget (`npm run bundle:check`) reports.
 * @param root the app's folder
 * @param signInScreen the login screen's module, relative to `root` (`src/routes/auth/login/LoginPage.tsx`)
 */
export function chunkGroups(root: string, signInScreen: string): ChunkGroups {
  const reach = new Set<string>();
  const screen = path.resolve(root, signInScreen);
  const plugin: Plugin = {
    name: 'lm-chunk-groups',
    apply: 'build',
    buildEnd(error) {
      // A failed build: its own error is the one to report, not what this walk makes of a partial graph.
      if (error) return;
      reach.clear();
      const info = (id: string) => this.getModuleInfo(id);
      const barrels = new Map<string, ReturnType<typeof barrelMap>>();
      const barrelOf = (id: string) => {
        let known = barrels.get(id);
        if (!known) {
          known = barrelMap(info(id)?.code ?? '');
          barrels.set(id, known);
        }
        return known;
      };
      /** The module id `specifier` (relative) names from `barrel`: one of its imports, extension or not. */
      const resolveIn = (barrel: string, specifier: string): string | null => {
        const base = path.resolve(path.dirname(barrel), specifier);
        return (
          info(barrel)?.importedIds.find(
            (dep) => dep === base || dep.replace(/\.[cm]?[jt]sx?$/, '') === base,
          ) ?? null
        );
      };
      /** The module of the barrel `barrel` that defines `name`, through its `export *` sources too. */
      const place = (barrel: string, name: string, depth = 0): string | null => {
        const map = barrelOf(barrel);
        const from = map.names.get(name);
        if (from) return resolveIn(barrel, from);
        if (depth > 3) return null;
        for (const star of map.stars) {
          const source = resolveIn(barrel, star);
          if (!source) continue;
          if (declares(info(source)?.code ?? '', name)) return source;
          const found = place(source, name, depth + 1);
          if (found) return found;
        }
        return null;
      };
      const pending = [screen];
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (reach.has(id)) continue;
        const module = info(id);
        if (!module) continue;
        reach.add(id);
        const barrelsImported = module.importedIds.filter((dep) => BARREL.test(dep));
        pending.push(...module.importedIds.filter((dep) => !BARREL.test(dep)));
        if (barrelsImported.length === 0) continue;
        // The names this module takes from each library index, by the specifier it wrote.
        for (const m of (module.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
          const specifier = m[2]!;
          const barrel = barrelsImported.find((dep) => isPackage(dep, specifier));
          if (!barrel) continue;
          for (const name of importedNames(m[1]!)) {
            const target = place(barrel, name);
            if (target) pending.push(target);
          }
        }
      }
      if (!reach.has(screen)) this.error(`chunkGroups: ${signInScreen} is not a module of this build`);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'boot', tags: ['$initial'], priority: 20 },
      { name: 'sign-in-kit', test: (id) => UI_LIBRARY.test(id) && reach.has(id), priority: 15 },
      { name: 'ui-kit', test: (id) => UI_LIBRARY.test(id), priority: 10 },
    ],
  };
}
