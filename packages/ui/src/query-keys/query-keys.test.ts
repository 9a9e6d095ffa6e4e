import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as factories from './index';

type Member = readonly unknown[] | ((...args: never[]) => readonly unknown[]);

/** Every key a factory member builds, called with sample arguments of each parameter's kind. */
function built(member: Member): readonly unknown[] {
  if (typeof member !== 'function') return member;
  const samples = ['sample', 7, 'x', 3, null, 'artist'];
  return (member as (...args: unknown[]) => readonly unknown[])(...samples.slice(0, member.length));
}

/**
 * Members whose key deliberately lies outside their domain's prefix: nothing invalidates them with
 * the domain (a picker's search; the dashboard's to-dos, refreshed by name).
 */
const OUTSIDE_PREFIX = new Set(['adminExpressKeys.behalfUsers', 'staffKeys.todos']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'query-keys'].includes(e.name) ? [] : sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('query keys', () => {
  const domains = Object.entries(factories) as [string, Record<string, Member>][];

  it('start with their domain’s `all` key, so invalidating it refreshes the whole domain', () => {
    const withAll = domains.filter(([, f]) => 'all' in f && Array.isArray(f.all));
    expect(withAll.length).toBeGreaterThan(15);
    const outside = withAll.flatMap(([name, f]) =>
      Object.entries(f)
        .filter(([member]) => !OUTSIDE_PREFIX.has(`${name}.${member}`))
        .map(([member, m]) => ({
          key: `${name}.${member}`,
          built: built(m),
          all: f.all as readonly unknown[],
        }))
        .filter(({ built: key, all }) => !all.every((part, i) => key[i] === part))
        .map(({ key }) => key),
    );
    expect(outside).toEqual([]);
  });

  it('of different domains never share a first part (one domain cannot refresh another by accident)', () => {
    const heads = new Map<unknown, string>();
    const clashes: string[] = [];
    for (const [name, f] of domains) {
      const own = new Set(
        Object.entries(f)
          .filter(([member]) => !OUTSIDE_PREFIX.has(`${name}.${member}`))
          .map(([, m]) => built(m)[0]),
      );
      for (const head of own) {
        const other = heads.get(head);
        if (other !== undefined && other !== name) clashes.push(`${name} and ${other}: ${String(head)}`);
        heads.set(head, name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('are declared here only: no app or shared module builds a key object of its own', () => {
    const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
    const files = ['apps/web/src', 'apps/admin/src', 'packages/ui/src'].flatMap((d) =>
      sources(path.join(root, d)),
    );
    expect(files.length).toBeGreaterThan(100);
    // `const fooKeys = {`, `const keys = {`, `const key = [` / `(id) => [`: a private key factory.
    const FACTORY = /\bconst\s+(?:\w*Keys|keys?|\w*_QUERY_KEY)\s*=\s*(?:\{|\[|\([^)]*\)\s*=>\s*\[)/g;
    const declared = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(FACTORY)].map((m) => `${path.relative(root, f)}: ${m[0]}`),
    );
    expect(declared).toEqual([]);
    // The hooks name their keys through the factories, not as inline arrays.
    const hooks = files.filter((f) => /[\\/]hooks[\\/]|[\\/]use-[\w-]+\.ts$|-hooks\.ts$/.test(f));
    const inline = hooks.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/queryKey:\s*\[(?!'list')/g)].map(() => path.relative(root, f)),
    );
    expect(inline).toEqual([]);
  });
});
