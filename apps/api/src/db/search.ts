/**
 * ILIKE pattern matching `q` anywhere, with the LIKE wildcards of `q` taken literally (so a search for
 * "50%" finds "50%" and not everything starting with "50"). Every list search of every module uses it,
 * so it lives with the database helpers rather than in one module.
 */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
